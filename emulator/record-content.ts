/**
 * What the service refuses in a zone record's name, content and priority, written here on its own
 * (nothing from `provider/`: the emulator is an independent check of the provider's rules). Each
 * rule says where it comes from. Two grounds are used:
 *
 * - **documented**: the service's documentation or recorded answers describe the content's form
 *   (SRV `weight port target`, CAA `flags tag value`, TXT at most 1,000 characters once quoted);
 * - **servable**: the service serves every record over DNS and exports the zone as RFC 1035 text
 *   (`GET /zones/:zone/file`), so a value the wire format or the master-file syntax cannot carry
 *   (a 16-bit field over 65535, a label over 63 octets, a hex field that is not hex, a target
 *   with spaces) cannot be stored.
 *
 * Where neither says how the service behaves (an IP address as an MX or ALIAS target, a CAA tag
 * with a hyphen, an SSHFP fingerprint whose length does not match its type, a name with a space),
 * the emulator accepts and the rule's comment says "unknown": the provider may refuse more than
 * the service, never the emulator. test/integration/record-data-agreement.test.ts lists every case
 * where the two differ and why (test/record-data/agreement.ts, KNOWN_DISAGREEMENTS).
 *
 * The service's support articles cited below are the files of the public repository
 * dnsimple/dnsimple-support (`content/articles/<name>.md`, published as
 * `https://support.dnsimple.com/articles/<name>/`), read at commit 6b4f0a2 (2026-08-21).
 */
import { isIP } from "node:net";
import { domainToASCII } from "node:url";

/** Field errors in the service's shape (`{"content": ["…"]}`); empty when the record is acceptable. */
export type FieldErrors = Record<string, string[]>;

/** Documented: DNSimple's "TXT Record Formatting" article, 1,000 characters once serialized. */
const TXT_LIMIT = 1000;

/** Splits presentation text into fields; quoted strings keep their spaces. Undefined when a quote is left open. */
function fields(text: string): Array<{ value: string; quoted: boolean }> | undefined {
  const out: Array<{ value: string; quoted: boolean }> = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  let consumed = "";
  for (const m of text.matchAll(re)) {
    if (m[1] !== undefined) out.push({ value: m[1], quoted: true });
    else if (m[2] !== undefined) {
      if (m[2].includes('"')) return undefined;
      out.push({ value: m[2], quoted: false });
    }
    consumed += m[0];
  }
  // Any quote not consumed by a pair is an open string.
  return consumed.replace(/\s/g, "").length === text.replace(/\s/g, "").length ? out : undefined;
}

/** Servable: an unsigned integer of `bits` bits in decimal (the wire field's size). */
function unsigned(text: string | undefined, bits: number): boolean {
  return text !== undefined && /^\d{1,10}$/.test(text) && Number(text) < 2 ** bits;
}

/** Servable: hex text (DS digest, SSHFP fingerprint presentation form, RFC 4034 §5.3, RFC 4255 §3.2). */
const isHex = (text: string | undefined) => text !== undefined && /^([0-9a-fA-F]{2})+$/.test(text);

/** Octets of a label on the wire (IDN labels in punycode). */
function labelOctets(label: string): number {
  if (!/[^\p{ASCII}]/u.test(label)) return label.length;
  const ascii = domainToASCII(`${label}.test`);
  return ascii === "" ? label.length * 4 : ascii.length - ".test".length;
}

/**
 * Servable: a domain name the wire format can carry: no empty label inside, labels of at most 63
 * octets, at most 253 octets in all. Which characters a label holds is not checked: the wire
 * format allows any octet (RFC 2181 §11) and the service's own rule is unknown.
 */
function nameProblem(name: string, suffix = ""): string | undefined {
  const body = name.replace(/\.$/, "");
  if (body === "") return undefined;
  const labels = body.split(".");
  if (labels.some((l) => l === "")) return "is not a valid domain name (empty label)";
  if (labels.some((l) => labelOctets(l) > 63)) return "is not a valid domain name (label longer than 63)";
  const total =
    labels.reduce((n, l) => n + labelOctets(l) + 1, 0) - 1 + (suffix === "" ? 0 : suffix.length + 1);
  if (total > 253) return "is too long (a domain name holds at most 253 characters)";
  return undefined;
}

/**
 * Servable: a host name as content: one name (whitespace would make it several fields in the zone
 * file), within the wire limits. An address, a URL or `&` in it: unknown here, accepted; see
 * `namedHostProblem` for the types whose documentation says more.
 */
function hostProblem(target: string | undefined): string | undefined {
  if (target === undefined || target === "") return "can't be blank";
  if (/\s/.test(target)) return "is not a valid hostname";
  return nameProblem(target);
}

/**
 * Documented: a target the service's documentation says must be a host name, "not an IP address"
 * and "not a URL": CNAME (`cname-record`: "DNSimple's record editor will prevent you from
 * attempting to point a CNAME to an IP address"; `cname-record-reference`: "never directly to an
 * IP address"; `manage-cname-record`: "It must be a host name (e.g., `blog.dnsimple.com`) and not
 * a URL (e.g., `http://blog.dnsimple.com` or `http://blog.dnsimple.com/post` are invalid)"), NS
 * (`ns-record-format`: "Must be a hostname, not an IP address") and the SRV target
 * (`srv-record-format`: "A fully-qualified domain name (FQDN). Must NOT be an IP address").
 * A URL is read as a scheme (`x://`) or a path (`/`), which no host name holds. The documents
 * describe the record editor and the content's form; no API answer is recorded, so the messages
 * are ours, in the service's shape (`content: [...]`). Other characters (`&`): unknown, accepted.
 */
function namedHostProblem(target: string | undefined): string | undefined {
  if (target !== undefined && isIP(target.replace(/\.$/, "")) !== 0)
    return "must be a hostname, not an IP address";
  if (target !== undefined && /:\/\/|\//.test(target)) return "must be a hostname, not a URL";
  return hostProblem(target);
}

function contentProblem(type: string, content: string, priority: number | undefined): string | undefined {
  void priority; // a null MX with another priority: unknown, accepted
  // Documented: content is required (OpenAPI ZoneRecordCreate); an empty TXT is refused
  // (DNSControl's audit of DNSimple, `TxtIsEmpty`, verified 2023-03).
  if (content === "") return "can't be blank";
  switch (type) {
    case "A":
      // Servable: a 32-bit address in dotted-quad form (RFC 1035 §3.4.1).
      return isIP(content) === 4 ? undefined : "is not a valid IPv4 address";
    case "AAAA":
      // A zone index (`%eth0`) has no place on the wire.
      return isIP(content) === 6 && !content.includes("%") ? undefined : "is not a valid IPv6 address";
    case "CNAME":
    case "NS":
      return namedHostProblem(content);
    case "ALIAS":
    case "PTR":
    case "POOL":
      // The documentation says "the fully-qualified domain name" (`alias-record-reference`,
      // `pool-record-reference`, `ptr-record-reference`) but not whether an address or a URL is
      // refused: unknown, accepted.
      return hostProblem(content);
    case "MX":
      return content === "." ? undefined : hostProblem(content);
    case "SRV": {
      // Documented: "weight port target", the priority in its own field (DNSimple's SRV article).
      const f = content.trim().split(/\s+/);
      if (f.length !== 3) return "must be in the format 'weight port target'";
      if (!unsigned(f[0], 16) || !unsigned(f[1], 16)) return "has an invalid weight or port";
      return f[2] === "." ? undefined : namedHostProblem(f[2]);
    }
    case "CAA": {
      // Documented form "flags tag value" (DNSimple's CAA article); flags are 8 bits on the wire.
      // A tag's characters (RFC 8659 wants letters and digits) and the value's form: unknown.
      const f = fields(content.trim());
      if (f === undefined || f.length !== 3) return "must be in the format 'flags tag \"value\"'";
      return unsigned(f[0]?.value, 8) && f[1]?.value !== "" ? undefined : "has invalid flags";
    }
    case "SSHFP": {
      // Servable: two 8-bit fields and a hex fingerprint. Length by fingerprint type: unknown.
      const f = content.trim().split(/\s+/);
      if (f.length !== 3 || !unsigned(f[0], 8) || !unsigned(f[1], 8)) return "is not a valid SSHFP record";
      return isHex(f[2]) ? undefined : "has a fingerprint that is not hexadecimal";
    }
    case "DS": {
      // Servable: 16-bit key tag, 8-bit algorithm and digest type, hex digest. Length by type: unknown.
      const f = content.trim().split(/\s+/);
      if (f.length !== 4 || !unsigned(f[0], 16) || !unsigned(f[1], 8) || !unsigned(f[2], 8))
        return "is not a valid DS record";
      return isHex(f[3]) ? undefined : "has a digest that is not hexadecimal";
    }
    case "DNSKEY": {
      const f = content.trim().split(/\s+/);
      if (f.length < 4 || !unsigned(f[0], 16) || !unsigned(f[1], 8) || !unsigned(f[2], 8))
        return "is not a valid DNSKEY record";
      return /^[A-Za-z0-9+/]+=*$/.test(f.slice(3).join("")) ? undefined : "has a key that is not base64";
    }
    case "NAPTR": {
      // Servable: RFC 3403's six fields, 16-bit order and preference, a name as replacement.
      // The flags' characters: unknown.
      const f = fields(content.trim());
      if (f === undefined || f.length !== 6)
        return "must be in the format 'order preference flags service regexp replacement'";
      if (!unsigned(f[0]?.value, 16) || !unsigned(f[1]?.value, 16))
        return "has an invalid order or preference";
      return f[5]?.value === "." ? undefined : hostProblem(f[5]?.value);
    }
    case "HINFO": {
      // Servable: exactly two character-strings (RFC 1035 §3.3.2).
      const f = fields(content.trim());
      return f !== undefined && f.length === 2 ? undefined : "must be two strings: cpu and os";
    }
    case "TXT":
    case "SPF": {
      // Documented: quoted content is stored verbatim as RFC strings, unquoted content is quoted
      // with inner quotes escaped; at most 1,000 characters either way (`txt-record-format`;
      // DNSControl's providers/dnsimple/auditrecords.go, `TxtLongerThan(1000)`, verified
      // 2023-12). A quoted string over 255 octets is accepted: "if any of your provided chunks
      // individually exceed the 255-character limit, DNSimple's system may further split those"
      // (`txt-record-format`). Trailing whitespace and an unpaired double quote are refused
      // (the same auditrecords.go, `TxtHasTrailingSpace`, `TxtHasUnpairedDoubleQuotes`, verified
      // 2023-03). Leading whitespace and control characters: unknown, accepted.
      if (/\s$/.test(content)) return "has trailing whitespace";
      if (content.startsWith('"')) {
        const f = fields(content);
        if (f === undefined || f.some((x) => !x.quoted))
          return "is not a valid TXT record (unbalanced quotes)";
        return content.length > TXT_LIMIT ? `is too long (maximum is ${TXT_LIMIT} characters)` : undefined;
      }
      if ((content.match(/"/g) ?? []).length % 2 === 1) return "has unpaired double quotes";
      const serialized = content.replace(/"/g, '\\"').length + 2;
      return serialized > TXT_LIMIT ? `is too long (maximum is ${TXT_LIMIT} characters)` : undefined;
    }
    case "URL": {
      // Documented: "Must be a valid, complete URL including the scheme (e.g.,
      // `https://www.example.com/new-page`)" (`url-record-format-details`); "the destination must
      // be a full URL (including http:// or https://)" (`how-to-add-dns-records`). No API answer is
      // recorded; the message is ours.
      let url: URL | undefined;
      try {
        url = new URL(content);
      } catch {
        url = undefined;
      }
      return url !== undefined &&
        (url.protocol === "http:" || url.protocol === "https:") &&
        url.hostname !== ""
        ? undefined
        : "must be a full URL including http:// or https://";
    }
    default:
      return undefined;
  }
}

/**
 * The field errors of a record's name, content and priority in `zone` (the other fields are read
 * by the route). `name` as stored (relative, `""` for the apex).
 */
export function recordErrors(
  zone: string,
  record: { name: string; type: string; content: string; priority?: number | undefined },
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  // Servable: the record's full name within the wire limits. Characters and spaces: unknown.
  const nameIssue = record.name === "" ? undefined : nameProblem(record.name, zone);
  if (nameIssue) add("name", nameIssue);
  const content = contentProblem(record.type, record.content, record.priority);
  if (content) add("content", content);
  // Servable: MX preference and SRV priority are 16-bit fields.
  if (record.priority !== undefined && (record.priority < 0 || record.priority > 65535))
    add("priority", "must be less than or equal to 65535");
  return errors;
}

/**
 * Recorded by a public tool against the service (Shopify/record_store,
 * test/fixtures/vcr_cassettes/dnsimple_test_validation_errors_include_details.yml, pull request
 * 199): adding a record at a name that holds a CNAME is refused with 400
 * `{"message":"Validation failed","errors":{"base":["A CNAME record exists for <name>, cannot add
 * another record"]}}`. The reverse (a CNAME where other records are) is documented with its
 * wording: "Another record already exists for example.com, cannot add a CNAME."
 * (`manage-cname-record`). The same check holds when a record is renamed onto such a name (the
 * routes call it for PATCH and batch updates too): a user of the service's Terraform provider
 * reports a 400 "Validation failed" when updating a record to a name already occupied, where the
 * create reports the conflict (dnsimple/terraform-provider-dnsimple issue 177, 2023-12).
 */
export function cnameConflict(
  fqdn: string,
  type: string,
  atName: ReadonlyArray<{ type: string }>,
): string | undefined {
  if (type !== "CNAME" && atName.some((r) => r.type === "CNAME"))
    return `A CNAME record exists for ${fqdn}, cannot add another record`;
  if (type === "CNAME" && atName.length > 0)
    return `Another record already exists for ${fqdn}, cannot add a CNAME.`;
  return undefined;
}
