/**
 * Record data cases, valid and invalid, each with where its verdict comes from: an RFC section,
 * the service's documentation, or a public DNS tool's tests or docs (their test values are taken
 * as facts; no code is). Read by the unit test of `ZoneRecord`'s check
 * (test/unit/record-data-corpus.test.ts), the provider/emulator agreement test
 * (test/integration/record-data-agreement.test.ts) and bench/record-validation.ts.
 *
 * @example
 * ```ts
 * for (const c of CORPUS) expect(failuresOf(c).length === 0).toBe(c.valid);
 * ```
 */

export interface CorpusCase {
  readonly type: string;
  /** Relative to the zone; default "www". */
  readonly name?: string;
  readonly content: string;
  readonly priority?: number;
  readonly ttl?: number;
  readonly valid: boolean;
  /** Where the verdict comes from. */
  readonly source: string;
  /** The zone; default example.com. */
  readonly zone?: string;
  /**
   * Refused only with strict record checks on (provider/dns/record-data/strict.ts): the
   * service accepts it, so `valid` (the default check's verdict) is true.
   */
  readonly strictInvalid?: boolean;
}

/** Whether `check` accepts the case, with strict record checks off or on. */
export const acceptedWith = (c: CorpusCase, strict: boolean): boolean =>
  c.valid && !(strict && c.strictInvalid === true);

const RFC1035_ADDR = "RFC 1035 §3.4.1 (A RDATA is a 32-bit address)";
const RFC4291 = "RFC 4291 §2.2 (text forms of IPv6 addresses)";
const RFC5952 = "RFC 5952 §4 (IPv6 compressed form is the same address)";
const OCTO_A = "octoDNS tests/test_octodns_record_a.py (invalid IPv4 values)";
const OCTO_AAAA = "octoDNS tests/test_octodns_record_aaaa.py (invalid IPv6 values)";
const OCTO_TARGET = "octoDNS tests/test_octodns_record_target.py (CNAME/ALIAS/PTR/NS value must be a FQDN)";
const OCTO_MX = "octoDNS tests/test_octodns_record_mx.py (preference and exchange checks)";
const OCTO_SRV = "octoDNS tests/test_octodns_record_srv.py (priority, weight, port, target checks)";
const OCTO_CAA = "octoDNS tests/test_octodns_record_caa.py (flags, tag, value checks)";
const OCTO_SSHFP = "octoDNS tests/test_octodns_record_sshfp.py (algorithm, type, fingerprint checks)";
const OCTO_DS = "octoDNS tests/test_octodns_record_ds.py (key tag, algorithm, digest checks)";
const OCTO_NAPTR = "octoDNS tests/test_octodns_record_naptr.py (order, preference, flags, replacement)";
const OCTO_NAME = "octoDNS tests/test_octodns_record.py (name label and length checks)";
const DNSC_TARGET =
  "DNSControl documentation/language-reference/why-the-dot.md and pkg/normalize/validate_test.go (targets are host names)";
const DNSC_TXT =
  "DNSControl documentation/language-reference/domain-modifiers/TXT.md (strings of at most 255 octets, several allowed) and pkg/rejectif/txt.go";
const RFC1034_NAME = "RFC 1035 §2.3.4 (labels 63 octets, names 255 octets)";
const RFC2181_NAME = "RFC 2181 §11 (any octet in a label of a name that is not a host name)";
const RFC1123_HOST = "RFC 1123 §2.1 and RFC 952 (a host name is letters, digits and hyphens)";
const RFC4592 = "RFC 4592 §2.1.1 (a wildcard is the leftmost label *)";
const RFC8552 = "RFC 8552 §2 (underscored labels such as _dmarc, _sip._tcp)";
const RFC5891 = "RFC 5891 §4 (IDN labels in punycode, counted in octets)";
const RFC7505 = "RFC 7505 §3 (null MX: exchange '.', preference 0)";
const RFC2782 = "RFC 2782 (SRV priority, weight, port: 16-bit; target a host name or '.')";
const RFC8659 = "RFC 8659 §4.1 (CAA flags 8-bit, tag 1-15 alphanumeric, value)";
const RFC8659_IODEF = "RFC 8659 §4.4 (iodef value is a mailto: or http(s): URL)";
const RFC4255 = "RFC 4255 §3.1 and RFC 6594 (SSHFP algorithm, type, hex fingerprint of the hash's length)";
const RFC4034_DS = "RFC 4034 §5.3, RFC 4509, RFC 6605 (DS digest length by digest type)";
const RFC4034_KEY = "RFC 4034 §2.2 (DNSKEY flags protocol algorithm base64 key)";
const RFC3403 = "RFC 3403 §4.1 (NAPTR: order preference flags services regexp replacement)";
const RFC1035_HINFO = "RFC 1035 §3.3.2 (HINFO: cpu and os character-strings)";
const RFC1035_TXT = "RFC 1035 §3.3.14 (TXT character-strings of at most 255 octets)";
const DNSIMPLE_TXT =
  "https://support.dnsimple.com/articles/txt-record-format/ (1,000 characters once quoted; quoted input stored verbatim)";
const DNSIMPLE_SRV =
  "https://support.dnsimple.com/articles/srv-record-format/ (weight, port 16-bit; target an FQDN, not an IP address) and the OpenAPI ZoneRecordCreate priority field";
const DNSIMPLE_URL =
  "https://support.dnsimple.com/articles/url-record-format-details/ (a valid, complete URL including the scheme)";
const DNSIMPLE_ALIAS =
  "https://support.dnsimple.com/articles/alias-record-reference/ (content is an FQDN; allowed at the apex)";
const DNSIMPLE_POOL = "https://support.dnsimple.com/articles/pool-record-reference/ (content is an FQDN)";
const DNSIMPLE_OAS = "DNSimple OpenAPI ZoneRecordCreate (name, type, content; TTL; priority integer)";
const RFC2181_TTL = "RFC 2181 §8 (TTL is an unsigned 31-bit number)";
const RFC1034_CNAME = "RFC 1034 §3.6.2 (a CNAME at a name is the only record there; not at the apex)";
const DNSIMPLE_CNAME =
  "https://support.dnsimple.com/articles/manage-cname-record/ (a host name, not a URL) and /articles/cname-record/ (not an IP address)";
const DNSIMPLE_NS = "https://support.dnsimple.com/articles/ns-record-format/ (a hostname, not an IP address)";
const RFC4343 = "RFC 4343 §2 (DNS names compare without case)";
const NOTRIM = "issue 25: refused, never repaired (content that only parses after trimming)";
const OCTO_STRICT_CAA =
  "RFC 8659 §4.1 (flags: only bit 0, Issuer Critical, is defined); octoDNS octodns/record/caa.py (CaaValueRfcValidator, strict set)";
const DNSC_CAA_TAG =
  "IANA Certification Authority Restriction Properties registry; DNSControl pkg/normalize/validate.go (allowedTags: CAA tag … is invalid)";
const OCTO_SRV_NAME =
  "RFC 2782 (_Service._Proto.Name); octoDNS octodns/record/srv.py (SrvNameValidator: invalid name for SRV record)";
const STRICT_HOST =
  "RFC 1123 §2.1 and RFC 952 (host-name labels: letters, digits, inner hyphens); octoDNS tests/test_octodns_record_target.py (not a valid FQDN)";
const OCTO_NAPTR_FLAGS =
  "RFC 3404 §4.3 (flags S, A, U, P); octoDNS octodns/record/naptr.py (NaptrValueRfcValidator, strict set)";
const OCTO_SSHFP_REG =
  "RFC 4255 §3.1, RFC 6594, RFC 7479, RFC 8709 (registered algorithms and fingerprint types); octoDNS octodns/record/sshfp.py (unrecognized algorithm / fingerprint_type)";
const DNSIMPLE_TXT_LIMIT =
  "https://support.dnsimple.com/articles/txt-record-format/ (unquoted: 1,000 characters after serialization, added quotes and escapes included; quoted: 1,000 including quotes)";
const TXT_STRINGS = (n: number) =>
  `"${"a".repeat(255)}" "${"a".repeat(255)}" "${"a".repeat(255)}" "${"a".repeat(n)}"`;
const DNSC_TRAIL = "DNSControl providers/dnsimple/auditrecords.go (TxtHasTrailingSpace: DNSimple refuses it)";

const hex = (n: number, c = "a") => c.repeat(n);
const SHA1 = "123456789abcdef67890123456789abcdef67890";
const SHA256 = "e8a0b5f8d3a1b9c2e8a0b5f8d3a1b9c2e8a0b5f8d3a1b9c2e8a0b5f8d3a1b9c2";
const SHA384 = SHA256 + hex(32, "b");
const KEY = "mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==";

const v = (type: string, content: string, source: string, more: Partial<CorpusCase> = {}): CorpusCase => ({
  type,
  content,
  source,
  valid: true,
  ...more,
});
/** Accepted by the default check (the service accepts it), refused with strict record checks. */
const s = (type: string, content: string, source: string, more: Partial<CorpusCase> = {}): CorpusCase => ({
  type,
  content,
  source,
  valid: true,
  strictInvalid: true,
  ...more,
});
const x = (type: string, content: string, source: string, more: Partial<CorpusCase> = {}): CorpusCase => ({
  type,
  content,
  source,
  valid: false,
  ...more,
});

export const CORPUS: readonly CorpusCase[] = [
  // A
  v("A", "192.0.2.10", RFC1035_ADDR),
  v("A", "0.0.0.0", RFC1035_ADDR),
  v("A", "255.255.255.255", RFC1035_ADDR),
  v("A", "10.0.0.1", RFC1035_ADDR, { name: "" }),
  v("A", "192.0.2.1", RFC1035_ADDR, { name: "@" }),
  v("A", "192.0.2.2", RFC4592, { name: "*" }),
  v("A", "192.0.2.3", RFC4592, { name: "*.dev" }),
  v("A", "192.0.2.4", RFC5891, { name: "bücher" }),
  v("A", "192.0.2.5", RFC1034_NAME, { name: "a".repeat(63) }),
  v("A", "192.0.2.6", RFC4343, { name: "WWW" }),
  v("A", "192.0.2.7", RFC2181_NAME, { name: "a-b.c_d" }),
  x("A", "hello", OCTO_A),
  x("A", "1.2.3", OCTO_A),
  x("A", "1.2.3.4/10", OCTO_A),
  x("A", "2001:db8::1", OCTO_A),
  x("A", "256.1.1.1", RFC1035_ADDR),
  x("A", "1.2.3.4.5", RFC1035_ADDR),
  x("A", " 192.0.2.1", `${NOTRIM}; ${RFC1035_ADDR}`),
  x("A", "192.0.2.1 ", `${NOTRIM}; ${RFC1035_ADDR}`),
  x("A", "", DNSIMPLE_OAS),
  x("A", "192.0.2.1", RFC1034_NAME, { name: "a".repeat(64) }),
  x("A", "192.0.2.1", OCTO_NAME, { name: "a..b" }),
  x(
    "A",
    "192.0.2.1",
    NOTRIM + "; names are relative (DNSControl documentation/language-reference/why-the-dot.md)",
    { name: "www." },
  ),
  x("A", "192.0.2.1", OCTO_NAME, { name: ".www" }),
  x("A", "192.0.2.1", RFC1123_HOST + " (no whitespace in a host name)", { name: "w w" }),
  x("A", "192.0.2.1", `${NOTRIM}; ${RFC1123_HOST}`, { name: " www" }),
  x("A", "192.0.2.1", RFC4592, { name: "a.*" }),
  x("A", "192.0.2.1", RFC4592, { name: "*.*" }),
  x("A", "192.0.2.1", RFC1034_NAME + " (253 octets with the zone)", {
    name: Array.from({ length: 4 }, () => "a".repeat(60)).join("."),
  }),
  x("A", "192.0.2.1", RFC5891 + " (the zone in punycode counts)", {
    name: Array.from({ length: 4 }, () => "b".repeat(59)).join("."),
    zone: "bücher-und-zeitschriften.example",
  }),
  x("A", "192.0.2.1", RFC5891 + " (a label over 63 octets once in punycode)", {
    name: `${"a".repeat(58)}üü`,
  }),
  x("A", "192.0.2.1", RFC1123_HOST, { name: "foo&bar" }),
  // AAAA
  v("AAAA", "2001:db8::1", RFC4291),
  v("AAAA", "2001:0db8:0000:0000:0000:0000:0000:0001", RFC5952),
  v("AAAA", "2001:DB8::A", RFC5952),
  v("AAAA", "::1", RFC4291),
  v("AAAA", "::ffff:192.0.2.1", RFC4291),
  v("AAAA", "fe80::1", RFC4291),
  x("AAAA", "1.2.3.4", OCTO_AAAA),
  x("AAAA", "2001:db8::g", OCTO_AAAA),
  x("AAAA", "::1::2", RFC4291),
  x("AAAA", "hello", OCTO_AAAA),
  x("AAAA", "fe80::1%eth0", RFC4291 + " (a zone index is not part of an address in DNS)"),
  x("AAAA", " 2001:db8::1", `${NOTRIM}; ${RFC4291}`),
  // CNAME
  v("CNAME", "app.example.net", OCTO_TARGET),
  v("CNAME", "app.example.net.", DNSC_TARGET + " (trailing dot on a target is the same name)"),
  v("CNAME", "App.Example.NET", RFC4343),
  v("CNAME", "bücher.example", RFC5891),
  v("CNAME", "xn--bcher-kva.example", RFC5891),
  v("CNAME", "_acme-challenge.example.org", RFC8552),
  v("CNAME", "target.example.com", RFC8552, { name: "_dmarc" }),
  v("CNAME", "x.example.net", RFC4592, { name: "*" }),
  x("CNAME", "https://example.com/a", DNSIMPLE_CNAME),
  x("CNAME", "192.168.1.1", DNSIMPLE_CNAME),
  x("CNAME", "foo bar", OCTO_TARGET),
  x("CNAME", "foo&bar", OCTO_TARGET),
  x("CNAME", "host/", DNSIMPLE_CNAME + " (a path is part of a URL)"),
  x("CNAME", "a..b.example.com", OCTO_TARGET),
  x("CNAME", `${"a".repeat(64)}.example.com`, RFC1034_NAME),
  x("CNAME", ".", RFC1034_CNAME + " (a CNAME names a host)"),
  x("CNAME", "www.example.com", RFC1034_CNAME + " (a CNAME pointing at its own name loops)"),
  x("CNAME", "www.example.com.", RFC1034_CNAME + " (a CNAME pointing at its own name loops)"),
  x("CNAME", "app.example.net", RFC1034_CNAME, { name: "" }),
  x("CNAME", "app.example.net ", `${NOTRIM}; ${RFC1123_HOST}`),
  x("CNAME", "2001:db8::1", DNSIMPLE_CNAME),
  x("CNAME", "1.2.3", OCTO_TARGET + " (a numeric last label is an address typo)"),
  // ALIAS
  v("ALIAS", "app.example.net", DNSIMPLE_ALIAS, { name: "" }),
  v("ALIAS", "lb.example.net.", DNSIMPLE_ALIAS, { name: "" }),
  x("ALIAS", "https://app.example.net", DNSIMPLE_ALIAS, { name: "" }),
  x("ALIAS", "192.0.2.1", DNSIMPLE_ALIAS, { name: "" }),
  x("ALIAS", "app example net", DNSIMPLE_ALIAS, { name: "" }),
  // MX
  v("MX", "mx.example.com", OCTO_MX, { name: "", priority: 10 }),
  v("MX", "mail.example.com.", OCTO_MX, { name: "", priority: 65535 }),
  v("MX", "mx.bücher.example", RFC5891, { name: "", priority: 0 }),
  v("MX", ".", RFC7505, { name: "", priority: 0 }),
  v("MX", "mx.example.com", OCTO_MX, { name: "" }),
  x("MX", "100 mx.example.com", OCTO_MX + " (a preference typed into the exchange)", {
    name: "",
    priority: 10,
  }),
  x("MX", "mx.example.com", OCTO_MX, { name: "", priority: 65536 }),
  x("MX", "mx.example.com", OCTO_MX, { name: "", priority: 70000 }),
  x("MX", ".", RFC7505, { name: "", priority: 10 }),
  x("MX", "192.0.2.25", OCTO_MX, { name: "", priority: 10 }),
  x("MX", "mailto:mx@example.com", OCTO_MX, { name: "", priority: 10 }),
  x("MX", "mx.example.com/", OCTO_MX, { name: "", priority: 10 }),
  // NS
  v("NS", "ns1.example.net", OCTO_TARGET, { name: "lab" }),
  v("NS", "ns1.example.net.", OCTO_TARGET, { name: "lab" }),
  x("NS", "192.0.2.53", DNSIMPLE_NS, { name: "lab" }),
  x("NS", "ns1.example.net/", DNSIMPLE_NS + " (a path is not part of a hostname)", { name: "lab" }),
  x("NS", "ns1 example net", OCTO_TARGET, { name: "lab" }),
  // PTR
  v("PTR", "host.example.com.", OCTO_TARGET, { name: "10", zone: "2.0.192.in-addr.arpa" }),
  v("PTR", "host.example.com", OCTO_TARGET, { name: "11", zone: "2.0.192.in-addr.arpa" }),
  x("PTR", "192.0.2.10", OCTO_TARGET, { name: "12", zone: "2.0.192.in-addr.arpa" }),
  x("PTR", "http://host.example.com", OCTO_TARGET, { name: "13", zone: "2.0.192.in-addr.arpa" }),
  // SRV
  v("SRV", "10 5060 sip.example.com", DNSIMPLE_SRV, { name: "_sip._tcp", priority: 10 }),
  v("SRV", "0 5060 sip.example.com.", DNSIMPLE_SRV, { name: "_sip._udp", priority: 0 }),
  v("SRV", "65535 65535 sip.example.com", RFC2782, { name: "_sip._tls", priority: 65535 }),
  v("SRV", "0 0 .", RFC2782 + " ('.' means no service)", { name: "_imap._tcp", priority: 0 }),
  x("SRV", "10 5060 sip.example.com", RFC2782, { name: "_sip._tcp", priority: 65536 }),
  x("SRV", "foo 5060 sip.example.com", OCTO_SRV, { name: "_sip._tcp", priority: 10 }),
  x("SRV", "10 99999 sip.example.com", OCTO_SRV, { name: "_sip._tcp", priority: 10 }),
  x("SRV", "10 5060", OCTO_SRV + " (missing target)", { name: "_sip._tcp", priority: 10 }),
  x("SRV", "10 5060 192.0.2.1", DNSIMPLE_SRV, { name: "_sip._tcp", priority: 10 }),
  x("SRV", "10 5060 sip.example.com/x", DNSIMPLE_SRV + " (a path is not part of an FQDN)", {
    name: "_sip._tcp",
    priority: 10,
  }),
  x("SRV", "1 10 5060 sip.example.com", DNSIMPLE_SRV + " (the priority has its own field)", {
    name: "_sip._tcp",
    priority: 1,
  }),
  x("SRV", "70000 5060 sip.example.com", OCTO_SRV, { name: "_sip._tcp", priority: 10 }),
  x("SRV", "-1 5060 sip.example.com", OCTO_SRV, { name: "_sip._tcp", priority: 10 }),
  // CAA
  v("CAA", '0 issue "letsencrypt.org"', RFC8659, { name: "" }),
  v("CAA", '0 issuewild ";"', RFC8659 + " (';' forbids issuance)", { name: "" }),
  v("CAA", '128 issue "ca.example.net; account=1234"', RFC8659, { name: "" }),
  v("CAA", '0 iodef "mailto:security@example.com"', RFC8659_IODEF, { name: "" }),
  v("CAA", '0 iodef "https://iodef.example.com/"', RFC8659_IODEF, { name: "" }),
  v("CAA", "0 issue letsencrypt.org", RFC8659 + " (value as an unquoted word)", { name: "" }),
  v("CAA", '0 ISSUE "letsencrypt.org"', RFC8659 + " (tags are case-insensitive)", { name: "" }),
  x("CAA", '442 issue "letsencrypt.org"', OCTO_CAA, { name: "" }),
  x("CAA", 'nope issue "letsencrypt.org"', OCTO_CAA, { name: "" }),
  x("CAA", "0 issue", OCTO_CAA + " (missing value)", { name: "" }),
  x("CAA", '0 "letsencrypt.org"', OCTO_CAA + " (missing tag)", { name: "" }),
  x("CAA", '0 is-sue "letsencrypt.org"', OCTO_CAA, { name: "" }),
  x("CAA", '0 iodef "security@example.com"', RFC8659_IODEF, { name: "" }),
  x("CAA", '0 issue "letsencrypt.org', OCTO_CAA + " (unpaired quote)", { name: "" }),
  x("CAA", '0 averyveryverylongtag "x"', RFC8659 + " (tag at most 15 characters)", { name: "" }),
  // SSHFP
  v("SSHFP", `1 1 ${SHA1}`, RFC4255),
  v("SSHFP", `4 2 ${SHA256}`, RFC4255),
  v("SSHFP", `3 2 ${SHA256.toUpperCase()}`, RFC4255 + " (hex digits in either case)"),
  x("SSHFP", `256 1 ${SHA1}`, OCTO_SSHFP),
  x("SSHFP", "1 1 zzzz", OCTO_SSHFP),
  x("SSHFP", `1 1 ${SHA256}`, OCTO_SSHFP + " (SHA-1 type, SHA-256 length)"),
  x("SSHFP", `1 2 ${SHA1}`, OCTO_SSHFP + " (SHA-256 type, SHA-1 length)"),
  x("SSHFP", "1 1", OCTO_SSHFP + " (missing fingerprint)"),
  x("SSHFP", `1 1 ${SHA1}0`, RFC4255 + " (odd number of hex digits)"),
  // DS
  v("DS", `12345 13 2 ${SHA256}`, RFC4034_DS, { name: "sub" }),
  v("DS", `2371 8 1 ${SHA1}`, RFC4034_DS, { name: "sub" }),
  v("DS", `60485 14 4 ${SHA384}`, RFC4034_DS, { name: "sub" }),
  x("DS", `12345 13 2 ${SHA1}`, OCTO_DS + " (SHA-256 digest type, SHA-1 length)", { name: "sub" }),
  x("DS", `12345 13 1 ${SHA256}`, OCTO_DS + " (SHA-1 digest type, SHA-256 length)", { name: "sub" }),
  x("DS", `70000 13 2 ${SHA256}`, OCTO_DS + " (key tag is 16-bit)", { name: "sub" }),
  x("DS", "12345 13 2 xyz", OCTO_DS, { name: "sub" }),
  x("DS", "12345 13 2", OCTO_DS + " (missing digest)", { name: "sub" }),
  x("DS", `12345 300 2 ${SHA256}`, OCTO_DS + " (algorithm is 8-bit)", { name: "sub" }),
  // DNSKEY
  v("DNSKEY", `257 3 13 ${KEY}`, RFC4034_KEY, { name: "" }),
  x("DNSKEY", "257 3 13 not*base64", RFC4034_KEY, { name: "" }),
  x("DNSKEY", `257 300 13 ${KEY}`, RFC4034_KEY, { name: "" }),
  // NAPTR
  v("NAPTR", '100 10 "S" "SIP+D2U" "" _sip._udp.example.com.', RFC3403),
  v("NAPTR", '100 50 "u" "E2U+sip" "!^.*$!sip:info@example.com!" .', RFC3403),
  x("NAPTR", '100 10 "S" "SIP+D2U" ""', OCTO_NAPTR + " (five fields)"),
  x("NAPTR", '70000 10 "S" "SIP+D2U" "" _sip._udp.example.com.', OCTO_NAPTR),
  x("NAPTR", '100 10 "S+" "SIP+D2U" "" _sip._udp.example.com.', OCTO_NAPTR + " (flags are alphanumeric)"),
  x("NAPTR", '100 10 "S" "SIP+D2U" "" 192.0.2.1', OCTO_NAPTR + " (replacement is a host name)"),
  // HINFO
  v("HINFO", '"INTEL-386" "UNIX"', RFC1035_HINFO),
  v("HINFO", "PC Linux", RFC1035_HINFO),
  x("HINFO", '"INTEL-386"', RFC1035_HINFO + " (two strings)"),
  x("HINFO", '"a" "b" "c"', RFC1035_HINFO + " (two strings)"),
  // TXT / SPF
  v("TXT", "v=spf1 -all", DNSIMPLE_TXT, { name: "" }),
  v("TXT", '"v=spf1 -all"', DNSIMPLE_TXT + " (quoted input stored verbatim)", { name: "" }),
  v("TXT", "v=DMARC1; p=none; rua=mailto:dmarc@example.com", RFC8552, { name: "_dmarc" }),
  v("TXT", "x".repeat(300), DNSC_TXT + " (the service splits long text into strings)"),
  v("TXT", `"${"a".repeat(255)}" "${"b".repeat(45)}"`, RFC1035_TXT + " (several strings)"),
  v("TXT", 'I have "quoted text" here', DNSIMPLE_TXT + " (inner quotes are escaped for you)"),
  v("TXT", '"I have \\"quoted text\\" here"', DNSIMPLE_TXT),
  v("TXT", "héllo wörld ✓", DNSIMPLE_TXT + " (UTF-8 text)"),
  v("TXT", "a".repeat(998), DNSIMPLE_TXT + " (998 + 2 quotes = 1,000)"),
  v("TXT", "a `` b | c", RFC1035_TXT + " (backticks and pipes are data)"),
  v("TXT", "google-site-verification=abc", DNSC_TXT, { name: "" }),
  v("SPF", "v=spf1 include:_spf.example.com ~all", DNSIMPLE_TXT, { name: "" }),
  x("TXT", "a".repeat(999), DNSIMPLE_TXT + " (1,001 once quoted)"),
  v("TXT", "a".repeat(997), DNSIMPLE_TXT_LIMIT + " (999 once quoted)"),
  x(
    "TXT",
    "a".repeat(1000),
    DNSIMPLE_TXT_LIMIT +
      " (1,002 once quoted; DNSControl's providers/dnsimple/auditrecords.go TxtLongerThan(1000) counts the text without its quotes and lets it through)",
  ),
  v("TXT", "a".repeat(992) + ' "b"', DNSIMPLE_TXT_LIMIT + " (996 as written, 1,000 with quotes and escapes)"),
  x("TXT", "a".repeat(993) + ' "b"', DNSIMPLE_TXT_LIMIT + " (997 as written, 1,001 with quotes and escapes)"),
  v("TXT", TXT_STRINGS(223), DNSIMPLE_TXT_LIMIT + " (quoted strings, 999 characters)"),
  v("TXT", TXT_STRINGS(224), DNSIMPLE_TXT_LIMIT + " (quoted strings, 1,000 characters)"),
  x("TXT", TXT_STRINGS(225), DNSIMPLE_TXT_LIMIT + " (quoted strings, 1,001 characters)"),
  x("TXT", "v=spf1 -all ", DNSC_TRAIL),
  x("TXT", " v=spf1 -all", `${NOTRIM}; RFC 7208 §4.5 (an SPF record begins with "v=spf1")`),
  x("TXT", '"v=spf1 -all', DNSC_TXT + " (unpaired quote)"),
  x("TXT", 'v=spf1 -all"', DNSC_TXT + " (unpaired quote)"),
  x(
    "TXT",
    `"${"a".repeat(256)}"`,
    RFC1035_TXT + "; the service would split it (txt-record-format): refused, never repaired",
  ),
  x("TXT", "line1\nline2", DNSC_TXT + " (one line)"),
  x("TXT", "", DNSIMPLE_OAS),
  x("SPF", "v=spf1 -all ", DNSC_TRAIL),
  // Strict record checks: accepted by the service, refused on request
  s("CNAME", "___", STRICT_HOST + " (a target of underscores only)"),
  s("ALIAS", "___", STRICT_HOST + " (a target of underscores only)", { name: "" }),
  s("PTR", "___", STRICT_HOST + " (a target of underscores only)", {
    name: "14",
    zone: "2.0.192.in-addr.arpa",
  }),
  s("SRV", "10 5060 ___.example.com", STRICT_HOST, { name: "_sip._tcp", priority: 10 }),
  s("MX", "-mx.example.com", STRICT_HOST + " (no leading hyphen)", { name: "", priority: 10 }),
  s("CNAME", "host-.example.net", STRICT_HOST + " (no trailing hyphen)"),
  s("CAA", '64 issue "letsencrypt.org"', OCTO_STRICT_CAA, { name: "" }),
  s("CAA", '1 issue "letsencrypt.org"', OCTO_STRICT_CAA, { name: "" }),
  s("CAA", '0 foo "bar"', DNSC_CAA_TAG, { name: "" }),
  s("CAA", '128 tbs "x"', DNSC_CAA_TAG, { name: "" }),
  s("SRV", "10 5060 sip.example.com", OCTO_SRV_NAME, { priority: 10 }),
  s("SRV", "10 5060 sip.example.com", OCTO_SRV_NAME, { name: "_sip", priority: 10 }),
  s("SRV", "10 5060 sip.example.com", OCTO_SRV_NAME, { name: "sip._tcp", priority: 10 }),
  s("SRV", "10 5060 sip.example.com", OCTO_SRV_NAME, { name: "_sip.tcp", priority: 10 }),
  s("NAPTR", '100 10 "X" "SIP+D2U" "" _sip._udp.example.com.', OCTO_NAPTR_FLAGS),
  s("SSHFP", `5 2 ${SHA256}`, OCTO_SSHFP_REG + " (algorithm 5 is unassigned)"),
  s("SSHFP", `4 3 ${SHA256}`, OCTO_SSHFP_REG + " (fingerprint type 3 is unassigned)"),
  v("CAA", '0 contactemail "security@example.com"', DNSC_CAA_TAG + " (a registered tag)", { name: "" }),
  v("CAA", '128 issuewild ";"', OCTO_STRICT_CAA + " (128 is the critical bit)", { name: "" }),
  v("SRV", "0 443 web.example.com", OCTO_SRV_NAME + " (a wildcard service label)", {
    name: "*._tcp",
    priority: 0,
  }),
  v("SSHFP", `6 2 ${SHA256}`, OCTO_SSHFP_REG + " (Ed448, RFC 8709)"),
  v(
    "NAPTR",
    '100 10 "" "" "" _sip._udp.example.com.',
    OCTO_NAPTR_FLAGS + " (empty flags: a non-terminal rule)",
  ),
  v("MX", "mx-1.example.com", STRICT_HOST + " (inner hyphens)", { name: "", priority: 10 }),
  // URL, POOL
  v("URL", "https://www.example.com/landing", DNSIMPLE_URL),
  v("URL", "http://example.com", DNSIMPLE_URL),
  x("URL", "www.example.com/path", DNSIMPLE_URL + " (no scheme)"),
  x(
    "URL",
    "ftp://example.com/file",
    "https://support.dnsimple.com/articles/how-to-add-dns-records/ (a full URL including http:// or https://)",
  ),
  x("URL", "not a url", DNSIMPLE_URL),
  v("POOL", "a.example.net", DNSIMPLE_POOL, { name: "pool" }),
  x("POOL", "192.0.2.1", DNSIMPLE_POOL, { name: "pool" }),
  // TTL and type
  v("A", "192.0.2.1", DNSIMPLE_OAS, { ttl: 60 }),
  v("A", "192.0.2.1", RFC2181_TTL, { ttl: 2 ** 31 - 1 }),
  x("A", "192.0.2.1", RFC2181_TTL + "; DNSimple answers 'ttl: is not a number'", { ttl: 0 }),
  x("A", "192.0.2.1", RFC2181_TTL, { ttl: 2 ** 31 }),
  x(
    "BOGUS",
    "x",
    'DNSimple OpenAPI ZoneRecordCreate type enum; the service answers record_type: ["unsupported"] (shared/reference/api-shapes.md)',
  ),
  x(
    "SOA",
    "ns1.example.com admin.example.com 1 2 3 4 5",
    "DNSimple OpenAPI ZoneRecord example (SOA is a system_record) and https://support.dnsimple.com/articles/soa-record/ (not configurable)",
  ),
];

/** Records declared together in one `ZoneRecords`: CNAME exclusivity and duplicates. */
export interface CorpusSet {
  readonly records: ReadonlyArray<{ name: string; type: string; content: string; priority?: number }>;
  readonly valid: boolean;
  readonly source: string;
}

export const SET_CORPUS: readonly CorpusSet[] = [
  {
    records: [
      { name: "c", type: "CNAME", content: "a.example.net" },
      { name: "c", type: "A", content: "192.0.2.1" },
    ],
    valid: false,
    source: RFC1034_CNAME,
  },
  {
    records: [
      { name: "c", type: "TXT", content: "x" },
      { name: "c", type: "CNAME", content: "a.example.net" },
    ],
    valid: false,
    source: RFC1034_CNAME,
  },
  {
    records: [
      { name: "", type: "ALIAS", content: "a.example.net" },
      { name: "", type: "ALIAS", content: "b.example.net" },
    ],
    valid: false,
    source: DNSIMPLE_ALIAS + " (one ALIAS per name)",
  },
  {
    records: [
      { name: "c", type: "A", content: "192.0.2.1" },
      { name: "c", type: "AAAA", content: "2001:db8::1" },
      { name: "", type: "MX", content: "mx.example.com", priority: 10 },
      { name: "d", type: "CNAME", content: "c.example.com" },
    ],
    valid: true,
    source: RFC1034_CNAME,
  },
];
