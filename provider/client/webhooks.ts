/** Webhooks of an account. */
import { z } from "zod";
import type { AccountId } from "./domains";
import { path } from "./path";
import { DateTime } from "./schemas";
import type { Transport } from "./transport";

/** A webhook; `suppressed_at` is set when the service stopped delivering to it. */
export const WebhookSchema = z.looseObject({
  id: z.number().int(),
  url: z.string(),
  suppressed_at: DateTime.nullable().optional(),
});
/** A webhook. */
export type Webhook = z.infer<typeof WebhookSchema>;
/** The webhooks of an account (a list the service does not page); one schema, so one envelope. */
const WebhookListSchema = z.array(WebhookSchema);

/** `client.webhooks`. */
export class WebhooksApi {
  constructor(private readonly t: Transport) {}

  /**
   * Every webhook (the service does not paginate this list).
   *
   * @example
   * const hooks = await client.webhooks.list(1);
   */
  async list(account: AccountId, options?: { sort?: string }): Promise<Webhook[]> {
    return this.t.data("GET", path`/${account}/webhooks`, WebhookListSchema, {
      query: { sort: options?.sort },
    });
  }

  /**
   * Registers an HTTPS URL. An ambiguous failure is not resent: it fails as an unknown outcome,
   * which the provider settles with the kind's one identity (see `domains.create`); webhooks carry
   * no creation time, so the proof of its own create is an id above `highestId` read just before.
   *
   * @example
   * const hook = await client.webhooks.create(1, { url: "https://example.com/hook" });
   */
  async create(account: AccountId, input: { url: string }): Promise<Webhook> {
    return this.t.data("POST", path`/${account}/webhooks`, WebhookSchema, {
      body: { url: input.url },
    });
  }

  /** The highest id among the account's webhooks (0 when it has none): see `create`. */
  async highestId(account: AccountId): Promise<number> {
    return (await this.list(account)).reduce((max, w) => Math.max(max, Number(w.id) || 0), 0);
  }

  /**
   * One webhook.
   *
   * @example
   * const hook = await client.webhooks.get(1, 42);
   */
  async get(account: AccountId, id: number | string): Promise<Webhook> {
    return this.t.data("GET", path`/${account}/webhooks/${id}`, WebhookSchema);
  }

  /**
   * Deletes a webhook.
   *
   * @example
   * await client.webhooks.delete(1, 42);
   */
  async delete(account: AccountId, id: number | string): Promise<void> {
    await this.t.call("DELETE", path`/${account}/webhooks/${id}`);
  }
}
