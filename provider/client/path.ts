/**
 * Path building with per-segment encoding. Never concatenate raw input into a URL: a domain name,
 * alias or id is one segment, so `/`, `?`, `#` and `%` in it are encoded; the dot segments `.`
 * and `..` are refused, because URL normalisation would climb out of the account with them.
 */

/** A value that can stand for one path segment. */
export type Segment = string | number;

/**
 * Encodes one path segment.
 *
 * @example
 * encodeSegment("a/b"); // "a%2Fb"
 * encodeSegment(".."); // throws TypeError
 */
export function encodeSegment(value: Segment): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`Invalid path segment: ${value}`);
    return String(value);
  }
  if (typeof value !== "string") throw new TypeError(`Invalid path segment type: ${typeof value}`);
  if (value === "") throw new TypeError("A path segment must not be empty");
  // WHATWG URL parsing treats `.`, `..` and their %2E spellings as dot segments and removes them,
  // so they cannot be sent as data: refuse them rather than address another resource.
  if (value === "." || value === "..") throw new TypeError(`Invalid path segment: "${value}"`);
  return encodeURIComponent(value);
}

/**
 * Builds a path from segments, encoding each one.
 *
 * @example
 * buildPath([1, "domains", "example.com"]); // "/1/domains/example.com"
 */
export function buildPath(segments: readonly Segment[]): string {
  return "/" + segments.map(encodeSegment).join("/");
}

/**
 * Tagged template that encodes every interpolated value as one segment; the literal parts are
 * taken as written.
 *
 * @example
 * path`/${account}/domains/${name}/email_forwards`; // "/1/domains/example.com/email_forwards"
 */
export function path(strings: TemplateStringsArray, ...values: Segment[]): string {
  // A template has one more literal part than values: every index below exists.
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += encodeSegment(v) + strings[i + 1]!;
  });
  return out;
}

/** Query values; `undefined` and `null` are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/**
 * Encodes a query string (with leading `?`, or `""` when empty).
 *
 * @example
 * buildQuery({ page: 2, name_like: "ex" }); // "?page=2&name_like=ex"
 */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s === "" ? "" : `?${s}`;
}
