/** Domain pushes between accounts. */
import { z } from "zod";
import type { AccountId, DomainRef } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { DateTime, type ListOptions, type Page, serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** A push; `account_id` is the target account, `accepted_at` null while pending. */
export const PushSchema = serviceObject({
  domain_id: z.number().int(),
  contact_id: z.number().int().nullable(),
  account_id: z.number().int(),
  accepted_at: DateTime.nullable(),
});
/** A push. */
export type Push = z.infer<typeof PushSchema>;

/** Body of a push: the target account identifier (`new_account_email` is deprecated). */
export type PushInput = { new_account_identifier: string } | { /** @deprecated */ new_account_email: string };

/** `client.pushes`. */
export class PushesApi {
  constructor(private readonly t: Transport) {}

  /**
   * Pushes a domain to another account. Not retried after an ambiguous failure (the push is only
   * visible to the target account, so it cannot be read back).
   *
   * @example
   * await client.pushes.initiate(1, "example.com", { new_account_identifier: "ops@example.com" });
   */
  async initiate(account: AccountId, domain: DomainRef, input: PushInput): Promise<Push> {
    return this.t.data("POST", path`/${account}/domains/${domain}/pushes`, PushSchema, { body: input });
  }

  /**
   * One page of pending pushes for the (target) account.
   *
   * @example
   * const { data } = await client.pushes.list(2020);
   */
  async list(account: AccountId, options?: ListOptions): Promise<Page<Push>> {
    return this.t.page(path`/${account}/pushes`, PushSchema, pagingQuery(options));
  }

  /**
   * Every pending push, 100 per request.
   *
   * @example
   * for await (const p of client.pushes.iterate(2020)) console.log(p.domain_id);
   */
  iterate(account: AccountId): AsyncGenerator<Push> {
    return paginate((page) => this.list(account, { page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * Accepts a push as the target account, with a contact of that account as registrant.
   *
   * @example
   * await client.pushes.accept(2020, 1, { contact_id: 7 });
   */
  async accept(account: AccountId, push: number, input: { contact_id: number }): Promise<void> {
    await this.t.call("POST", path`/${account}/pushes/${push}`, undefined, { body: input });
  }

  /**
   * Rejects a push as the target account.
   *
   * @example
   * await client.pushes.reject(2020, 1);
   */
  async reject(account: AccountId, push: number): Promise<void> {
    await this.t.call("DELETE", path`/${account}/pushes/${push}`);
  }
}
