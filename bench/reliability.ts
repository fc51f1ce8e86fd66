/**
 * Faults and crash recovery with the real engine against the emulator (issue 7), the scenarios of
 * test/e2e/reliability-scenarios.ts: records what exists in the emulator afterwards.
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/reliability.js [faults|crash]
 */
import {
  type CrashRun,
  FAULTS,
  type FaultRun,
  type Step,
  runCrashScenario,
  runFaultScenario,
} from "../test/e2e/reliability-scenarios";
import { recordResults } from "./lib/record";

const log = (line: string) => console.log(`  ${line}`);

function steps(list: Step[]): string {
  return list
    .map(
      (s) =>
        `| \`${s.command}\` | ${s.code} | ${(s.ms / 1000).toFixed(1)} s | ${s.summary.replace(/\|/g, "/").replace(/\n/g, "<br>")} |`,
    )
    .join("\n");
}

function faultBody(run: FaultRun): string {
  return (
    `| figure | value |\n|---|---|\n` +
    `| fault_up_resources_declared | ${run.declared} |\n` +
    `| fault_up_resources_missing | ${run.census.missing.length} |\n` +
    `| fault_up_duplicates | ${run.census.duplicates.length} |\n` +
    `| fault_up_ups_needed | ${run.ups.length} |\n` +
    `| faults injected / API requests | ${run.faultsInjected} / ${run.requests} |\n\n` +
    `A program of ${run.declared} resources (2 domains, email forwards, DS records, zone records, ` +
    "webhooks, secondary zones, primary servers linked to them, contacts) and one `pulumi up` against " +
    `an emulator failing ${FAULTS.rate * 100} % of API requests, evenly 429 (Retry-After ` +
    `${FAULTS.retryAfterSeconds} s), 502, dropped connection and ${FAULTS.latencyMs} ms latency ` +
    `(seed ${FAULTS.seed}); a second \`up\` only if the first did not converge. Then every object in the ` +
    "emulator is counted by natural key (alias, keytag, record name, URL, zone, server name, contact label): " +
    `missing ${run.census.missing.length}, duplicated ${run.census.duplicates.length}, undeclared ` +
    `${run.census.extra.length}; ${run.inState} resources in state. With the faults still on, ` +
    `\`up --expect-no-changes\` ${run.secondUpNoChanges ? "passed" : "FAILED"} and \`preview ` +
    `--expect-no-changes\` ${run.previewNoChanges ? "passed" : "FAILED"}.\n\n` +
    `| step | exit | time | output |\n|---|---|---|---|\n${steps(run.ups)}`
  );
}

function crashBody(run: CrashRun): string {
  return (
    `| figure | value |\n|---|---|\n` +
    `| crash_recovery_declared | ${run.declared} |\n` +
    `| crash_recovery_missing | ${run.census.missing.length} |\n` +
    `| crash_recovery_duplicates | ${run.census.duplicates.length} |\n` +
    `| resources given \`adopt: true\` | ${run.adopted.length} |\n\n` +
    `\`pulumi up\` of ${run.declared} mixed resources; half of the creating requests take 1 s at the ` +
    `emulator so creates are in flight. After ${run.postsAtKill} POSTs the engine's whole process ` +
    "group (CLI, language host, program) gets SIGKILL, and so does the dynamic provider, which " +
    `runs in a process group of its own (${run.otherProcessesKilled} process(es) found by their ` +
    "working directory or environment). State then held " +
    `${run.inStateAtKill} resources and ${run.pendingAtKill} pending operations. Recovery as a user ` +
    "would (below); where `up` failed because an object already exists and the message says to set " +
    `\`adopt: true\`, that was set on the resource (${run.adopted.length}: ${run.adopted.join(", ") || "none"}). ` +
    `End state: missing ${run.census.missing.length} (${run.census.missing.join(", ") || "none"}), ` +
    `duplicated ${run.census.duplicates.length} (${run.census.duplicates.join(", ") || "none"}), ` +
    `${run.inState} resources in state; final \`preview --expect-no-changes\` ` +
    `${run.finalNoChanges ? "passed" : "FAILED"}.\n\n| step | exit | time | output |\n|---|---|---|---|\n${steps(run.steps)}`
  );
}

async function main(): Promise<void> {
  const which = process.argv[2] ?? "all";
  if (which === "all" || which === "faults") {
    console.log("fault scenario");
    const run = await runFaultScenario(104, log);
    recordResults(
      "reliability-faults",
      {
        fault_up_resources_declared: run.declared,
        fault_up_resources_missing: run.census.missing.length,
        fault_up_duplicates: run.census.duplicates.length,
        fault_up_ups_needed: run.ups.length,
      },
      {
        title: "Faults: up of 100+ resources with 30 % failing requests",
        command: "node dist/bench/reliability.js faults",
        body: faultBody(run),
      },
    );
    console.log(JSON.stringify({ ...run, ups: run.ups.map((u) => ({ ...u, summary: undefined })) }, null, 1));
  }
  if (which === "all" || which === "crash") {
    console.log("crash scenario, naive recovery");
    const naive = await runCrashScenario(100, log, "naive");
    console.log("crash scenario, documented recovery");
    const run = await runCrashScenario(100, log, "documented");
    recordResults(
      "reliability-crash",
      {
        crash_recovery_duplicates: run.census.duplicates.length,
        crash_recovery_missing: run.census.missing.length,
        crash_naive_recovery_duplicates: naive.census.duplicates.length,
      },
      {
        title: "Crash: engine killed mid-up, recovered as a user would",
        command: "node dist/bench/reliability.js crash",
        body:
          "### Documented recovery (`crash_recovery_duplicates`)\n\n" +
          "`pulumi cancel`; set `adopt: true` on each resource with a pending create " +
          "(`pulumi stack export` → `deployment.pending_operations`); `pulumi refresh " +
          "--clear-pending-creates`; `pulumi up`.\n\n" +
          crashBody(run) +
          "\n\n### Naive recovery (`crash_naive_recovery_duplicates`)\n\n" +
          '`pulumi cancel`; `pulumi refresh`; `pulumi up` (following any "set `adopt: true`" message).\n\n' +
          crashBody(naive),
      },
    );
    console.log(
      JSON.stringify({ naive: naive.census, documented: run.census, adopted: run.adopted }, null, 1),
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
