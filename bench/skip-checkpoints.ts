/**
 * `PULUMI_SKIP_CHECKPOINTS=true` made safe (issue 58): `--kills` runs (5) of an `up` of
 * `--records` (300) `ZoneRecord`s with the switch on, each killed with SIGKILL (the engine's
 * process group and the provider) after a random number of creates (seeded, between a tenth and
 * nine tenths of them), each followed by an `up` with the switch on, a no-change preview and
 * `destroy` (test/e2e/skip-checkpoints-scenario.ts): duplicates, records missing, `adopt`
 * demanded, hand-made records touched, records left. Also what the journal costs a create (its
 * entry written, the answer noted, the entry dropped once state shows it), 300 at a time, in the
 * system's temporary folder. What the switch saves is measured with the other programs' cycles in
 * bench/cycle-costs.ts.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/skip-checkpoints.js [--records N] [--kills K]
 *   [--seed S]
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { beginCreate, createAnswered, settleCreate } from "../provider/framework/create-journal";
import { type KillRecoveryRun, runKillRecovery, seeded } from "../test/e2e/skip-checkpoints-scenario";
import { median } from "./lib/median";
import { recordResults } from "./lib/record";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const N = option("--records", 300);
const KILLS = option("--kills", 5);
const SEED = option("--seed", 58);

/** Milliseconds per create of the journal's three writes, 300 creates at a time: the median of 7 runs. */
function journalMsPerCreate(): number {
  const dir = mkdtempSync(path.join(tmpdir(), "dnsimple-journal-cost-"));
  const saved = process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = dir;
  try {
    const runs = Array.from({ length: 7 }, () => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < 300; i++) {
        beginCreate({ key: `r${i}`, kind: "ZoneRecord", account: "1", since: new Date().toISOString() });
        createAnswered(`r${i}`, String(i));
      }
      for (let i = 0; i < 300; i++) settleCreate(`r${i}`, String(i));
      const ms = Number(process.hrtime.bigint() - started) / 1e6 / 300;
      if (readdirSync(dir).length !== 0) throw new Error("the journal kept entries it should have dropped");
      return ms;
    });
    return Number(median(runs).toFixed(3));
  } finally {
    if (saved === undefined) delete process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
    else process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = saved;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function killRecovery(): Promise<void> {
  const random = seeded(SEED);
  const runs: Array<KillRecoveryRun & { killAfter: number }> = [];
  for (let k = 0; k < KILLS; k++) {
    const killAfter = Math.max(1, Math.round(N * (0.1 + 0.8 * random())));
    console.log(`kill ${k + 1}/${KILLS}: after ${killAfter} of ${N} creates`);
    const run = await runKillRecovery(N, killAfter, (line) => console.log(`  ${line}`));
    console.log(
      `  duplicates ${run.duplicates.length}, missing ${run.missing.length}, adopt ${run.adoptDemanded}, ` +
        `hand-made touched ${run.handMadeTouched.length}, left after destroy ${run.leftAfterDestroy}`,
    );
    runs.push({ ...run, killAfter });
  }
  const sum = (f: (r: KillRecoveryRun) => number) => runs.reduce((s, r) => s + f(r), 0);
  const figures = {
    skip_checkpoints_kill_recovery_runs: runs.length,
    skip_checkpoints_kill_recovery_records: N,
    skip_checkpoints_kill_recovery_duplicates: sum((r) => r.duplicates.length),
    skip_checkpoints_kill_recovery_missing: sum((r) => r.missing.length),
    skip_checkpoints_kill_recovery_adopt_demanded: sum((r) => r.adoptDemanded),
    skip_checkpoints_kill_recovery_hand_made_touched: sum((r) => r.handMadeTouched.length),
    skip_checkpoints_kill_recovery_undeclared: sum((r) => r.extra.length),
    skip_checkpoints_kill_recovery_failed_ups: runs.filter((r) => r.recoveryExit !== 0).length,
    skip_checkpoints_kill_recovery_left_after_destroy: sum((r) => r.leftAfterDestroy),
    skip_checkpoints_journal_ms_per_create: journalMsPerCreate(),
  };
  console.log(figures);
  const rows = runs.map(
    (r, i) =>
      `| ${i + 1} | ${r.killAfter} | ${r.recordsAtKill} / ${r.inStateAtKill} | ${r.cancelNeeded ? "yes" : "no"} | ` +
      `${r.recoveryExit} (${r.recoverySeconds.toFixed(1)} s) | ${r.duplicates.length} | ${r.missing.length} | ` +
      `${r.adoptDemanded} | ${r.handMadeTouched.length} | ${r.inState} | ${r.recoveryNoChanges ? "yes" : "NO"} | ` +
      `${r.leftAfterDestroy} |`,
  );
  recordResults("skip-checkpoints-kill", figures, {
    title: "PULUMI_SKIP_CHECKPOINTS: an up killed at a random point, then up and destroy",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/skip-checkpoints.js",
    body: [
      `${KILLS} runs, each on a new stack and emulator: one zone with ten hand-made records (five identical ` +
        `to declared ones, five TXT beside them), then \`up\` of ${N} \`ZoneRecord\`s with ` +
        "`PULUMI_SKIP_CHECKPOINTS=true`, a third of the creates slowed by 400 ms so that answers are in " +
        "flight; after a random number of creates (seeded, between a tenth and nine tenths) the engine's " +
        "process group and the dynamic provider get SIGKILL. Then, the switch still on: `up` (after " +
        "`pulumi cancel` if the stack was locked), `preview --expect-no-changes`, `destroy`. Duplicates, " +
        "missing and undeclared count the stack's records (all but the hand-made ones) by name after the " +
        "recovery `up`; `adopt` counts the times its output asks for `adopt: true`; hand-made records " +
        "count as touched when deleted or changed after the `up` or the `destroy`.",
      "",
      "| run | kill point (creates seen, at least) | records in service / resources in state at kill | cancel | recovery up exit | duplicates | missing | adopt asked | hand-made touched | in state | no-change preview | left after destroy |",
      "|---|---|---|---|---|---|---|---|---|---|---|---|",
      ...rows,
      "",
      ...Object.entries(figures).map(([k, v]) => `- \`${k}\` = ${v}`),
    ].join("\n"),
  });
}

async function main(): Promise<void> {
  await killRecovery();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
