/** Domains: list, iterate, create, get, delete, and domain research. */
import { z } from "zod";
import { isApiError, isNotFound } from "./errors";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { DateOnly, DateTime, dataOf, type ListOptions, type Page, serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** An account id. */
export type AccountId = number | string;
/** A domain addressed by name or numeric id. */
export type DomainRef = string | number;

/** A domain (`hosted`, `registered` or `expired`). */
export const DomainSchema = serviceObject({
  account_id: z.number().int(),
  registrant_id: z.number().int().nullable(),
  name: z.string(),
  unicode_name: z.string(),
  state: z.string(),
  auto_renew: z.boolean(),
  private_whois: z.boolean(),
  expires_at: DateTime.nullable(),
  /** Older expiry field, still emitted. */
  expires_on: DateOnly.nullable().optional(),
  /** Only on get in recorded answers. */
  trustee: z.boolean().optional(),
});
/** A domain. */
export type Domain = z.infer<typeof DomainSchema>;

/** Result of domain research. */
export const DomainResearchSchema = z.looseObject({
  request_id: z.string(),
  domain: z.string(),
  availability: z.string(),
  errors: z.array(z.string()),
});
/** Result of domain research. */
export type DomainResearch = z.infer<typeof DomainResearchSchema>;

/** Filters and paging of `domains.list`. */
export interface DomainListOptions extends ListOptions {
  /** Substring of the name. */
  nameLike?: string;
  registrantId?: number;
}

/** `client.domains`. */
export class DomainsApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of domains.
   *
   * @example
   * const { data, pagination } = await client.domains.list(1, { page: 2, perPage: 50, sort: "name:asc" });
   */
  async list(account: AccountId, options?: DomainListOptions): Promise<Page<Domain>> {
    return this.t.page(path`/${account}/domains`, DomainSchema, {
      ...pagingQuery(options),
      name_like: options?.nameLike,
      registrant_id: options?.registrantId,
    });
  }

  /**
   * Every domain matching the filters, 100 per request.
   *
   * @example
   * for await (const d of client.domains.iterate(1, { nameLike: "example" })) console.log(d.name);
   */
  iterate(account: AccountId, options?: Omit<DomainListOptions, "page" | "perPage">): AsyncGenerator<Domain> {
    return paginate((page) => this.list(account, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * Adds a domain (and its zone) to the account. An ambiguous failure (lost answer, 5xx) is not
   * resent: it fails as an unknown outcome (`outcomeUnknown`), which the provider settles with the
   * kind's one identity (the definition's `findMatching`), so a lost answer never duplicates.
   *
   * @example
   * const domain = await client.domains.create(1, { name: "example.com" });
   */
  async create(account: AccountId, input: { name: string }): Promise<Domain> {
    return this.t.data("POST", path`/${account}/domains`, DomainSchema, {
      body: { name: input.name },
    });
  }

  /**
   * A domain by name or id.
   *
   * @example
   * const domain = await client.domains.get(1, "example.com");
   */
  async get(account: AccountId, domain: DomainRef): Promise<Domain> {
    return this.t.data("GET", path`/${account}/domains/${domain}`, DomainSchema);
  }

  /**
   * A domain by name or id, or `undefined` when it does not exist (404).
   *
   * @example
   * const maybe = await client.domains.find(1, "example.com");
   */
  async find(account: AccountId, domain: DomainRef): Promise<Domain | undefined> {
    try {
      return await this.get(account, domain);
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /**
   * Deletes a domain permanently (does not touch the registry).
   *
   * @example
   * await client.domains.delete(1, "example.com");
   */
  async delete(account: AccountId, domain: DomainRef): Promise<void> {
    await this.t.call("DELETE", path`/${account}/domains/${domain}`);
  }

  /**
   * Domain research: availability of a name.
   *
   * @example
   * const r = await client.domains.researchStatus(1, "example.com");
   */
  async researchStatus(account: AccountId, domain: string): Promise<DomainResearch> {
    try {
      return await this.t.data("GET", path`/${account}/domains/research/status`, DomainResearchSchema, {
        query: { domain },
      });
    } catch (e) {
      // An invalid name is a 400 whose body is a normal result (`availability: "unknown"` with
      // `errors`): return it like the service means it.
      if (isApiError(e) && e.status === 400) {
        const parsed = dataOf(DomainResearchSchema).safeParse(e.body);
        if (parsed.success) return parsed.data.data;
      }
      throw e;
    }
  }
}
