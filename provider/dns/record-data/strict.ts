/**
 * Strict record checks, on request (`dnsimple:strictRecords`, or `strictRecords: true` on a
 * `ZoneRecord` or `ZoneRecords`): the RFC rules octoDNS offers opt-in and DNSControl applies that
 * the service itself does not enforce, so the default check (the service's rules) cannot refuse
 * them. Each rule names where it comes from; docs/strict-records.md lists them with examples.
 * They run only on a record the default check accepts, with the fields its parser read.
 *
 * @example
 * ```ts
 * strictFailures({ name: "", type: "CAA", content: '64 issue "letsencrypt.org"' }, { flags: 64, tag: "issue", value: "letsencrypt.org" });
 * // [{ property: "content", reason: "a CAA record's flags must be 0 or 128 …, got 64; e.g. …" }]
 * ```
 */
import type { RecordFailure } from "../record-failure";
import { canonicalRecordName } from "../record-names";

/** What a strict rule sees: the record as declared and the fields its content parsed into. */
export interface StrictInput {
  readonly name: string;
  readonly type: string;
  readonly fields: Readonly<Record<string, string | number>>;
}

export interface StrictRule {
  /** A short stable name, used in docs and tests. */
  readonly id: string;
  readonly types: readonly string[];
  /** The RFC section and the tool's file that the rule follows. */
  readonly source: string;
  /** The failure, or undefined when the record keeps the rule. */
  readonly check: (record: StrictInput) => RecordFailure | undefined;
}

const STRICT = "with strict record checks on (strictRecords)";

/** The CAA property tags IANA registers ("Certification Authority Restriction Properties"). */
export const REGISTERED_CAA_TAGS: readonly string[] = [
  "issue",
  "issuewild",
  "iodef",
  "contactemail",
  "contactphone",
  "issuemail",
  "issuevmc",
];

/** SSHFP algorithm numbers IANA registers: RSA, DSA, ECDSA, Ed25519, Ed448. */
export const SSHFP_ALGORITHMS: readonly number[] = [1, 2, 3, 4, 6];
/** SSHFP fingerprint types IANA registers: SHA-1, SHA-256. */
export const SSHFP_FINGERPRINT_TYPES: readonly number[] = [1, 2];

/** Types whose content is, or holds, a host name, and the field that holds it. */
const TARGET_FIELD: Readonly<Record<string, string>> = {
  CNAME: "target",
  ALIAS: "target",
  NS: "target",
  PTR: "target",
  POOL: "target",
  MX: "target",
  SRV: "target",
  NAPTR: "replacement",
};

const HOST_SOURCE =
  "RFC 952 and RFC 1123 §2.1 (a host name's labels are letters, digits and inner hyphens; " +
  "RFC 8552 adds a leading underscore); octoDNS octodns/record/target.py (validate_target_fqdn, " +
  "the fqdn library's label rule) and DNSControl pkg/normalize/validate.go (checkTarget)";

/** The labels of a host-name target, or undefined for the null target ".". */
function targetLabels(record: StrictInput): string[] | undefined {
  const field = TARGET_FIELD[record.type];
  const target = field === undefined ? undefined : record.fields[field];
  if (typeof target !== "string" || target === "." || target === "") return undefined;
  return target.replace(/\.$/, "").split(".");
}

export const STRICT_RULES: readonly StrictRule[] = [
  {
    id: "caa-flags",
    types: ["CAA"],
    source:
      "RFC 8659 §4.1 (only bit 0, Issuer Critical, is defined: flags 0 or 128; the other bits are " +
      "reserved and must be zero); octoDNS octodns/record/caa.py (CaaValueRfcValidator, set strict)",
    check: ({ fields }) =>
      fields["flags"] === 0 || fields["flags"] === 128
        ? undefined
        : {
            property: "content",
            reason: `a CAA record's flags must be 0 or 128 ${STRICT}: RFC 8659 defines only the issuer-critical bit (128), got ${fields["flags"]}; e.g. '0 issue "letsencrypt.org"'`,
          },
  },
  {
    id: "caa-tag",
    types: ["CAA"],
    source:
      "RFC 8659 §4.2-4.4 and IANA's Certification Authority Restriction Properties registry " +
      "(issue, issuewild, iodef, contactemail, contactphone, issuemail, issuevmc); DNSControl " +
      'pkg/normalize/validate.go (allowedTags: "CAA tag … is invalid")',
    check: ({ fields }) => {
      const tag = String(fields["tag"] ?? "");
      return REGISTERED_CAA_TAGS.includes(tag)
        ? undefined
        : {
            property: "content",
            reason: `a CAA record's tag must be a registered one (${REGISTERED_CAA_TAGS.join(", ")}) ${STRICT}, got "${tag}"; e.g. '0 issue "letsencrypt.org"'`,
          };
    },
  },
  {
    id: "srv-name",
    types: ["SRV"],
    source:
      "RFC 2782 (the owner is _Service._Proto.Name) and RFC 6335 §5.1; octoDNS " +
      'octodns/record/srv.py (SrvNameValidator: "invalid name for SRV record")',
    check: ({ name }) => {
      const labels = canonicalRecordName(name).split(".");
      const service = labels[0] ?? "";
      const proto = labels[1] ?? "";
      const ok = (service === "*" || /^_[^_]/.test(service)) && /^_[^_]/.test(proto);
      return ok
        ? undefined
        : {
            property: "name",
            reason: `an SRV record's name must start with _service._proto ${STRICT} (RFC 2782), got "${name}"; e.g. "_sip._tcp" or "_imap._tcp.mail"`,
          };
    },
  },
  {
    id: "target-letter-or-digit",
    types: Object.keys(TARGET_FIELD),
    source: HOST_SOURCE,
    check: (record) => {
      const bad = targetLabels(record)?.find((l) => !/[\p{L}\p{N}]/u.test(l));
      return bad === undefined
        ? undefined
        : {
            property: "content",
            reason: `each label of ${aTarget(record.type)} must hold a letter or digit ${STRICT} (RFC 1123 §2.1), got "${bad}" in "${String(record.fields[TARGET_FIELD[record.type]!])}"; e.g. "_sip._tcp.example.com" or "host.example.com"`,
          };
    },
  },
  {
    id: "target-hyphens",
    types: Object.keys(TARGET_FIELD),
    source: HOST_SOURCE,
    check: (record) => {
      const bad = targetLabels(record)?.find((l) => l.startsWith("-") || l.endsWith("-"));
      return bad === undefined
        ? undefined
        : {
            property: "content",
            reason: `a label of ${aTarget(record.type)} must not start or end with a hyphen ${STRICT} (RFC 952, RFC 1123 §2.1), got "${bad}"; e.g. "my-host.example.com"`,
          };
    },
  },
  {
    id: "naptr-flags",
    types: ["NAPTR"],
    source:
      "RFC 3403 §4.1 and RFC 3404 §4.3 (the flags defined are S, A, U and P; empty for a " +
      "non-terminal rule); octoDNS octodns/record/naptr.py (NaptrValueRfcValidator, set strict)",
    check: ({ fields }) => {
      const flags = String(fields["flags"] ?? "");
      return flags === "" || /^[SAUP]$/i.test(flags)
        ? undefined
        : {
            property: "content",
            reason: `a NAPTR record's flags must be one of S, A, U, P or empty ${STRICT} (RFC 3404 §4.3), got "${flags}"; e.g. '100 10 "S" "SIP+D2U" "" _sip._udp.example.com.'`,
          };
    },
  },
  {
    id: "sshfp-registered",
    types: ["SSHFP"],
    source:
      "RFC 4255 §3.1, RFC 6594, RFC 7479 and RFC 8709 (IANA's SSHFP registries: algorithms 1-4 " +
      "and 6, fingerprint types 1 and 2); octoDNS octodns/record/sshfp.py (SshfpValueValidator: " +
      "unrecognized algorithm or fingerprint_type)",
    check: ({ fields }) => {
      const algorithm = Number(fields["algorithm"]);
      const type = Number(fields["type"]);
      if (!SSHFP_ALGORITHMS.includes(algorithm)) {
        return {
          property: "content",
          reason: `an SSHFP record's algorithm must be a registered one (${SSHFP_ALGORITHMS.join(", ")}) ${STRICT}, got ${algorithm}; e.g. "4 2 <64 hex digits>" (Ed25519, SHA-256)`,
        };
      }
      return SSHFP_FINGERPRINT_TYPES.includes(type)
        ? undefined
        : {
            property: "content",
            reason: `an SSHFP record's fingerprint type must be 1 (SHA-1) or 2 (SHA-256) ${STRICT}, got ${type}; e.g. "4 2 <64 hex digits>"`,
          };
    },
  },
];

function aTarget(type: string): string {
  if (type === "SRV") return "an SRV record's target";
  if (type === "NAPTR") return "a NAPTR record's replacement";
  return `${/^[AEIMNS]/.test(type) ? "an" : "a"} ${type} record's target`;
}

/** What the strict rules refuse of a record the default check accepted; `[]` when nothing. */
export function strictFailures(record: StrictInput): RecordFailure[] {
  const failures: RecordFailure[] = [];
  for (const rule of STRICT_RULES) {
    if (!rule.types.includes(record.type)) continue;
    const failure = rule.check(record);
    if (failure) failures.push(failure);
  }
  return failures;
}
