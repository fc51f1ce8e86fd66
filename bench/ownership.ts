/**
 * Ownership and outputs (issue 11) with the real engine against the emulator:
 * - `create_requests_per_record`: API requests of a `pulumi up` of 300 zone records (no faults),
 *   counted in the emulator's request log, per record (goal 1: no look-up before a create);
 * - `handmade_objects_taken_over`, `handmade_objects_deleted`: the hand-made-object scenario of
 *   test/e2e/ownership-scenarios.ts (goal 0 each);
 * - `outputs_missing_with_required_inputs_only`: outputs missing after `up` of every kind declared
 *   with required inputs only (goal 0).
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/ownership.js
 */
import { runHandMadeScenario, runOutputsScenario } from "../test/e2e/ownership-scenarios";
import { startEmulator } from "../emulator";
import { type Declaration, createStack, spawnEmulator } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-ownership-token-5a1e";
const RECORDS = 300;

async function createRequestsPerRecord(): Promise<{ perRecord: number; byRoute: Record<string, number> }> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: "records-bench.com" }] });
    const declarations: Declaration[] = Array.from({ length: RECORDS }, (_, i) => ({
      type: "ZoneRecord",
      name: `r${i}`,
      args: { zoneName: "records-bench.com", name: `host${i}`, type: "A", content: "192.0.2.1" },
    }));
    await stack.declare(declarations);
    await emulator.clearRequests();
    await stack.cli(["up", "--yes", "--skip-preview"]);
    const requests = await emulator.requests();
    const byRoute: Record<string, number> = {};
    for (const r of requests) {
      const route = `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, "/:id")}`;
      byRoute[route] = (byRoute[route] ?? 0) + 1;
    }
    return { perRecord: requests.length / RECORDS, byRoute };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const log = (line: string) => console.log(`  ${line}`);
  const creates = await createRequestsPerRecord();
  log(`create_requests_per_record ${creates.perRecord} ${JSON.stringify(creates.byRoute)}`);
  const handMadeEmulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  const handMade = await runHandMadeScenario(
    { baseUrl: handMadeEmulator.v2Url, token: TOKEN, account: "1", named: (what) => `bench-${what}` },
    log,
  ).finally(() => handMadeEmulator.close());
  const outputs = await runOutputsScenario();
  const missing = Object.values(outputs.missing).reduce((n, names) => n + names.length, 0);
  log(`outputs missing ${missing}: ${JSON.stringify(outputs.missing)}`);
  const rows = handMade.outcomes
    .map(
      (o) =>
        `| ${o.kind} | ${o.unique ? "refused, adopt hint" : `own object ${o.ownId}`} | ` +
        `${o.before.every((id) => o.afterDestroy.includes(id)) ? "survived" : "DELETED"} | ` +
        `${o.adoptedId ?? "-"} | ${o.afterAdoptDestroy.includes(o.adoptedId ?? "") ? "kept" : "deleted"} |`,
    )
    .join("\n");
  recordResults(
    "ownership",
    {
      create_requests_per_record: Number(creates.perRecord.toFixed(3)),
      handmade_objects_taken_over: handMade.takenOver,
      handmade_objects_deleted: handMade.deleted,
      handmade_kinds_tested: handMade.outcomes.length,
      outputs_missing_with_required_inputs_only: missing,
      outputs_checked_with_required_inputs_only: outputs.outputsChecked,
    },
    {
      title: "Ownership: hand-made objects, requests per create, outputs (issue 11)",
      command: "npx tsc -p tsconfig.build.json && node dist/bench/ownership.js",
      body:
        `\`pulumi up\` of ${RECORDS} zone records in one zone, no faults: ` +
        `${creates.perRecord.toFixed(3)} API requests per record (${Object.entries(creates.byRoute)
          .map(([route, n]) => `${route}: ${n}`)
          .join(", ")}).\n\n` +
        "Hand-made objects (made through the API before `up`, identical to the declaration): " +
        `${handMade.takenOver} taken over without \`adopt\`, ${handMade.deleted} deleted by the destroy ` +
        "of a stack that did not adopt them.\n\n" +
        "| kind | `up` without adopt | hand-made after destroy | adopted id | after destroy of the adopting stack |\n" +
        `|---|---|---|---|---|\n${rows}\n\n` +
        `Every kind declared with its required inputs only (${outputs.kindsChecked} kinds, ` +
        `${outputs.outputsChecked} declared outputs): ${missing} outputs missing after \`up\`.`,
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
