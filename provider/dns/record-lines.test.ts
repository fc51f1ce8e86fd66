/**
 * Record lines (record-lines.ts): how the SDK sends a ZoneRecords' records and how state keeps
 * them. A line reads back as the record it was made from, and what cannot travel as a line is
 * sent as the program wrote it.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  LINES_OF_A_LIST,
  LINES_OF_A_MAP,
  isPlainRecord,
  parseRecordLine,
  recordLine,
  recordsFromWire,
  recordsToWire,
  type RecordLineValues,
} from "./record-lines";

describe("a record line", () => {
  it.each([
    [{ name: "www", type: "A", content: "192.0.2.1", ttl: 3600 }, "www 3600 A 192.0.2.1"],
    [
      { name: "", type: "MX", content: "mx.example.com", priority: 10, ttl: 300 },
      "@ 300 MX [priority=10] mx.example.com",
    ],
    [
      { name: "api", type: "A", content: "192.0.2.2", priority: 0, regions: ["IAD", "SV1"] },
      "api - A [priority=0 regions=IAD,SV1] 192.0.2.2",
    ],
    [
      { name: "txt", type: "TXT", content: "[brackets] and  two spaces", ttl: 60 },
      "txt 60 TXT [] [brackets] and  two spaces",
    ],
    [{ type: "TXT", content: "" }, "@ - TXT "],
    [{ name: "@", type: "TXT", content: ' "quoted" v=spf1 -all' }, '@ - TXT  "quoted" v=spf1 -all'],
    [
      { name: "_sip._tcp", type: "SRV", content: "10 5060 sip.example.com", priority: 20, ttl: 600 },
      "_sip._tcp 600 SRV [priority=20] 10 5060 sip.example.com",
    ],
  ] as Array<[RecordLineValues, string]>)("%j is %j, and reads back the same", (record, line) => {
    expect(recordLine(record)).toBe(line);
    // The apex reads back as `@`, its other spelling.
    expect(parseRecordLine(line)).toEqual({ ...record, name: record.name || "@" });
  });

  it.each([
    "www",
    "www 3600",
    "www 3600 A",
    "www ttl A 192.0.2.1",
    "www 3.5 A 192.0.2.1",
    "www 3600 A [weight=1] 192.0.2.1",
    "www 3600 A [priority=x] 192.0.2.1",
    "www 3600 A [regions=] 192.0.2.1",
    " www 3600 A 192.0.2.1",
  ])("%j is not a line", (text) => {
    expect(parseRecordLine(text)).toBeUndefined();
  });
});

describe("what can travel as a line", () => {
  it.each([
    [{ name: "www", type: "A", content: "192.0.2.1" }, true],
    [{ type: "A", content: "192.0.2.1", ttl: 60, priority: 0, regions: ["global"] }, true],
    [{ name: "w w", type: "A", content: "192.0.2.1" }, false],
    [{ name: "www", type: "A", content: 1 }, false],
    [{ name: "www", type: "TXT", content: "two\nlines" }, false],
    [{ name: "www", type: "A", content: "192.0.2.1", ttl: "3600" }, false],
    [{ name: "www", type: "A", content: "192.0.2.1", ttl: 3.5 }, false],
    [{ name: "www", type: "A", content: "192.0.2.1", ttl: -1 }, false],
    [{ name: "www", type: "A", content: "192.0.2.1", priority: Number.NaN }, false],
    [{ name: "www", type: "A", content: "192.0.2.1", regions: [] }, false],
    [{ name: "www", type: "A", content: "192.0.2.1", regions: ["IAD,SV1"] }, false],
    [{ name: "www", type: "A", content: "192.0.2.1", regions: ["I]"] }, false],
    [{ name: "www", type: "A", content: "192.0.2.1", comment: "no such field" }, false],
    [{ name: "www", type: "", content: "192.0.2.1" }, false],
    [{ name: "www", content: "192.0.2.1" }, false],
    ["www 3600 A 192.0.2.1", false],
    [null, false],
  ])("%j: %s", (record, plain) => {
    expect(isPlainRecord(record)).toBe(plain);
  });
});

describe("records on the wire", () => {
  const www = { name: "www", type: "A", content: "192.0.2.1" };
  const mx = { name: "", type: "MX", content: "mx.example.com", priority: 10, ttl: 300 };

  it("sends a list of plain records as lines and reads them back", () => {
    const sent = recordsToWire([www, mx]);
    expect(sent).toEqual([LINES_OF_A_LIST, "www - A 192.0.2.1\n@ 300 MX [priority=10] mx.example.com"]);
    expect(recordsFromWire(sent)).toEqual([www, { ...mx, name: "@" }]);
  });

  it("sends a map of plain records as keys and lines, in the program's order", () => {
    const sent = recordsToWire({ web: www, mail: mx });
    expect(sent).toEqual([
      LINES_OF_A_MAP,
      "web\nwww - A 192.0.2.1\nmail\n@ 300 MX [priority=10] mx.example.com",
    ]);
    expect(recordsFromWire(sent)).toEqual({ web: www, mail: { ...mx, name: "@" } });
  });

  it("sends as written what is not plain, for check to name it as the program wrote it", () => {
    const later = pulumi.output("192.0.2.1");
    for (const records of [
      [www, { ...www, content: later }],
      [www, { ...www, ttl: 0.5 }],
      { web: www, odd: { ...www, extra: true } },
      "www A 192.0.2.1",
      later,
      Promise.resolve([www]),
      undefined,
      new Map([["web", www]]),
      [{ ...www, content: "two\nlines" }],
      { "two\nlines": www },
    ]) {
      expect(recordsToWire(records)).toBe(records);
    }
  });

  it("reads back only what it sent: other values stay, strings that are not lines stay strings", () => {
    for (const value of [
      [www],
      { web: www },
      ["www A 192.0.2.1"],
      ["$records:other", "www - A 192.0.2.1"],
      [LINES_OF_A_LIST, 7],
      [LINES_OF_A_LIST, "www - A 192.0.2.1", "more"],
      "x",
      undefined,
      [],
    ]) {
      expect(recordsFromWire(value)).toBe(value);
    }
    expect(recordsFromWire([LINES_OF_A_LIST, "not a line\nwww - A 192.0.2.1"])).toEqual(["not a line", www]);
    expect(recordsFromWire([LINES_OF_A_MAP, "web\nwww - A 192.0.2.1\ndangling"])).toEqual({ web: www });
    expect(recordsFromWire([LINES_OF_A_LIST, ""])).toEqual([]);
    expect(recordsFromWire([LINES_OF_A_MAP, ""])).toEqual({});
    expect(recordsFromWire(recordsToWire([]))).toEqual([]);
    expect(recordsFromWire(recordsToWire({}))).toEqual({});
  });
});
