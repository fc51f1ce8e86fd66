/**
 * The record-data corpus (test/record-data/corpus.ts) put to `ZoneRecord`'s and `ZoneRecords`'s
 * `check`: every valid case accepted, every invalid one refused with the property named and a
 * reason, and no request made (check runs without a client); then again with strict record
 * checks on (`dnsimple:strictRecords`, or the resources' `strictRecords` input), where the cases
 * marked `strictInvalid` are refused too and every valid case is still accepted.
 */
import { toDynamicProvider } from "../../provider/dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "../../provider/framework/runtime";
import { UNKNOWN } from "../../provider/framework/unknown";
import { zoneRecordResource } from "../../provider/kinds/zone-record";
import { zoneRecordsResource } from "../../provider/kinds/zone-records";
import { CORPUS, SET_CORPUS, acceptedWith, type CorpusCase } from "../record-data/corpus";
import { stackConfig } from "../stack-config";

const single = toDynamicProvider(zoneRecordResource);
const many = toDynamicProvider(zoneRecordsResource);
beforeEach(() => configureRuntime(stackConfig({ account: "1" })));
afterAll(() => resetRuntime());

const inputsOf = (c: CorpusCase) => ({
  zoneName: c.zone ?? "example.com",
  name: c.name ?? "www",
  type: c.type,
  content: c.content,
  ...(c.priority !== undefined ? { priority: c.priority } : {}),
  ...(c.ttl !== undefined ? { ttl: c.ttl } : {}),
});

const label = (c: CorpusCase, strict = false) =>
  `${acceptedWith(c, strict) ? "accepts" : "refuses"} ${c.type} ${JSON.stringify((c.name ?? "www").slice(0, 40))} ${JSON.stringify(c.content.slice(0, 50))}${c.priority !== undefined ? ` priority ${c.priority}` : ""}${c.ttl !== undefined ? ` ttl ${c.ttl}` : ""} (${c.source})`;

describe("the record-data corpus", () => {
  it("holds at least 150 cases, valid and invalid, each with its source", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(150);
    expect(CORPUS.some((c) => c.valid) && CORPUS.some((c) => !c.valid)).toBe(true);
    for (const c of CORPUS) expect(c.source.length).toBeGreaterThan(5);
  });

  it.each(CORPUS.map((c) => [label(c), c] as const))("%s", async (_, c) => {
    const { failures } = await single.check!({}, inputsOf(c));
    if (c.valid) {
      expect(failures).toEqual([]);
    } else {
      expect(failures?.length).toBeGreaterThan(0);
      for (const f of failures ?? []) {
        expect(["name", "type", "content", "ttl", "priority"]).toContain(f.property);
        expect(f.reason.length).toBeGreaterThan(10);
      }
    }
  });

  it("gives the same verdicts for each case as an entry of a ZoneRecords, naming the entry", async () => {
    for (const c of CORPUS) {
      const { zoneName, ...record } = inputsOf(c);
      const { failures } = await many.check!({}, { zoneName, records: { entry: record } });
      expect({ c, refused: (failures ?? []).length > 0 }).toEqual({ c, refused: !c.valid });
      for (const f of failures ?? []) expect(f.property).toMatch(/^records\b/);
    }
  });

  it("checks a record's content while its zone is still unknown (a preview)", async () => {
    const { failures } = await single.check!(
      {},
      { zoneName: UNKNOWN, name: "www", type: "A", content: "1.2.3" },
    );
    expect(failures).toEqual([{ property: "content", reason: expect.stringMatching(/IPv4 address/) }]);
    const ok = await single.check!({}, { zoneName: UNKNOWN, name: "www", type: "A", content: UNKNOWN });
    expect(ok.failures).toEqual([]);
  });

  it("marks strict-only cases as accepted by default: strictInvalid cases are valid ones", () => {
    for (const c of CORPUS.filter((x) => x.strictInvalid))
      expect({ c, valid: c.valid }).toEqual({ c, valid: true });
    expect(CORPUS.filter((c) => c.strictInvalid).length).toBeGreaterThanOrEqual(12);
  });

  it.each(
    SET_CORPUS.map(
      (s) =>
        [
          `${s.valid ? "accepts" : "refuses"} ${s.records.map((r) => `${r.name || "@"} ${r.type}`).join(" + ")}`,
          s,
        ] as const,
    ),
  )("in one ZoneRecords %s", async (_, s) => {
    const records = Object.fromEntries(s.records.map((r, i) => [`r${i}`, r]));
    const { failures } = await many.check!({}, { zoneName: "example.com", records });
    if (s.valid) expect(failures).toEqual([]);
    else
      expect(failures).toEqual([
        { property: expect.stringMatching(/^records\.r\d$/), reason: expect.any(String) },
      ]);
    const list = await many.check!({}, { zoneName: "example.com", records: s.records });
    expect((list.failures ?? []).length > 0).toBe(!s.valid);
  });
});

describe("the record-data corpus with strict record checks on (dnsimple:strictRecords)", () => {
  beforeEach(() => configureRuntime(stackConfig({ account: "1", strictRecords: "true" })));

  it.each(CORPUS.map((c) => [label(c, true), c] as const))("%s", async (_, c) => {
    const { failures } = await single.check!({}, inputsOf(c));
    if (acceptedWith(c, true)) {
      expect(failures).toEqual([]);
    } else {
      expect(failures?.length).toBeGreaterThan(0);
      for (const f of failures ?? []) {
        expect(["name", "type", "content", "ttl", "priority"]).toContain(f.property);
        if (c.valid) expect(f.reason).toMatch(/strictRecords/);
      }
    }
  });

  it("gives the same verdicts for each case as an entry of a ZoneRecords", async () => {
    for (const c of CORPUS) {
      const { zoneName, ...record } = inputsOf(c);
      const { failures } = await many.check!({}, { zoneName, records: { entry: record } });
      expect({ c, refused: (failures ?? []).length > 0 }).toEqual({ c, refused: !acceptedWith(c, true) });
    }
  });

  it("refuses a CAA record with flags 64, naming the rule, the expected values and an example", async () => {
    const { failures } = await single.check!(
      {},
      { zoneName: "example.com", name: "", type: "CAA", content: '64 issue "letsencrypt.org"' },
    );
    expect(failures).toEqual([
      {
        property: "content",
        reason:
          "a CAA record's flags must be 0 or 128 with strict record checks on (strictRecords): RFC 8659 defines only the issuer-critical bit (128), got 64; e.g. '0 issue \"letsencrypt.org\"'",
      },
    ]);
  });

  it("lets a resource's strictRecords: false override the setting", async () => {
    const srv = {
      zoneName: "example.com",
      name: "sip",
      type: "SRV",
      content: "10 5060 sip.example.com",
      priority: 10,
    };
    expect((await single.check!({}, srv)).failures).toEqual([
      { property: "name", reason: expect.stringMatching(/_service\._proto/) },
    ]);
    expect((await single.check!({}, { ...srv, strictRecords: false })).failures).toEqual([]);
    const { zoneName, ...record } = srv;
    expect(
      (await many.check!({}, { zoneName, strictRecords: false, records: { sip: record } })).failures,
    ).toEqual([]);
  });
});

describe("strictRecords on one resource, the setting off", () => {
  it("refuses a CNAME to ___ only in the resource that asks", async () => {
    const cname = { zoneName: "example.com", name: "www", type: "CNAME", content: "___" };
    expect((await single.check!({}, cname)).failures).toEqual([]);
    expect((await single.check!({}, { ...cname, strictRecords: true })).failures).toEqual([
      { property: "content", reason: expect.stringMatching(/must hold a letter or digit/) },
    ]);
    const { zoneName, ...record } = cname;
    expect(
      (await many.check!({}, { zoneName, strictRecords: true, records: { www: record } })).failures,
    ).toEqual([
      { property: "records.www.content", reason: expect.stringMatching(/must hold a letter or digit/) },
    ]);
  });

  it("changes nothing at the service when only strictRecords changes (a local input)", () => {
    expect(zoneRecordResource.localOnly).toContain("strictRecords");
    expect(zoneRecordsResource.localOnly).toContain("strictRecords");
  });
});

describe("the TXT limit: 1,000 characters once serialized (DNSimple's txt-record-format article)", () => {
  const strings = (n: number) =>
    `"${"a".repeat(255)}" "${"a".repeat(255)}" "${"a".repeat(255)}" "${"a".repeat(n)}"`;
  it.each([
    ["unquoted, 997 characters (999 once quoted)", "a".repeat(997), true],
    ["unquoted, 998 characters (1,000 once quoted)", "a".repeat(998), true],
    ["unquoted, 999 characters (1,001 once quoted)", "a".repeat(999), false],
    ["unquoted, 1,000 characters (1,002 once quoted)", "a".repeat(1000), false],
    ["unquoted, 1,001 characters (1,003 once quoted)", "a".repeat(1001), false],
    ["quoted strings, 999 characters", strings(223), true],
    ["quoted strings, 1,000 characters", strings(224), true],
    ["quoted strings, 1,001 characters", strings(225), false],
  ] as const)("%s: accepted %s", async (_, content, accepted) => {
    const { failures } = await single.check!(
      {},
      { zoneName: "example.com", name: "t", type: "TXT", content },
    );
    if (accepted) expect(failures).toEqual([]);
    else
      expect(failures).toEqual([
        {
          property: "content",
          reason: expect.stringMatching(
            /characters once quoted \(quotes and escapes counted\); the service stores at most 1000/,
          ),
        },
      ]);
  });
});
