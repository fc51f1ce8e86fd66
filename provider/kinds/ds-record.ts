import { z } from "zod";
import { declaredFrom, idOnly, underDomain } from "../framework/imports";
import { ServiceId, DelegationSignerRecordSchema, type DelegationSignerRecord } from "../client";
import { domainRef } from "../framework/fields";
import { domainChildReadAndDelete, locateDomainChild } from "../framework/domain-child";
import { defineResource, type Found, numericIds } from "../framework/kind";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import { invalidateCollection } from "../framework/read-cache";
import { canonicalDomainRef } from "../dns/domain-names";
import { orders, str } from "../framework/review-text";

/** DNSSEC algorithm numbers (IANA) the registries accept for DS records. */
const ALGORITHMS = ["1", "3", "5", "6", "7", "8", "10", "12", "13", "14", "15", "16", "17", "23"];
/** Digest types: 1 SHA-1 (40 hex digits), 2 SHA-256 (64), 3 GOST (64), 4 SHA-384 (96). */
const DIGEST_LENGTHS: Record<string, number> = { "1": 40, "2": 64, "3": 64, "4": 96 };

/** A number given as a number or a numeric string, kept as the string the API takes. */
const decimalText = (what: string, allowed?: string[]) =>
  z
    .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, `${what} must be a number`)], {
      message: `${what} must be a number`,
    })
    .transform(String)
    .pipe(z.string())
    .refine((v) => !allowed || allowed.includes(v), {
      message: `${what} must be one of ${allowed?.join(", ")}`,
    });

const collectionKey = (account: string, domain: unknown) =>
  `dsRecords:${account}:${canonicalDomainRef(domain)}`;

const outputs = serviceFields(DelegationSignerRecordSchema, {
  dsRecordId: ServiceId.describe("The service's id of the record."),
  domainId: "The service's id of the domain.",
  algorithm: "DNSSEC algorithm number, as the service keeps it.",
  digest: "Hex digest of the DNSKEY; null for a record of KEY data.",
  digestType: "Digest type; null for a record of KEY data.",
  keytag: "Key tag of the DNSKEY; null for a record of KEY data.",
  publicKey: "The public key; null for a record of DS data.",
  ...stampDocs("the record"),
});

// A record of DS data has no public key and one of KEY data no digest: null (as the service sends
// it), not absent.
export const dsRecordOutputs = outputsFrom<DelegationSignerRecord>()(outputs, {
  dsRecordId: (record) => record.id,
});

/** The same value after the service's rewriting (case, whitespace); absent and null alike. */
const comparable = (value: string | null | undefined) => value?.toLowerCase().replace(/\s+/g, "");

/**
 * A delegation signer record of a domain, published at the registry. The API cannot update one,
 * so any change replaces it.
 */
export const dsRecordResource = defineResource({
  kind: "DsRecord",
  docs: {
    summary: "A delegation signer (DS) record of a domain, published at the registry.",
    example: [
      'new dnsimple.DsRecord("ds", {',
      '  domain: "example.com",',
      '  algorithm: "13",',
      '  digestType: "2",',
      '  keytag: "2371",',
      '  digest: "1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0",',
      "});",
    ].join("\n"),
  },
  examples: {
    valid: {
      domain: "example.com",
      algorithm: "13",
      digest: "a".repeat(64),
      digestType: "2",
      keytag: "1234",
    },
    replaces: { domain: "other.com", algorithm: "8", digest: "b".repeat(64), digestType: "3", keytag: "1" },
    same: [{ domain: "Example.com.", digest: "A".repeat(64) }],
    invalid: [
      ["algorithm", "unknown algorithm number", { algorithm: "99" }],
      ["algorithm", "algorithm by name", { algorithm: "RSA" }],
      ["digest", "digest not hexadecimal", { digest: "xyz-not-hex" }],
      ["digest", "digest too short for SHA-256", { digest: "abcdef0123" }],
      ["digestType", "unknown digest type", { digestType: "9" }],
      ["keytag", "keytag over 65535", { keytag: "70000" }],
      ["keytag", "negative keytag", { keytag: -1 }],
      ["domain", "bad domain name", { domain: "bad domain" }],
      ["publicKey", "empty public key", { publicKey: "" }],
      ["digestType", "DS data without digestType", { digestType: undefined }],
    ],
  },
  review: {
    risks: {
      delete: (ch, say) => [
        "DNSSEC",
        `Removes a DS record of ${say.code(ch.zone)} at the registry: if it matches the key that signs the zone, validation fails until a matching one is published.`,
      ],
      change: (ch, say) =>
        orders(ch)
          ? [
              [
                "DNSSEC",
                `Publishes DS keytag ${say.code(str(ch.after?.keytag))} for ${say.code(ch.zone)} at the registry: a DS record that matches no key signing the zone takes it offline for validating resolvers.`,
              ],
            ]
          : [],
    },
    section: "dnssec",
    noun: ["DS record", "DS records"],
    zone: "domain",
    label: (p) => (p.keytag !== undefined ? `DS keytag ${str(p.keytag)}` : "DS record (public key)"),
    fields: ["keytag", "algorithm", "digestType", "digest", "publicKey"],
  },

  inputs: {
    domain: domainRef().describe("The domain, by name or numeric id."),
    algorithm: decimalText("algorithm", ALGORITHMS).describe(
      'DNSSEC algorithm number, e.g. `"13"` (ECDSAP256SHA256) or `"8"` (RSASHA256).',
    ),
    digest: z
      .string()
      .regex(/^[0-9a-fA-F]+$/, "digest must be hexadecimal")
      .optional()
      .describe("Hex digest of the DNSKEY; its length must match `digestType`."),
    digestType: decimalText("digestType", Object.keys(DIGEST_LENGTHS))
      .optional()
      .describe('Digest type: `"1"` SHA-1, `"2"` SHA-256, `"3"` GOST, `"4"` SHA-384.'),
    keytag: decimalText("keytag")
      .refine((v) => Number.parseInt(v, 10) <= 65535, { message: "keytag must be between 0 and 65535" })
      .optional()
      .describe("Key tag of the DNSKEY (0–65535)."),
    publicKey: z
      .string()
      .min(1, "publicKey must not be empty")
      .optional()
      .describe("The public key, for registries that take KEY data instead of DS data."),
  },
  outputs,
  info: { inputs: [], of: dsRecordOutputs },
  ids: numericIds,
  replaceOnChange: ["domain", "algorithm", "digest", "digestType", "keytag", "publicKey"],
  normalize: {
    digest: (v) => v.toLowerCase(),
    publicKey: (v) => v.replace(/\s+/g, ""),
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
      const dsData: Array<[string, string | undefined]> = [
        ["digest", inputs.digest],
        ["digestType", inputs.digestType],
        ["keytag", inputs.keytag],
      ];
      for (const [key, value] of dsData) {
        if (value === undefined) failures.push({ property: key, reason: `${key} is required with DS data` });
      }
      const expected = inputs.digestType === undefined ? undefined : DIGEST_LENGTHS[inputs.digestType];
      if (expected && inputs.digest !== undefined && inputs.digest.length !== expected) {
        failures.push({
          property: "digest",
          reason: `a digest of type ${inputs.digestType} has ${expected} hex digits, got ${inputs.digest.length}`,
        });
      }
    }
    return failures;
  },

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account, inputs.domain));
    const record = await client.dsRecords.create(account, canonicalDomainRef(inputs.domain), {
      algorithm: inputs.algorithm,
      ...(inputs.digest !== undefined ? { digest: inputs.digest } : {}),
      ...(inputs.digestType !== undefined ? { digest_type: inputs.digestType } : {}),
      ...(inputs.keytag !== undefined ? { keytag: inputs.keytag } : {}),
      ...(inputs.publicKey !== undefined ? { public_key: inputs.publicKey } : {}),
    });
    return { id: record.id, outs: dsRecordOutputs(record) };
  },

  // Identity: every field (algorithm, digest, digest type, keytag, public key).
  async findMatching({ client, account }, inputs) {
    const same = (a: string | null, b: string | undefined) => comparable(a ?? undefined) === comparable(b);
    const matching: Array<Found<typeof outputs, number>> = [];
    for await (const r of client.dsRecords.iterate(account, canonicalDomainRef(inputs.domain))) {
      if (
        r.algorithm === inputs.algorithm &&
        same(r.digest, inputs.digest) &&
        same(r.digest_type, inputs.digestType) &&
        same(r.keytag, inputs.keytag) &&
        same(r.public_key, inputs.publicKey)
      ) {
        matching.push({ id: r.id, outs: dsRecordOutputs(r), createdAt: r.created_at });
      }
    }
    return matching;
  },

  imports: {
    forms: [...underDomain("domain", "dsRecordId", "example.com_5678"), idOnly("dsRecordId", "5678")],
    locate: locateDomainChild((client) => client.dsRecords),
    declared: (_ctx, { state, outs }) => ({
      inputs: {
        domain: state.domain,
        ...declaredFrom(outs, ["algorithm", "digest", "digestType", "keytag", "publicKey"]),
      },
    }),
  },

  ...domainChildReadAndDelete({ collectionKey, api: (client) => client.dsRecords, outputs: dsRecordOutputs }),
});
