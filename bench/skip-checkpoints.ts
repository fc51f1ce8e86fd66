/**
 * `PULUMI_SKIP_CHECKPOINTS=true` made safe (issue 58). Two parts:
 *
 * - kill recovery: `--kills` runs (5) of an `up` of `--records` (300) `ZoneRecord`s with the switch
 *   on, each killed with SIGKILL (the engine's process group and the provider) after a random
 *   number of creates (seeded, between a tenth and nine tenths of them), each followed by an `up`
 *   with the switch on, a no-change preview and `destroy` (test/e2e/skip-checkpoints-scenario.ts):
 *   duplicates, records missing, `adopt` demanded, hand-made records touched, records left;
 * - the per-record cycle: `up`, no-change `preview`, TTL change and `destroy` of the same 300
 *   records with the switch on and off, `--rounds` (4) rounds, which side goes first alternating;
 *   the ratio of the sums and the rounds' paired ratios with a 95 % interval.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/skip-checkpoints.js [--records N] [--kills K]
 *   [--rounds R] [--seed S] [--only kill|cycle]
 */
import {
  type KillRecoveryRun,
  PHASES,
  type Phase,
  perRecordCycle,
  runKillRecovery,
  seeded,
} from "../test/e2e/skip-checkpoints-scenario";
import { recordResults } from "./lib/record";
import { pairedRatio } from "./lib/paired-ratio";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const N = option("--records", 300);
const KILLS = option("--kills", 5);
const ROUNDS = option("--rounds", 4);
const SEED = option("--seed", 58);
const ONLY = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;

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
    command: "npx tsc -p tsconfig.build.json && node dist/bench/skip-checkpoints.js --only kill",
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

async function cycles(): Promise<void> {
  const sums = { skip: zero(), default: zero() };
  const paired: number[] = [];
  const byRound: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (["skip", "default"] as const) : (["default", "skip"] as const);
    const totals: Partial<Record<"skip" | "default", number>> = {};
    for (const side of order) {
      const result = await perRecordCycle(N, side === "skip");
      for (const phase of PHASES) sums[side][phase] += result[phase];
      totals[side] = PHASES.reduce((s, p) => s + result[p], 0);
      console.log(
        `  round ${round + 1}, ${side}: ${PHASES.map((p) => `${p} ${result[p].toFixed(1)} s`).join(", ")}`,
      );
    }
    paired.push(totals.skip! / totals.default!);
    byRound.push(
      `round ${round + 1} (${order[0]} first): switch on ${totals.skip!.toFixed(1)} s, off ${totals.default!.toFixed(1)} s`,
    );
  }
  const total = (c: Record<Phase, number>) => PHASES.reduce((s, p) => s + c[p], 0);
  const ratio = total(sums.skip) / total(sums.default);
  const interval = pairedRatio(paired);
  const figures: Record<string, number> = {
    per_record_300_cycle_skip_checkpoints_vs_default: Number(ratio.toFixed(3)),
    per_record_300_cycle_skip_checkpoints_seconds: Number((total(sums.skip) / ROUNDS).toFixed(1)),
    per_record_300_cycle_default_seconds: Number((total(sums.default) / ROUNDS).toFixed(1)),
  };
  for (const phase of PHASES) {
    figures[`per_record_300_${phase}_skip_checkpoints_vs_default`] = Number(
      (sums.skip[phase] / sums.default[phase]).toFixed(3),
    );
  }
  console.log(figures);
  const row = (label: string, c: Record<Phase, number>) =>
    `| ${label} | ${PHASES.map((p) => `${(c[p] / ROUNDS).toFixed(1)} s`).join(" | ")} | ${(total(c) / ROUNDS).toFixed(1)} s |`;
  recordResults("skip-checkpoints-cycle", figures, {
    title: "PULUMI_SKIP_CHECKPOINTS: the per-record cycle, switch on against off",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/skip-checkpoints.js --only cycle",
    body: [
      `${N} \`ZoneRecord\`s in one zone (file backend, the engine's default \`--parallel\`, 0 ms injected): ` +
        "`up`, `preview --expect-no-changes`, a TTL change and `destroy`, with `PULUMI_SKIP_CHECKPOINTS=true` " +
        `and without, ${ROUNDS} rounds, which side goes first alternating. Means per round:`,
      "",
      "| switch | up | preview | TTL change | destroy | total |",
      "|---|---|---|---|---|---|",
      row("on (`PULUMI_SKIP_CHECKPOINTS=true`)", sums.skip),
      row("off (a checkpoint per step)", sums.default),
      "",
      ...byRound.map((line) => `- ${line}`),
      "",
      `Ratio on ÷ off from the sums: ${ratio.toFixed(3)}; per round ${interval.mean.toFixed(3)}, 95 % interval ` +
        `${interval.low.toFixed(3)} to ${interval.high.toFixed(3)} (Student's t over the logarithms).`,
      "",
      ...Object.entries(figures).map(([k, v]) => `- \`${k}\` = ${v}`),
    ].join("\n"),
  });
}

function zero(): Record<Phase, number> {
  return Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
}

async function main(): Promise<void> {
  if (ONLY !== "cycle") await killRecovery();
  if (ONLY !== "kill") await cycles();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
