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
 * - **reported**: where neither says how the service behaves (an IP address as an MX or ALIAS
 *   target, a CAA tag with a hyphen, an SSHFP fingerprint whose length does not match its type, a
 *   name with a space), issue 25 reports that the service answers 400 to the invalid records of
 *   two public DNS-as-code tools' validation tests (DNSControl, octoDNS): the emulator refuses
 *   them too, with messages of ours in the service's shape. The RFC each rule follows is named.
 *
 * What the service is known to repair (a quoted TXT string over 255 characters, which it splits)
 * and a name's trailing dot (removed here) are accepted; the provider refuses both instead.
 * test/integration/record-data-agreement.test.ts lists every case where the provider and the
 * emulator differ and why (test/record-data/agreement.ts, KNOWN_DISAGREEMENTS).
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

/** Reported: the characters of a label: letters, digits, marks (IDN), `_` and `-` (RFC 1123 §2.1, RFC 2782's `_`). */
const LABEL = /^[\p{L}\p{M}\p{N}_-]+$/u;

/**
 * Servable: a domain name the wire format can carry: no empty label inside, labels of at most 63
 * octets, at most 253 octets in all. Reported: labels of host-name characters, a wildcard `*`
 * only as the leftmost label (RFC 4592 §2.1.1).
 */
function nameProblem(name: string, suffix = ""): string | undefined {
  const body = name.replace(/\.$/, "");
  if (body === "") return undefined;
  const labels = body.split(".");
  if (labels.some((l) => l === "")) return "is not a valid domain name (empty label)";
  if (labels.some((l, i) => (l === "*" ? i > 0 : !LABEL.test(l))))
    return "is not a valid domain name (invalid characters)";
  if (labels.some((l) => labelOctets(l) > 63)) return "is not a valid domain name (label longer than 63)";
  const total =
    labels.reduce((n, l) => n + labelOctets(l) + 1, 0) - 1 + (suffix === "" ? 0 : suffix.length + 1);
  if (total > 253) return "is too long (a domain name holds at most 253 characters)";
  return undefined;
}

/**
 * A host name as content: one name (whitespace would make it several fields in the zone file),
 * within the wire limits (servable), never an address or a URL, and not the root alone.
 *
 * Documented for some types: a target the service's documentation says must be a host name, "not
 * an IP address" and "not a URL": CNAME (`cname-record`: "DNSimple's record editor will prevent
 * you from attempting to point a CNAME to an IP address"; `cname-record-reference`: "never
 * directly to an IP address"; `manage-cname-record`: "It must be a host name (e.g.,
 * `blog.dnsimple.com`) and not a URL (e.g., `http://blog.dnsimple.com` or
 * `http://blog.dnsimple.com/post` are invalid)"), NS (`ns-record-format`: "Must be a hostname, not
 * an IP address") and the SRV target (`srv-record-format`: "A fully-qualified domain name (FQDN).
 * Must NOT be an IP address"). Reported (issue 25) for the others the documentation calls "the
 * fully-qualified domain name" (`alias-record-reference`, `mx-record-reference`,
 * `ptr-record-reference`, `pool-record-reference`), and for characters no host name holds (`&`,
 * `:`, `@`) or a last label of digits (an incomplete address such as `1.2.3`, RFC 1123 §2.1).
 * A URL is read as a scheme (`x:`) or a path (`/`). No API answer is recorded; the messages are
 * ours, in the service's shape (`content: [...]`).
 */
function hostProblem(target: string | undefined): string | undefined {
  if (target === undefined || target === "") return "can't be blank";
  if (/\s/.test(target)) return "is not a valid hostname";
  const body = target.replace(/\.$/, "");
  if (isIP(body) !== 0) return "must be a hostname, not an IP address";
  if (/^[a-z][a-z0-9+.-]*:|\//i.test(target)) return "must be a hostname, not a URL";
  if (body === "") return "is not a valid hostname";
  const labels = body.split(".");
  if (labels.some((l) => l !== "" && !LABEL.test(l)) || /^\d+$/.test(labels[labels.length - 1] ?? ""))
    return "is not a valid hostname";
  return nameProblem(target);
}

/** Reported: the fingerprint and digest lengths in hex digits by type (RFC 4255, RFC 6594; RFC 4034, RFC 4509, RFC 6605). */
const SSHFP_LENGTH: Readonly<Record<string, number>> = { "1": 40, "2": 64 };
const DS_LENGTH: Readonly<Record<string, number>> = { "1": 40, "2": 64, "3": 64, "4": 96 };

function contentProblem(type: string, content: string, priority: number | undefined): string | undefined {
  // Documented: content is required (OpenAPI ZoneRecordCreate); an empty TXT is refused
  // (DNSControl's audit of DNSimple, `TxtIsEmpty`, verified 2023-03).
  if (content === "") return "can't be blank";
  // Reported: control characters (a newline, a tab) have no place in a zone file's line.
  if ([...content].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return "contains invalid characters";
  switch (type) {
    case "A":
      // Servable: a 32-bit address in dotted-quad form (RFC 1035 §3.4.1).
      return isIP(content) === 4 ? undefined : "is not a valid IPv4 address";
    case "AAAA":
      // A zone index (`%eth0`) has no place on the wire.
      return isIP(content) === 6 && !content.includes("%") ? undefined : "is not a valid IPv6 address";
    case "CNAME":
    case "NS":
    case "ALIAS":
    case "PTR":
    case "POOL":
      return hostProblem(content);
    case "MX":
      // Reported: a null MX (`.`) has preference 0 (RFC 7505 §3).
      if (content === ".") return (priority ?? 0) === 0 ? undefined : "a null MX must have priority 0";
      return hostProblem(content);
    case "SRV": {
      // Documented: "weight port target", the priority in its own field (DNSimple's SRV article).
      const f = content.trim().split(/\s+/);
      if (f.length !== 3) return "must be in the format 'weight port target'";
      if (!unsigned(f[0], 16) || !unsigned(f[1], 16)) return "has an invalid weight or port";
      return f[2] === "." ? undefined : hostProblem(f[2]);
    }
    case "CAA": {
      // Documented form "flags tag value" (DNSimple's CAA article); flags are 8 bits on the wire.
      // Reported: a tag of 1-15 letters and digits (RFC 8659 §4.1), an iodef value that is a
      // mailto: or http(s): URL (RFC 8659 §4.4), an issue value that starts with a domain.
      const f = fields(content.trim());
      if (f === undefined || f.length !== 3) return "must be in the format 'flags tag \"value\"'";
      if (!unsigned(f[0]?.value, 8)) return "has invalid flags";
      const tag = f[1]!.quoted ? "" : f[1]!.value.toLowerCase();
      if (!/^[a-z0-9]{1,15}$/.test(tag)) return "has an invalid tag";
      const value = f[2]!.value;
      if (tag === "iodef" && !/^(mailto:[^\s@]+@[^\s@]+|https?:\/\/\S+)$/.test(value))
        return "has an invalid iodef URL";
      const domain = value.split(";")[0]!.trim();
      if ((tag === "issue" || tag === "issuewild") && domain !== "" && hostProblem(domain))
        return "has an invalid issuer domain";
      return undefined;
    }
    case "SSHFP": {
      // Servable: two 8-bit fields and a hex fingerprint. Reported: its length by fingerprint type.
      const f = content.trim().split(/\s+/);
      if (f.length !== 3 || !unsigned(f[0], 8) || !unsigned(f[1], 8)) return "is not a valid SSHFP record";
      if (!isHex(f[2])) return "has a fingerprint that is not hexadecimal";
      const length = SSHFP_LENGTH[String(Number(f[1]))];
      return length === undefined || f[2]!.length === length
        ? undefined
        : "has a fingerprint of the wrong length";
    }
    case "DS": {
      // Servable: 16-bit key tag, 8-bit algorithm and digest type, hex digest. Reported: its length by type.
      const f = content.trim().split(/\s+/);
      if (f.length !== 4 || !unsigned(f[0], 16) || !unsigned(f[1], 8) || !unsigned(f[2], 8))
        return "is not a valid DS record";
      if (!isHex(f[3])) return "has a digest that is not hexadecimal";
      const length = DS_LENGTH[String(Number(f[2]))];
      return length === undefined || f[3]!.length === length ? undefined : "has a digest of the wrong length";
    }
    case "DNSKEY": {
      const f = content.trim().split(/\s+/);
      if (f.length < 4 || !unsigned(f[0], 16) || !unsigned(f[1], 8) || !unsigned(f[2], 8))
        return "is not a valid DNSKEY record";
      return /^[A-Za-z0-9+/]+=*$/.test(f.slice(3).join("")) ? undefined : "has a key that is not base64";
    }
    case "NAPTR": {
      // Servable: RFC 3403's six fields, 16-bit order and preference, a name as replacement.
      // Reported: flags of letters and digits (RFC 3403 §4.1).
      const f = fields(content.trim());
      if (f === undefined || f.length !== 6)
        return "must be in the format 'order preference flags service regexp replacement'";
      if (!unsigned(f[0]?.value, 16) || !unsigned(f[1]?.value, 16))
        return "has an invalid order or preference";
      if (!/^[A-Za-z0-9]*$/.test(f[2]?.value ?? "")) return "has invalid flags";
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
      // 2023-03). Reported: leading whitespace too.
      if (/\s$/.test(content)) return "has trailing whitespace";
      if (/^\s/.test(content)) return "has leading whitespace";
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
  // Servable: the record's full name within the wire limits; reported: its characters.
  const nameIssue = record.name === "" ? undefined : nameProblem(record.name, zone);
  if (nameIssue) add("name", nameIssue);
  const content = contentProblem(record.type, record.content, record.priority);
  if (content) add("content", content);
  // Reported: a CNAME pointing at its own name is a loop no resolver can follow (RFC 1034 §3.6.2).
  const fqdn = (name: string) => domainToASCII(name.replace(/\.$/, "")).toLowerCase();
  if (
    !content &&
    record.type === "CNAME" &&
    fqdn(record.content) === fqdn(record.name === "" ? zone : `${record.name}.${zone}`)
  )
    add("content", "can't point at the record's own name");
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
