/**
 * The service's own OpenAPI description as a check on every answer of the emulator (a run that
 * calls every route it serves) and on every request body of the client.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { describeWithSharedReference } from "../shared-reference";
import { parseRecording } from "./conformance-cases";
import { OPENAPI_EXCEPTIONS, OpenApiDocument } from "./openapi-check";
import { runOpenApiExercise } from "./openapi-run";

describeWithSharedReference(
  "emulator answers and client requests against the service's OpenAPI",
  [
    "data/dnsimple-developer/content/v2/openapi.yml",
    "data/dnsimple-developer/fixtures/v2/api",
    "../spec/api-spec.md",
  ],
  (ref) => {
    let emu: RunningEmulator;
    let doc: OpenApiDocument;
    beforeAll(async () => {
      emu = await startEmulator({ port: 0 });
      doc = await OpenApiDocument.load(ref.openapiFile);
    });
    afterAll(async () => {
      await emu.close();
    });

    it("finds a missing required field, a wrong type and an undeclared status, naming the field", () => {
      const domain = {
        id: 1,
        account_id: 1,
        registrant_id: null,
        name: "example.com",
        unicode_name: "example.com",
        state: "hosted",
        auto_renew: false,
        private_whois: false,
        expires_at: null,
        created_at: "2020-06-04T19:15:14Z",
        updated_at: "2020-06-04T19:15:14Z",
      };
      const missing = doc.checkResponse("GET", "/v2/1/domains/example.com", 200, { data: domain });
      expect(missing.operation).toBe("getDomain");
      expect(missing.violations.map((v) => v.message)).toEqual([
        "/data must have required property 'trustee'",
      ]);
      const typed = doc.checkResponse("GET", "/v2/1/domains/example.com", 200, {
        data: { ...domain, trustee: "no" },
      });
      expect(typed.violations.map((v) => [v.where, v.keyword])).toEqual([["/data/trustee", "type"]]);
      const status = doc.checkResponse("POST", "/v2/oauth/access_token", 418, { error: "x" });
      expect(status.violations.map((v) => v.where)).toEqual(["status"]);
      expect(doc.checkResponse("GET", "/v2/1/platform/messages", 200, {}).operation).toBeUndefined();
      const request = doc.checkRequest("POST", "/v2/1/zones/example.com/records", "", { name: 1 });
      expect(request.violations.map((v) => v.where)).toEqual(expect.arrayContaining(["/requestBody/name"]));
    });

    it("holds each documented exception to its evidence: the recording breaks the description that way", () => {
      const spec = fs.readFileSync(path.join(ref.dir, "../spec/api-spec.md"), "utf8");
      for (const e of OPENAPI_EXCEPTIONS) {
        expect({ why: e.why, cited: e.recording !== undefined || e.contract !== undefined }).toEqual({
          why: e.why,
          cited: true,
        });
        if (e.contract !== undefined)
          expect({ why: e.why, inContract: spec.includes(e.contract) }).toEqual({
            why: e.why,
            inContract: true,
          });
        if (e.recording === undefined) continue;
        const file = path.join(ref.dataDir, e.recording);
        expect({ why: e.why, exists: fs.existsSync(file) }).toEqual({ why: e.why, exists: true });
        if (e.side === "request") continue;
        const folder = path.basename(path.dirname(file));
        const operation = e.operations[0] === "*" ? folder : (e.operations[0] as string);
        const rec = parseRecording(fs.readFileSync(file, "utf8"));
        const excepted = doc
          .checkOperationResponse(operation, rec.status, rec.body)
          .filter((v) => v.exception === e.why);
        expect({ why: e.why, shownByRecording: excepted.length > 0 }).toEqual({
          why: e.why,
          shownByRecording: true,
        });
      }
    });

    it("calls every route of the emulator; every answer and every client request matches the description", async () => {
      const report = await runOpenApiExercise(emu, doc, ref.dataDir);
      const { tally } = report;
      console.log(
        `OpenAPI: ${tally.checked} answers checked over ${tally.operations.size} of ${report.operationsServed.size}` +
          ` operations served, ${tally.violations.length} violations (documented exceptions: ` +
          `${[...tally.excepted.values()].reduce((a, b) => a + b, 0)}); client: ${report.clientRequestsChecked}` +
          ` requests checked, ${report.clientRequestViolations.length} violations`,
      );
      expect(report.routes.filter((r) => !report.routesCalled.has(r))).toEqual([]);
      expect([...report.operationsServed].filter((op) => !tally.operations.has(op))).toEqual([]);
      expect(tally.describe()).toBe("");
      expect(tally.checked).toBeGreaterThanOrEqual(1000);
      expect(report.clientRequestViolations.map((v) => `${v.request}: ${v.message}`)).toEqual([]);
      expect(report.clientRequestsChecked).toBeGreaterThanOrEqual(25);
    }, 120_000);
  },
);
