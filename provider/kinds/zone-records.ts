/**
 * `ZoneRecords`: many records of one zone as one resource (issue 14). A big zone as one resource
 * costs the engine one step instead of one per record, and its changes leave in batch requests
 * (zone-record-batcher.ts): 1,000 records are created, changed or deleted in a request or two.
 *
 * State: `records`, the declaration keyed by record (a list's records by name, type and content
 * (name and type for CNAME/ALIAS); a map's by its keys), each as one line of text
 * (dns/record-lines.ts), so the engine's own property diff shows which records are added,
 * changed and removed, and 10,000 records cost it 10,000 strings; `recordIds`, what the resource
 * owns (its outputs' `records` are the values at the service); `unconfirmed`, creates whose batch
 * answer was lost (settled by the next `up` with only identical records created since that batch
 * started, docs/decisions/005). State written before record lines (records as objects,
 * `managedRecords`) reads the same.
 *
 * Additive (default): only records this resource created or adopted are changed or deleted.
 * Authoritative (`authoritative: true`): records of the zone that are not declared are deleted
 * too (never system records), and identical existing ones are taken over instead of made again.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ServiceId, type ZoneRecord, type ZoneRecordUpdate } from "../client";
import { createdSince, isNotFound } from "../client";
import type { ResourceContext } from "../framework/definition";
import { domainName } from "../framework/fields";
import { defineResource, stringIds, type OutputsOf } from "../framework/kind";
import { PartialCreateError } from "../framework/partial";
import { getSettings } from "../framework/runtime";
import type { CheckFailure } from "../framework/validation";
import { canonicalDomainName } from "../dns/domain-names";
import { type RecordOp, setBatching, submitRecordOps } from "./zone-record-batcher";
import {
  RECORD_FIELDS,
  SINGLE_AT_NAME,
  canonicalContent,
  canonicalRecordName,
  STRICT_RECORDS_INPUT,
  recordFailures,
  recordInput,
  strictRecordsOf,
} from "./zone-record";
import { type RecordValues, recordSetFailures } from "../dns/record-data";
import { UNKNOWN, containsUnknown } from "../framework/unknown";
import { reportOnce } from "../framework/engine-log";
import { zoneFileRecords } from "../dns/zone-file/records";
import { orders, SECRET_SIG, str, type Props } from "../framework/review-text";
import { isPlainRecord, parseRecordLine, recordLine, recordsFromWire } from "../dns/record-lines";

const RECORD_SHAPE = "{ name, type, content, ttl?, priority?, regions? }";

/** One record as a program declares it: a `ZoneRecord`'s fields without the zone. */
const recordSpec = z
  .strictObject(RECORD_FIELDS, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys.map((k) => `"${k}"`).join(", ")}: not a field of a record; ${RECORD_SHAPE}`
        : `each record must be an object ${RECORD_SHAPE}`,
  })
  .meta({
    id: "ZoneRecordsEntry",
    description: "One record of a {@link ZoneRecords}: as a {@link ZoneRecordArgs} without the zone.",
  });

/** One record as `check` leaves it and state keeps it (defaults filled in, type in upper case). */
const storedRecord = z.object({
  name: z.string(),
  type: z.string(),
  content: z.string(),
  ttl: z.number(),
  priority: z.number().optional(),
  regions: z.array(z.string()).optional(),
});
type RecordSpec = z.output<typeof storedRecord>;

/**
 * A record as state keeps it: its line (dns/record-lines.ts), 10,000 records being 10,000
 * strings for the engine to carry instead of 50,000 values; the object when a line would not read
 * back the same. State written before lines (objects only) reads the same.
 */
const keptRecord = z.union([z.string(), storedRecord]);
type KeptRecord = z.output<typeof keptRecord>;

function keep(spec: RecordSpec): KeptRecord {
  return isPlainRecord(spec) ? recordLine(spec) : spec;
}

/** A kept record as the declaration it stands for. */
function specOf(key: string, kept: KeptRecord): RecordSpec {
  if (typeof kept !== "string") return kept;
  const read = parseRecordLine(kept);
  if (read?.ttl === undefined) throw new Error(`records.${key}: "${kept}" in state is not a record line`);
  return { name: read.name ?? "", ttl: read.ttl, type: read.type, content: read.content, ...pick(read) };
}

/** Priority and regions, when a record has them. */
function pick(r: { priority?: number | undefined; regions?: string[] | undefined }) {
  return {
    ...(r.priority !== undefined ? { priority: r.priority } : {}),
    ...(r.regions !== undefined ? { regions: r.regions } : {}),
  };
}

/**
 * A kept record as `diff` compares it: the line of its canonical values. A no-change preview
 * compares 10,000 identical lines on each side: each is made canonical once (up to 20,000 are
 * remembered, then forgotten together), and the two maps compare as strings.
 */
function canonicalKept(key: string, kept: KeptRecord): string {
  const cached = typeof kept === "string" ? canonicalLines.get(kept) : undefined;
  if (cached !== undefined) return cached;
  const spec = specOf(key, kept);
  const canonical = JSON.stringify([
    canonicalRecordName(spec.name),
    spec.type.toUpperCase(),
    canonicalContent(spec.type, spec.content),
    spec.ttl,
    spec.priority ?? null,
    spec.regions === undefined ? null : [...spec.regions].sort(),
  ]);
  if (typeof kept === "string") {
    if (canonicalLines.size >= 20_000) canonicalLines.clear();
    canonicalLines.set(kept, canonical);
  }
  return canonical;
}
const canonicalLines = new Map<string, string>();

function keepAll(specs: Record<string, RecordSpec>): Record<string, KeptRecord> {
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, keep(spec)]));
}

/** The key of a record declared in a list: what identifies it (as `adopt` matches it). */
export function identityKey(spec: { name: string; type: string; content: string }): string {
  const type = spec.type.toUpperCase();
  const name = canonicalRecordName(spec.name) || "@";
  return SINGLE_AT_NAME.has(type)
    ? `${name} ${type}`
    : `${name} ${type} ${canonicalContent(type, spec.content)}`;
}

/**
 * Why `records` was refused: for a list or a map, the first bad record's own failure (its place or
 * key, and what was wrong), rather than zod's verdict on the union as a whole.
 */
function recordsMessage(issue: z.core.$ZodRawIssue): string {
  const expected = "must be a list of records, or a map of keys to records";
  if (issue.code !== "invalid_union") return expected;
  const branch = Array.isArray(issue.input)
    ? 0
    : issue.input !== null && typeof issue.input === "object"
      ? 1
      : -1;
  const first = issue.errors[branch]?.[0];
  if (!first) return expected;
  const at = first.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  const value = first.path.reduce<unknown>(
    (v, p) => (v as Record<PropertyKey, unknown> | undefined)?.[p],
    issue.input,
  );
  if (first.code === "invalid_type" && value === undefined)
    return `records${at} is required, e.g. { name: "www", type: "A", content: "192.0.2.10" }`;
  return `records${at}: ${first.message}`;
}

/** For records written as a list: each record's key (what identifies it) → its place in the list. */
function listPlaces(written: unknown): Map<string, number> {
  const places = new Map<string, number>();
  const list = recordsFromWire(written);
  if (!Array.isArray(list)) return places;
  list.forEach((r: unknown, i) => {
    if (r === null || typeof r !== "object") return;
    const [name = "", type, content]: unknown[] = ["name", "type", "content"].map((k) => Reflect.get(r, k));
    if (typeof name !== "string" || typeof type !== "string" || typeof content !== "string") return;
    const key = identityKey({ name, type, content });
    if (!places.has(key)) places.set(key, i);
  });
  return places;
}

/**
 * A list or a map of records → records by key (sorted), duplicates refused, each kept as a line.
 * The SDK sends plain records as lines (`recordsToWire`): they are read back into the objects the
 * program declared before any rule, so that every message names what the program wrote.
 */
const recordsInput = z
  .preprocess(
    recordsFromWire,
    z
      .union([z.array(recordSpec), z.record(z.string(), recordSpec)], { error: recordsMessage })
      .transform((value, ctx): Record<string, RecordSpec> => {
        const entries: Array<[string, RecordSpec]> = [];
        if (Array.isArray(value)) {
          const seen = new Map<string, number>();
          value.forEach((spec, i) => {
            const key = identityKey(spec);
            const first = seen.get(key);
            if (first === undefined) {
              seen.set(key, i);
              entries.push([key, spec]);
            } else
              ctx.issues.push({
                code: "custom",
                input: spec,
                path: [i],
                message: `declares the same record as records[${first}] (${key}); each record once`,
              });
          });
        } else
          for (const [key, spec] of Object.entries(value)) {
            // "" stands for no key where the set's changes are applied: a key is never empty.
            if (key === "")
              ctx.issues.push({
                code: "custom",
                input: spec,
                path: [],
                message:
                  'a record\'s key must not be empty, e.g. records: { www: { name: "www", type: "A", content: "192.0.2.10" } }',
              });
            else entries.push([key, spec]);
          }
        return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      })
      .transform(keepAll)
      .pipe(z.record(z.string(), keptRecord)),
  )
  .meta({ sentAs: "recordsToWire" });

/** A zone file as the records of a set: its text and the name its messages give it. */
const zoneFileInput = z
  .object(
    {
      text: z
        .string({
          message:
            'is the zone file\'s text: read a file with dnsimple.readZoneFile("zones/example.com.zone")',
        })
        .describe("The zone file's text (BIND format, RFC 1035 §5)."),
      name: z.string().optional().describe("What messages call the file (its path); `readZoneFile` sets it."),
    },
    {
      message: 'must be { text, name? }: read a file with dnsimple.readZoneFile("zones/example.com.zone")',
    },
  )
  .meta({ id: "ZoneFileInput" });

/** How many of a zone file's problems a preview lists. */
const ZONE_FILE_PROBLEMS_SHOWN = 20;

/**
 * `zoneFile` read into `records` (check, before the rules): each of its records keyed as a list's
 * are, every problem named by file and line; the apex SOA and NS (the service's) left out with a
 * note. State keeps the records and the file's name, not its text.
 */
function expandZoneFile(inputs: Readonly<Record<string, unknown>>) {
  const failures: CheckFailure[] = [];
  const file = inputs["zoneFile"] as z.output<typeof zoneFileInput> | undefined;
  if (file === undefined) return { inputs: { ...inputs }, failures };
  const zone = inputs["zoneName"];
  const declared = inputs["records"];
  if (
    containsUnknown(file) ||
    containsUnknown(zone) ||
    containsUnknown(declared) ||
    typeof zone !== "string"
  ) {
    return {
      inputs: { ...inputs, records: UNKNOWN, zoneFile: { name: file.name ?? "zone file" } },
      failures,
    };
  }
  const name = file.name ?? "the zone file";
  // Failures name the file's name, not its text: the engine prints the value of the property a
  // failure names, and a zone file's text can be thousands of lines.
  const property = file.name !== undefined ? "zoneFile.name" : "zoneFile";
  const read = zoneFileRecords(file.text, { zone: canonicalDomainName(zone) });
  const at = (line: number) => `${name} line ${line}`;
  for (const p of read.problems.slice(0, ZONE_FILE_PROBLEMS_SHOWN))
    failures.push({ property, reason: `${at(p.line)}: ${p.message}` });
  if (read.problems.length > ZONE_FILE_PROBLEMS_SHOWN)
    failures.push({
      property,
      reason: `${name}: ${read.problems.length - ZONE_FILE_PROBLEMS_SHOWN} more problems after these`,
    });
  const records: Record<string, RecordSpec> = specsOf({
    records: declared as Record<string, KeptRecord> | undefined,
  });
  const lineOf = new Map<string, number>();
  for (const { line, record } of read.records) {
    const spec: RecordSpec = {
      name: record.name,
      type: record.type,
      content: record.content,
      ttl: record.ttl,
      ...(record.priority !== undefined && record.priority !== null ? { priority: record.priority } : {}),
    };
    const key = identityKey(spec);
    if (lineOf.has(key)) {
      failures.push({
        property,
        reason: `${at(line)}: the same record as line ${lineOf.get(key)} (${key}); each record once`,
      });
    } else if (records[key] !== undefined) {
      failures.push({
        property,
        reason: `${at(line)}: the same record as records.${key}; declare it in one place`,
      });
    } else {
      lineOf.set(key, line);
      records[key] = spec;
    }
  }
  const label = (key: string) => (lineOf.has(key) ? at(lineOf.get(key)!) : `records.${key}`);
  for (const f of recordSetFailures(Object.entries(records))) {
    failures.push({
      property: lineOf.has(f.key) ? property : `records.${f.key}`,
      reason: `${label(f.key)}: ${f.reason}`,
    });
  }
  if (read.outside.length > 0) {
    reportOnce(
      `zone-file-outside:${name}`,
      `${name}: records outside the zone ${zone} (lines ${read.outside.map((e) => e.line).join(", ")}) are left out, as BIND leaves them out`,
      "info",
    );
  }
  if (read.skipped.length > 0) {
    reportOnce(
      `zone-file-skipped:${name}`,
      `${name}: the apex SOA and NS records (lines ${read.skipped.map((e) => e.line).join(", ")}) are the service's own and are left out`,
      "info",
    );
  }
  const sorted = Object.fromEntries(Object.entries(records).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { inputs: { ...inputs, records: keepAll(sorted), zoneFile: { name } }, failures };
}

/**
 * What the resource owns of one key: the record's id and its values at the service (the name
 * canonical). From state, the values are those its outputs show (a priority or regions the
 * program never declared are not known: null and undefined).
 */
interface Managed {
  id: number;
  name: string;
  type: string;
  content: string;
  ttl: number;
  priority: number | null;
  regions: string[] | undefined;
}

/** A create whose batch answer was lost: settled by the next `up`. */
const unconfirmedCreate = z.object({
  key: z.string(),
  since: z.string(),
  name: z.string(),
  type: z.string(),
  content: z.string(),
});
type Unconfirmed = z.output<typeof unconfirmedCreate>;

const outputs = {
  zoneName: z.string().describe("The zone (domain name)."),
  records: z
    .record(z.string(), keptRecord)
    .describe(
      "The records by key, as the service holds them (a list's records are keyed `name type content`,\n" +
        "`@` for the apex), each as a line: `name ttl type [priority=… regions=…] content`.",
    ),
  setId: z.string().describe("The resource's id: the zone and a random part."),
  recordIds: z.record(z.string(), ServiceId).describe("The service's record ids by key."),
  recordCount: z.number().describe("How many records the resource manages."),
  unconfirmed: z
    .array(unconfirmedCreate)
    .nullable()
    .describe("Creates whose batch answer was lost, settled by the next `up`; null when there are none."),
};
type Outputs = OutputsOf<typeof outputs>;

function managedOf(r: ZoneRecord): Managed {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    content: r.content,
    ttl: r.ttl,
    priority: r.priority,
    regions: r.regions ?? ["global"],
  };
}

function sameIdentity(r: { name: string; type: string; content: string }, spec: RecordSpec): boolean {
  const type = spec.type;
  return (
    r.type === type &&
    r.name === canonicalRecordName(spec.name) &&
    (SINGLE_AT_NAME.has(type) || canonicalContent(type, r.content) === canonicalContent(type, spec.content))
  );
}

/** The declaration of a key as the service holds it (program spelling kept when it means the same). */
function declaredFrom(m: Managed, declared: RecordSpec | undefined): RecordSpec {
  const sameContent =
    declared && canonicalContent(m.type, declared.content) === canonicalContent(m.type, m.content);
  return {
    name: declared && canonicalRecordName(declared.name) === m.name ? declared.name : m.name,
    type: m.type,
    content: sameContent ? declared.content : m.content,
    ttl: m.ttl,
    ...(declared?.priority !== undefined ? { priority: m.priority ?? 0 } : {}),
    ...(declared?.regions !== undefined && m.regions !== undefined ? { regions: m.regions } : {}),
  };
}

function specsOf(state: { records?: Record<string, KeptRecord> | undefined }): Record<string, RecordSpec> {
  return Object.fromEntries(
    Object.entries(state.records ?? {}).map(([key, kept]) => [key, specOf(key, kept)]),
  );
}

/** State's record ids, and (in state written before record lines) its `managedRecords`. */
interface OwnedState {
  records?: Record<string, KeptRecord> | undefined;
  recordIds?: Record<string, number> | undefined;
  managedRecords?: Record<string, Managed> | undefined;
}

/** Whether state says what the resource owns (not so in a create's journal entry). */
const knowsOwned = (state: OwnedState) => state.recordIds !== undefined || state.managedRecords !== undefined;

/** What the resource owns, by key: each record id of state with the values its records show. */
function managedIn(state: OwnedState): Record<string, Managed> {
  if (state.managedRecords !== undefined) return { ...state.managedRecords };
  const managed: Record<string, Managed> = {};
  for (const [key, id] of Object.entries(state.recordIds ?? {})) {
    const kept = state.records?.[key];
    // An id without its values is still owned: deleted when undeclared, made again when declared.
    const spec = kept === undefined ? undefined : specOf(key, kept);
    managed[key] = {
      id,
      name: canonicalRecordName(spec?.name ?? ""),
      type: spec?.type ?? "",
      content: spec?.content ?? "",
      ttl: spec?.ttl ?? 0,
      priority: spec?.priority ?? null,
      regions: spec?.regions,
    };
  }
  return managed;
}

/** The status of a failed request (undefined: no answer) and its message. */
function failureOf(error: unknown): { status: number | undefined; message: string } {
  const fields = typeof error === "object" && error !== null ? error : {};
  return {
    status: "status" in fields && typeof fields.status === "number" ? fields.status : undefined,
    message: "message" in fields && typeof fields.message === "string" ? fields.message : `${error}`,
  };
}

/**
 * The resource's id: the zone and a random part, so that two sets of one zone (or a set adopted
 * after another was made in the same process) are never taken for one another.
 */
function setId(zone: string): string {
  return `${zone}/${randomUUID().slice(0, 8)}`;
}

function outputsOf(
  zone: string,
  managed: Record<string, Managed>,
  specs: Record<string, RecordSpec>,
  unconfirmed: Unconfirmed[],
  id: string,
): Outputs {
  const records: Record<string, KeptRecord> = {};
  for (const key of Object.keys(managed).sort()) records[key] = keep(declaredFrom(managed[key]!, specs[key]));
  return {
    zoneName: zone,
    setId: id,
    records,
    recordIds: Object.fromEntries(Object.entries(managed).map(([k, m]) => [k, m.id])),
    recordCount: Object.keys(managed).length,
    unconfirmed: unconfirmed.length > 0 ? unconfirmed : null,
  };
}

async function listZone({ client, account }: ResourceContext, zone: string): Promise<ZoneRecord[]> {
  const all: ZoneRecord[] = [];
  for await (const r of client.zones.records.iterate(account, zone)) all.push(r);
  return all;
}

/**
 * The changes that bring the records a resource owns in line with the declaration, owned records
 * alone (an authoritative set's foreign records come after): records deleted, updated and to be
 * created. `managed` is moved in place: a record kept under a key the declaration no longer has,
 * identical to a declared record under a new key, is under that key afterwards. What `apply` sends,
 * and what the mass-change guard counts at preview.
 */
function planOwned(
  specs: Record<string, RecordSpec>,
  managed: Record<string, Managed>,
): { ops: Array<{ key: string; op: RecordOp }>; toCreate: string[] } {
  // A record kept under a key the declaration no longer has, identical to a declared record
  // under a new key, moves to that key instead of being deleted and made again: list keys follow
  // record-data's canonical content, which may spell a stack's older keys differently.
  for (const [key, m] of Object.entries(managed)) {
    if (specs[key] !== undefined) continue;
    const moved = Object.keys(specs).find((k) => managed[k] === undefined && sameIdentity(m, specs[k]!));
    if (moved === undefined) continue;
    managed[moved] = m;
    delete managed[key];
  }
  const ops: Array<{ key: string; op: RecordOp }> = [];
  for (const [key, m] of Object.entries(managed)) {
    const spec = specs[key];
    if (!spec || spec.type !== m.type) ops.push({ key, op: { kind: "delete", id: m.id } });
  }
  const toCreate: string[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    const m = managed[key];
    if (m && m.type === spec.type) {
      const patch: ZoneRecordUpdate = {};
      if (m.name !== canonicalRecordName(spec.name)) patch.name = canonicalRecordName(spec.name);
      if (canonicalContent(m.type, m.content) !== canonicalContent(m.type, spec.content))
        patch.content = spec.content;
      if (m.ttl !== spec.ttl) patch.ttl = spec.ttl;
      if (spec.priority !== undefined && m.priority !== spec.priority) patch.priority = spec.priority;
      if (
        spec.regions !== undefined &&
        (m.regions === undefined || [...m.regions].sort().join() !== [...spec.regions].sort().join())
      )
        patch.regions = spec.regions;
      if (Object.keys(patch).length > 0) ops.push({ key, op: { kind: "update", id: m.id, patch } });
    } else toCreate.push(key);
  }
  return { ops, toCreate };
}

/**
 * The mass-change guard's counts (framework/mass-change.ts) from state and the checked inputs,
 * without a request: the records the resource owns, and how many of them the change updates and
 * deletes (a new type under a key deletes the record). Records an authoritative set would delete
 * that state does not know of yet (made outside Pulumi since the last refresh) are not counted.
 */
function massChangeCounts(olds: OwnedState, news: { records?: unknown }) {
  if (news.records === undefined || containsUnknown(news.records) || !knowsOwned(olds)) return undefined;
  const managed = managedIn(olds);
  const existing = Object.keys(managed).length;
  const { ops } = planOwned(specsOf(news as { records: Record<string, KeptRecord> }), managed);
  const count = (kind: RecordOp["kind"]) => ops.filter((o) => o.op.kind === kind).length;
  return { existing, updates: count("update"), deletes: count("delete") };
}

/** The changes that bring what is owned in line with the declaration, and their outcome. */
async function apply(
  ctx: ResourceContext,
  zone: string,
  specs: Record<string, RecordSpec>,
  managedBefore: Record<string, Managed>,
  unconfirmedBefore: Unconfirmed[],
  authoritative: boolean,
  zoneRecords: ZoneRecord[] | undefined,
  id: string,
): Promise<Outputs> {
  const managed = { ...managedBefore };
  const owned = new Set(Object.values(managed).map((m) => m.id));
  const since = ctx.client.transport.serviceTime();
  // Lost answers of an earlier run: only identical records created since that batch started.
  if (zoneRecords) {
    for (const u of unconfirmedBefore) {
      const own = zoneRecords
        .filter((r) => !r.system_record && !owned.has(r.id) && createdSince(r.created_at, new Date(u.since)))
        .sort((a, b) => a.id - b.id)
        .find((r) => r.name === u.name && r.type === u.type && r.content === u.content);
      if (own && managed[u.key] === undefined) {
        managed[u.key] = managedOf(own);
        owned.add(own.id);
      }
    }
  }
  const { ops, toCreate } = planOwned(specs, managed);
  if (authoritative && zoneRecords) {
    const foreign = zoneRecords.filter((r) => !r.system_record && !owned.has(r.id));
    const takenOver = new Set<number>();
    for (const key of [...toCreate]) {
      const spec = specs[key]!;
      const match = foreign.find((r) => !takenOver.has(r.id) && sameIdentity(r, spec));
      if (!match) continue;
      takenOver.add(match.id);
      toCreate.splice(toCreate.indexOf(key), 1);
      const m = managedOf(match);
      managed[key] = m;
      if (
        m.ttl !== spec.ttl ||
        canonicalContent(m.type, m.content) !== canonicalContent(m.type, spec.content)
      ) {
        ops.push({ key, op: { kind: "update", id: m.id, patch: { content: spec.content, ttl: spec.ttl } } });
      }
    }
    for (const r of foreign)
      if (!takenOver.has(r.id)) ops.push({ key: "", op: { kind: "delete", id: r.id } });
  }
  for (const key of toCreate) ops.push({ key, op: { kind: "create", input: recordInput(specs[key]!) } });

  const results =
    ops.length > 0
      ? await submitRecordOps(
          ctx.client,
          ctx.account,
          zone,
          ops.map((o) => o.op),
        )
      : [];
  const errors: string[] = [];
  const unconfirmed: Unconfirmed[] = [];
  results.forEach((result, i) => {
    const { key, op } = ops[i]!;
    const gone = result.status === "rejected" && op.kind === "delete" && isNotFound(result.reason);
    if (result.status === "fulfilled" || gone) {
      if (op.kind === "delete") {
        // A foreign record (key "") is in no key: only a managed record leaves `managed`.
        if (managed[key]?.id === op.id) delete managed[key];
      } else if (result.status === "fulfilled") managed[key] = managedOf(result.value!);
      return;
    }
    const error = failureOf(result.reason);
    errors.push(`${key || `record ${op.kind === "create" ? undefined : op.id}`}: ${error.message}`);
    const ambiguous = error.status === undefined || error.status >= 500;
    if (op.kind === "create" && ambiguous) {
      unconfirmed.push({
        key,
        since: since.toISOString(),
        name: op.input.name,
        type: op.input.type,
        content: op.input.content,
      });
    }
  });
  const outs = outputsOf(zone, managed, specs, unconfirmed, id);
  if (errors.length > 0) {
    const shown = errors.slice(0, 10).join("; ");
    throw new PartialCreateError(
      `${errors.length} of ${ops.length} record changes in ${zone} failed: ${shown}${errors.length > 10 ? "; …" : ""}. ` +
        `The records that were changed are kept in the stack; the next \`pulumi up\` tries the rest`,
      { id, outs },
    );
  }
  return outs;
}

/** `adoptRecordIds`: only with `adopt: true`, each id once. */
function adoptRecordIdsFailures(inputs: {
  adopt?: unknown;
  adoptRecordIds?: number[] | undefined;
}): CheckFailure[] {
  const ids = inputs.adoptRecordIds;
  if (ids === undefined) return [];
  if (inputs.adopt !== true)
    return [
      {
        property: "adoptRecordIds",
        reason: "takes effect only with adopt: true, e.g. { adopt: true, adoptRecordIds: [1234, 1235] }",
      },
    ];
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  return twice.length === 0
    ? []
    : [
        {
          property: "adoptRecordIds",
          reason: `lists ${[...new Set(twice)].join(", ")} more than once; list each record once`,
        },
      ];
}

/**
 * An id of `adoptRecordIds` whose record is in the zone but matched no declared record: its
 * content, name or type changed since the state was read (or the declaration differs). Taking the
 * set forward would make a new record beside it, so the adopt stops before any write.
 */
function refuseUnmatchedIds(
  zone: string,
  ids: Set<number>,
  zoneRecords: ZoneRecord[],
  found: Record<string, Managed>,
): void {
  const adopted = new Set(Object.values(found).map((m) => m.id));
  const unmatched = zoneRecords.filter((r) => ids.has(r.id) && !adopted.has(r.id));
  if (unmatched.length === 0) return;
  const shown = unmatched
    .slice(0, 5)
    .map((r) => `${r.id} (${r.name || "@"} ${r.type} ${r.content})`)
    .join(", ");
  throw new Error(
    `adoptRecordIds: ${unmatched.length} record(s) of ${zone} match no declared record: ${shown}` +
      `${unmatched.length > 5 ? ", …" : ""}. Declare each as the zone holds it (run \`pulumi refresh\` ` +
      "before `pulumi stack export` so that the state is current), or leave its id out; nothing was written",
  );
}

/** Records of the zone the declaration matches (adopt, crash recovery), one per key at most. */
function matchDeclared(
  specs: Record<string, RecordSpec>,
  zoneRecords: ZoneRecord[],
  accept: (r: ZoneRecord) => boolean,
): Record<string, Managed> {
  const taken = new Set<number>();
  const found: Record<string, Managed> = {};
  const candidates = zoneRecords.filter((r) => !r.system_record && accept(r)).sort((a, b) => a.id - b.id);
  for (const [key, spec] of Object.entries(specs)) {
    const match = candidates.find((r) => !taken.has(r.id) && sameIdentity(r, spec));
    if (!match) continue;
    taken.add(match.id);
    found[key] = managedOf(match);
  }
  return found;
}

export const zoneRecordsResource = defineResource({
  kind: "ZoneRecords",
  notImportable:
    "which records a ZoneRecords holds, and the key of each, are the program's choice: import each record as a ZoneRecord, or declare the ZoneRecords with `adopt: true` (what generate-program writes)",
  docs: {
    summary:
      "Many records of one zone as one resource: changes leave in batch requests (1,000 records in a\n" +
      "request or two) and the engine handles one resource instead of one per record.",
    example: [
      'const hosts = new dnsimple.ZoneRecords("hosts", {',
      '  zoneName: "example.com",',
      '  records: Array.from({ length: 500 }, (_, i) => ({ name: `host${i}`, type: "A", content: "192.0.2.10", ttl: 600 })),',
      "});",
      "export const ids = hosts.recordIds;",
    ].join("\n"),
  },
  examples: {
    valid: {
      zoneName: "example.com",
      records: [
        { name: "www", type: "TXT", content: "v=spf1 -all" },
        { name: "", type: "MX", content: "mx.example.com", priority: 10 },
      ],
    },
    replaces: { zoneName: "other.com" },
    inPlace: { records: [{ name: "www", type: "TXT", content: "v=spf1 -all" }], authoritative: true },
    same: [
      {
        zoneName: "Example.COM.",
        records: [
          { name: "WWW.", type: "txt", content: '"v=spf1 -all"' },
          { name: "@", type: "mx", content: "MX.example.com.", priority: 10 },
        ],
      },
    ],
    invalid: [
      ["zoneName", "underscore in the zone", { zoneName: "bad_zone.com" }],
      [
        "records[0].ttl",
        "TTL 0 in a record of the list",
        {
          records: [{ name: "www", type: "A", content: "192.0.2.1", ttl: 0 }],
        },
      ],
      [
        "records[1]",
        "the same record twice",
        {
          records: [
            { name: "www", type: "A", content: "192.0.2.1" },
            { name: "WWW", type: "a", content: "192.0.2.1" },
          ],
        },
      ],
      [
        "records.www.content",
        "A record of the map whose content is not an IPv4 address",
        {
          records: { www: { name: "www", type: "A", content: "999.0.0.1" } },
        },
      ],
      ["records", "neither a list nor a map", { records: "www A 192.0.2.1" }],
      ["authoritative", "authoritative as a string", { authoritative: "yes" }],
    ],
  },
  review: {
    risks: {
      replace: (ch, say) => {
        const before = str(ch.before?.zoneName).toLowerCase().replace(/\.$/, "");
        return ch.members !== undefined && ch.before && ch.after && ch.zone !== before
          ? [
              "replace",
              `Moves to ${say.code(ch.zone)}: its records are created there, then deleted from ${say.code(before)}.`,
            ]
          : undefined;
      },
      // An authoritative record set deletes the records of its zone it does not declare: those the
      // stack knew of at the last refresh are listed as deletes; others appear only at `up`.
      change: (ch, say) =>
        ch.after?.authoritative === true && (orders(ch) || ch.before?.authoritative !== true)
          ? [
              [
                "delete",
                `Authoritative: every record of ${say.code(ch.zone)} it does not declare is deleted (not the service's SOA and NS), including records made outside Pulumi, which this preview does not list.`,
              ],
            ]
          : [],
    },
    section: "records",
    title: "record set",
    noun: ["record set", "record sets"],
    zone: "zoneName",
    label: (p) => {
      const records = p.records;
      const count =
        records !== null && typeof records === "object" ? Object.keys(records as object).length : undefined;
      return count === undefined ? "records" : `${count} record${count === 1 ? "" : "s"}`;
    },
    fields: ["records", "authoritative"],
    members: {
      kind: "ZoneRecord",
      field: "records",
      // Each record as a ZoneRecord's inputs: the set's zone and account, the record's fields.
      of: (p) => {
        const records = p.records;
        if (records === null || typeof records !== "object" || Array.isArray(records)) return undefined;
        if (SECRET_SIG in records || "$from" in records) return undefined;
        return Object.fromEntries(
          Object.entries(records as Record<string, unknown>).map(([key, r]) => [
            key,
            {
              ...(r !== null && typeof r === "object" && !Array.isArray(r)
                ? (r as Props)
                : { ...((typeof r === "string" && parseRecordLine(r)) || { content: r }) }),
              zoneName: p.zoneName,
              ...(p.account !== undefined ? { account: p.account } : {}),
            },
          ]),
        );
      },
    },
  },

  inputs: {
    zoneName: domainName().describe("The zone (domain name); a new zone gets the records made in it."),
    records: recordsInput
      .optional()
      .describe(
        "The records: a list (each record known by its name, type and content; by name and type for\n" +
          "CNAME and ALIAS, so a change of content is a new record), or a map whose keys name the\n" +
          "records (a change of content or name under the same key is an update in place). As an\n" +
          "output: the records by key (a list's records are keyed `name type content`, `@` for the apex),\n" +
          "each as a line `name ttl type [priority=… regions=…] content`,\n" +
          "a zoneFile's records among them.",
      ),
    zoneFile: zoneFileInput
      .optional()
      .describe(
        "Records from a BIND zone file (`dnsimple.readZoneFile(path)`), beside or instead of `records`:\n" +
          "`$ORIGIN`, `$TTL`, relative names, `@`, parentheses, comments and quoted strings are read; the\n" +
          "apex SOA and NS (the service's) are left out. A line the record rules refuse fails the preview\n" +
          "with the file's name and the line. State keeps the records read and the file's name.",
      ),
    authoritative: z
      .boolean()
      .default(false)
      .describe(
        "`false` (default, additive): manages only the records this resource created or adopted.\n" +
          "`true`: the zone holds exactly the declared records: others are deleted (never the service's\n" +
          "system records) and identical existing ones are taken over.",
      ),
    strictRecords: STRICT_RECORDS_INPUT,
    adoptRecordIds: z
      .array(z.number().int().positive())
      .optional()
      .describe(
        "With `adopt: true`: the ids of the existing records to take over (as a stack's state lists\n" +
          "them; `per-record-to-set` writes them). No other record is adopted, however alike; an id\n" +
          "whose record differs from every declared one fails the `up` before any write, and a declared\n" +
          "record none of the ids holds is created.",
      ),
    allowMassChange: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        "Forces one mass change: the number of records the change updates plus deletes, as the refusal\n" +
          "states it. A change that updates or deletes more than a share of the existing records\n" +
          "(`dnsimple:maxSafeUpdateShare`, `dnsimple:maxSafeDeleteShare`, 0.3 each, from\n" +
          "`dnsimple:minExistingRecords`, 10) fails at preview unless this equals that number; a value\n" +
          "left in the program lets through no other change. It shows in the diff for a reviewer.",
      ),
  },
  outputs,
  ids: stringIds,
  replaceOnChange: ["zoneName"],
  localOnly: ["zoneFile", "allowMassChange", "strictRecords", "adoptRecordIds"],
  massChange: { force: "allowMassChange", counts: massChangeCounts },
  normalize: {
    records: (v) =>
      Object.fromEntries(Object.entries(v).map(([key, kept]) => [key, canonicalKept(key, kept)])),
  },

  expand: expandZoneFile,

  refine(inputs) {
    const failures: CheckFailure[] = [];
    if (inputs.records === undefined && inputs.zoneFile === undefined)
      failures.push({
        property: "records",
        reason:
          'declare the records, a zoneFile, or both, e.g. records: [{ name: "www", type: "A", content: "192.0.2.10", ttl: 3600 }]',
      });
    failures.push(...adoptRecordIdsFailures(inputs));
    return failures;
  },

  refinePartial(inputs, _ownerKey, written) {
    const failures: CheckFailure[] = [];
    const records = inputs["records"];
    // A zone file's records were checked with their lines when the file was read.
    if (inputs["zoneFile"] !== undefined) return failures;
    if (records === null || typeof records !== "object") return failures;
    const list: Array<[string, unknown]> = Array.isArray(records)
      ? records.map((r, i): [string, unknown] => [`[${i}]`, r])
      : Object.entries(records);
    const entries: Array<[string, Record<string, unknown>]> = [];
    // Records that passed their shape are kept records (lines); with an unknown among them, as written.
    const kept = !containsUnknown(records);
    for (const [key, r] of list) {
      if (typeof r === "string" && kept) entries.push([key, { ...specOf(key, r) }]);
      else if (r !== null && typeof r === "object") entries.push([key, r as Record<string, unknown>]);
    }
    // A list's records are keyed by what identifies them: a failure names the record where the
    // program wrote it (`records[1]`), as the engine addresses the input.
    const placeOf = listPlaces(written?.["records"]);
    const at = (key: string) =>
      key.startsWith("[")
        ? `records${key}`
        : placeOf.has(key)
          ? `records[${placeOf.get(key)}]`
          : `records.${key}`;
    const strict = strictRecordsOf(inputs);
    for (const [key, spec] of entries) {
      for (const f of recordFailures(spec, inputs["zoneName"], strict)) {
        failures.push({ property: `${at(key)}.${f.property}`, reason: f.reason });
      }
    }
    const known: Array<[string, RecordValues]> = [];
    for (const [key, r] of entries) {
      const { name = "", type, content } = r;
      if (
        typeof name === "string" &&
        typeof type === "string" &&
        typeof content === "string" &&
        !containsUnknown(r)
      )
        known.push([key, { name, type, content }]);
    }
    for (const f of recordSetFailures(known)) failures.push({ property: at(f.key), reason: f.reason });
    return failures;
  },

  async create(ctx, inputs) {
    const zone = canonicalDomainName(inputs.zoneName);
    setBatching(getSettings().batchZoneRecords);
    const authoritative = inputs.authoritative === true;
    const zoneRecords = authoritative ? await listZone(ctx, zone) : undefined;
    const outs = await apply(ctx, zone, specsOf(inputs), {}, [], authoritative, zoneRecords, setId(zone));
    return { id: outs.setId, outs };
  },

  // Adopt: the existing records identical to the declaration (one per key), only those of
  // `adoptRecordIds` when it is given; the others are made.
  async findMatching(ctx, inputs) {
    const zone = canonicalDomainName(inputs.zoneName);
    const zoneRecords = await listZone(ctx, zone);
    const specs = specsOf(inputs);
    const ids = inputs.adoptRecordIds === undefined ? undefined : new Set(inputs.adoptRecordIds);
    const found = matchDeclared(specs, zoneRecords, (r) => ids === undefined || ids.has(r.id));
    if (ids !== undefined) refuseUnmatchedIds(zone, ids, zoneRecords, found);
    if (Object.keys(found).length === 0) return [];
    // No creation time: a set of records is never taken for one of our own creates by similarity.
    const id = setId(zone);
    return [{ id, outs: outputsOf(zone, found, specsOf(inputs), [], id), createdAt: null }];
  },

  // After a crash: identical records created since the dead run's create started are its own.
  async recover(ctx, inputs, mark) {
    const zone = canonicalDomainName(inputs.zoneName);
    const found = matchDeclared(specsOf(inputs), await listZone(ctx, zone), (r) =>
      createdSince(r.created_at, mark.since),
    );
    if (Object.keys(found).length === 0) return undefined;
    const id = setId(zone);
    return { id, outs: outputsOf(zone, found, specsOf(inputs), [], id) };
  },

  async read(ctx, id, state) {
    const zone = canonicalDomainName(state.zoneName ?? id);
    let zoneRecords: ZoneRecord[];
    try {
      zoneRecords = await listZone(ctx, zone);
    } catch (error) {
      if (failureOf(error).status === 404) return undefined;
      throw error;
    }
    const byId = new Map(zoneRecords.map((r) => [r.id, r]));
    // Without record ids this is the journal's proof that this resource's create answered
    // (the engine died before saving it): the records identical to the declaration are its own.
    const known = knowsOwned(state)
      ? managedIn(state)
      : matchDeclared(specsOf(state), zoneRecords, () => true);
    const managed: Record<string, Managed> = {};
    for (const [key, m] of Object.entries(known)) {
      const r = byId.get(m.id);
      if (r) managed[key] = managedOf(r);
    }
    if (state.authoritative === true) {
      // Undeclared records of an authoritative zone show as records to remove.
      const owned = new Set(Object.values(managed).map((m) => m.id));
      for (const r of zoneRecords) {
        if (r.system_record || owned.has(r.id)) continue;
        let key = identityKey(r);
        while (managed[key]) key = `${key}#${r.id}`;
        managed[key] = managedOf(r);
      }
    }
    const unconfirmed = state.unconfirmed ?? [];
    return outputsOf(zone, managed, specsOf(state), unconfirmed, id);
  },

  async update(ctx, id, olds, news) {
    const zone = canonicalDomainName(olds.zoneName);
    setBatching(getSettings().batchZoneRecords);
    const authoritative = news.authoritative === true;
    const unconfirmed = olds.unconfirmed ?? [];
    const zoneRecords = authoritative || unconfirmed.length > 0 ? await listZone(ctx, zone) : undefined;
    return apply(ctx, zone, specsOf(news), managedIn(olds), unconfirmed, authoritative, zoneRecords, id);
  },

  async delete(ctx, id, state) {
    const zone = canonicalDomainName(state.zoneName ?? id);
    setBatching(getSettings().batchZoneRecords);
    // Records already gone count as deleted; any other failure fails the destroy.
    await apply(ctx, zone, {}, managedIn(state), [], false, undefined, id);
  },
});
