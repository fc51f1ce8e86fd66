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
    private readonly item: z.ZodType<T>,
    /** The body of a create, made from its input. */
    private readonly body: (input: Input) => unknown,
  ) {}

  /** One page of the domain's objects. */
  async list(account: AccountId, domain: DomainRef, options?: ListOptions): Promise<Page<T>> {
    return this.t.page(path`/${account}/domains/${domain}/${this.segment}`, this.item, pagingQuery(options));
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
    return this.t.data("POST", path`/${account}/domains/${domain}/${this.segment}`, this.item, {
      body: this.body(input),
    });
  }

  /** One object of the domain. */
  async get(account: AccountId, domain: DomainRef, id: number): Promise<T> {
    return this.t.data("GET", path`/${account}/domains/${domain}/${this.segment}/${id}`, this.item);
  }

  /** Deletes an object of the domain. */
  async delete(account: AccountId, domain: DomainRef, id: number): Promise<void> {
    await this.t.call("DELETE", path`/${account}/domains/${domain}/${this.segment}/${id}`);
  }
}
