/**
 * `per-record-to-set` on a stack export: per-record ZoneRecords (ours, compat, the plugin's) become
 * one adopting ZoneRecords per zone, and the export loses exactly those resources.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { convertState, isPerRecordType, perRecordToSetMain, typeScriptProgram } from "./per-record-to-set";

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
      record("dnsimple-dynamic:compat:ZoneRecord", "mx", {
        zoneName: "b.com",
        name: "",
        type: "MX",
        value: "mx.b.com",
        ttl: 600,
        priority: 10,
      }),
      record("pulumi-nodejs:dynamic/dnsimple:ZoneRecord", "www", {
        zoneName: "a.com",
        name: "www",
        type: "A",
        content: "192.0.2.1",
        ttl: 3600,
        priority: null,
        regions: ["global"],
      }),
    ]);
    const result = convertState(state);
    expect(Object.fromEntries(result.zones)).toEqual({
      "a.com": [
        { name: "www", type: "A", content: "192.0.2.1", ttl: 3600, priority: undefined, regions: ["global"] },
      ],
      "b.com": [{ name: "", type: "MX", content: "mx.b.com", ttl: 600, priority: 10, regions: undefined }],
    });
    expect(result.state.deployment.resources?.map((r) => r.type)).toEqual(["pulumi:pulumi:Stack"]);
    expect(typeScriptProgram(result.zones)).toContain(
      'new dnsimple.ZoneRecords("b.com-records", {\n  zoneName: "b.com",\n  adopt: true,\n  records: [\n    { name: "", type: "MX", content: "mx.b.com", ttl: 600, priority: 10 },',
    );
  });

  it("refuses a state where another resource depends on a record, naming it", () => {
    const www = record("pulumi-nodejs:dynamic/dnsimple:ZoneRecord", "www", {
      zoneName: "a.com",
      name: "www",
      type: "A",
      content: "192.0.2.1",
    });
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
