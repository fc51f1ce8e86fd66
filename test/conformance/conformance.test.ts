import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import {
  CASES,
  EXCLUDED,
  compareShapes,
  parseRecording,
  referenceDataDir,
  runConformance,
} from "./conformance-cases";

const DATA = referenceDataDir(path.join(__dirname, "../.."));

describe("emulator conformance with the recorded v2 responses", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emu.close();
  });

  it("compares shapes strictly: a missing field, an extra field or a changed type is a difference", () => {
    expect(compareShapes({ a: 1, b: "x" }, { a: 2, b: "y" })).toEqual([]);
    expect(compareShapes({ a: 1, b: "x" }, { a: 2 })).toEqual(["$.b: missing"]);
    expect(compareShapes({ a: 1 }, { a: 1, c: true })).toEqual(["$.c: not in the recording"]);
    expect(compareShapes({ a: 1 }, { a: "1" })).toEqual(["$.a: expected number, got string"]);
    expect(compareShapes({ d: [{ id: 1 }] }, { d: [{ id: 1 }, { id: "2" }] })).toEqual([
      "$.d[1].id: expected number, got string",
    ]);
    expect(parseRecording("HTTP/1.1 204 No Content\r\nx: y\r\n\r\n")).toEqual({
      status: 204,
      body: undefined,
    });
  });

  it("reads every recording it names, and excludes only recordings it compares no other way", () => {
    for (const c of CASES) expect(fs.existsSync(path.join(DATA, c.file))).toBe(true);
    for (const file of Object.keys(EXCLUDED)) expect(fs.existsSync(path.join(DATA, file))).toBe(true);
  });

  it("matches at least 95% of the recorded contract operations", async () => {
    const report = await runConformance(emu, DATA);
    const lines = report.failures.map((x) => `  ${x.op} (${x.file}): ${x.problems.join("; ")}`);
    console.log(
      `conformance: operations matched / operations recorded = ${report.matched} / ${report.recorded}` +
        ` (${report.responses} recorded responses compared, ${report.excluded.length} excluded)` +
        (lines.length > 0 ? `\n${lines.join("\n")}` : ""),
    );
    const counted = new Set(CASES.filter((c) => !(c.file in EXCLUDED)).map((c) => c.op));
    expect(report.recorded).toBe(counted.size);
    expect(report.matched / report.recorded).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});
