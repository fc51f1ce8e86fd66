/**
 * A `ZoneRecord` declared beside the others of its program: a CNAME must be the only record at its
 * name, and one ALIAS at most (RFC 1034 §3.6.2, RFC 2181 §10.1; record-data's `recordSetFailures`,
 * which a `ZoneRecords` applies to its own records). Each `ZoneRecord` is checked alone, but the
 * program's resources are all checked by one provider process during a preview: this module keeps
 * what that process has seen, by account and zone, so that the second of two clashing records
 * fails at preview, naming the first, instead of at `up` with the service's "A CNAME record exists
 * for …, cannot add another record".
 *
 * Only records of this run are compared: a record the program no longer declares is not checked,
 * so moving a name from CNAME to A in one change passes. A record checked again (a preview then
 * the update of one `pulumi up`) replaces its own entry. Values still unknown leave a record out.
 */
import { reportOnce } from "../framework/engine-log";
import type { CheckFailure } from "../framework/validation";
import { UNKNOWN } from "../framework/unknown";
import { canonicalDomainName } from "../dns/domain-names";
import { canonicalContent, recordSetFailures } from "../dns/record-data";

/**
 * From this many `ZoneRecord`s in one zone a command says once what per-record programs cost and
 * how to leave them (docs/per-record-to-set.md). 300: the size the benches measured.
 */
export const PER_RECORD_WARNING_THRESHOLD = 300;

/**
 * The warning, with bench/results.json's `per_record_300_cycle_vs_zone_records` (bench/cycle-costs.ts):
 * a 300-record cycle of `ZoneRecord`s against one `ZoneRecords` of the same records.
 */
export function perRecordWarning(zone: string): string {
  return (
    `${zone}: ${PER_RECORD_WARNING_THRESHOLD} or more ZoneRecord resources in one zone. The engine rewrites ` +
    `the whole state after each one's step, so every command costs the square of the records: ` +
    `300 ZoneRecords took 3.70 times as long as one ZoneRecords of the same records (up, preview, refresh, ` +
    `a change, destroy). One ZoneRecords per zone, taken over with no write to DNSimple: ` +
    `docs/per-record-to-set.md (npx pulumi-dnsimple-dynamic per-record-to-set)`
  );
}

interface Declared {
  readonly name: string;
  readonly type: string;
  readonly content: string;
}

/** account/zone → owner key → the record it declares. */
const declared = new Map<string, Map<string, Declared>>();
/** owner key → the account/zone it was last seen in (a record checked again elsewhere moves). */
const zoneOf = new Map<string, string>();

const known = (v: unknown): v is string => typeof v === "string" && !v.includes(UNKNOWN);

/** The key of the record being checked among the others (no resource's name can be it). */
const THIS_RECORD = "\0this record";

/** The resource's name in a failure: the last part of its owner key (`…::www`) or the key itself. */
const shortName = (ownerKey: string) => ownerKey.split("::").pop() || ownerKey;

/**
 * Notes the record a `ZoneRecord` declares and answers what clashes with the others this process
 * has seen in the same zone of the same account.
 *
 * @example
 * declaredRecordFailures("1", { zoneName: "example.com", name: "www", type: "A", content: "192.0.2.1" }, "p/s/dnsimple:ZoneRecord::a");
 * declaredRecordFailures("1", { zoneName: "example.com", name: "WWW.", type: "CNAME", content: "x.net" }, "p/s/dnsimple:ZoneRecord::c");
 * // → [{ property: "name", reason: 'a CNAME must be the only record at its name: ZoneRecord "a" (A) and this CNAME are both at "www"' }]
 */
export function declaredRecordFailures(
  account: unknown,
  inputs: Record<string, unknown>,
  ownerKey: string | undefined,
): CheckFailure[] {
  if (!ownerKey) return [];
  const previous = zoneOf.get(ownerKey);
  if (previous !== undefined) declared.get(previous)?.delete(ownerKey);
  zoneOf.delete(ownerKey);
  const { zoneName, name, type, content } = inputs;
  if (!known(account) || !known(zoneName) || !known(name) || !known(type)) return [];
  const zoneKey = `${account}/${canonicalDomainName(zoneName)}`;
  const upperType = type.toUpperCase();
  // Content tells two records of one type apart; an unknown one is unlike every other.
  const mine: Declared = {
    name,
    type: upperType,
    content: known(content) ? canonicalContent(upperType, content) : `${UNKNOWN}${ownerKey}`,
  };
  const others = declared.get(zoneKey) ?? new Map<string, Declared>();
  declared.set(zoneKey, others);
  // The others under the names a failure shows; this record last, so failures fall on it.
  const failures = recordSetFailures(
    [
      ...[...others].map(([key, r]) => [`ZoneRecord "${shortName(key)}"`, { ...r, ttl: 0 }] as const),
      [THIS_RECORD, { ...mine, ttl: 0 }] as const,
    ],
    { sameRecord: false },
  )
    .filter((f) => f.key === THIS_RECORD)
    .map((f) => ({ property: "name", reason: f.reason }));
  others.set(ownerKey, mine);
  zoneOf.set(ownerKey, zoneKey);
  // Once per zone and provider process (one command): not per resource.
  if (others.size >= PER_RECORD_WARNING_THRESHOLD)
    reportOnce(`per-record:${zoneKey}`, perRecordWarning(canonicalDomainName(zoneName)));
  return failures;
}

/** Forgets every record seen (tests: each starts as a new provider process would). */
export function resetDeclaredRecords(): void {
  declared.clear();
  zoneOf.clear();
}
