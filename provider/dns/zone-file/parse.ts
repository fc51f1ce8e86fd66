/**
 * BIND zone files (RFC 1035 §5.1, with BIND's `$TTL` of RFC 2308 and its TTL units) read into
 * entries: owner, TTL, type and the record data's fields as written. What the data means is not
 * decided here: `records.ts` turns entries into the service's records through the one
 * record-data module. docs/decisions/010-zone-files.md says why this is our own parser.
 *
 * Read: `$ORIGIN` (absolute or relative to the origin before it), `$TTL`, `@`, relative and
 * absolute names, an omitted owner (the previous one), omitted TTL (`$TTL`, else the last TTL
 * given, as BIND does), TTL and class in either order, parentheses across lines, `;` comments,
 * quoted strings with `\` escapes. Refused, with the line: `$INCLUDE` and `$GENERATE` (a file
 * stands alone here), classes other than IN, unbalanced quotes or parentheses.
 *
 * @example
 * ```ts
 * parseZoneFile("$TTL 1h\n@ IN MX 10 mail\nmail A 192.0.2.1\n", { origin: "example.com" }).entries;
 * // [{ line: 2, owner: "example.com.", ttl: 3600, type: "MX", data: [{ text: "10" }, { text: "mail" }], origin: "example.com." }, …]
 * ```
 */

/** One field of record data as written: a bare word, or a quoted string with its quotes. */
export interface Field {
  readonly text: string;
  readonly quoted: boolean;
}

/** One record of a zone file. Names are absolute, with their trailing dot. */
export interface ZoneEntry {
  /** The line the record starts on (1-based). */
  readonly line: number;
  readonly owner: string;
  readonly ttl: number;
  readonly type: string;
  readonly data: readonly Field[];
  /** The origin in effect on its line: relative names in `data` are relative to it. */
  readonly origin: string;
}

export interface ZoneFileProblem {
  readonly line: number;
  readonly message: string;
}

export interface ParsedZoneFile {
  readonly entries: ZoneEntry[];
  readonly problems: ZoneFileProblem[];
}

export interface ParseOptions {
  /** The zone's name: the origin before any `$ORIGIN` (as BIND's zone statement gives it). */
  readonly origin: string;
}

/** A TTL: seconds, or BIND's units (`1h30m`, `2d`, `1w`); 31-bit (RFC 2181 §8). */
const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
export function parseTtl(text: string): number | undefined {
  let seconds: number;
  if (/^\d+$/.test(text)) seconds = Number(text);
  else if (/^(\d+[smhdw])+$/i.test(text)) {
    seconds = 0;
    for (const [, n, unit] of text.matchAll(/(\d+)([smhdw])/gi))
      seconds += Number(n) * TTL_UNITS[unit!.toLowerCase()]!;
  } else return undefined;
  return seconds <= 2 ** 31 - 1 ? seconds : undefined;
}

const CLASSES = new Set(["IN", "CH", "CS", "HS"]);
const isClass = (text: string) => CLASSES.has(text.toUpperCase()) || /^CLASS\d+$/i.test(text);
const TYPE_WORD = /^[A-Za-z][A-Za-z0-9-]*$/;

/** `name` made absolute against `origin` (both as written; `origin` ends with a dot). */
export function absoluteName(name: string, origin: string): string {
  if (name === "@") return origin;
  if (name.endsWith(".") && !name.endsWith("\\.")) return name;
  return origin === "." ? `${name}.` : `${name}.${origin}`;
}

/** One logical line: its fields, the line it starts on, whether it starts with a blank. */
interface LogicalLine {
  readonly line: number;
  readonly blankStart: boolean;
  readonly fields: Field[];
}

/** The file cut into logical lines (parentheses joined, comments dropped). */
function logicalLines(text: string, problems: ZoneFileProblem[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  let line = 1;
  let current: LogicalLine | undefined;
  let depth = 0;
  let openedOn = 0;
  let i = 0;
  const startOfLine = () => i === 0 || text[i - 1] === "\n";
  const finish = () => {
    if (current && current.fields.length > 0) out.push(current);
    current = undefined;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (startOfLine() && depth === 0) {
      finish();
      current = { line, blankStart: c === " " || c === "\t", fields: [] };
    }
    current ??= { line, blankStart: false, fields: [] };
    if (c === "\n") {
      line++;
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === ";") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (c === "(") {
      if (depth === 0) openedOn = line;
      depth++;
      i++;
      continue;
    }
    if (c === ")") {
      if (depth === 0) problems.push({ line, message: 'a ")" closes no "("' });
      else depth--;
      i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length || text[j] !== '"') {
        problems.push({ line, message: "a quoted string is not closed on its line" });
        i = j;
        continue;
      }
      current.fields.push({ text: text.slice(i, j + 1), quoted: true });
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < text.length && !' \t\r\n;()"'.includes(text[j]!)) j += text[j] === "\\" ? 2 : 1;
    current.fields.push({ text: text.slice(i, j), quoted: false });
    i = j;
  }
  if (depth > 0) problems.push({ line: openedOn, message: 'a "(" opened here is never closed' });
  finish();
  return out;
}

/** Reads a zone file. Every problem carries its line; entries hold the records read without one. */
export function parseZoneFile(text: string, options: ParseOptions): ParsedZoneFile {
  const problems: ZoneFileProblem[] = [];
  const entries: ZoneEntry[] = [];
  let origin = absoluteName(options.origin, ".");
  let defaultTtl: number | undefined;
  let lastTtl: number | undefined;
  let lastOwner: string | undefined;
  for (const { line, blankStart, fields } of logicalLines(text, problems)) {
    const problem = (message: string) => problems.push({ line, message });
    const first = fields[0]!;
    if (!blankStart && !first.quoted && first.text.startsWith("$")) {
      const directive = first.text.toUpperCase();
      const value = fields[1]?.text;
      if (directive === "$ORIGIN" && value !== undefined) origin = absoluteName(value, origin);
      else if (directive === "$TTL" && value !== undefined) {
        const ttl = parseTtl(value);
        if (ttl === undefined) problem(`$TTL must be seconds or a BIND duration such as 1h, got "${value}"`);
        else defaultTtl = ttl;
      } else if (directive === "$INCLUDE" || directive === "$GENERATE") {
        problem(
          `${directive} is not read here: a zone file stands alone (write the records it would add into the file)`,
        );
      } else problem(`unknown directive ${first.text}: only $ORIGIN and $TTL are read (e.g. "$TTL 3600")`);
      continue;
    }
    let rest = fields;
    let owner: string | undefined;
    if (blankStart) {
      owner = lastOwner;
      if (owner === undefined) {
        problem("the first record has no owner name: start it with a name or @");
        continue;
      }
    } else {
      owner = absoluteName(first.text, origin);
      rest = fields.slice(1);
    }
    lastOwner = owner;
    let ttl: number | undefined;
    let recordClass: string | undefined;
    while (rest.length > 0 && !rest[0]!.quoted) {
      const word = rest[0]!.text;
      if (ttl === undefined && parseTtl(word) !== undefined) ttl = parseTtl(word);
      else if (recordClass === undefined && isClass(word)) recordClass = word.toUpperCase();
      else break;
      rest = rest.slice(1);
    }
    const typeField = rest[0];
    if (typeField === undefined || typeField.quoted || !TYPE_WORD.test(typeField.text)) {
      problem(
        `expected a record type (e.g. "www 3600 IN A 192.0.2.1"), got ${typeField ? `"${typeField.text}"` : "nothing"}`,
      );
      continue;
    }
    if (recordClass !== undefined && recordClass !== "IN") {
      problem(`class ${recordClass} is not served here: records are class IN`);
      continue;
    }
    const type = typeField.text.toUpperCase();
    const data = rest.slice(1);
    if (ttl !== undefined) lastTtl = ttl;
    else ttl = defaultTtl ?? lastTtl;
    if (ttl === undefined && type === "SOA") {
      // RFC 1035 without $TTL: BIND takes the SOA's minimum field (its last) as the zone's TTL.
      ttl = parseTtl(data[data.length - 1]?.text ?? "");
      lastTtl = ttl;
    }
    if (ttl === undefined) {
      problem("the record has no TTL and none comes before it: give one, or start the file with $TTL 3600");
      continue;
    }
    entries.push({ line, owner, ttl, type, data, origin });
  }
  return { entries, problems };
}
