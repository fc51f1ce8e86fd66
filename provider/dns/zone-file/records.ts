/**
 * Zone files and the service's records, both ways. Reading: each entry of `parse.ts` becomes the
 * record the service would hold (name relative to the zone, host names absolute without their
 * dot, MX and SRV priority in its own field), then goes through the record-data module's rules,
 * so a zone file is refused for what a `ZoneRecord` would be refused for. Writing: the records
 * as a zone file that BIND's `named-checkzone` accepts.
 *
 * @example
 * ```ts
 * const read = zoneFileRecords("@ 300 IN MX 10 mail\n", { zone: "example.com", file: "example.com.zone" });
 * read.records; // [{ line: 1, record: { name: "", type: "MX", content: "mail.example.com", ttl: 300, priority: 10 } }]
 * writeZoneFile("example.com", [{ name: "www", type: "A", content: "192.0.2.1", ttl: 60, priority: null }]);
 * // "$ORIGIN example.com.\n…www\t60\tIN\tA\t192.0.2.1\n"
 * ```
 */
import {
  RECORD_TYPES,
  canonicalHostName,
  recordFailures,
  recordSetFailures,
  ttlProblem,
} from "../record-data";
import { absoluteName, parseZoneFile, type Field, type ZoneEntry, type ZoneFileProblem } from "./parse";

/** A record as the service holds it (a `ZoneRecord`'s fields). */
export interface ServiceRecord {
  readonly name: string;
  readonly type: string;
  readonly content: string;
  readonly ttl: number;
  readonly priority?: number | null | undefined;
}

export interface ZoneFileRecords {
  /** The records to declare, each with the line it was read from. */
  readonly records: Array<{ line: number; record: ServiceRecord }>;
  /** The apex SOA and NS: the service's own records, left out (with their lines). */
  readonly skipped: ZoneEntry[];
  /**
   * Records outside the zone (an export that begins `$ORIGIN .` may hold the parent's or other
   * zones' names): left out, as BIND leaves them out ("ignoring out-of-zone data"), with their lines.
   */
  readonly outside: ZoneEntry[];
  /** What stops the file, each with its line; refused as a whole when there is one. */
  readonly problems: ZoneFileProblem[];
}

/** Types the service serves that are not DNS types: written as comments, never read. */
const SERVICE_ONLY = new Set(["ALIAS", "URL", "POOL"]);

const noDot = (name: string) => (name === "." ? "." : name.replace(/\.$/, ""));
const hostOf = (field: Field, origin: string) => noDot(absoluteName(field.text, origin));
const quoted = (field: Field) => (field.quoted ? field.text : `"${field.text}"`);

/** The service's content (and priority) of an entry, or why the entry has none. */
function contentOf(entry: ZoneEntry): { content: string; priority?: number } | string {
  const { type, data, origin } = entry;
  const count = (n: number, example: string) =>
    data.length === n
      ? undefined
      : `${type} data has ${n} fields (e.g. "${example}"), this one ${data.length}`;
  const number = (field: Field | undefined) =>
    field && /^\d+$/.test(field.text) ? Number(field.text) : undefined;
  switch (type) {
    case "A":
    case "AAAA":
    case "URL":
      return (
        count(1, type === "A" ? "192.0.2.1" : type === "AAAA" ? "2001:db8::1" : "https://example.com/") ?? {
          content: data[0]!.text,
        }
      );
    case "CNAME":
    case "NS":
    case "PTR":
    case "ALIAS":
    case "POOL":
      return count(1, "host.example.com.") ?? { content: hostOf(data[0]!, origin) };
    case "MX": {
      const problem = count(2, "10 mail.example.com.");
      const priority = number(data[0]);
      if (problem) return problem;
      if (priority === undefined) return `MX preference must be a whole number, got "${data[0]!.text}"`;
      return { priority, content: hostOf(data[1]!, origin) };
    }
    case "SRV": {
      const problem = count(4, "10 5 5060 sip.example.com.");
      const priority = number(data[0]);
      if (problem) return problem;
      if (priority === undefined) return `SRV priority must be a whole number, got "${data[0]!.text}"`;
      return { priority, content: `${data[1]!.text} ${data[2]!.text} ${hostOf(data[3]!, origin)}` };
    }
    case "NAPTR":
      return (
        count(6, '100 10 "S" "SIP+D2U" "" _sip._udp.example.com.') ?? {
          content: [...data.slice(0, 5).map((f) => f.text), hostOf(data[5]!, origin)].join(" "),
        }
      );
    case "SOA":
      return (
        count(7, "ns1.example.com. admin.example.com. 1 86400 7200 604800 300") ?? {
          content: [
            hostOf(data[0]!, origin),
            hostOf(data[1]!, origin),
            ...data.slice(2).map((f) => f.text),
          ].join(" "),
        }
      );
    case "TXT":
    case "SPF":
      return data.length === 0
        ? `${type} data needs a string, e.g. "v=spf1 -all"`
        : { content: data.map(quoted).join(" ") };
    case "HINFO":
      return count(2, '"x86_64" "Linux"') ?? { content: data.map(quoted).join(" ") };
    case "CAA":
      return count(3, '0 issue "letsencrypt.org"') ?? { content: data.map((f) => f.text).join(" ") };
    case "SSHFP":
      // Base64 and hex may be split by blanks in a zone file; the service holds them in one piece.
      return joinedAfter(
        data,
        2,
        type,
        "1 2 123456789abcdef67890123456789abcdef67890123456789abcdef123456789a",
      );
    case "DS":
    case "DNSKEY":
      return joinedAfter(
        data,
        3,
        type,
        type === "DS" ? "60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118" : "257 3 13 base64key==",
      );
    default:
      return `the service does not hold ${type} records; it holds ${RECORD_TYPES.filter((t) => !SERVICE_ONLY.has(t)).join(", ")}`;
  }
}

function joinedAfter(data: readonly Field[], fixed: number, type: string, example: string) {
  if (data.length <= fixed)
    return `${type} data has ${fixed + 1} fields (e.g. "${example}"), this one ${data.length}`;
  return {
    content: [
      ...data.slice(0, fixed).map((f) => f.text),
      data
        .slice(fixed)
        .map((f) => f.text)
        .join(""),
    ].join(" "),
  };
}

/** The name of `owner` in `zone` (`""` for the apex), or undefined when it is outside. */
function nameIn(owner: string, zone: string): string | undefined {
  const fqdn = canonicalHostName(owner);
  if (fqdn === zone) return "";
  if (!fqdn.endsWith(`.${zone}`)) return undefined;
  // The name as written, minus the zone: a program's spelling (case) is kept.
  return noDot(owner).slice(0, -(zone.length + 1));
}

/** Whether an entry's owner is outside `zone` (so BIND, and we, leave it out). */
export function outsideZone(entry: ZoneEntry, zone: string): boolean {
  return nameIn(entry.owner, canonicalHostName(zone)) === undefined;
}

/** One entry as the service's record, or what is wrong with it. */
export function entryRecord(entry: ZoneEntry, zoneName: string): ServiceRecord | string {
  const zone = canonicalHostName(zoneName);
  const name = nameIn(entry.owner, zone);
  if (name === undefined) return `${noDot(entry.owner)} is outside the zone ${zone}`;
  const content = contentOf(entry);
  if (typeof content === "string") return content;
  return { name, type: entry.type, ttl: entry.ttl, content: content.content, priority: content.priority };
}

/**
 * A zone file's records for `zone`: every record read, refused (with its line) where the
 * record-data rules refuse it (a TTL the service refuses, a CNAME beside other data at its name
 * among them); the apex SOA and NS, and records outside the zone, left out.
 */
export function zoneFileRecords(text: string, options: { zone: string }): ZoneFileRecords {
  const zone = canonicalHostName(options.zone);
  const parsed = parseZoneFile(text, { origin: zone });
  const problems = [...parsed.problems];
  const records: ZoneFileRecords["records"] = [];
  const skipped: ZoneEntry[] = [];
  const outside: ZoneEntry[] = [];
  for (const entry of parsed.entries) {
    if (outsideZone(entry, zone)) {
      outside.push(entry);
      continue;
    }
    const record = entryRecord(entry, zone);
    if (typeof record === "string") {
      problems.push({ line: entry.line, message: record });
      continue;
    }
    if (record.name === "" && (record.type === "SOA" || record.type === "NS")) {
      skipped.push(entry);
      continue;
    }
    if (record.type === "SOA") {
      problems.push({ line: entry.line, message: "an SOA record belongs at the zone's apex only" });
      continue;
    }
    const failures = recordFailures({ ...record, priority: record.priority ?? undefined }, zone);
    const ttl = ttlProblem(record.ttl);
    if (ttl !== undefined) failures.push({ property: "TTL", reason: ttl });
    for (const f of failures)
      problems.push({ line: entry.line, message: `${record.type} ${f.property}: ${f.reason}` });
    if (failures.length === 0) records.push({ line: entry.line, record });
  }
  // A CNAME alone at its name (RFC 1034 §3.6.2, RFC 2181 §10.1): the later line is refused,
  // naming the earlier; the same record twice is the caller's to say (ZoneRecords merges none).
  const lineKey = (line: number) => `line ${line}`;
  const clashes = recordSetFailures(
    records.map(
      ({ line, record: r }) => [lineKey(line), { name: r.name, type: r.type, content: r.content }] as const,
    ),
    { sameRecord: false },
  );
  const clashed = new Set(clashes.map((c) => c.key));
  for (const c of clashes) problems.push({ line: Number(c.key.slice(5)), message: c.reason });
  problems.sort((a, b) => a.line - b.line);
  return { records: records.filter((r) => !clashed.has(lineKey(r.line))), skipped, outside, problems };
}

// ---- writing ----

const dotted = (host: string) => (host === "." || host.endsWith(".") ? host : `${host}.`);

/** TXT content as zone-file strings: quoted content as the service keeps it, plain text split at 255 octets. */
function txtStrings(content: string): string {
  if (content.startsWith('"')) return content;
  const parts: string[] = [];
  let part = "";
  for (const ch of content) {
    if (Buffer.byteLength(part + ch, "utf8") > 255) {
      parts.push(part);
      part = "";
    }
    part += ch;
  }
  parts.push(part);
  return parts.map((p) => `"${p.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(" ");
}

/** The record data of a service record in zone-file form, or undefined for a service-only type. */
function dataOf(r: ServiceRecord): string | undefined {
  const fields = r.content.split(" ");
  switch (r.type) {
    case "CNAME":
    case "NS":
    case "PTR":
      return dotted(r.content);
    case "MX":
      return `${r.priority ?? 0} ${dotted(r.content)}`;
    case "SRV":
      return `${r.priority ?? 0} ${fields.slice(0, 2).join(" ")} ${dotted(fields[2] ?? "")}`;
    case "SOA":
      return [dotted(fields[0] ?? ""), dotted(fields[1] ?? ""), ...fields.slice(2)].join(" ");
    case "NAPTR": {
      const last = r.content.lastIndexOf(" ");
      return `${r.content.slice(0, last)} ${dotted(r.content.slice(last + 1))}`;
    }
    case "TXT":
    case "SPF":
      return txtStrings(r.content);
    default:
      return SERVICE_ONLY.has(r.type) ? undefined : r.content;
  }
}

/** A record name written relative to the zone's `$ORIGIN`. */
const ownerOf = (name: string) => (name === "" ? "@" : name);

/**
 * The records of `zone` as a zone file: SOA first, then NS, then the rest by name and type.
 * ALIAS, URL and POOL records are the service's own (no DNS type): written as comments.
 */
export function writeZoneFile(zone: string, records: readonly ServiceRecord[]): string {
  const order = (r: ServiceRecord) => (r.type === "SOA" ? 0 : r.type === "NS" && r.name === "" ? 1 : 2);
  const sorted = [...records].sort(
    (a, b) =>
      order(a) - order(b) ||
      a.name.localeCompare(b.name) ||
      a.type.localeCompare(b.type) ||
      a.content.localeCompare(b.content),
  );
  const lines = [`$ORIGIN ${dotted(zone)}`];
  for (const r of sorted) {
    const data = dataOf(r);
    const line = `${ownerOf(r.name)}\t${r.ttl}\tIN\t${r.type}\t${data ?? r.content}`;
    lines.push(data === undefined ? `; ${line} (a record of the service, not a DNS type)` : line);
  }
  return `${lines.join("\n")}\n`;
}

/** Entries written back as a zone file, each under the origin it was read with (for comparing with BIND). */
export function writeEntries(entries: readonly ZoneEntry[]): string {
  return entries
    .map(
      (e) => `$ORIGIN ${e.origin}\n${e.owner} ${e.ttl} IN ${e.type} ${e.data.map((f) => f.text).join(" ")}\n`,
    )
    .join("");
}
