/** Delegation signer (DS) records of a domain. */
import { z } from "zod";
import type { AccountId, DomainRef } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { DateTime, dataOf, pageOf, type ListOptions, type Page } from "./schemas";
import type { Transport } from "./transport";

/** A DS record. Algorithm, digest type and keytag are strings on the wire (`"8"`, `"2"`, `"44620"`). */
export const DelegationSignerRecordSchema = z.looseObject({
  id: z.number().int(),
  domain_id: z.number().int(),
  algorithm: z.string(),
  digest: z.string().nullable(),
  digest_type: z.string().nullable(),
  keytag: z.string().nullable(),
  public_key: z.string().nullable(),
  created_at: DateTime,
  updated_at: DateTime,
});
/** A DS record. */
export type DelegationSignerRecord = z.infer<typeof DelegationSignerRecordSchema>;
export const DelegationSignerRecordEnvelope = dataOf(DelegationSignerRecordSchema);
export const DelegationSignerRecordPageSchema = pageOf(DelegationSignerRecordSchema);

/** Body of DS record creation: `algorithm` always; `digest`/`digest_type`/`keytag` or `public_key` per TLD. */
export interface DelegationSignerRecordInput {
  algorithm: string;
  digest?: string;
  digest_type?: string;
  keytag?: string;
  public_key?: string;
}

/** `client.dsRecords`. */
export class DsRecordsApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of DS records (sort keys `id`, `created_at`).
   *
   * @example
   * const { data } = await client.dsRecords.list(1, "example.com");
   */
  async list(
    account: AccountId,
    domain: DomainRef,
    options?: ListOptions,
  ): Promise<Page<DelegationSignerRecord>> {
    return this.t.request({
      method: "GET",
      path: path`/${account}/domains/${domain}/ds_records`,
      query: pagingQuery(options),
      schema: DelegationSignerRecordPageSchema,
    });
  }

  /**
   * Every DS record, 100 per request.
   *
   * @example
   * for await (const ds of client.dsRecords.iterate(1, "example.com")) console.log(ds.keytag);
   */
  iterate(
    account: AccountId,
    domain: DomainRef,
    options?: Pick<ListOptions, "sort">,
  ): AsyncGenerator<DelegationSignerRecord> {
    return paginate((page) => this.list(account, domain, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * Creates a DS record. An ambiguous failure is not resent: it fails as an unknown outcome, which
   * the provider settles with the kind's one identity (see `domains.create`).
   *
   * @example
   * await client.dsRecords.create(1, "example.com", { algorithm: "13", digest: "684a...", digest_type: "2", keytag: "2371" });
   */
  async create(
    account: AccountId,
    domain: DomainRef,
    input: DelegationSignerRecordInput,
  ): Promise<DelegationSignerRecord> {
    const res = await this.t.request({
      method: "POST",
      path: path`/${account}/domains/${domain}/ds_records`,
      body: input,
      schema: DelegationSignerRecordEnvelope,
    });
    return res.data;
  }

  /**
   * One DS record.
   *
   * @example
   * const ds = await client.dsRecords.get(1, "example.com", 24);
   */
  async get(account: AccountId, domain: DomainRef, id: number): Promise<DelegationSignerRecord> {
    return (
      await this.t.request({
        method: "GET",
        path: path`/${account}/domains/${domain}/ds_records/${id}`,
        schema: DelegationSignerRecordEnvelope,
      })
    ).data;
  }

  /**
   * Deletes a DS record.
   *
   * @example
   * await client.dsRecords.delete(1, "example.com", 24);
   */
  async delete(account: AccountId, domain: DomainRef, id: number): Promise<void> {
    await this.t.request({ method: "DELETE", path: path`/${account}/domains/${domain}/ds_records/${id}` });
  }
}
