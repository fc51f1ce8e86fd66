/**
 * OpenAPI and conformance figures: the emulator's answers checked against the service's own
 * OpenAPI description over a run that calls every route it serves (violations beyond the
 * documented exceptions, answers checked, operations covered and served), the client's request
 * bodies against the same description, and the comparison with every recorded response in the
 * emulator's scope. Needs `../shared/reference` beside the repository. Figures are merged into
 * `bench/results.json` and the `openapi` section of `bench/RESULTS.md`.
 *
 * Run after a build: `node dist/bench/openapi.js`
 */
import { startEmulator } from "../emulator";
import { OPENAPI_EXCEPTIONS, OpenApiDocument } from "../test/conformance/openapi-check";
import { runOpenApiExercise } from "../test/conformance/openapi-run";
import { missingSharedFiles, sharedReference } from "../test/shared-reference";
import { recordResults } from "./lib/record";

async function main(): Promise<void> {
  const ref = sharedReference();
  const missing = missingSharedFiles(["data/dnsimple-developer/content/v2/openapi.yml"], ref);
  if (missing.length > 0) throw new Error(`bench/openapi needs ../shared/reference/${missing.join(", ")}`);
  const doc = await OpenApiDocument.load(ref.openapiFile);
  const emu = await startEmulator({ port: 0 });
  try {
    const report = await runOpenApiExercise(emu, doc, ref.dataDir);
    const { tally, conformance } = report;
    const excepted = [...tally.excepted.entries()].sort((a, b) => b[1] - a[1]);
    const ratio = conformance.recorded === 0 ? 0 : conformance.matched / conformance.recorded;
    const figures = {
      emulator_openapi_violations: tally.violations.length,
      emulator_openapi_responses_checked: tally.checked,
      emulator_openapi_operations_covered: [...report.operationsServed].filter((op) =>
        tally.operations.has(op),
      ).length,
      emulator_openapi_operations_served: report.operationsServed.size,
      emulator_openapi_documented_exceptions: OPENAPI_EXCEPTIONS.length,
      emulator_openapi_excepted_findings: excepted.reduce((sum, [, n]) => sum + n, 0),
      client_openapi_requests_checked: report.clientRequestsChecked,
      client_openapi_request_violations: report.clientRequestViolations.length,
      emulator_conformance_matched: conformance.matched,
      emulator_conformance_recorded: conformance.recorded,
      emulator_conformance_ratio: Number(ratio.toFixed(4)),
      emulator_conformance_responses_compared: conformance.responses,
    };
    const rows = Object.entries(figures)
      .map(([k, v]) => `| \`${k}\` | ${v} |`)
      .join("\n");
    const exceptionRows = excepted.map(([why, n]) => `| ${why} | ${n} |`).join("\n");
    const failures = conformance.failures
      .map((f) => `- ${f.op} (${f.file}): ${f.problems.join("; ")}`)
      .join("\n");
    const violations = tally.describe(50);
    recordResults("openapi", figures, {
      title: "The emulator and the client against the service's OpenAPI; conformance with the recordings",
      command: "node dist/bench/openapi.js",
      body: [
        `A run calls every route of API v2 the emulator serves (${report.routesCalled.size} of ${report.routes.length}` +
          " called; the client's scenario, every conformance case, the remaining routes, a zone of 300 records)" +
          " and validates every answer with openapi-backend (ajv, ajv-formats) against the current" +
          " `openapi.yml`; the client's requests are validated against the same document.",
        "",
        "| figure | value |",
        "|---|---|",
        rows,
        "",
        "Findings covered by the documented exceptions (`test/conformance/openapi-check.ts`, each citing the",
        "recorded response or the contract line that justifies it):",
        "",
        "| exception | answers |",
        "|---|---|",
        exceptionRows,
        ...(violations === "" ? [] : ["", "Violations:", "", "```", violations, "```"]),
        ...(failures === "" ? [] : ["", "Recorded operations not matched:", "", failures]),
      ].join("\n"),
    });
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await emu.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
