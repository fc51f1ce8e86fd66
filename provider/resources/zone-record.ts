import { isIP } from "node:net";
import { z } from "zod";
import type { ZoneRecord, ZoneRecordInput, ZoneRecordUpdate } from "../client";
import type { Created, ResourceContext, ResourceDefinition, State } from "./framework/define-resource";
import { domainName } from "./framework/fields";
import { invalidateCollection, readFromCollection } from "./framework/read-cache";
import { canonicalDomainName } from "./names";
import { getSettings } from "./framework/runtime";
import { setBatching, submitRecordOp } from "./zone-record-batcher";
import { deleteIgnoringGone, orUndefinedWhenGone } from "./framework/lookup";

/** A change of one record of the zone, coalesced with those in flight (zone-record-batcher.ts). */
function send(
  { client, account }: ResourceContext,
  zone: string,
  op: Parameters<typeof submitRecordOp>[3],
): ReturnType<typeof submitRecordOp> {
  setBatching(getSettings().batchZoneRecords);
  return submitRecordOp(client, account, zone, op);
}

/** Reads of many records of one zone are answered from its list pages (framework/read-cache). */
const collectionKey = (account: string, zone: string) => `zoneRecords:${account}:${zone}`;

export const RECORD_TYPES = [
  "A",
  "AAAA",
  "ALIAS",
  "CAA",
  "CNAME",
  "DNSKEY",
  "DS",
  "HINFO",
  "MX",
  "NAPTR",
  "NS",
  "POOL",
  "PTR",
  "SPF",
  "SRV",
  "SSHFP",
  "TXT",
  "URL",
] as const;

/** Types whose content is a host name: the service compares them without case or trailing dot. */
const HOST_CONTENT = new Set(["CNAME", "ALIAS", "NS", "PTR", "MX", "POOL"]);
const DEFAULT_TTL = 3600;
/** DNS TTLs are unsigned 31-bit numbers (RFC 2181 §8). */
const MAX_TTL = 2 ** 31 - 1;
/** A record's data (RDATA) holds at most 65,535 bytes (RFC 1035 §3.2.1). */
const MAX_RDATA_BYTES = 65535;

/** The bytes the content takes on the wire: TXT data is cut into strings of 255 bytes, each with a length byte. */
function rdataBytes(type: string, content: string): number {
  const bytes = Buffer.byteLength(type === "TXT" || type === "SPF" ? unquote(content) : content, "utf8");
  return type === "TXT" || type === "SPF" ? bytes + Math.max(1, Math.ceil(bytes / 255)) : bytes;
}
/** Types that must be the only record of their type (CNAME: of any type) at a name. */
export const SINGLE_AT_NAME: ReadonlySet<string> = new Set(["CNAME", "ALIAS"]);

/** A record name as the service stores it: relative, lower case, no trailing dot; `""` is the apex. */
export function canonicalRecordName(name: unknown): string {
  const text = String(name).trim().toLowerCase().replace(/\.$/, "");
  return text === "@" ? "" : text;
}

/** TXT (and SPF) content without the quotes the service may add around a single string. */
function unquote(content: string): string {
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(content.trim());
  return m ? (m[1] as string).replace(/\\"/g, '"') : content;
}

/** Content in a form where what the service rewrites (quotes, trailing dots, case) is undone. */
export function canonicalContent(type: string, content: string): string {
  const t = type.toUpperCase();
  if (t === "TXT" || t === "SPF") return unquote(content);
  if (HOST_CONTENT.has(t)) return content.trim().toLowerCase().replace(/\.$/, "");
  if (t === "AAAA") return content.trim().toLowerCase();
  return content.trim();
}

/**
 * The content to keep in state: what the program says when the service's value means the same,
 * so a refresh never turns the service's spelling into a diff; the service's value otherwise.
 */
function contentToRecord(type: string, declared: unknown, current: string): string {
  if (typeof declared === "string" && canonicalContent(type, declared) === canonicalContent(type, current)) {
    return declared;
  }
  return current;
}

function recordOutputs(record: ZoneRecord, state: State): State {
  return {
    recordId: record.id,
    zoneName: record.zone_id,
    name: record.name,
    type: record.type,
    content: contentToRecord(record.type, state.content, record.content),
    ttl: record.ttl,
    // Left out of a declaration, these are the service's to decide (no diff): shown as it says.
    priority: record.priority ?? null,
    regions: record.regions ?? ["global"],
    systemRecord: record.system_record,
    fqdn: record.name === "" ? record.zone_id : `${record.name}.${record.zone_id}`,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

function isDeepEqualList(a: unknown, b: string[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A record's own fields (without its zone): shared with `ZoneRecords`, whose entries are records. */
export const RECORD_FIELDS = {
  name: z
    .string({ message: 'must be a string ("" for the apex)' })
    .refine((v) => !/\s/.test(v), { message: "must not contain spaces" })
    .default(""),
  type: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(RECORD_TYPES, { message: `must be one of ${RECORD_TYPES.join(", ")}` })),
  content: z.string(),
  ttl: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_TTL, `must be at most ${MAX_TTL} (DNS TTLs are 31-bit)`)
    .default(DEFAULT_TTL),
  priority: z.number().int("must be a whole number").min(0, "must not be negative").optional(),
  regions: z.array(z.string()).min(1, "must list at least one region").optional(),
};

/**
 * A record in a zone. `name: ""` is the apex. Name, content, TTL, priority and regions change in
 * place; the zone and the type cannot change (replacement).
 */
export const zoneRecordResource: ResourceDefinition = {
  kind: "ZoneRecord",
  inputs: { zoneName: domainName(), ...RECORD_FIELDS },

  replaceOnChange: ["zoneName", "type"],
  normalize: {
    zoneName: (v) => canonicalDomainName(String(v)),
    name: canonicalRecordName,
    type: (v) => String(v).toUpperCase(),
    content: (v) => unquote(String(v)),
    regions: (v) => (Array.isArray(v) ? [...v].sort() : v),
  },

  refine(inputs) {
    const type = String(inputs.type);
    if (type === "CNAME" && canonicalRecordName(inputs.name) === "") {
      return [{ property: "name", reason: 'a CNAME record cannot be at the apex (name "")' }];
    }
    const content = String(inputs.content).trim();
    if (content === "") return [{ property: "content", reason: "content must not be empty" }];
    const size = rdataBytes(type, String(inputs.content));
    if (size > MAX_RDATA_BYTES) {
      return [
        {
          property: "content",
          reason: `is too long for a DNS record: ${size} bytes of record data, at most ${MAX_RDATA_BYTES}`,
        },
      ];
    }
    if (type === "A" && isIP(content) !== 4) {
      return [
        { property: "content", reason: `an A record's content must be an IPv4 address, got "${content}"` },
      ];
    }
    if (type === "AAAA" && isIP(content) !== 6) {
      return [
        { property: "content", reason: `an AAAA record's content must be an IPv6 address, got "${content}"` },
      ];
    }
    return [];
  },

  async create(ctx, inputs) {
    const zone = canonicalDomainName(String(inputs.zoneName));
    invalidateCollection(collectionKey(ctx.account, zone));
    const record = (await send(ctx, zone, { kind: "create", input: recordInput(inputs) }))!;
    return { id: String(record.id), outs: recordOutputs(record, inputs) };
  },

  // Identity: zone, name, type and content; a CNAME or ALIAS is alone at its name, so for those
  // zone, name and type (adopting one brings its content in line).
  async findMatching({ client, account }, inputs) {
    const zone = canonicalDomainName(String(inputs.zoneName));
    const name = canonicalRecordName(inputs.name);
    const type = String(inputs.type);
    const wanted = canonicalContent(type, String(inputs.content));
    const matching: Created[] = [];
    for await (const record of client.zones.records.iterate(account, zone, { name, type })) {
      if (record.name !== name || record.type !== type || record.system_record) continue;
      if (!SINGLE_AT_NAME.has(type) && canonicalContent(type, record.content) !== wanted) continue;
      matching.push({
        id: String(record.id),
        outs: recordOutputs(record, inputs),
        createdAt: record.created_at,
      });
    }
    return matching;
  },

  refusesDuplicates: (inputs) => SINGLE_AT_NAME.has(String(inputs.type)),

  deleteBeforeReplace(olds, news) {
    // A CNAME cannot share its name with another record: the old one must go first.
    const sameName =
      canonicalDomainName(String(olds.zoneName)) === canonicalDomainName(String(news.zoneName)) &&
      canonicalRecordName(olds.name) === canonicalRecordName(news.name);
    return sameName && (SINGLE_AT_NAME.has(String(olds.type)) || SINGLE_AT_NAME.has(String(news.type)));
  },

  async read({ client, account }, id, state) {
    const zone = canonicalDomainName(String(state.zoneName));
    // From the zone's list pages; an absence is confirmed with a direct GET (the record may be newer).
    const record =
      (await orUndefinedWhenGone(
        readFromCollection(collectionKey(account, zone), id, () =>
          client.zones.records.iterate(account, zone),
        ),
      )) ?? (await orUndefinedWhenGone(client.zones.records.get(account, zone, Number(id))));
    return record ? recordOutputs(record, state) : undefined;
  },

  update: (ctx, id, olds, news) => updateRecord(ctx, id, olds, news),

  async delete(ctx, id, state) {
    const zone = canonicalDomainName(String(state.zoneName));
    invalidateCollection(collectionKey(ctx.account, zone));
    await deleteIgnoringGone(() => send(ctx, zone, { kind: "delete", id: Number(id) }));
  },
};

/** The service's body of a new record for declared inputs. */
export function recordInput(inputs: State): ZoneRecordInput {
  return {
    name: canonicalRecordName(inputs.name),
    type: String(inputs.type),
    content: String(inputs.content),
    ttl: Number(inputs.ttl ?? DEFAULT_TTL),
    ...(inputs.priority !== undefined && inputs.priority !== null
      ? { priority: Number(inputs.priority) }
      : {}),
    ...(inputs.regions !== undefined && inputs.regions !== null
      ? { regions: inputs.regions as string[] }
      : {}),
  };
}

async function updateRecord(ctx: ResourceContext, id: string, olds: State, news: State): Promise<State> {
  const { client, account } = ctx;
  const zone = canonicalDomainName(String(olds.zoneName));
  invalidateCollection(collectionKey(account, zone));
  const type = String(news.type);
  const patch: ZoneRecordUpdate = {};
  if (canonicalRecordName(olds.name) !== canonicalRecordName(news.name))
    patch.name = canonicalRecordName(news.name);
  if (canonicalContent(type, String(olds.content)) !== canonicalContent(type, String(news.content))) {
    patch.content = String(news.content);
  }
  if (olds.ttl !== news.ttl) patch.ttl = Number(news.ttl ?? DEFAULT_TTL);
  if (news.priority !== undefined && olds.priority !== news.priority) patch.priority = Number(news.priority);
  if (news.regions !== undefined && !isDeepEqualList(olds.regions, news.regions as string[])) {
    patch.regions = news.regions as string[];
  }
  const record =
    Object.keys(patch).length > 0
      ? (await send(ctx, zone, { kind: "update", id: Number(id), patch }))!
      : await client.zones.records.get(account, zone, Number(id));
  return recordOutputs(record, news);
}
