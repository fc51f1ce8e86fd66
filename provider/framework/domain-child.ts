/**
 * Refresh and delete of an object that lives under a domain and is listed per domain (DS records,
 * email forwards): refresh answers from the domain's listing, read once per run and shared, then
 * by id; delete forgets the listing and treats "already gone" as deleted.
 */
import type { DnsimpleClient, DomainRef } from "../client";
import { canonicalDomainRef } from "../dns/domain-names";
import type { ResourceContext } from "./definition";
import { findUnderDomains, type ImportTarget } from "./imports";
import { deleteListed, readListedOrGet } from "./read-cache";

/** The API group of a kind listed per domain (`client.dsRecords`, `client.emailForwards`). */
export interface DomainChildApi<T extends { id: number }> {
  iterate(account: string, domain: string): AsyncIterable<T>;
  get(account: string, domain: string, id: number): Promise<T>;
  delete(account: string, domain: string, id: number): Promise<unknown>;
}

export interface DomainChildAccess<T extends { id: number }, Outputs> {
  /** The read cache's key of the domain's listing. */
  collectionKey(account: string, domain: string): string;
  api(client: DnsimpleClient): DomainChildApi<T>;
  outputs(object: T): Outputs;
}

/** What `read` and `delete` need of a domain child's state: the domain it lives under. */
export interface DomainChildState {
  readonly domain: DomainRef;
}

/** `read` and `delete` of a kind whose objects are listed per domain, by numeric id (state holds `domain`). */
export interface DomainChildReadAndDelete<Outputs> {
  read(ctx: ResourceContext, id: number, state: DomainChildState): Promise<Outputs | undefined>;
  delete(ctx: ResourceContext, id: number, state: DomainChildState): Promise<void>;
}

/** `read` and `delete` of a kind whose objects are listed per domain (state holds `domain`). */
export function domainChildReadAndDelete<T extends { id: number }, Outputs>(
  access: DomainChildAccess<T, Outputs>,
): DomainChildReadAndDelete<Outputs> {
  return {
    async read({ client, account }, id, state) {
      const domain = canonicalDomainRef(state.domain);
      const api = access.api(client);
      const found = await readListedOrGet(
        access.collectionKey(account, domain),
        `${id}`,
        () => api.iterate(account, domain),
        () => api.get(account, domain, id),
      );
      return found ? access.outputs(found) : undefined;
    },
    async delete({ client, account }, id, state) {
      const domain = canonicalDomainRef(state.domain);
      await deleteListed(access.collectionKey(account, domain), () =>
        access.api(client).delete(account, domain, id),
      );
    },
  };
}

/**
 * The object an import id names (`<domain>_<id>`, `<domain>/<id>`, or the id alone, looked for
 * under each domain of the account): its id and the state `read` needs.
 */
export function locateDomainChild<T extends { id: number }>(
  api: (client: DnsimpleClient) => DomainChildApi<T>,
) {
  return async (
    { client, account }: ResourceContext,
    target: ImportTarget,
  ): Promise<{ id: number; state: { domain: string } } | undefined> => {
    const { id = 0 } = target;
    if (target.domain !== undefined) return { id, state: { domain: target.domain } };
    const found = await findUnderDomains(client.domains.iterate(account), (domain) =>
      api(client).get(account, domain, id),
    );
    return found && { id, state: { domain: found.domain } };
  };
}
