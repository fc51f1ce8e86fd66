import { parseTtl, parseZoneFile } from "./parse";
import { writeZoneFile, zoneFileRecords } from "./records";

const zone = (lines: string[]) => `${lines.join("\n")}\n`;

describe("reading a zone file", () => {
  const text = zone([
    "$ORIGIN example.com.",
    "$TTL 1h",
    "@  IN SOA ns1.example.net. hostmaster ( 2024010101 ; serial",
    "          1d 2h 4w 300 )",
    "   IN NS ns1.example.net.",
    "www        300 IN A 192.0.2.1",
    "           IN 600 AAAA 2001:db8::1 ; TTL and class in either order",
    "mail       A 192.0.2.2",
    '@          TXT "v=spf1 -all" "second \\"quoted\\" string"',
    "$ORIGIN sub",
    "host       CNAME www.example.com.",
    "alias      CNAME host",
  ]);
  const { entries, problems } = parseZoneFile(text, { origin: "example.com" });

  it("reads names, TTLs and classes as BIND does", () => {
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.line, e.owner, e.ttl, e.type])).toEqual([
      [3, "example.com.", 3600, "SOA"],
      [5, "example.com.", 3600, "NS"],
      [6, "www.example.com.", 300, "A"],
      [7, "www.example.com.", 600, "AAAA"],
      [8, "mail.example.com.", 3600, "A"],
      [9, "example.com.", 3600, "TXT"],
      [11, "host.sub.example.com.", 3600, "CNAME"],
      [12, "alias.sub.example.com.", 3600, "CNAME"],
    ]);
  });

  it("joins parentheses across lines and drops comments", () => {
    expect(entries[0]!.data.map((f) => f.text)).toEqual([
      "ns1.example.net.",
      "hostmaster",
      "2024010101",
      "1d",
      "2h",
      "4w",
      "300",
    ]);
  });

  it("keeps quoted strings whole, escapes included", () => {
    expect(entries[5]!.data).toEqual([
      { text: '"v=spf1 -all"', quoted: true },
      { text: '"second \\"quoted\\" string"', quoted: true },
    ]);
  });

  it("takes an omitted TTL from the last one given when there is no $TTL (BIND's rule)", () => {
    const read = parseZoneFile(zone(["a 60 A 192.0.2.1", "b A 192.0.2.2"]), { origin: "example.com" });
    expect(read.entries.map((e) => e.ttl)).toEqual([60, 60]);
  });

  it("reads TTL units", () => {
    expect([
      parseTtl("1h30m"),
      parseTtl("1W"),
      parseTtl("86400"),
      parseTtl("1x"),
      parseTtl("99999999999"),
    ]).toEqual([5400, 604800, 86400, undefined, undefined]);
  });

  it.each([
    ["$INCLUDE other.zone", 1, "$INCLUDE is not read here"],
    ["$GENERATE 1-10 host$ A 192.0.2.$", 1, "$GENERATE is not read here"],
    ["www 60 CH A 192.0.2.1", 1, "class CH is not served here"],
    ["www A 192.0.2.1", 1, "no TTL and none comes before it"],
    ['$TTL 60\nwww TXT "open', 2, "not closed on its line"],
    ["$TTL 60\n\nwww SOA ( a b 1 2 3 4 5", 3, "never closed"],
    ["$TTL 60\n 60 A 192.0.2.1", 2, "first record has no owner"],
    ["$TTL 60\nwww 60 IN", 2, 'expected a record type (e.g. "www 3600 IN A 192.0.2.1"), got nothing'],
  ])("refuses %j at line %d", (text, line, message) => {
    const { problems: found } = parseZoneFile(text, { origin: "example.com" });
    expect(found).toEqual([expect.objectContaining({ line, message: expect.stringContaining(message) })]);
  });
});

describe("a zone file as the service's records", () => {
  it("gives host names in full, priorities in their field, and leaves the apex SOA and NS out", () => {
    const read = zoneFileRecords(
      zone([
        "$TTL 300",
        "@ SOA ns1.example.net. admin.example.net. 1 2 3 4 5",
        "@ NS ns1.example.net.",
        "@ MX 10 mail",
        "@ MX 0 .",
        "_sip._tcp SRV 10 5 5060 sip.example.net.",
        "sub NS ns1.example.net.",
        "www CNAME @",
        '@ CAA 0 issue "letsencrypt.org"',
        '@ TXT "v=spf1 -all"',
        "@ DS 60485 5 1 ( 2BB183AF5F22588179A5",
        "                 3B0A98631FAD1A292118 )",
      ]),
      { zone: "Example.com" },
    );
    expect(read.problems).toEqual([]);
    expect(read.skipped.map((e) => e.line)).toEqual([2, 3]);
    expect(read.records.map((r) => ({ line: r.line, ...r.record }))).toEqual([
      { line: 4, name: "", type: "MX", content: "mail.example.com", ttl: 300, priority: 10 },
      { line: 5, name: "", type: "MX", content: ".", ttl: 300, priority: 0 },
      { line: 6, name: "_sip._tcp", type: "SRV", content: "5 5060 sip.example.net", ttl: 300, priority: 10 },
      { line: 7, name: "sub", type: "NS", content: "ns1.example.net", ttl: 300, priority: undefined },
      { line: 8, name: "www", type: "CNAME", content: "example.com", ttl: 300, priority: undefined },
      { line: 9, name: "", type: "CAA", content: '0 issue "letsencrypt.org"', ttl: 300, priority: undefined },
      { line: 10, name: "", type: "TXT", content: '"v=spf1 -all"', ttl: 300, priority: undefined },
      {
        line: 11,
        name: "",
        type: "DS",
        content: "60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118",
        ttl: 300,
        priority: undefined,
      },
    ]);
  });

  it("refuses, with the line, what the record rules refuse and types the service cannot hold", () => {
    const read = zoneFileRecords(
      zone([
        "$TTL 300",
        "www A 1.2.3",
        "_443._tcp TLSA 3 1 1 abcdef",
        "mx MX 70000 mail.example.com.",
        "other.example.org. A 192.0.2.1",
        "ok A 192.0.2.1",
      ]),
      { zone: "example.com" },
    );
    expect(read.problems).toEqual([
      {
        line: 2,
        message: expect.stringMatching(/^A content: an A record's content must be an IPv4 address/),
      },
      { line: 3, message: expect.stringContaining("the service does not hold TLSA records") },
      { line: 4, message: expect.stringMatching(/^MX priority: must be at most 65535/) },
    ]);
    // Outside the zone: left out, as BIND leaves it out, and said apart from the problems.
    expect(read.outside.map((e) => e.line)).toEqual([5]);
    expect(read.records.map((r) => r.record.name)).toEqual(["ok"]);
  });

  it("refuses a TTL of 0 at its line, showing the value given", () => {
    const read = zoneFileRecords(zone(["www 0 IN A 192.0.2.1", "ok 60 IN A 192.0.2.2"]), {
      zone: "example.com",
    });
    expect(read.problems).toEqual([
      {
        line: 1,
        message:
          "A TTL: must be a whole number of seconds from 1 to 2147483647 (the service refuses a TTL below 1), got 0; e.g. 3600",
      },
    ]);
    expect(read.records.map((r) => r.record.name)).toEqual(["ok"]);
  });

  it("refuses any record beside a CNAME at its name, however the name is spelled", () => {
    const read = zoneFileRecords(
      zone([
        "$TTL 300",
        "WWW CNAME example.net.",
        "www.example.com. MX 10 mail.example.net.",
        "$ORIGIN www.example.com.",
        '@ TXT "beside"',
        "$ORIGIN example.com.",
        "ftp A 192.0.2.1",
        "FTP.Example.COM. CNAME example.net.",
        "bücher A 192.0.2.3",
        "xn--bcher-kva CNAME example.net.",
      ]),
      { zone: "example.com" },
    );
    expect(read.problems).toEqual([
      {
        line: 3,
        message: 'a CNAME must be the only record at its name: line 2 (CNAME) and this MX are both at "www"',
      },
      {
        line: 5,
        message: 'a CNAME must be the only record at its name: line 2 (CNAME) and this TXT are both at "www"',
      },
      {
        line: 8,
        message: 'a CNAME must be the only record at its name: line 7 (A) and this CNAME are both at "ftp"',
      },
      {
        line: 10,
        message:
          'a CNAME must be the only record at its name: line 9 (A) and this CNAME are both at "xn--bcher-kva"',
      },
    ]);
  });

  it("refuses a NAPTR whose regexp is not empty or a substitution expression (RFC 3403 §3.2)", () => {
    const read = zoneFileRecords(
      zone([
        '@ 300 NAPTR 100 10 "U" "E2U+sip" "EMPTY" .',
        '@ 300 NAPTR 100 20 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .',
        '@ 300 NAPTR 100 30 "S" "SIP+D2U" "" _sip._udp.example.com.',
      ]),
      { zone: "example.com" },
    );
    expect(read.problems).toEqual([
      {
        line: 1,
        message:
          'NAPTR content: a NAPTR record\'s regexp must be empty or a substitution expression delim-ere-delim-replacement-delim such as "!^.*$!sip:info@example.com!" (or "" with a replacement) (RFC 3403 §3.2): its first character "E" is the delimiter and must appear twice more (unescaped), it appears 0 more times, got "EMPTY"',
      },
    ]);
    expect(read.records.map((r) => r.line)).toEqual([2, 3]);
  });
});

describe("the service's records as a zone file", () => {
  it("writes SOA and NS first, host names absolute, long text split, service-only types as comments", () => {
    const text = writeZoneFile("example.com", [
      { name: "www", type: "ALIAS", content: "example.net", ttl: 60, priority: null },
      { name: "", type: "MX", content: "mail.example.com", ttl: 60, priority: 10 },
      { name: "", type: "TXT", content: `say "hi" ${"x".repeat(300)}`, ttl: 60, priority: null },
      { name: "", type: "NS", content: "ns1.dnsimple.com", ttl: 3600, priority: null },
      {
        name: "",
        type: "SOA",
        content: "ns1.dnsimple.com admin.dnsimple.com 1 86400 7200 604800 300",
        ttl: 3600,
      },
    ]);
    expect(text.split("\n")).toEqual([
      "$ORIGIN example.com.",
      "@\t3600\tIN\tSOA\tns1.dnsimple.com. admin.dnsimple.com. 1 86400 7200 604800 300",
      "@\t3600\tIN\tNS\tns1.dnsimple.com.",
      "@\t60\tIN\tMX\t10 mail.example.com.",
      `@\t60\tIN\tTXT\t"say \\"hi\\" ${"x".repeat(246)}" "${"x".repeat(54)}"`,
      "; www\t60\tIN\tALIAS\texample.net (a record of the service, not a DNS type)",
      "",
    ]);
  });

  it("reads back what it writes", () => {
    const records = [
      { name: "", type: "MX", content: "mail.example.com", ttl: 60, priority: 10 },
      { name: "_sip._tcp", type: "SRV", content: "5 5060 sip.example.com", ttl: 60, priority: 20 },
      { name: "www", type: "CNAME", content: "example.com", ttl: 60, priority: undefined },
    ];
    const read = zoneFileRecords(writeZoneFile("example.com", records), { zone: "example.com" });
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.record)).toEqual(records);
  });
});
