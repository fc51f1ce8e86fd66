/**
 * Refresh and delete of an object that lives under a domain and is listed per domain (DS records,
 * email forwards): refresh answers from the domain's listing, read once per run and shared, then
 * by id; delete forgets the listing and treats "already gone" as deleted.
 */
import type { DnsimpleClient } from "../../client";
import { canonicalDomainRef } from "../names";
import type { ResourceDefinition, State } from "./define-resource";
import { deleteListed, readListedOrGet } from "./read-cache";

/** The API group of a kind listed per domain (`client.dsRecords`, `client.emailForwards`). */
export interface DomainChildApi<T extends { id: number }> {
  iterate(account: string, domain: string): AsyncIterable<T>;
  get(account: string, domain: string, id: number): Promise<T>;
  delete(account: string, domain: string, id: number): Promise<unknown>;
}

export interface DomainChildAccess<T extends { id: number }> {
  /** The read cache's key of the domain's listing. */
  collectionKey(account: string, domain: string): string;
  api(client: DnsimpleClient): DomainChildApi<T>;
  outputs(object: T): State;
}

/** `read` and `delete` of a kind whose objects are listed per domain (state holds `domain`). */
export function domainChildReadAndDelete<T extends { id: number }>(
  access: DomainChildAccess<T>,
): Pick<ResourceDefinition, "read" | "delete"> {
  return {
    async read({ client, account }, id, state) {
      const domain = canonicalDomainRef(state.domain);
      const api = access.api(client);
      const found = await readListedOrGet(
        access.collectionKey(account, domain),
        id,
        () => api.iterate(account, domain),
        () => api.get(account, domain, Number(id)),
      );
      return found ? access.outputs(found) : undefined;
    },
    async delete({ client, account }, id, state) {
      const domain = canonicalDomainRef(state.domain);
      await deleteListed(access.collectionKey(account, domain), () =>
        access.api(client).delete(account, domain, Number(id)),
      );
    },
  };
}
