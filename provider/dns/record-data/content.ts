/**
 * The content of each record type the service offers: a parser into its fields and a canonical
 * form. Every reason names what was expected and gives an example. The rules and where they come
 * from:
 *
 * - A / AAAA: RFC 1035 §3.4.1 and RFC 4291 §2.2 (text forms); the service compresses IPv6
 *   (RFC 5952), so compressed and uncompressed spellings are the same value.
 * - host-name targets (CNAME, ALIAS, NS, PTR, POOL, MX, SRV, NAPTR replacement): RFC 1035 §2.3.1,
 *   RFC 2181 §11; no address, URL, path or spaces (DNSControl's and octoDNS's target checks).
 * - MX: RFC 7505 (a null MX `.` has preference 0); preference 16-bit (RFC 1035 §3.3.9).
 * - SRV: the service's content is `weight port target`, priority in its own field (DNSimple's
 *   record documentation); each 16-bit (RFC 2782).
 * - CAA: `flags tag value`, flags 8-bit, tag alphanumeric 1-15 (RFC 8659 §4.1).
 * - SSHFP: `algorithm type fingerprint`, hex of the hash's length (RFC 4255 §3.1, RFC 6594).
 * - DS: `keytag algorithm digest-type digest` (RFC 4034 §5.3, digest lengths RFC 4509, RFC 6605).
 * - DNSKEY: `flags protocol algorithm key` (RFC 4034 §2.2), key in base64.
 * - NAPTR: `order preference "flags" "services" "regexp" replacement` (RFC 3403 §4.1). The regexp
 *   is empty or a substitution expression (RFC 3403 §3.2: `delim ere delim repl delim [i]`, the
 *   delimiter any character but a digit, `\` or the flag `i`, back-references `\1`-`\9` only to
 *   groups the ere has); anything else (`"EMPTY"`) is refused, as BIND refuses it as a syntax error.
 * - HINFO: `"cpu" "os"` (RFC 1035 §3.3.2).
 * - TXT / SPF: the service serializes unquoted content into one quoted string and stores quoted
 *   content verbatim; either way at most 1,000 characters once serialized (DNSimple's "TXT record
 *   formatting" article); each quoted string at most 255 octets (RFC 1035 §3.3.14); no trailing
 *   space, no unpaired double quote, not empty (DNSControl's audit of DNSimple, verified 2023).
 * - URL: an http(s) URL with its scheme (DNSimple's "URL record format" article, a redirect).
 */
import { isIP } from "node:net";
import { canonicalHostName, hostNameProblem, shown } from "../record-names";

export type Parsed =
  | {
      readonly ok: true;
      readonly fields: Readonly<Record<string, string | number>>;
      readonly canonical: string;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * The service's limit of a TXT record's content once serialized (quotes added, `"` escaped):
 * "the total length of your content (after DNSimple's automatic serialization, including added
 * quotes and escaped characters) is limited to 1000 characters", and quoted input "must not
 * exceed 1000 characters" (DNSimple's "TXT record format" article, `txt-record-format`). So 998
 * unquoted characters are the most; DNSControl's `TxtLongerThan(1000)` counts the text without its
 * quotes and lets 999 and 1,000 through (docs/strict-records.md, "The TXT limit").
 */
export const MAX_TXT_SERIALIZED = 1000;
/** RFC 1035 §3.3.14: one character-string holds at most 255 octets. */
export const MAX_CHARACTER_STRING = 255;

const fail = (reason: string): Parsed => ({ ok: false, reason });

/** "an MX record", "a TXT record": the article as the type is read aloud. */
const AN = new Set(["A", "AAAA", "ALIAS", "HINFO", "MX", "NS", "SPF", "SRV", "SSHFP"]);
const aRecord = (type: string) => `${AN.has(type) ? "an" : "a"} ${type} record`;
const ok = (fields: Record<string, string | number>, canonical: string): Parsed => ({
  ok: true,
  fields,
  canonical,
});

/** Content split into fields: bare words and `"quoted strings"` (with `\"` escapes), one or more spaces apart. */
export function tokens(content: string): Array<{ text: string; quoted: boolean }> | undefined {
  const out: Array<{ text: string; quoted: boolean }> = [];
  let i = 0;
  while (i < content.length) {
    if (content[i] === " ") {
      i++;
      continue;
    }
    if (content[i] === '"') {
      let j = i + 1;
      let text = "";
      while (j < content.length && content[j] !== '"') {
        if (content[j] === "\\" && j + 1 < content.length) {
          // Only an escaped quote is unescaped: how the service treats other escapes is not recorded.
          text += content[j + 1] === '"' ? '"' : content.slice(j, j + 2);
          j += 2;
        } else text += content[j++];
      }
      if (j >= content.length) return undefined;
      out.push({ text, quoted: true });
      i = j + 1;
      if (i < content.length && content[i] !== " ") return undefined;
    } else {
      let j = i;
      while (j < content.length && content[j] !== " ") j++;
      const text = content.slice(i, j);
      if (text.includes('"')) return undefined;
      out.push({ text, quoted: false });
      i = j;
    }
  }
  return out;
}

function hex(
  text: string | undefined,
  what: string,
  lengths: readonly number[] | undefined,
  example: string,
): string | undefined {
  if (text === undefined || text === "") return `needs ${what} in hexadecimal, e.g. "${example}"`;
  if (!/^[0-9a-fA-F]+$/.test(text))
    return `${what} must be hexadecimal (0-9, a-f), got ${shown(text)} (e.g. "${example}")`;
  if (text.length % 2 !== 0) return `${what} must have an even number of hex digits, got ${text.length}`;
  if (lengths && !lengths.includes(text.length)) {
    return `${what} must be ${lengths.join(" or ")} hex digits for this type, got ${text.length}`;
  }
  return undefined;
}

/**
 * Why a record's content is refused, thrown by the readers of its fields below and returned by
 * {@link parseContent} as its reason.
 */
class ContentProblem extends Error {}

/** The fields of a `type` record's content: `count` of them (or a range), or a ContentProblem. */
function fieldsOf(content: string, type: string, count: number | readonly [number, number], example: string) {
  const list = tokens(content);
  if (list === undefined) {
    throw new ContentProblem(
      `${aRecord(type)}'s content has an unpaired quote ("), got ${shown(content)}; e.g. ${JSON.stringify(example)}`,
    );
  }
  const [min, max] = typeof count === "number" ? [count, count] : count;
  if (list.length < min || list.length > max) {
    const n = min === max ? `${min}` : `${min} to ${max}`;
    throw new ContentProblem(
      `${aRecord(type)}'s content must have ${n} fields, got ${list.length} in ${shown(content)}; e.g. ${JSON.stringify(example)}`,
    );
  }
  return list;
}

/** A whole-number field of a `type` record's content (`the SRV port`), or a ContentProblem. */
function uintField(
  type: string,
  text: string | undefined,
  bits: 8 | 16 | 32,
  field: string,
  example: string,
) {
  const what = `the ${type} ${field}`;
  const max = 2 ** bits - 1;
  const problem = (why: string) => new ContentProblem(`${aRecord(type)}'s content: ${why}`);
  if (text === undefined) throw problem(`needs ${what} (a whole number 0-${max}), e.g. "${example}"`);
  if (!/^\d+$/.test(text))
    throw problem(`${what} must be a whole number 0-${max}, got ${shown(text)} (e.g. "${example}")`);
  const n = Number(text);
  if (n > max) throw problem(`${what} must be at most ${max} (${bits}-bit), got ${text} (e.g. "${example}")`);
  return n;
}

function address(type: "A" | "AAAA", content: string): Parsed {
  if (type === "A") {
    if (isIP(content) !== 4) {
      const family = isIP(content) === 6 ? " (that is an IPv6 address: use an AAAA record)" : "";
      return fail(
        `an A record's content must be an IPv4 address such as 192.0.2.10, got ${shown(content)}${family}`,
      );
    }
    return ok({ address: content }, content);
  }
  if (isIP(content) !== 6 || content.includes("%")) {
    const family = isIP(content) === 4 ? " (that is an IPv4 address: use an A record)" : "";
    return fail(
      `an AAAA record's content must be an IPv6 address such as 2001:db8::1, got ${shown(content)}${family}`,
    );
  }
  // The URL parser writes IPv6 in RFC 5952's compressed lower-case form.
  const canonical = new URL(`http://[${content}]/`).hostname.slice(1, -1);
  return ok({ address: canonical }, canonical);
}

function host(type: string, content: string, example: string): Parsed {
  const problem = hostNameProblem(content, example);
  if (problem) return fail(`${aRecord(type)}'s content ${problem}`);
  return ok({ target: canonicalHostName(content) }, canonicalHostName(content));
}

function mx(content: string, priority: number | undefined): Parsed {
  if (content === ".") {
    if (priority !== undefined && priority !== 0) {
      return fail(`a null MX (content ".", RFC 7505) must have priority 0, got ${priority}`);
    }
    return ok({ target: "." }, ".");
  }
  return host("MX", content, "mail.example.com");
}

function srv(content: string): Parsed {
  const example = "10 5060 sip.example.com";
  const list = fieldsOf(content, "SRV", 3, `${example}" (weight port target; the priority has its own field`);
  const [w, p, t] = list.map((x) => x.text);
  const weight = uintField("SRV", w, 16, "weight", example);
  const port = uintField("SRV", p, 16, "port", example);
  if (t === ".") return ok({ weight, port, target: "." }, `${weight} ${port} .`);
  const problem = hostNameProblem(t ?? "", "sip.example.com");
  if (problem) return fail(`an SRV record's target ${problem}`);
  const target = canonicalHostName(t ?? "");
  return ok({ weight, port, target }, `${weight} ${port} ${target}`);
}

function caa(content: string): Parsed {
  const example = '0 issue "letsencrypt.org"';
  const list = fieldsOf(content, "CAA", 3, example);
  const [f, t, v] = list;
  const flags = uintField("CAA", f?.text, 8, "flags", example);
  const tag = t?.text ?? "";
  if (t?.quoted || !/^[A-Za-z0-9]{1,15}$/.test(tag)) {
    return fail(
      `a CAA record's tag must be 1-15 letters or digits (issue, issuewild, iodef, …), got "${tag}"; e.g. ${JSON.stringify(example)}`,
    );
  }
  const value = v?.text ?? "";
  const lower = tag.toLowerCase();
  if ((lower === "issue" || lower === "issuewild") && value !== ";" && value !== "") {
    const domain = value.split(";")[0]?.trim() ?? "";
    if (domain !== "" && hostNameProblem(domain, "letsencrypt.org")) {
      return fail(
        `a CAA ${lower} value must start with the CA's domain such as letsencrypt.org, got ${shown(value)}`,
      );
    }
  }
  if (lower === "iodef" && !/^(mailto:[^\s@]+@[^\s@]+|https?:\/\/\S+)$/.test(value)) {
    return fail(
      `a CAA iodef value must be a mailto: or http(s): URL (RFC 8659 §4.4), e.g. "mailto:security@example.com", got ${shown(value)}`,
    );
  }
  return ok({ flags, tag: lower, value }, `${flags} ${lower} "${value.replace(/"/g, '\\"')}"`);
}

function sshfp(content: string): Parsed {
  const example = "1 2 " + "ab".repeat(32);
  const list = fieldsOf(content, "SSHFP", 3, "4 2 <64 hex digits>");
  const [a, t, fp] = list.map((x) => x.text);
  const algorithm = uintField("SSHFP", a, 8, "algorithm", example);
  const fpType = uintField("SSHFP", t, 8, "fingerprint type", example);
  const lengths = fpType === 1 ? [40] : fpType === 2 ? [64] : undefined;
  const problem = hex(
    fp,
    `the SSHFP fingerprint${fpType === 1 ? " (SHA-1)" : fpType === 2 ? " (SHA-256)" : ""}`,
    lengths,
    "ab".repeat(32),
  );
  if (problem) return fail(`an SSHFP record's content: ${problem}`);
  const fingerprint = (fp ?? "").toLowerCase();
  return ok({ algorithm, type: fpType, fingerprint }, `${algorithm} ${fpType} ${fingerprint}`);
}

/** Digest lengths in hex digits by DS digest type: SHA-1, SHA-256, GOST, SHA-384. */
const DS_DIGEST: Readonly<Record<number, readonly number[]>> = { 1: [40], 2: [64], 3: [64], 4: [96] };

function ds(content: string): Parsed {
  const example = "12345 13 2 " + "ab".repeat(32);
  const list = fieldsOf(content, "DS", 4, "12345 13 2 <64 hex digits>");
  const [k, a, d, g] = list.map((x) => x.text);
  const keyTag = uintField("DS", k, 16, "key tag", example);
  const algorithm = uintField("DS", a, 8, "algorithm", example);
  const digestType = uintField("DS", d, 8, "digest type", example);
  const problem = hex(g, `the DS digest (type ${digestType})`, DS_DIGEST[digestType], "ab".repeat(32));
  if (problem) return fail(`a DS record's content: ${problem}`);
  const digest = (g ?? "").toLowerCase();
  return ok({ keyTag, algorithm, digestType, digest }, `${keyTag} ${algorithm} ${digestType} ${digest}`);
}

function dnskey(content: string): Parsed {
  const example = "257 3 13 <base64 key>";
  const list = tokens(content);
  if (list === undefined || list.length < 4)
    return fail(
      `a DNSKEY record's content must be "flags protocol algorithm key", e.g. "${example}", got ${shown(content)}`,
    );
  const [f, p, a, ...rest] = list.map((x) => x.text);
  const flags = uintField("DNSKEY", f, 16, "flags", example);
  const protocol = uintField("DNSKEY", p, 8, "protocol", example);
  const algorithm = uintField("DNSKEY", a, 8, "algorithm", example);
  const key = rest.join("");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key)) return fail(`a DNSKEY record's key must be base64, got "${key}"`);
  return ok({ flags, protocol, algorithm, key }, `${flags} ${protocol} ${algorithm} ${key}`);
}

/** Why a NAPTR regexp (its text, DNS escapes kept) is not empty or an RFC 3403 §3.2 substitution expression. */
function naptrRegexpProblem(text: string): string | undefined {
  // DNS escapes first (\DDD, \X), then the expression's own (\ before the delimiter or a digit).
  const re = text.replace(/\\(\d{3}|[^])/g, (_, e: string) =>
    e.length === 3 ? String.fromCharCode(Number(e)) : e,
  );
  if (re === "") return undefined;
  const example = '"!^.*$!sip:info@example.com!" (or "" with a replacement)';
  const bad = (why: string) =>
    `a NAPTR record's regexp must be empty or a substitution expression delim-ere-delim-replacement-delim such as ${example} (RFC 3403 §3.2): ${why}, got ${shown(text)}`;
  const delim = re[0]!;
  if (/[0-9\\i]/.test(delim))
    return bad(`"${delim}" cannot be the delimiter (a digit, "\\" or the flag "i")`);
  const parts = [""];
  for (let i = 1; i < re.length; i++) {
    const c = re[i]!;
    if (c === "\\" && i + 1 < re.length) {
      parts[parts.length - 1] += c + re[i + 1]!;
      i++;
    } else if (c === delim) parts.push("");
    else parts[parts.length - 1] += c;
  }
  if (parts.length !== 3)
    return bad(
      `its first character "${delim}" is the delimiter and must appear twice more (unescaped), it appears ${parts.length - 1} more times`,
    );
  const [ere, repl, flags] = parts as [string, string, string];
  if (flags !== "" && flags !== "i") return bad(`after the last "${delim}" only the flag "i" may follow`);
  const groups = (ere.replace(/\\[^]/g, "").match(/\(/g) ?? []).length;
  const refs = [...repl.matchAll(/\\([1-9])/g)].map((m) => Number(m[1]));
  const over = refs.find((n) => n > groups);
  if (over !== undefined)
    return bad(`\\${over} refers to a group the expression does not have (it has ${groups})`);
  return undefined;
}

function naptr(content: string): Parsed {
  const example = '100 10 "S" "SIP+D2U" "" _sip._udp.example.com.';
  const list = fieldsOf(content, "NAPTR", 6, example);
  const [o, p, fl, sv, re, rp] = list;
  const order = uintField("NAPTR", o?.text, 16, "order", example);
  const preference = uintField("NAPTR", p?.text, 16, "preference", example);
  const flags = fl?.text ?? "";
  if (!/^[A-Za-z0-9]*$/.test(flags))
    return fail(`a NAPTR record's flags must be letters or digits (RFC 3403 §4.1), got "${flags}"`);
  const regexpProblem = naptrRegexpProblem(re?.text ?? "");
  if (regexpProblem) return fail(regexpProblem);
  const replacement = rp?.text ?? "";
  if (replacement !== ".") {
    const problem = hostNameProblem(replacement, "_sip._udp.example.com");
    if (problem) return fail(`a NAPTR record's replacement ${problem}`);
  }
  const q = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const rep = replacement === "." ? "." : canonicalHostName(replacement);
  return ok(
    { order, preference, flags, services: sv?.text ?? "", regexp: re?.text ?? "", replacement: rep },
    `${order} ${preference} ${q(flags)} ${q(sv?.text ?? "")} ${q(re?.text ?? "")} ${rep}`,
  );
}

function hinfo(content: string): Parsed {
  const list = fieldsOf(content, "HINFO", 2, '"INTEL-386" "UNIX"');
  const [cpu, os] = list.map((x) => x.text);
  return ok({ cpu: cpu ?? "", os: os ?? "" }, `"${cpu}" "${os}"`);
}

/** The service's serialized form of TXT content: verbatim when quoted, else quoted with `"` escaped. */
export function serializedTxt(content: string): string {
  return content.startsWith('"') ? content : `"${content.replace(/"/g, '\\"')}"`;
}

function txt(type: string, content: string): Parsed {
  const example = "v=spf1 include:_spf.example.com -all";
  if (content.startsWith('"')) {
    const list = tokens(content);
    if (list === undefined || list.some((t) => !t.quoted)) {
      return fail(
        `${aRecord(type)}'s content is either plain text (e.g. "${example}") or quoted strings ("a" "b"), ` +
          `and this one starts with a quote that is not closed, or has text outside the quotes: ${shown(content)}`,
      );
    }
    const long = list.find((t) => Buffer.byteLength(t.text, "utf8") > MAX_CHARACTER_STRING);
    if (long) {
      return fail(
        `a quoted string of ${aRecord(type)} holds at most ${MAX_CHARACTER_STRING} octets (RFC 1035), got ${Buffer.byteLength(long.text, "utf8")}; leave the content unquoted and the service splits it`,
      );
    }
  } else if ((content.match(/"/g) ?? []).length % 2 === 1) {
    // The service refuses an unpaired double quote (DNSControl's DNSimple audit, verified 2023-03).
    return fail(
      `${aRecord(type)}'s content has an unpaired double quote ("): ${shown(content)}; quotes inside text come in pairs, e.g. 'say "hi"'`,
    );
  }
  const size = serializedTxt(content).length;
  if (size > MAX_TXT_SERIALIZED) {
    return fail(
      `${aRecord(type)}'s content is ${size} characters once quoted (quotes and escapes counted); the service stores at most ${MAX_TXT_SERIALIZED} (DNSimple's "TXT record format" article): shorten it by ${size - MAX_TXT_SERIALIZED}`,
    );
  }
  const text = canonicalTxt(content);
  return ok({ text }, text);
}

/**
 * TXT content as one text: a single quoted string unquoted; strings the service split at 255
 * octets joined again; other multi-string content kept as written.
 */
export function canonicalTxt(content: string): string {
  if (!content.startsWith('"')) return content;
  const list = tokens(content);
  if (list === undefined || list.some((t) => !t.quoted)) return content;
  if (list.length === 1) return list[0]!.text;
  const split = list.slice(0, -1).every((t) => Buffer.byteLength(t.text, "utf8") === MAX_CHARACTER_STRING);
  return split ? list.map((t) => t.text).join("") : content;
}

function url(content: string): Parsed {
  const example = "https://www.example.com/landing";
  // The service wants "a valid, complete URL including the scheme" (DNSimple's "URL record format"
  // article): a host and path alone is refused rather than completed with a guessed scheme.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(content))
    return fail(
      `a URL record's content must be a full URL including http:// or https://, such as ${example}, got ${shown(content)}`,
    );
  let parsed: URL;
  try {
    parsed = new URL(content);
  } catch {
    return fail(`a URL record's content must be a URL such as ${example}, got ${shown(content)}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return fail(
      `a URL record's content must be an http or https URL such as ${example}, got ${shown(content)}`,
    );
  }
  const problem = hostNameProblem(parsed.hostname.replace(/^\[.*\]$/, "h.invalid"), "www.example.com");
  if (problem && isIP(parsed.hostname) === 0) return fail(`a URL record's host ${problem}`);
  return ok({ url: content }, content);
}

const asWritten = (content: string): Parsed => ok({ content }, content);

type ContentParser = (content: string, type: string, priority?: number) => Parsed;

/** The parser of each type's content; a type not listed keeps its content as written. */
const CONTENT_PARSERS: ReadonlyMap<string, ContentParser> = new Map<string, ContentParser>(
  Object.entries({
    A: (c) => address("A", c),
    AAAA: (c) => address("AAAA", c),
    CNAME: (c, t) => host(t, c, "app.example.net"),
    ALIAS: (c, t) => host(t, c, "app.example.net"),
    POOL: (c, t) => host(t, c, "app.example.net"),
    NS: (c, t) => host(t, c, "ns1.example.net"),
    PTR: (c, t) => host(t, c, "host.example.com"),
    MX: (c, _t, priority) => mx(c, priority),
    SRV: srv,
    CAA: caa,
    SSHFP: sshfp,
    DS: ds,
    DNSKEY: dnskey,
    NAPTR: naptr,
    HINFO: hinfo,
    TXT: (c, t) => txt(t, c),
    SPF: (c, t) => txt(t, c),
    URL: url,
  } satisfies Record<string, ContentParser>),
);

/** The content of a record of `type` parsed into its fields, or the reason it cannot be. */
export function parseContent(type: string, content: string, priority?: number): Parsed {
  if (content === "") return fail(`content must not be empty`);
  if (content !== content.trim()) {
    return fail(
      `content must not start or end with whitespace (nothing is trimmed for you), got ${shown(content)}`,
    );
  }
  if (/[\r\n\t\0]/.test(content))
    return fail(`content must be on one line without tabs or control characters`);
  try {
    return (CONTENT_PARSERS.get(type) ?? asWritten)(content, type, priority);
  } catch (error) {
    if (error instanceof ContentProblem) return fail(error.message);
    throw error;
  }
}

/**
 * Content in a form where what the service rewrites (IPv6 compression, case and trailing dots of
 * host names, TXT quotes and 255-octet splits) is undone; content that does not parse is compared
 * as written.
 */
export function canonicalContent(type: string, content: string): string {
  // Surrounding spaces are ignored here only because `check` refuses them in a declaration: what
  // is compared is a declaration that passed `check` and the service's answer.
  const c = content.trim();
  const t = type.toUpperCase();
  if (t === "TXT" || t === "SPF") return canonicalTxt(c);
  if (HOST_TYPES.has(t)) return canonicalHostName(c);
  const parsed = parseContent(t, c);
  if (parsed.ok) return parsed.canonical;
  return t === "AAAA" ? c.toLowerCase() : c;
}

/** Types whose whole content is one host name. */
export const HOST_TYPES: ReadonlySet<string> = new Set(["CNAME", "ALIAS", "NS", "PTR", "MX", "POOL"]);
