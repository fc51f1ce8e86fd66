/**
 * Every operation of the spec reachable from a program (issue 16): reads the operations from the
 * spec's endpoint tables (`../shared/spec/api-spec.md`, or `DNSIMPLE_API_SPEC`), runs every
 * export of the SDK against the emulator (bench/lib/operations.ts) and counts the operations
 * some export reached.
 *
 * - `spec_operations`: operations in the spec (method and path).
 * - `spec_operations_reachable`: those reached by at least one SDK export.
 * - `spec_operations_unreachable`: the others, as `METHOD path` (empty when all are reached).
 * - `sdk_exports_reaching_operations`: the exports whose scenario reached an operation of the spec.
 *
 * Also rewrites the generated table of docs/operations.md.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/operations.js
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { measureReach, readSpecOperations, specFile } from "./lib/operations";
import { docsTable, withTable } from "./lib/operations-docs";
import { recordResults } from "./lib/record";

function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "docs"))) return dir;
    if (path.dirname(dir) === dir) throw new Error("repository root not found");
  }
}

async function main(): Promise<void> {
  const root = repoRoot();
  const spec = specFile(root);
  if (!existsSync(spec)) throw new Error(`the spec is not at ${spec}: set DNSIMPLE_API_SPEC`);
  const operations = readSpecOperations(spec);
  const report = await measureReach(operations);
  if (report.failures.length > 0 || report.notExported.length > 0) {
    console.error("scenarios failed:", report.failures, "not exported:", report.notExported);
  }
  const docs = path.join(root, "docs/operations.md");
  writeFileSync(docs, withTable(readFileSync(docs, "utf8"), docsTable(report)));

  const unreachable = report.unreachable.map(
    (o) => `${o.method} ${o.version === "v1" ? "/v1" : ""}${o.path}`,
  );
  const exportsUsed = [...report.operationsOf.entries()].filter(([, ops]) => ops.length > 0).map(([n]) => n);
  const figures = {
    spec_operations: operations.length,
    spec_operations_reachable: report.reachedBy.size,
    spec_operations_unreachable: unreachable,
    sdk_exports_reaching_operations: exportsUsed.length,
  };
  const v1 = operations.filter((o) => o.version === "v1");
  recordResults("operations", figures, {
    title: "Operations of the spec reachable from a program",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/operations.js",
    body:
      "| figure | value |\n|---|---|\n" +
      `| spec_operations | ${operations.length} (${operations.length - v1.length} v2, ${v1.length} v1) |\n` +
      `| spec_operations_reachable | ${report.reachedBy.size} |\n` +
      `| spec_operations_unreachable | ${unreachable.length === 0 ? "none" : unreachable.join(", ")} |\n` +
      `| sdk_exports_reaching_operations | ${exportsUsed.length} |\n\n` +
      "Counted, not declared: the operations are the rows of the spec's endpoint tables; each SDK " +
      "export (function, or resource class through its provider's check, create, read, diff, update " +
      "and delete) runs against the emulator, and an operation counts as reachable when the " +
      "emulator matched a request of that export to its route and answered it without an error. " +
      "Requests that only prepare a scenario go through the client outside the window and do not " +
      "count. Per operation, the exports that reach it: docs/operations.md.",
  });
  console.log(JSON.stringify(figures));
  if (report.unreachable.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
