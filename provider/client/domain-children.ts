/**
 * A collection of objects under a domain, `/:account/domains/:domain/<segment>`: one page, every
 * page, create, get and delete. DS records and email forwards are such collections.
 */
import type { z } from "zod";
import type { AccountId, DomainRef } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import type { ListOptions, Page } from "./schemas";
import type { Transport } from "./transport";

export class DomainChildrenApi<T, Input> {
  constructor(
    private readonly t: Transport,
    private readonly segment: string,
    private readonly schemas: { readonly one: z.ZodType<{ data: T }>; readonly page: z.ZodType<Page<T>> },
    /** The body of a create, made from its input. */
    private readonly body: (input: Input) => unknown,
  ) {}

  /** One page of the domain's objects. */
  async list(account: AccountId, domain: DomainRef, options?: ListOptions): Promise<Page<T>> {
    return this.t.call("GET", path`/${account}/domains/${domain}/${this.segment}`, this.schemas.page, {
      query: pagingQuery(options),
    });
  }

  /** Every object of the domain, 100 per request. */
  iterate(account: AccountId, domain: DomainRef, options?: Pick<ListOptions, "sort">): AsyncGenerator<T> {
    return paginate((page) => this.list(account, domain, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * Creates an object. An ambiguous failure is not resent: it fails as an unknown outcome, which
   * the provider settles with the kind's one identity (see `domains.create`).
   */
  async create(account: AccountId, domain: DomainRef, input: Input): Promise<T> {
    const res = await this.t.call(
      "POST",
      path`/${account}/domains/${domain}/${this.segment}`,
      this.schemas.one,
      { body: this.body(input) },
    );
    return res.data;
  }

  /** One object of the domain. */
  async get(account: AccountId, domain: DomainRef, id: number): Promise<T> {
    return this.t.data("GET", path`/${account}/domains/${domain}/${this.segment}/${id}`, this.schemas.one);
  }

  /** Deletes an object of the domain. */
  async delete(account: AccountId, domain: DomainRef, id: number): Promise<void> {
    await this.t.call("DELETE", path`/${account}/domains/${domain}/${this.segment}/${id}`);
  }
}
