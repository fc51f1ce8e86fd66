/** Email forwards of a domain. */
import { z } from "zod";
import type { AccountId, DomainRef } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { DateTime, dataOf, pageOf, type ListOptions, type Page } from "./schemas";
import type { Transport } from "./transport";

/** An email forward. `from`/`to` are legacy aliases some answers still carry. */
export const EmailForwardSchema = z.looseObject({
  id: z.number().int(),
  domain_id: z.number().int(),
  alias_email: z.string(),
  destination_email: z.string(),
  active: z.boolean().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  created_at: DateTime,
  updated_at: DateTime,
});
/** An email forward. */
export type EmailForward = z.infer<typeof EmailForwardSchema>;
export const EmailForwardEnvelope = dataOf(EmailForwardSchema);
export const EmailForwardPageSchema = pageOf(EmailForwardSchema);

/** Body of email forward creation: the local part and where mail goes. */
export interface EmailForwardInput {
  /** Local part only (`john` for `john@example.com`); the service appends the domain. */
  alias_name: string;
  destination_email: string;
}

/** `client.emailForwards`. */
export class EmailForwardsApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of email forwards (sort keys `id`, `alias_email`, `destination_email`).
   *
   * @example
   * const { data } = await client.emailForwards.list(1, "example.com", { sort: "id:desc" });
   */
  async list(account: AccountId, domain: DomainRef, options?: ListOptions): Promise<Page<EmailForward>> {
    return this.t.request({
      method: "GET",
      path: path`/${account}/domains/${domain}/email_forwards`,
      query: pagingQuery(options),
      schema: EmailForwardPageSchema,
    });
  }

  /**
   * Every email forward, 100 per request.
   *
   * @example
   * for await (const f of client.emailForwards.iterate(1, "example.com")) console.log(f.alias_email);
   */
  iterate(
    account: AccountId,
    domain: DomainRef,
    options?: Pick<ListOptions, "sort">,
  ): AsyncGenerator<EmailForward> {
    return paginate((page) => this.list(account, domain, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * Creates an email forward. An ambiguous failure is not resent: it fails as an unknown outcome,
   * which the provider settles with the kind's one identity (see `domains.create`).
   *
   * @example
   * await client.emailForwards.create(1, "example.com", { alias_name: "john", destination_email: "john@example.org" });
   */
  async create(account: AccountId, domain: DomainRef, input: EmailForwardInput): Promise<EmailForward> {
    const res = await this.t.request({
      method: "POST",
      path: path`/${account}/domains/${domain}/email_forwards`,
      body: { alias_name: input.alias_name, destination_email: input.destination_email },
      schema: EmailForwardEnvelope,
    });
    return res.data;
  }

  /**
   * One email forward.
   *
   * @example
   * const f = await client.emailForwards.get(1, "example.com", 41872);
   */
  async get(account: AccountId, domain: DomainRef, id: number): Promise<EmailForward> {
    return (
      await this.t.request({
        method: "GET",
        path: path`/${account}/domains/${domain}/email_forwards/${id}`,
        schema: EmailForwardEnvelope,
      })
    ).data;
  }

  /**
   * Deletes an email forward.
   *
   * @example
   * await client.emailForwards.delete(1, "example.com", 41872);
   */
  async delete(account: AccountId, domain: DomainRef, id: number): Promise<void> {
    await this.t.request({
      method: "DELETE",
      path: path`/${account}/domains/${domain}/email_forwards/${id}`,
    });
  }
}
