import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { describeWithSharedReference } from "../shared-reference";
import {
  ADDED_SINCE_RECORDING,
  CASES,
  EXCLUDED,
  compareShapes,
  parseRecording,
  runConformance,
} from "./conformance-cases";
import { OpenApiDocument, ResponseTally } from "./openapi-check";

const OPENAPI = "data/dnsimple-developer/content/v2/openapi.yml";

describeWithSharedReference(
  "emulator conformance with the recorded v2 responses",
  ["data/dnsimple-developer/fixtures/v2/api", OPENAPI],
  (ref) => {
    const DATA = ref.dataDir;
    let emu: RunningEmulator;
    let doc: OpenApiDocument;
    beforeAll(async () => {
      emu = await startEmulator({ port: 0 });
      doc = await OpenApiDocument.load(ref.openapiFile);
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

    it("forgives a field missing from an old recording only where the current OpenAPI declares it", () => {
      for (const [file, added] of Object.entries(ADDED_SINCE_RECORDING)) {
        expect(fs.existsSync(path.join(DATA, file))).toBe(true);
        const declared = doc.dataFields(added.op, added.status);
        for (const field of added.fields)
          expect({ file, field, declared: declared.includes(field) }).toEqual({
            file,
            field,
            declared: true,
          });
      }
    });

    it("matches at least 95% of the recorded operations, every answer valid against the OpenAPI", async () => {
      const tally = new ResponseTally(doc);
      const stop = emu.observe((x) => tally.add(x));
      const report = await runConformance(emu, DATA).finally(stop);
      const lines = report.failures.map((x) => `  ${x.op} (${x.file}): ${x.problems.join("; ")}`);
      console.log(
        `conformance: operations matched / operations recorded = ${report.matched} / ${report.recorded}` +
          ` (${report.responses} recorded responses compared, ${report.excluded.length} excluded);` +
          ` OpenAPI: ${tally.checked} answers checked, ${tally.violations.length} violations` +
          (lines.length > 0 ? `\n${lines.join("\n")}` : ""),
      );
      const counted = new Set(CASES.filter((c) => !(c.file in EXCLUDED)).map((c) => c.op));
      expect(report.recorded).toBe(counted.size);
      expect(report.matched / report.recorded).toBeGreaterThanOrEqual(0.95);
      expect(tally.checked).toBeGreaterThanOrEqual(report.responses);
      expect(tally.describe()).toBe("");
    }, 90_000);
  },
);
