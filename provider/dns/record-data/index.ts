/**
 * Record data: the one module that knows what a record's name, content, TTL and priority may be,
 * and which spellings of a value are the same value. `ZoneRecord`, `ZoneRecords` (and so the
 * compat `ZoneRecord`), `generate-program` and the review ask it; no other file holds a rule.
 *
 * @example
 * ```ts
 * recordFailures({ name: "www", type: "A", content: "1.2.3", ttl: 60 }, "example.com");
 * // [{ property: "content", reason: 'an A record\'s content must be an IPv4 address such as 192.0.2.10, got "1.2.3"' }]
 * canonicalContent("AAAA", "2001:0db8:0:0:0:0:0:1"); // "2001:db8::1"
 * ```
 */
import type { RecordFailure } from "../record-failure";
import { canonicalContent, parseContent } from "./content";
import { canonicalHostName, canonicalRecordName, recordFqdn, recordNameProblem } from "../record-names";
import { strictFailures } from "./strict";

export { canonicalContent, canonicalTxt, parseContent, serializedTxt, tokens, type Parsed } from "./content";
export { HOST_TYPES, MAX_CHARACTER_STRING, MAX_TXT_SERIALIZED } from "./content";
export { REGISTERED_CAA_TAGS, STRICT_RULES, strictFailures, type StrictRule } from "./strict";
export {
  canonicalHostName,
  canonicalRecordName,
  hostNameProblem,
  recordFqdn,
  recordNameProblem,
} from "../record-names";

/** The record types the service offers (its OpenAPI `ZoneRecordType`, without the system-only SOA). */
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

/** Types that must be the only record of their type (CNAME: of any type) at a name. */
export const SINGLE_AT_NAME: ReadonlySet<string> = new Set(["CNAME", "ALIAS"]);

/** Types with a priority (MX preference, SRV priority): 16-bit, RFC 1035 §3.3.9 and RFC 2782. */
export const PRIORITY_TYPES: ReadonlySet<string> = new Set(["MX", "SRV"]);

/** The service's TTL bounds: positive (its OpenAPI), DNS TTLs are 31-bit (RFC 2181 §8). */
export const MIN_TTL = 1;
export const MAX_TTL = 2 ** 31 - 1;
export const MAX_PRIORITY = 65535;

/**
 * Why a TTL is not one the service takes, or undefined: a whole number of seconds from MIN_TTL
 * (the service refuses 0) to MAX_TTL. For zone files, whose TTLs are not checked by a schema.
 */
export function ttlProblem(ttl: number): string | undefined {
  if (!Number.isInteger(ttl) || ttl < MIN_TTL || ttl > MAX_TTL)
    return `must be a whole number of seconds from ${MIN_TTL} to ${MAX_TTL} (the service refuses ${ttl < MIN_TTL ? "a TTL below 1" : "it"}), got ${ttl}; e.g. 3600`;
  return undefined;
}

/** A record's own values as a program declares them. */
export interface RecordValues {
  readonly name: string;
  readonly type: string;
  readonly content: string;
  readonly ttl?: number | undefined;
  readonly priority?: number | undefined;
}

/** How strictly a record is checked: `strict` adds the RFC rules the service does not enforce (strict.ts). */
export interface RecordCheckOptions {
  readonly strict?: boolean | undefined;
}

/**
 * What is wrong with one record, each failure naming its property, what was expected and an
 * example; `[]` when nothing is. `zone` (when known) lets names be measured with it and a CNAME
 * pointing at its own name be found. With `strict`, a record the service's rules accept is also
 * held to the strict rules (strict.ts).
 */
export function recordFailures(
  record: RecordValues,
  zone?: string,
  options: RecordCheckOptions = {},
): RecordFailure[] {
  const { name, type, content, priority } = record;
  const failures: RecordFailure[] = [];
  const nameProblem = recordNameProblem(name, zone);
  if (nameProblem) failures.push({ property: "name", reason: nameProblem });
  if (!nameProblem && type === "CNAME" && canonicalRecordName(name) === "") {
    failures.push({
      property: "name",
      reason: 'a CNAME record cannot be at the apex (name ""): use an ALIAS record there',
    });
  }
  if (priority !== undefined && priority > MAX_PRIORITY) {
    failures.push({
      property: "priority",
      reason: `must be at most ${MAX_PRIORITY} (16-bit), got ${priority}; e.g. 10`,
    });
  }
  const parsed = parseContent(type, content, priority);
  if (!parsed.ok) failures.push({ property: "content", reason: parsed.reason });
  else if (type === "CNAME" && zone !== undefined && !nameProblem) {
    if (canonicalHostName(content) === recordFqdn(name, zone)) {
      failures.push({
        property: "content",
        reason: `a CNAME record cannot point at its own name (${recordFqdn(name, zone)})`,
      });
    }
  }
  if (options.strict && parsed.ok && failures.length === 0) {
    failures.push(...strictFailures({ name, type, fields: parsed.fields }));
  }
  return failures;
}

/** A record's identity inside one declaration: name, type and canonical content. */
function identity(r: RecordValues): string {
  const type = r.type.toUpperCase();
  return `${canonicalRecordName(r.name) || "@"} ${type} ${canonicalContent(type, r.content)}`;
}

/**
 * What is wrong with records declared together (one `ZoneRecords`): the same record twice, a
 * CNAME beside any other record at its name (RFC 1034 §3.6.2, RFC 2181 §10.1), two ALIAS at one
 * name. Failures are reported on the later entry, by its key. `sameRecord: false` leaves the
 * same-record check to the caller (a zone file says it with line numbers).
 */
export function recordSetFailures(
  records: ReadonlyArray<readonly [string, RecordValues]>,
  options: { sameRecord?: boolean } = {},
): Array<{ key: string; reason: string }> {
  const out: Array<{ key: string; reason: string }> = [];
  const seen = new Map<string, string>();
  const atName = new Map<string, Array<{ key: string; type: string }>>();
  for (const [key, r] of records) {
    const id = identity(r);
    const first = seen.get(id);
    if (first !== undefined) {
      if (options.sameRecord !== false)
        out.push({ key, reason: `declares the same record as ${first} (${id}); each record once` });
    } else seen.set(id, key);
    // Every spelling of one name is one name: case, a trailing dot, "@" for the apex, IDN or punycode.
    const name = canonicalHostName(canonicalRecordName(r.name));
    const others = atName.get(name) ?? [];
    const type = r.type.toUpperCase();
    const clash = others.find(
      (o) =>
        (type === "CNAME" || o.type === "CNAME" || (SINGLE_AT_NAME.has(type) && o.type === type)) &&
        first === undefined,
    );
    if (clash) {
      out.push({
        key,
        reason:
          type === "CNAME" || clash.type === "CNAME"
            ? `a CNAME must be the only record at its name: ${clash.key} (${clash.type}) and this ${type} are both at "${name || "@"}"`
            : `only one ${type} record may be at a name: ${clash.key} is already at "${name || "@"}"`,
      });
    }
    others.push({ key, type });
    atName.set(name, others);
  }
  return out;
}
