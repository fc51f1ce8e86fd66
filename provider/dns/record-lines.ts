/**
 * A `ZoneRecords`' records as lines of text: how the SDK sends them and how state keeps them
 * (issue 27). Ten thousand records as objects cost the engine, the program and the provider
 * process 50,000 values to carry at every command; as lines they cost 10,000 strings, and a
 * no-change preview of 10,000 records costs little more than one of 10.
 *
 * A line is the record in the order of a zone file, its content last and verbatim:
 *
 * ```text
 * www 3600 A 192.0.2.1
 * @ 3600 MX [priority=10] mx.example.com
 * api - A [priority=0 regions=IAD,SV1] 192.0.2.2
 * txt 3600 TXT [] [brackets] start this content
 * ```
 *
 * Name (`@` for the apex), TTL (`-`: not declared, the default applies), type, then the
 * attributes in brackets when the record declares a priority or regions (or `[]` when the content
 * itself starts with `[`), then the content: the rest of the line, spaces and all. A program never
 * writes lines: the SDK makes them from the records a program declares, and only when every value
 * is plain (see `recordsToWire`); anything else is sent as declared and checked as declared.
 *
 * This module loads nothing: the SDK's entry requires it.
 */

/** One record's own values, as a program declares them (a `ZoneRecordsEntry`). */
export interface RecordLineValues {
  name?: string | undefined;
  type: string;
  content: string;
  ttl?: number | undefined;
  priority?: number | undefined;
  regions?: string[] | undefined;
}

/** The first element of the pair the SDK sends for `records`: the second is the records' lines. */
export const LINES_OF_A_LIST = "$records:lines";
/** The first element of the pair the SDK sends for a map of records: then key, line, key, line. */
export const LINES_OF_A_MAP = "$records:keyed-lines";

/** The line of one record. */
export function recordLine(r: RecordLineValues): string {
  const attributes: string[] = [];
  if (r.priority !== undefined) attributes.push(`priority=${r.priority}`);
  if (r.regions !== undefined) attributes.push(`regions=${r.regions.join(",")}`);
  const bracket = attributes.length > 0 || r.content.startsWith("[") ? ` [${attributes.join(" ")}]` : "";
  return `${r.name === undefined || r.name === "" ? "@" : r.name} ${r.ttl ?? "-"} ${r.type}${bracket} ${r.content}`;
}

const LINE = /^(\S+) (-|\d+) (\S+)(?: \[([^\]]*)\])? ([\s\S]*)$/;
const ATTRIBUTE = /^(priority|regions)=(.*)$/;

/**
 * The record a line holds, or undefined when the string is not a line: a name of `@` reads as
 * `@` (the apex, as a program may write it), a TTL of `-` as none.
 */
export function parseRecordLine(line: string): RecordLineValues | undefined {
  const match = LINE.exec(line);
  if (!match) return undefined;
  const [, name, ttl, type, attributes, content] = match;
  const record: RecordLineValues = { name: name!, type: type!, content: content! };
  if (ttl !== "-") record.ttl = Number(ttl);
  for (const attribute of attributes ? attributes.split(" ").filter(Boolean) : []) {
    const [, key, value] = ATTRIBUTE.exec(attribute) ?? [];
    if (key === "priority" && /^\d+$/.test(value!)) record.priority = Number(value);
    else if (key === "regions" && value) record.regions = value.split(",");
    else return undefined;
  }
  return record;
}

const PLAIN_TOKEN = /^[^\s[\],]+$/;

/** Whether a record can travel as a line and be read back the same (an apex `""` reads back `@`). */
export function isPlainRecord(r: unknown): r is RecordLineValues {
  if (r === null || typeof r !== "object" || Array.isArray(r)) return false;
  const { name, type, content, ttl, priority, regions, ...rest } = r as Record<string, unknown>;
  const wholeNumber = (n: unknown) =>
    n === undefined || (typeof n === "number" && Number.isSafeInteger(n) && n >= 0);
  return (
    Object.keys(rest).length === 0 &&
    (name === undefined ||
      name === "" ||
      (typeof name === "string" && PLAIN_TOKEN.test(name) && name !== "-")) &&
    typeof type === "string" &&
    PLAIN_TOKEN.test(type) &&
    typeof content === "string" &&
    !content.includes("\n") &&
    wholeNumber(ttl) &&
    wholeNumber(priority) &&
    (regions === undefined ||
      (Array.isArray(regions) &&
        regions.length > 0 &&
        regions.every((region) => typeof region === "string" && PLAIN_TOKEN.test(region))))
  );
}

/**
 * What the SDK sends for `records`: a list or a map of plain records as one text of lines (a
 * map's as key, line, key, line), behind a marker: one string for the engine to carry to `check`,
 * whatever the number of records. Anything else (an output, a promise, a value the rules will
 * refuse, a key with a line break) unchanged, so that `check` sees and names it as written.
 */
export function recordsToWire(records: unknown): unknown {
  if (Array.isArray(records)) {
    return records.every(isPlainRecord) ? [LINES_OF_A_LIST, records.map(recordLine).join("\n")] : records;
  }
  if (records === null || typeof records !== "object" || Object.getPrototypeOf(records) !== Object.prototype)
    return records;
  const entries = Object.entries(records);
  return entries.every(([key, r]) => !key.includes("\n") && isPlainRecord(r))
    ? [LINES_OF_A_MAP, entries.map(([key, r]) => `${key}\n${recordLine(r as RecordLineValues)}`).join("\n")]
    : records;
}

/**
 * The records the SDK sent, as the program declared them (a list or a map of objects); any other
 * value unchanged. A line that does not read as a record stays a string, for the rules to refuse.
 */
export function recordsFromWire(value: unknown): unknown {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== "string") return value;
  const lines = value[1] === "" ? [] : value[1].split("\n");
  const read = (line: string) => parseRecordLine(line) ?? line;
  if (value[0] === LINES_OF_A_LIST) return lines.map(read);
  if (value[0] !== LINES_OF_A_MAP) return value;
  const map: Record<string, unknown> = {};
  for (let i = 0; i + 1 < lines.length; i += 2) map[lines[i]!] = read(lines[i + 1]!);
  return map;
}
