/**
 * Bad inputs through the real engine: every row of the table (test/e2e/bad-inputs.ts) in its own
 * `pulumi preview` against the emulator. Records how many rows were tested (each
 * must be rejected by `check` with its property named) and how many API calls the preview made.
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/bad-input.js
 */
import { BAD_INPUTS, engineNamesProperty, previewEachRow } from "../test/e2e/bad-inputs";
import { spawnEmulator } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-bad-input-token-3e8a";

async function main(): Promise<void> {
  const emulator = await spawnEmulator({ token: TOKEN });
  try {
    await emulator.clearRequests();
    const started = Date.now();
    const outcomes = await previewEachRow({
      baseUrl: emulator.v2Url,
      token: TOKEN,
      account: 1,
      requests: () => emulator.requests(),
      close: () => emulator.close(),
    });
    const ms = Date.now() - started;
    const calls = (await emulator.requests()).length;
    const rejected = outcomes.filter((o) => o.code !== 0).length;
    const named = outcomes.filter((o) => engineNamesProperty(o.text, o.name, o.row.property)).length;
    const kinds = [...new Set(BAD_INPUTS.map((r) => r.kind))];
    recordResults(
      "bad-input",
      {
        bad_inputs_tested: BAD_INPUTS.length,
        bad_inputs_rejected: rejected,
        bad_inputs_named: named,
        bad_inputs_api_calls: calls,
      },
      {
        title: "Bad inputs rejected at preview",
        command: "npx tsc -p tsconfig.build.json && node dist/bench/bad-input.js",
        body:
          `| figure | value |\n|---|---|\n| bad_inputs_tested | ${BAD_INPUTS.length} |\n` +
          `| bad_inputs_rejected (preview failed) | ${rejected} |\n` +
          `| bad_inputs_named (the failure names the property) | ${named} |\n` +
          `| bad_inputs_api_calls | ${calls} |\n\n` +
          `${BAD_INPUTS.length} bad inputs over ${kinds.length} kinds (${kinds.join(", ")}), from ` +
          "`test/e2e/bad-inputs.ts`. Each row is one resource in its own `pulumi preview` against the " +
          "emulator (the engine stops a preview at the first `check` failure, so rows cannot share one; " +
          `three stacks preview in parallel, ${Math.round(ms / 1000)} s in all). Each preview must fail ` +
          "with the engine's diagnostic `resource '<name>': property <property> value … has a problem`, " +
          "and the emulator's request log must stay empty (goal 0 API calls). The same rows are asserted " +
          "one by one in `test/e2e/bad-input.test.ts`, through the engine and through `check` directly.",
      },
    );
    console.log(
      `bad_inputs_tested: ${BAD_INPUTS.length}, rejected: ${rejected}, named: ${named}, api calls: ${calls}, ${ms} ms`,
    );
  } finally {
    await emulator.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
