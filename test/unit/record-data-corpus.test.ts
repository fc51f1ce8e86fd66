/**
 * The record-data corpus (test/record-data/corpus.ts) put to `ZoneRecord`'s and `ZoneRecords`'s
 * `check`: every valid case accepted, every invalid one refused with the property named and a
 * reason, and no request made (check runs without a client).
 */
import { toDynamicProvider } from "../../provider/resources/framework/define-resource";
import { configureRuntime, resetRuntime } from "../../provider/resources/framework/runtime";
import { UNKNOWN } from "../../provider/resources/framework/unknown";
import { zoneRecordResource } from "../../provider/resources/zone-record";
import { zoneRecordsResource } from "../../provider/resources/zone-records";
import { CORPUS, SET_CORPUS, type CorpusCase } from "../record-data/corpus";

const single = toDynamicProvider(zoneRecordResource);
const many = toDynamicProvider(zoneRecordsResource);
beforeEach(() => configureRuntime({ get: (key) => ({ "dnsimple:account": "1" })[key] }));
afterAll(() => resetRuntime());

const inputsOf = (c: CorpusCase) => ({
  zoneName: c.zone ?? "example.com",
  name: c.name ?? "www",
  type: c.type,
  content: c.content,
  ...(c.priority !== undefined ? { priority: c.priority } : {}),
  ...(c.ttl !== undefined ? { ttl: c.ttl } : {}),
});

const label = (c: CorpusCase) =>
  `${c.valid ? "accepts" : "refuses"} ${c.type} ${JSON.stringify((c.name ?? "www").slice(0, 40))} ${JSON.stringify(c.content.slice(0, 50))}${c.priority !== undefined ? ` priority ${c.priority}` : ""}${c.ttl !== undefined ? ` ttl ${c.ttl}` : ""} (${c.source})`;

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
