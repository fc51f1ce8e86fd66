/**
 * `per-record-to-set` on a stack export: per-record ZoneRecords (ours, compat, the plugin's) become
 * one adopting ZoneRecords per zone, and the export loses exactly those resources.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import {
  convertState,
  isPerRecordType,
  perRecordToSetMain,
  pythonProgram,
  typeScriptProgram,
  yamlResources,
} from "./per-record-to-set";

const FIXTURE = path.join(__dirname, "../../test/e2e/fixtures/stack-before-generator/stack-export.json");
const stack = "urn:pulumi:dev::p::";
const record = (type: string, name: string, outputs: Record<string, unknown>, more: object = {}) => ({
  urn: `${stack}${type}::${name}`,
  type,
  custom: true,
  outputs,
  ...more,
});
const exportOf = (resources: object[]) => ({
  version: 3,
  deployment: { manifest: {}, resources: resources as never[] },
});

describe("per-record-to-set", () => {
  it("knows the per-record kinds of every adapter, and not the set", () => {
    expect(
      [
        "pulumi-nodejs:dynamic/dnsimple:ZoneRecord",
        "pulumi-nodejs:dynamic/dnsimple/compat:ZoneRecord",
        "dnsimple-dynamic:index:ZoneRecord",
        "dnsimple-dynamic:compat:ZoneRecord",
        "pulumi-nodejs:dynamic/dnsimple:ZoneRecords",
        "dnsimple-dynamic:index:ZoneRecords",
      ].map(isPerRecordType),
    ).toEqual([true, true, true, true, false, false]);
  });

  it("groups records per zone, compat's value as content, and drops only them from the state", () => {
    const state = exportOf([
      { urn: `${stack}pulumi:pulumi:Stack::p-dev`, type: "pulumi:pulumi:Stack", custom: false },
      record(
        "dnsimple-dynamic:compat:ZoneRecord",
        "mx",
        { zoneName: "b.com", name: "", type: "MX", value: "mx.b.com", ttl: 600, priority: 10 },
        { id: "b.com_72" },
      ),
      record(
        "pulumi-nodejs:dynamic/dnsimple:ZoneRecord",
        "www",
        {
          zoneName: "a.com",
          name: "www",
          type: "A",
          content: "192.0.2.1",
          ttl: 3600,
          priority: null,
          regions: ["global"],
          recordId: 41,
        },
        { id: "41" },
      ),
    ]);
    const result = convertState(state);
    expect(Object.fromEntries(result.zones)).toEqual({
      "a.com": [
        { name: "www", type: "A", content: "192.0.2.1", ttl: 3600, priority: undefined, regions: ["global"] },
      ],
      "b.com": [{ name: "", type: "MX", content: "mx.b.com", ttl: 600, priority: 10, regions: undefined }],
    });
    expect(result.state.deployment.resources?.map((r) => r.type)).toEqual(["pulumi:pulumi:Stack"]);
    // The set adopts the records of exactly these ids: ours by recordId, compat's from `zone_id`.
    expect(Object.fromEntries(result.recordIds)).toEqual({ "a.com": [41], "b.com": [72] });
    expect(typeScriptProgram(result)).toContain(
      'new dnsimple.ZoneRecords("b.com-records", {\n  zoneName: "b.com",\n  adopt: true,\n  adoptRecordIds: [\n    72,\n  ],\n  records: [\n    { name: "", type: "MX", content: "mx.b.com", ttl: 600, priority: 10 },',
    );
    expect(yamlResources(result)).toContain(
      '    adopt: true\n    adoptRecordIds: [72]\n    records:\n      - {"name":"","type":"MX","content":"mx.b.com","ttl":600,"priority":10}',
    );
    expect(pythonProgram(result)).toContain(
      '    zone_name="a.com",\n    adopt=True,\n    adopt_record_ids=[\n        41,\n    ],\n    records=[\n        {"name": "www", "type": "A", "content": "192.0.2.1", "ttl": 3600},\n    ],',
    );
  });

  it("writes the ids ten to a line, ascending, and refuses a record whose state holds no id", () => {
    const records = Array.from({ length: 12 }, (_, i) =>
      record(
        "dnsimple-dynamic:index:ZoneRecord",
        `r${i}`,
        { zoneName: "a.com", name: `r${i}`, type: "A", content: "192.0.2.1", recordId: 100 - i },
        { id: String(100 - i) },
      ),
    );
    const result = convertState(exportOf(records));
    expect(typeScriptProgram(result)).toContain(
      "  adoptRecordIds: [\n    89, 90, 91, 92, 93, 94, 95, 96, 97, 98,\n    99, 100,\n  ],",
    );
    const noId = record("dnsimple-dynamic:index:ZoneRecord", "x", {
      zoneName: "a.com",
      name: "x",
      type: "A",
      content: "192.0.2.1",
    });
    expect(() => convertState(exportOf([noId]))).toThrow(
      "ZoneRecord::x: its state holds no record id (recordId, or an id ending in the record's number)",
    );
  });

  it("refuses a state where another resource depends on a record, naming it", () => {
    const www = record(
      "pulumi-nodejs:dynamic/dnsimple:ZoneRecord",
      "www",
      { zoneName: "a.com", name: "www", type: "A", content: "192.0.2.1" },
      { id: "41" },
    );
    const user = record("pulumi-nodejs:dynamic/dnsimple:EmailForward", "f", {}, { dependencies: [www.urn] });
    expect(() => convertState(exportOf([www, user]))).toThrow(/depend on a ZoneRecord[\s\S]*EmailForward::f/);
  });

  it("writes the program, the YAML resources and the trimmed export from a real stack export", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "per-record-to-set-"));
    try {
      let said = "";
      const code = await perRecordToSetMain(["--state", FIXTURE, "--out", out], {
        out: (t) => void (said += t),
        err: (t) => void (said += t),
        env: {},
      });
      expect({ code, said }).toMatchObject({
        code: 0,
        said: expect.stringContaining("1 ZoneRecord resources in 1 zone(s) (before-generator.com: 1)"),
      });
      expect(readFileSync(path.join(out, "zone-records.ts"), "utf8")).toContain(
        '{ name: "www", type: "A", content: "192.0.2.10", ttl: 3600 }',
      );
      expect(readFileSync(path.join(out, "zone-records.yaml"), "utf8")).toContain(
        "type: dnsimple-dynamic:index:ZoneRecords",
      );
      expect(readFileSync(path.join(out, "zone_records.py"), "utf8")).toContain(
        '{"name": "www", "type": "A", "content": "192.0.2.10", "ttl": 3600}',
      );
      const before = JSON.parse(readFileSync(FIXTURE, "utf8")).deployment.resources.length;
      const after = JSON.parse(readFileSync(path.join(out, "state-without-records.json"), "utf8")).deployment
        .resources;
      expect(after).toHaveLength(before - 1);
      expect(after.some((r: { type: string }) => isPerRecordType(r.type))).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("asks for --state", async () => {
    let err = "";
    expect(await perRecordToSetMain([], { out: () => undefined, err: (t) => void (err += t), env: {} })).toBe(
      1,
    );
    expect(err).toMatch(/^--state is required/);
  });
});
