import { z } from "zod";
import type { DelegationSignerRecord } from "../client";
import { type Created, type ResourceDefinition, type State } from "./framework/define-resource";
import { domainRef } from "./framework/fields";
import { domainChildReadAndDelete } from "./framework/domain-child";
import { invalidateCollection } from "./framework/read-cache";
import { canonicalDomainRef } from "./names";

/** DNSSEC algorithm numbers (IANA) the registries accept for DS records. */
const ALGORITHMS = ["1", "3", "5", "6", "7", "8", "10", "12", "13", "14", "15", "16", "17", "23"];
/** Digest types: 1 SHA-1 (40 hex digits), 2 SHA-256 (64), 3 GOST (64), 4 SHA-384 (96). */
const DIGEST_LENGTHS: Record<string, number> = { "1": 40, "2": 64, "3": 64, "4": 96 };

const numberAsString = (what: string, allowed?: string[]) =>
  z
    .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, `${what} must be a number`)], {
      message: `${what} must be a number`,
    })
    .transform(String)
    .refine((v) => !allowed || allowed.includes(v), {
      message: `${what} must be one of ${allowed?.join(", ")}`,
    });

const collectionKey = (account: string, domain: unknown) =>
  `dsRecords:${account}:${canonicalDomainRef(domain)}`;

export function dsRecordOutputs(record: DelegationSignerRecord): State {
  return {
    dsRecordId: record.id,
    domainId: record.domain_id,
    algorithm: record.algorithm,
    // A record of DS data has no public key and one of KEY data no digest: null, not absent.
    digest: record.digest,
    digestType: record.digest_type,
    keytag: record.keytag,
    publicKey: record.public_key,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

/**
 * A delegation signer record of a domain, published at the registry. The API cannot update one,
 * so any change replaces it.
 */
export const dsRecordResource: ResourceDefinition = {
  kind: "DsRecord",
  inputs: {
    domain: domainRef(),
    algorithm: numberAsString("algorithm", ALGORITHMS),
    digest: z
      .string()
      .regex(/^[0-9a-fA-F]+$/, "digest must be hexadecimal")
      .optional(),
    digestType: numberAsString("digestType", Object.keys(DIGEST_LENGTHS)).optional(),
    keytag: numberAsString("keytag")
      .refine((v) => Number(v) <= 65535, { message: "keytag must be between 0 and 65535" })
      .optional(),
    publicKey: z.string().min(1, "publicKey must not be empty").optional(),
  },
  replaceOnChange: ["domain", "algorithm", "digest", "digestType", "keytag", "publicKey"],
  normalize: {
    domain: canonicalDomainRef,
    digest: (v) => String(v).toLowerCase(),
    publicKey: (v) => String(v).replace(/\s+/g, ""),
  },

  refine(inputs) {
    const hasDs =
      inputs.digest !== undefined || inputs.digestType !== undefined || inputs.keytag !== undefined;
    if (!hasDs && inputs.publicKey === undefined) {
      return [
        {
          property: "digest",
          reason: "give digest, digestType and keytag (DS data) or publicKey (KEY data)",
        },
      ];
    }
    const failures = [];
    if (hasDs) {
      for (const key of ["digest", "digestType", "keytag"]) {
        if (inputs[key] === undefined)
          failures.push({ property: key, reason: `${key} is required with DS data` });
      }
      const expected = DIGEST_LENGTHS[String(inputs.digestType)];
      if (expected && typeof inputs.digest === "string" && inputs.digest.length !== expected) {
        failures.push({
          property: "digest",
          reason: `a digest of type ${String(inputs.digestType)} has ${expected} hex digits, got ${inputs.digest.length}`,
        });
      }
    }
    return failures;
  },

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account, inputs.domain));
    const record = await client.dsRecords.create(account, canonicalDomainRef(inputs.domain), {
      algorithm: String(inputs.algorithm),
      ...(inputs.digest !== undefined ? { digest: String(inputs.digest) } : {}),
      ...(inputs.digestType !== undefined ? { digest_type: String(inputs.digestType) } : {}),
      ...(inputs.keytag !== undefined ? { keytag: String(inputs.keytag) } : {}),
      ...(inputs.publicKey !== undefined ? { public_key: String(inputs.publicKey) } : {}),
    });
    return { id: String(record.id), outs: dsRecordOutputs(record) };
  },

  // Identity: every field (algorithm, digest, digest type, keytag, public key).
  async findMatching({ client, account }, inputs) {
    const same = (a: string | null, b: unknown) =>
      (a ?? undefined)?.toLowerCase().replace(/\s+/g, "") ===
      (b === undefined ? undefined : String(b).toLowerCase().replace(/\s+/g, ""));
    const matching: Created[] = [];
    for await (const r of client.dsRecords.iterate(account, canonicalDomainRef(inputs.domain))) {
      if (
        r.algorithm === String(inputs.algorithm) &&
        same(r.digest, inputs.digest) &&
        same(r.digest_type, inputs.digestType) &&
        same(r.keytag, inputs.keytag) &&
        same(r.public_key, inputs.publicKey)
      ) {
        matching.push({ id: String(r.id), outs: dsRecordOutputs(r), createdAt: r.created_at });
      }
    }
    return matching;
  },

  ...domainChildReadAndDelete({ collectionKey, api: (client) => client.dsRecords, outputs: dsRecordOutputs }),
};
