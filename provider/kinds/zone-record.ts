import { z } from "zod";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import {
  ServiceId,
  ZoneRecordSchema,
  type ZoneRecord,
  type ZoneRecordInput,
  type ZoneRecordUpdate,
} from "../client";
import type { ResourceContext } from "../framework/definition";
import { domainName } from "../framework/fields";
import { defineResource, numericIds, type OutputsOf } from "../framework/kind";
import { invalidateCollection, readFromCollection } from "../framework/read-cache";
import type { CheckFailure } from "../framework/validation";
import { canonicalDomainName } from "../dns/domain-names";
import {
  MAX_TTL,
  MIN_TTL,
  RECORD_TYPES,
  SINGLE_AT_NAME,
  canonicalContent,
  canonicalRecordName,
  canonicalTxt,
  recordFailures as recordDataFailures,
} from "../dns/record-data";
import { UNKNOWN } from "../framework/unknown";
import { getSettings } from "../framework/runtime";
import { setBatching, submitRecordOp } from "./zone-record-batcher";
import { declaredRecordFailures } from "./zone-record-neighbours";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";
import { declaredFrom, findUnderDomains, idOnly, underDomain } from "../framework/imports";
import {
  type Change,
  fqdn,
  isApex,
  type Props,
  type Reason,
  type ReviewWords,
  str,
} from "../framework/review-text";

/**
 * A change of one record of the zone, part of a ZoneRecord step: sent alone at the engine's default
 * `--parallel`, coalesced with the changes in flight above it (zone-record-batcher.ts).
 */
function send(
  { client, account }: ResourceContext,
  zone: string,
  op: Parameters<typeof submitRecordOp>[3],
): ReturnType<typeof submitRecordOp> {
  setBatching(getSettings().batchZoneRecords);
  return submitRecordOp(client, account, zone, op, zoneRecordResource.kind);
}

/** Reads of many records of one zone are answered from its list pages (framework/read-cache). */
const collectionKey = (account: string, zone: string) => `zoneRecords:${account}:${zone}`;

export { RECORD_TYPES, SINGLE_AT_NAME, canonicalContent, canonicalRecordName } from "../dns/record-data";

const KNOWN_TYPES: ReadonlySet<string> = new Set(RECORD_TYPES);
const DEFAULT_TTL = 3600;

/**
 * The content to keep in state: what the program says when the service's value means the same,
 * so a refresh never turns the service's spelling into a diff; the service's value otherwise.
 */
function contentToRecord(type: string, declared: string | undefined, current: string): string {
  if (typeof declared === "string" && canonicalContent(type, declared) === canonicalContent(type, current)) {
    return declared;
  }
  return current;
}

const outputs = serviceFields(ZoneRecordSchema, {
  zoneName: z.string().describe("The zone (domain name)."),
  name: 'The name relative to the zone, `""` for the apex.',
  type: "The record type.",
  content: "The content.",
  ttl: "Time to live in seconds.",
  priority: "Priority (MX, SRV); null when the record has none.",
  regions: z.array(z.string()).describe("Regions the record is served from."),
  recordId: ServiceId.describe("The service's numeric id of the record."),
  fqdn: z.string().describe("`name.zone`, or the zone for the apex."),
  systemRecord: "True for records the service manages (SOA, NS).",
  ...stampDocs("the record"),
});

const serviceRecordOutputs = outputsFrom<ZoneRecord>()(outputs, {
  recordId: (record) => record.id,
  zoneName: (record) => record.zone_id,
  // Left out of a declaration, regions are the service's to decide (no diff): shown as it says.
  regions: (record) => record.regions ?? ["global"],
  fqdn: (record) => (record.name === "" ? record.zone_id : `${record.name}.${record.zone_id}`),
});

/** The outputs of a record, its content as the program spells it when the two mean the same. */
function recordOutputs(
  record: ZoneRecord,
  declared: { content?: string | undefined },
): OutputsOf<typeof outputs> {
  return {
    ...serviceRecordOutputs(record),
    content: contentToRecord(record.type, declared.content, record.content),
  };
}

function isDeepEqualList(a: unknown, b: string[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A record's own fields (without its zone): shared with `ZoneRecords`, whose entries are records. */
export const RECORD_FIELDS = {
  name: z
    .string({ message: 'must be a string ("" for the apex)' })
    .default("")
    .describe('The name relative to the zone, `""` (default) for the apex.'),
  type: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(
      z.string().refine((v) => KNOWN_TYPES.has(v), { message: `must be one of ${RECORD_TYPES.join(", ")}` }),
    )
    .describe("`A`, `AAAA`, `ALIAS`, `CAA`, `CNAME`, `MX`, `NS`, `SRV`, `TXT`, …"),
  content: z
    .string()
    .describe(
      "The content; what the service rewrites (TXT quotes, trailing dots, case of host names) is not a change.",
    ),
  ttl: z
    .number()
    .int("must be a whole number")
    .min(MIN_TTL, `must be at least ${MIN_TTL}; e.g. 3600`)
    .max(MAX_TTL, `must be at most ${MAX_TTL} (DNS TTLs are 31-bit)`)
    .default(DEFAULT_TTL)
    .describe("Time to live in seconds (default 3600)."),
  priority: z
    .number()
    .int("must be a whole number")
    .min(0, "must not be negative")
    .optional()
    .describe("Priority (MX, SRV)."),
  regions: z
    .array(z.string())
    .min(1, "must list at least one region")
    .optional()
    .describe('Regions the record is served from (default all, `["global"]`; plan dependent).'),
};

/** A record's own values as `check` leaves them (a `ZoneRecord`'s, or an entry of a `ZoneRecords`). */
export interface RecordValues {
  readonly name: string;
  readonly type: string;
  readonly content: string;
  readonly ttl: number;
  readonly priority?: number | undefined;
  readonly regions?: string[] | undefined;
}

/**
 * What `check` refuses of one record (record-data's rules), with what is known of it during a
 * preview: a value still unknown is left out of the rules that need it.
 */
export function recordFailures(
  values: Partial<Record<keyof RecordValues, unknown>>,
  zone?: unknown,
  strict = false,
): CheckFailure[] {
  const known = (v: unknown): v is string => typeof v === "string" && !v.includes(UNKNOWN);
  const name = values.name ?? "";
  if (!known(name)) return [];
  const type = known(values.type) ? values.type.toUpperCase() : undefined;
  const priority = typeof values.priority === "number" ? values.priority : undefined;
  const failures = recordDataFailures(
    { name, type: type ?? "", content: known(values.content) ? values.content : "", priority },
    known(zone) ? zone : undefined,
    { strict },
  );
  // Rules on the content need the type and the content; the name's need neither.
  return failures.filter((f) => f.property !== "content" || (type !== undefined && known(values.content)));
}

/**
 * The `strictRecords` input of `ZoneRecord` and `ZoneRecords`: it changes only what `check`
 * refuses, so a change of it alone makes no request (declare it `localOnly`).
 */
export const STRICT_RECORDS_INPUT = z
  .boolean()
  .optional()
  .describe(
    "`true` also refuses at preview records that RFCs forbid but the service accepts (CAA flags other\n" +
      "than 0 and 128, unregistered CAA tags, SRV names not `_service._proto`, host-name targets\n" +
      "without a letter or digit, …; docs/strict-records.md); `false` checks only the service's rules.\n" +
      "Default: the stack's `dnsimple:strictRecords` (false).",
  );

/** Whether `check` applies the strict rules: the resource's `strictRecords`, else `dnsimple:strictRecords`. */
export function strictRecordsOf(inputs: Record<string, unknown>): boolean {
  const own = inputs["strictRecords"];
  return typeof own === "boolean" ? own : getSettings().strictRecords;
}

/**
 * A record in a zone. `name: ""` is the apex. Name, content, TTL, priority and regions change in
 * place; the zone and the type cannot change (replacement).
 */
function recordType(p: Props | undefined): string {
  return str(p?.type).toUpperCase();
}

/** What a record of each type holds, for a reader: "Changes the address of the bare domain". */
const RECORD_WHAT: Record<string, string> = {
  A: "the address",
  AAAA: "the IPv6 address",
  ALIAS: "the alias",
  CNAME: "the alias",
  TXT: "the text (SPF, verification, …)",
};

/** A record's mail, delegation and apex risks (a change of TTL alone moves nothing). */
function recordRisks(ch: Change, say: ReviewWords): Reason[] {
  if (ch.op === "update" && ch.changed.every((f) => f === "ttl")) return [];
  const value = (side: "before" | "after") => {
    const p = side === "before" ? ch.before : ch.after;
    const priority = p?.priority !== undefined ? `${str(p.priority)} ` : "";
    return say.code(`${priority}${say.value("content", side)}`);
  };
  const types = new Set([recordType(ch.before), recordType(ch.after)].filter((t) => t !== ""));
  const apex = [ch.before, ch.after].some((s) => s !== undefined && isApex(s.name));
  const subject = say.code(fqdn(ch.after ?? ch.before ?? {}));
  const reasons: Reason[] = [];
  if (types.has("MX")) {
    if (ch.op === "create")
      reasons.push(["MX", `Adds a mail exchanger for ${subject}: mail may now go to ${value("after")}.`]);
    else if (ch.op === "delete")
      reasons.push(["MX", `Mail for ${subject} no longer goes to ${value("before")}.`]);
    else if (value("before") !== value("after") || ch.op === "replace")
      reasons.push(["MX", `Mail for ${subject} now goes to ${value("after")} (was ${value("before")}).`]);
    else reasons.push(["MX", `Changes a mail exchanger of ${subject}.`]);
  }
  if (types.has("NS"))
    reasons.push([
      "NS",
      `Changes the delegation of ${subject}: ${ch.op === "delete" ? `${value("before")} no longer answers for it` : `${value("after")} answers for it`}.`,
    ]);
  if (apex && !types.has("MX") && !types.has("NS")) {
    const type = recordType(ch.after ?? ch.before);
    const what = RECORD_WHAT[type] ?? `the ${type} record`;
    reasons.push([
      "apex",
      `${ch.op === "create" ? "Sets" : ch.op === "delete" ? "Removes" : "Changes"} ${what} of the bare domain ${say.code(ch.zone)}${ch.op === "update" || ch.op === "replace" ? `: ${value("before")} → ${value("after")}` : ""}.`,
    ]);
  }
  return reasons;
}

export const zoneRecordResource = defineResource({
  kind: "ZoneRecord",
  docs: {
    summary: "A DNS record in a zone hosted by the service.",
    example: [
      'const www = new dnsimple.ZoneRecord("www", { zoneName: "example.com", name: "www", type: "A", content: "192.0.2.10", ttl: 600 });',
      'const apexTxt = new dnsimple.ZoneRecord("spf", { zoneName: "example.com", name: "", type: "TXT", content: "v=spf1 -all" });',
      "export const fqdn = www.fqdn;",
    ].join("\n"),
  },
  examples: {
    valid: { zoneName: "example.com", name: "www", type: "TXT", content: "v=spf1 -all", ttl: 3600 },
    replaces: { zoneName: "other.com", type: "SPF" },
    inPlace: { name: "web", content: "v=spf1 +all", ttl: 60, priority: 10, regions: ["SV1"] },
    same: [{ zoneName: "EXAMPLE.com.", name: "WWW.", type: "txt", content: '"v=spf1 -all"' }],
    invalid: [
      ["type", "unknown record type", { type: "BOGUS" }],
      ["ttl", "TTL 0", { ttl: 0 }],
      ["ttl", "TTL as a string", { ttl: "3600" }],
      ["priority", "negative priority", { priority: -1 }],
      ["zoneName", "underscore in the zone", { zoneName: "bad_zone.com" }],
      ["name", "space in the record name", { name: "w w" }],
      ["name", "CNAME at the apex", { type: "CNAME", name: "", content: "target.example.net" }],
      ["content", "empty content", { content: "" }],
      ["ttl", "TTL past 2^31-1", { ttl: 1e12 }],
      [
        "content",
        "TXT content longer than a record holds",
        {
          type: "TXT",
          content: "x".repeat(70_000),
        },
      ],
      ["content", "A record whose content is not an IPv4 address", { type: "A", content: "999.0.0.1" }],
      [
        "content",
        "AAAA record whose content is not an IPv6 address",
        {
          type: "AAAA",
          content: "not-an-ip",
        },
      ],
    ],
  },
  review: {
    risks: {
      delete: (ch, say) => [
        "delete",
        `The record is removed: lookups of ${say.code(fqdn(ch.before ?? {}))} ${recordType(ch.before)} get no answer (or a cached one for ${str(ch.before?.ttl)} s).`,
      ],
      change: recordRisks,
    },
    section: "records",
    noun: ["record", "records"],
    zone: "zoneName",
    label: (p) => (canonicalRecordName(str(p.name)) === "" ? "@" : canonicalRecordName(str(p.name))),
    fields: ["name", "type", "content", "ttl", "priority", "regions"],
  },

  inputs: {
    zoneName: domainName().describe("The zone (domain name)."),
    ...RECORD_FIELDS,
    strictRecords: STRICT_RECORDS_INPUT,
  },
  outputs,
  ids: numericIds,
  imports: {
    forms: [...underDomain("zone", "recordId", "example.com_1234"), idOnly("recordId", "1234")],
    async locate({ client, account }, { domain, id = 0 }) {
      if (domain !== undefined) return { id, state: { zoneName: domain } };
      const found = await findUnderDomains(client.zones.iterate(account), (zone) =>
        client.zones.records.get(account, zone, id),
      );
      return found && { id: found.found.id, state: { zoneName: found.domain } };
    },
    declared(_ctx, { id, state, outs }) {
      if (outs.systemRecord === true) {
        throw new Error(
          `ZoneRecord ${state.zoneName}_${id} is a ${outs.type} record the service manages (a system record): ` +
            "a program cannot manage it, so it cannot be imported",
        );
      }
      const global = outs.regions?.length === 1 && outs.regions[0] === "global";
      return {
        inputs: {
          zoneName: state.zoneName,
          ...declaredFrom(outs, ["name", "type", "content", "ttl", "priority"]),
          ...(global ? {} : declaredFrom(outs, ["regions"])),
        },
      };
    },
  },

  replaceOnChange: ["zoneName", "type"],
  localOnly: ["strictRecords"],
  normalize: {
    name: (v) => canonicalRecordName(v),
    type: (v) => v.toUpperCase(),
    content: (v, inputs) =>
      typeof inputs.type === "string" ? canonicalContent(inputs.type, v) : canonicalTxt(v),
    regions: (v) => (Array.isArray(v) ? [...v].sort() : v),
  },

  refinePartial: (inputs, ownerKey) => [
    ...recordFailures(inputs, inputs["zoneName"], strictRecordsOf(inputs)),
    // A CNAME beside another record of the program at its name, however spelled.
    ...declaredRecordFailures(inputs["account"] ?? getSettings().account, inputs, ownerKey),
  ],

  async create(ctx, inputs) {
    const zone = canonicalDomainName(inputs.zoneName);
    invalidateCollection(collectionKey(ctx.account, zone));
    const record = (await send(ctx, zone, { kind: "create", input: recordInput(inputs) }))!;
    return { id: record.id, outs: recordOutputs(record, inputs) };
  },

  // Identity: zone, name, type and content; a CNAME or ALIAS is alone at its name, so for those
  // zone, name and type (adopting one brings its content in line).
  async findMatching({ client, account }, inputs) {
    const zone = canonicalDomainName(inputs.zoneName);
    const name = canonicalRecordName(inputs.name);
    const type = inputs.type;
    const wanted = canonicalContent(type, inputs.content);
    const matching = [];
    for await (const record of client.zones.records.iterate(account, zone, { name, type })) {
      if (record.name !== name || record.type !== type || record.system_record) continue;
      if (!SINGLE_AT_NAME.has(type) && canonicalContent(type, record.content) !== wanted) continue;
      matching.push({ id: record.id, outs: recordOutputs(record, inputs), createdAt: record.created_at });
    }
    return matching;
  },

  refusesDuplicates: (inputs) => SINGLE_AT_NAME.has(inputs.type),

  deleteBeforeReplace(olds, news) {
    // A CNAME cannot share its name with another record: the old one must go first.
    const sameName =
      canonicalDomainName(olds.zoneName) === canonicalDomainName(news.zoneName) &&
      canonicalRecordName(olds.name) === canonicalRecordName(news.name);
    return sameName && (SINGLE_AT_NAME.has(olds.type) || SINGLE_AT_NAME.has(news.type));
  },

  async read({ client, account }, id, state) {
    const zone = canonicalDomainName(state.zoneName);
    // From the zone's list pages; an absence is confirmed with a direct GET (the record may be newer).
    const record =
      (await orUndefinedWhenGone(
        readFromCollection(collectionKey(account, zone), `${id}`, () =>
          client.zones.records.iterate(account, zone),
        ),
      )) ?? (await orUndefinedWhenGone(client.zones.records.get(account, zone, id)));
    return record ? recordOutputs(record, state) : undefined;
  },

  async update(ctx, id, olds, news) {
    const { client, account } = ctx;
    const zone = canonicalDomainName(olds.zoneName);
    invalidateCollection(collectionKey(account, zone));
    const type = news.type;
    const patch: ZoneRecordUpdate = {};
    if (canonicalRecordName(olds.name) !== canonicalRecordName(news.name))
      patch.name = canonicalRecordName(news.name);
    if (canonicalContent(type, olds.content) !== canonicalContent(type, news.content)) {
      patch.content = news.content;
    }
    if (olds.ttl !== news.ttl) patch.ttl = news.ttl;
    if (news.priority !== undefined && olds.priority !== news.priority) patch.priority = news.priority;
    if (news.regions !== undefined && !isDeepEqualList(olds.regions, news.regions)) {
      patch.regions = news.regions;
    }
    const record =
      Object.keys(patch).length > 0
        ? (await send(ctx, zone, { kind: "update", id, patch }))!
        : await client.zones.records.get(account, zone, id);
    return recordOutputs(record, news);
  },

  async delete(ctx, id, state) {
    const zone = canonicalDomainName(state.zoneName);
    invalidateCollection(collectionKey(ctx.account, zone));
    await deleteIgnoringGone(() => send(ctx, zone, { kind: "delete", id }));
  },
});

/** The service's body of a new record for declared inputs. */
export function recordInput(inputs: RecordValues): ZoneRecordInput {
  return {
    name: canonicalRecordName(inputs.name),
    type: inputs.type,
    content: inputs.content,
    ttl: inputs.ttl,
    ...(inputs.priority !== undefined && inputs.priority !== null ? { priority: inputs.priority } : {}),
    ...(inputs.regions !== undefined && inputs.regions !== null ? { regions: inputs.regions } : {}),
  };
}
