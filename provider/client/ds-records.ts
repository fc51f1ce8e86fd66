/** Delegation signer (DS) records of a domain. */
import { z } from "zod";
import { DomainChildrenApi } from "./domain-children";
import { serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** A DS record. Algorithm, digest type and keytag are strings on the wire (`"8"`, `"2"`, `"44620"`). */
export const DelegationSignerRecordSchema = serviceObject({
  domain_id: z.number().int(),
  algorithm: z.string(),
  digest: z.string().nullable(),
  digest_type: z.string().nullable(),
  keytag: z.string().nullable(),
  public_key: z.string().nullable(),
});
/** A DS record. */
export type DelegationSignerRecord = z.infer<typeof DelegationSignerRecordSchema>;

/** Body of DS record creation: `algorithm` always; `digest`/`digest_type`/`keytag` or `public_key` per TLD. */
export interface DelegationSignerRecordInput {
  algorithm: string;
  digest?: string;
  digest_type?: string;
  keytag?: string;
  public_key?: string;
}

/**
 * `client.dsRecords`: `list` (sort keys `id`, `created_at`), `iterate`, `create`, `get` and
 * `delete` of a domain's DS records.
 *
 * @example
 * for await (const ds of client.dsRecords.iterate(1, "example.com")) console.log(ds.keytag);
 * await client.dsRecords.create(1, "example.com", { algorithm: "13", digest: "684a...", digest_type: "2", keytag: "2371" });
 */
export class DsRecordsApi extends DomainChildrenApi<DelegationSignerRecord, DelegationSignerRecordInput> {
  constructor(t: Transport) {
    super(t, "ds_records", DelegationSignerRecordSchema, (input) => input);
  }
}
