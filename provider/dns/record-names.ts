/**
 * Names in record data: a record's own name (relative to its zone) and the host names record
 * content points at (CNAME, ALIAS, MX, NS, PTR, SRV, NAPTR, POOL targets). Refused, never
 * repaired: a trailing dot on a record name or a space around it is an error with its reason.
 *
 * @example
 * ```ts
 * recordNameProblem("www.", "example.com"); // 'must not end with a dot: …'
 * hostNameProblem("https://example.com/a"); // 'must be a host name such as …, not a URL'
 * ```
 */
import { isIP } from "node:net";
import { domainToASCII } from "node:url";

/** A value quoted for a message, cut to 60 characters. */
export function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value);
}

/** RFC 1035 §2.3.4: a label holds at most 63 octets, a name at most 255 (253 as text without the root). */
export const MAX_LABEL_OCTETS = 63;
export const MAX_NAME_OCTETS = 253;

/** Letters (any script, for IDNs), digits, hyphen and underscore (`_dmarc`, `_sip._tcp`: RFC 8552). */
const LABEL_CHARS = /^[\p{L}\p{M}\p{N}_-]+$/u;

/** One label in ASCII (punycode for IDN labels, RFC 5891), or undefined when it cannot be. */
function asciiLabel(label: string): string | undefined {
  if (/^[\x21-\x7e]+$/.test(label)) return label.toLowerCase();
  // domainToASCII needs a dotted host; a two-label host gives back the label's punycode.
  const ascii = domainToASCII(`${label}.example`);
  if (ascii === "") return undefined;
  return ascii.slice(0, -".example".length);
}

/** The octets of a name in ASCII form, or undefined when a label has no ASCII form. */
function asciiName(labels: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (const label of labels) {
    const ascii = asciiLabel(label);
    if (ascii === undefined) return undefined;
    out.push(ascii);
  }
  return out;
}

/**
 * A record name as the service stores it: relative, lower case; `""` is the apex (`@` too). For
 * comparing with the service's answers: `check` refuses the spaces and trailing dot this ignores.
 */
export function canonicalRecordName(name: string): string {
  const text = name.trim().toLowerCase().replace(/\.$/, "");
  return text === "@" ? "" : text;
}

/**
 * Why a record name is not acceptable in `zone`, or undefined. `""` and `@` are the apex; a
 * wildcard `*` may be the leftmost label only (RFC 4592 §2.1.1).
 */
export function recordNameProblem(name: string, zone?: string): string | undefined {
  if (name === "" || name === "@") return undefined;
  if (/\s/.test(name)) return `must not contain spaces or other whitespace, got ${shown(name)}`;
  if (name.endsWith(".")) {
    return (
      `must not end with a dot: names are relative to the zone (write "${name.replace(/\.+$/, "")}"` +
      ` for ${name}${zone ?? "<zone>"}, "" or "@" for the apex)`
    );
  }
  const labels = name.split(".");
  if (labels.some((l) => l === "")) {
    return `has an empty label (two dots in a row, or a leading dot): ${shown(name)}; e.g. "www" or "a.b"`;
  }
  for (const [i, label] of labels.entries()) {
    if (label === "*") {
      if (i !== 0)
        return `may hold a wildcard "*" only as its leftmost label (e.g. "*.dev"), got ${shown(name)}`;
      continue;
    }
    if (!LABEL_CHARS.test(label)) {
      const bad = /[^\p{L}\p{M}\p{N}_-]/u.exec(label)?.[0] ?? label;
      return `has a character a DNS name cannot have: "${bad}" in "${name}"; use letters, digits, "-" and "_"`;
    }
  }
  const ascii = asciiName(labels.filter((l) => l !== "*"));
  if (ascii === undefined) return `"${name}" is not a valid internationalised name`;
  const long = ascii.find((l) => l.length > MAX_LABEL_OCTETS);
  if (long !== undefined) {
    return `has a label of ${long.length} octets${long.startsWith("xn--") ? " (in punycode)" : ""}; a DNS label holds at most ${MAX_LABEL_OCTETS}`;
  }
  if (zone !== undefined && zone !== "") {
    const zoneAscii = domainToASCII(zone.toLowerCase().replace(/\.$/, "")) || zone;
    const full = [...(labels[0] === "*" ? ["*"] : []), ...ascii].join(".").length + 1 + zoneAscii.length;
    if (full > MAX_NAME_OCTETS) {
      return `makes a name of ${full} octets with the zone ${zoneAscii} (punycode counted); a DNS name holds at most ${MAX_NAME_OCTETS}`;
    }
  }
  return undefined;
}

/**
 * Why `target` is not a host name a record can point at, or undefined. A host name is absolute
 * (the service adds no zone), may end with a dot, may be an IDN; it is never an address, a URL,
 * a path or words separated by spaces.
 */
export function hostNameProblem(target: string, example = "host.example.com"): string | undefined {
  if (target === "") return `must be a host name such as ${example}, got nothing`;
  if (/\s/.test(target)) {
    const words = target.trim().split(/\s+/);
    if (words.length === 2 && /^\d+$/.test(words[0] ?? "")) {
      return `must be a host name such as ${example}, got ${shown(target)}: the number looks like a priority or weight, which has its own field`;
    }
    return `must be a host name such as ${example}, without spaces, got ${shown(target)}`;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    return `must be a host name such as ${example}, not a URL, got ${shown(target)}`;
  }
  if (isIP(target.replace(/\.$/, "")) !== 0 || isIP(target) !== 0) {
    return `must be a host name such as ${example}, not an IP address (use an A or AAAA record for an address), got ${shown(target)}`;
  }
  const body = target.endsWith(".") ? target.slice(0, -1) : target;
  if (body === "") return `must be a host name such as ${example}, got "."`;
  const labels = body.split(".");
  if (labels.some((l) => l === "")) return `has an empty label (two dots in a row): "${target}"`;
  for (const label of labels) {
    if (!LABEL_CHARS.test(label)) {
      const bad = /[^\p{L}\p{M}\p{N}_-]/u.exec(label)?.[0] ?? label;
      return `must be a host name such as ${example}: "${bad}" cannot be part of a host name, got ${shown(target)}`;
    }
  }
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) {
    return `must be a host name such as ${example}; "${target}" ends with a numeric label (an incomplete address?)`;
  }
  const ascii = asciiName(labels);
  if (ascii === undefined) return `"${target}" is not a valid internationalised host name`;
  const long = ascii.find((l) => l.length > MAX_LABEL_OCTETS);
  if (long !== undefined)
    return `has a label of ${long.length} octets; a DNS label holds at most ${MAX_LABEL_OCTETS}`;
  const length = ascii.join(".").length;
  if (length > MAX_NAME_OCTETS)
    return `is ${length} octets long; a DNS name holds at most ${MAX_NAME_OCTETS}`;
  return undefined;
}

/** A host name as the service compares it: ASCII (punycode), lower case, no trailing dot. */
export function canonicalHostName(target: string): string {
  const body = target.toLowerCase().replace(/\.$/, "");
  if (/^[\x21-\x7e]*$/.test(body)) return body;
  return domainToASCII(body) || body;
}

/** The fully qualified name of a record (ASCII, lower case), `""` names being the zone itself. */
export function recordFqdn(name: string, zone: string): string {
  const rel = canonicalRecordName(name);
  return canonicalHostName(rel === "" ? zone : `${rel}.${zone}`);
}
