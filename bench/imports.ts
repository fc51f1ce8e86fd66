/**
 * `pulumi import` (issue 63): every id form of every kind that holds an object, through the
 * provider plugin's gRPC server against the emulator, as the engine asks (test/import-round-trips.ts):
 * a hand-made object of each kind imported by each form of its table, with no write, inputs that
 * pass check, and the program's declaration diffing as no change. A kind counts when all its forms
 * pass; a bridged form counts when it passes (the ids the bridged provider's docs give).
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/imports.js
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { IMPORT_SEED } from "../test/import-cases";
import { allRoundTrips, pluginFor } from "../test/import-round-trips";
import { recordResults } from "./lib/record";

async function main(): Promise<void> {
  const journal = mkdtempSync(path.join(tmpdir(), "bench-imports-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = journal;
  const emulator = await startEmulator({ port: 0, seed: IMPORT_SEED as never });
  const plugin = await pluginFor(emulator);
  try {
    const results = await allRoundTrips(emulator, plugin);
    const kinds = [...new Set(results.map((r) => r.kind))].sort();
    const passingKinds = kinds.filter((k) => results.every((r) => r.kind !== k || r.problems.length === 0));
    const bridged = results.filter((r) => r.form.bridged);
    const bridgedPassing = bridged.filter((r) => r.problems.length === 0);
    for (const r of results.filter((x) => x.problems.length > 0)) {
      console.log(`  FAIL ${r.kind} ${r.importId}: ${r.problems.join("; ")}`);
    }
    const rows = results.map(
      (r) =>
        `| ${r.kind} | \`${r.form.form}\` | \`${r.form.example}\` | ${r.form.bridged ? "yes" : ""} | ${r.problems.length === 0 ? "passes" : r.problems.join("; ")} |`,
    );
    recordResults(
      "imports",
      {
        import_kinds_supported: passingKinds.length,
        import_kinds_with_object: kinds.length,
        import_id_formats_passing: bridgedPassing.length,
        import_id_formats_bridged: bridged.length,
        import_id_forms_passing: results.filter((r) => r.problems.length === 0).length,
        import_id_forms_total: results.length,
      },
      {
        title: "pulumi import: kinds and id forms",
        command: "npx tsc -p tsconfig.build.json && node dist/bench/imports.js",
        body: [
          `Every id form of every kind that holds an object, through the plugin's gRPC server (Read with the id`,
          `alone, Check of the imported inputs and of the program's declaration, Diff of the two) against the`,
          `emulator, on one hand-made object per kind: no write during the import, no check failure, no change.`,
          ``,
          `- \`import_kinds_supported\` ${passingKinds.length} of ${kinds.length} kinds that hold an object (${passingKinds.join(", ")})`,
          `- \`import_id_formats_passing\` ${bridgedPassing.length} of the ${bridged.length} ids the bridged provider's docs give`,
          `- every form: ${results.filter((r) => r.problems.length === 0).length} of ${results.length} pass`,
          ``,
          `| kind | form | example | bridged docs | result |`,
          `|---|---|---|---|---|`,
          ...rows,
        ].join("\n"),
      },
    );
    console.log(
      `import_kinds_supported ${passingKinds.length}/${kinds.length}, import_id_formats_passing ${bridgedPassing.length}/${bridged.length}`,
    );
  } finally {
    await plugin.stop();
    await emulator.close();
    rmSync(journal, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
