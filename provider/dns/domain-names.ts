import { domainToASCII, domainToUnicode } from "node:url";

/**
 * Domain names as the service stores them: lower case, no trailing dot, internationalised labels
 * in punycode. `Exämple.COM.` and `xn--exmple-cua.com` are the same domain.
 */
export function canonicalDomainName(name: string): string {
  const trimmed = name.trim().replace(/\.$/, "");
  const ascii = domainToASCII(trimmed.toLowerCase());
  return ascii === "" ? trimmed.toLowerCase() : ascii;
}

export function unicodeDomainName(name: string): string {
  return domainToUnicode(canonicalDomainName(name)) || name;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why a domain name is not acceptable, or undefined when it is. Accepts IDNs and a trailing dot. */
export function domainNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return "must not be empty";
  if (trimmed !== name) return "must not have leading or trailing spaces";
  // Checked before punycode conversion, which parses its input as a URL host and would quietly
  // turn `a.com/../x` or `a.com?x=1` into `a.com`.
  const bad = /[^\p{L}\p{M}\p{N}.-]/u.exec(trimmed);
  if (bad) return `"${name}" holds a character a domain name cannot have: "${bad[0]}"`;
  const ascii = domainToASCII(trimmed.replace(/\.$/, "").toLowerCase());
  if (ascii === "") return `"${name}" is not a valid domain name`;
  if (ascii.length > 253) return "must be at most 253 characters";
  const labels = ascii.split(".");
  if (labels.length < 2) return `"${name}" is not a fully qualified domain name (expected e.g. example.com)`;
  for (const label of labels) {
    if (!LABEL.test(label)) return `"${name}" has an invalid label "${label}"`;
  }
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) return `"${name}" has a numeric top-level domain`;
  return undefined;
}

/** A domain given by name or numeric id, as paths accept: names canonical, ids as strings. */
export function canonicalDomainRef(ref: unknown): string {
  const text = `${ref}`;
  return /^\d+$/.test(text) ? text : canonicalDomainName(text);
}
