/**
 * Batching never costs time (issue 27): the 300-record cycle of the issue, as a user runs it: 300
 * `ZoneRecord` resources in one zone, created, previewed with no change, refreshed, given a new
 * TTL and destroyed at the engine's default parallelism (no `--parallel`: 4 per core), with
 * batching on and off (`dnsimple:batchZoneRecords false`), and the same 300 records as one
 * `ZoneRecords`, eight rounds each (the set first, then batched and single, which goes first
 * alternating, so that each side comes first as often), at 0 ms and at 120 ms of latency injected on
 * every API request (the emulator's `latency` fault): about a round trip from Europe to the
 * service's US region, where a local emulator answers in a millisecond. Figures: the ratio of
 * batched to single wall time (up + TTL change + destroy, the phases that send changes, summed
 * over the rounds) per latency with a 95 % interval from the rounds' paired ratios (runs of the same
 * work differ by up to a tenth on this machine: eight rounds narrow it), the API requests per record
 * of each, and a table per phase beside
 * the issue's own measurement (before). Then 1,000 `ZoneRecord`s at `--parallel 64`, batched:
 * `requests_per_record_parallel_64`, the API requests of up, TTL change and destroy per record
 * and phase.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/batching.js [--records N] [--rounds R] [--many M]
 *   [--latency L] [--control]
 * `--control` measures single against single instead (see {@link control}), in a section of its own.
 */
import { createStack, type Declaration, spawnEmulator } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";
import { pairedRatio } from "./lib/paired-ratio";

const TOKEN = "bench-batching-token-27";
const ZONE = "batching-bench.com";
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const N = option("--records", 300);
const ROUNDS = option("--rounds", 8);
const MANY = args.includes("--many") ? Number(args[args.indexOf("--many") + 1]) : 1000;
/**
 * The latencies injected (ms); `--latency L` measures that one alone (for exploring: the section
 * it writes then holds L alone).
 */
const LATENCIES = args.includes("--latency") ? [option("--latency", 0)] : [0, 120];
const PHASES = ["up", "preview", "refresh", "ttl", "destroy"] as const;
/** The phases that send changes: what batching can win or lose on. */
const CHANGES = ["up", "ttl", "destroy"] as const;
type Phase = (typeof PHASES)[number];
type Mode = "batched" | "single" | "set";
type Cycle = Record<Phase, { seconds: number; calls: number }>;

/**
 * The issue's measurement of the same cycle (issue 27, 300 A records, default --parallel, two
 * rounds, 0 ms), quoted as it was filed: seconds per phase, before this issue's work.
 */
const BEFORE: Partial<Record<Mode, Record<Phase, number>>> = {
  batched: { up: 21.2, preview: 8.0, refresh: 2.0, ttl: 29.2, destroy: 14.1 },
  set: { up: 4.6, preview: 4.4, refresh: 1.9, ttl: 4.9, destroy: 1.7 },
};

const records = (mode: Mode, ttl: number, count = N): Declaration[] => {
  const host = (i: number) => ({ name: `host${i}`, type: "A", content: `192.0.2.${i % 250}`, ttl });
  if (mode === "set")
    return [
      {
        type: "ZoneRecords",
        name: "all",
        args: {
          zoneName: ZONE,
          records: Array.from({ length: count }, (_, i) => host(i)),
          // The TTL change updates every record: a mass change, let through as a reviewer would.
          ...(ttl === 3600 ? {} : { allowMassChange: count }),
        },
      },
    ];
  return Array.from({ length: count }, (_, i) => ({
    type: "ZoneRecord",
    name: `r${i}`,
    args: { zoneName: ZONE, ...host(i) },
  }));
};

/** One cycle: seconds and API requests per phase (`phases`: which to run). */
async function cycle(
  mode: Mode,
  latencyMs: number,
  count = N,
  parallel: string[] = [],
  env: Record<string, string> = {},
  phases: readonly Phase[] = PHASES,
): Promise<Cycle> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({
    program: "generic",
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    config: mode === "single" ? { "dnsimple:batchZoneRecords": "false" } : {},
    env,
  });
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: ZONE }] });
    if (latencyMs > 0) await emulator.setFaults({ rate: 1, kinds: ["latency"], latencyMs });
    const out = {} as Cycle;
    const run = async (phase: Phase, cli: string[]) => {
      if (!phases.includes(phase)) return;
      await emulator.clearRequests();
      const started = Date.now();
      await stack.cli(cli);
      out[phase] = { seconds: (Date.now() - started) / 1000, calls: (await emulator.requests()).length };
    };
    await stack.declare(records(mode, 3600, count));
    await run("up", ["up", "--yes", "--skip-preview", ...parallel]);
    await run("preview", ["preview", "--expect-no-changes", ...parallel]);
    await run("refresh", ["refresh", "--yes", "--skip-preview", ...parallel]);
    await stack.declare(records(mode, 600, count));
    await run("ttl", ["up", "--yes", "--skip-preview", ...parallel]);
    await run("destroy", ["destroy", "--yes", "--skip-preview", ...parallel]);
    return out;
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

/** A figure's name ends with its latency unless it is 0 ms: `..._120ms`. */
const latencySuffix = (latency: number) => (latency === 0 ? "" : `_${latency}ms`);

/**
 * A ratio as RESULTS.md lists it: from the sums, then the rounds' geometric mean and 95 % interval.
 *
 * @example
 * ratioLine(120, 0.958, [0.95, 0.97]) // "120 ms: 0.958 (sums); per round 0.960, 95 % interval ..."
 */
function ratioLine(latency: number, ratio: number, paired: readonly number[]): string {
  const interval = pairedRatio(paired);
  return (
    `${latency} ms: ${ratio.toFixed(3)} (sums); per round ${interval.mean.toFixed(3)}, ` +
    `95 % interval ${interval.low.toFixed(3)} to ${interval.high.toFixed(3)}`
  );
}

const zero = (): Cycle =>
  Object.fromEntries(PHASES.map((p) => [p, { seconds: 0, calls: 0 }])) as unknown as Cycle;
const cell = (c: { seconds: number; calls: number }, rounds: number) =>
  `${(c.seconds / rounds).toFixed(1)} s (${Math.round(c.calls / rounds)})`;

async function main(): Promise<void> {
  const figures: Record<string, number> = {};
  const rows: string[] = [];
  /** Per round: the seconds of the phases that send changes, batched against single. */
  const byRound: string[] = [];
  /** Per latency: the 95 % interval of the ratio, from the rounds' paired ratios. */
  const intervals: string[] = [];
  for (const latency of LATENCIES) {
    const sums: Record<Mode, Cycle> = { batched: zero(), single: zero(), set: zero() };
    const paired: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // The set first; then batched and single, each first in every other round, so that a drift
      // of the machine, or what the run before leaves behind, falls on both alike.
      const order: Mode[] = round % 2 === 0 ? ["set", "batched", "single"] : ["set", "single", "batched"];
      const sending: Partial<Record<Mode, number>> = {};
      for (const mode of order) {
        const result = await cycle(mode, latency);
        sending[mode] = CHANGES.reduce((s, p) => s + result[p].seconds, 0);
        for (const phase of PHASES) {
          sums[mode][phase].seconds += result[phase].seconds;
          sums[mode][phase].calls += result[phase].calls;
        }
        console.log(
          `  ${latency} ms, round ${round + 1}, ${mode}: ` +
            PHASES.map((p) => `${p} ${result[p].seconds.toFixed(1)} s / ${result[p].calls} requests`).join(
              ", ",
            ),
        );
      }
      paired.push(sending.batched! / sending.single!);
      byRound.push(
        `${latency} ms, round ${round + 1} (${order[1]} first): batched ${sending.batched!.toFixed(1)} s, ` +
          `single ${sending.single!.toFixed(1)} s`,
      );
    }
    const changes = (mode: Mode) => CHANGES.reduce((s, p) => s + sums[mode][p].seconds, 0);
    const calls = (mode: Mode) => CHANGES.reduce((s, p) => s + sums[mode][p].calls, 0);
    const suffix = latencySuffix(latency);
    intervals.push(ratioLine(latency, changes("batched") / changes("single"), paired));
    figures[`batched_vs_single_time_ratio_default_parallel${suffix}`] = Number(
      (changes("batched") / changes("single")).toFixed(3),
    );
    figures[`batched_requests_per_record_default_parallel${suffix}`] = Number(
      (calls("batched") / (ROUNDS * CHANGES.length * N)).toFixed(3),
    );
    const label: Record<Mode, string> = {
      batched: `${N} \`ZoneRecord\`, batched`,
      single: `${N} \`ZoneRecord\`, single`,
      set: `one \`ZoneRecords\``,
    };
    const total = (c: Cycle) => PHASES.reduce((s, p) => s + c[p].seconds, 0);
    for (const mode of ["batched", "single", "set"] as const) {
      const before = latency === 0 ? BEFORE[mode] : undefined;
      if (before)
        rows.push(
          `| ${latency} ms | ${label[mode]}, before | ${PHASES.map((p) => `${before[p].toFixed(1)} s`).join(" | ")} | ${PHASES.reduce((s, p) => s + before[p], 0).toFixed(1)} s |`,
        );
      rows.push(
        `| ${latency} ms | ${label[mode]}${before ? ", now" : ""} | ${PHASES.map((p) => cell(sums[mode][p], ROUNDS)).join(" | ")} | ${(total(sums[mode]) / ROUNDS).toFixed(1)} s |`,
      );
    }
  }
  // Requests are what this part measures; the engine's checkpoint after every step, most of the
  // time of 1,000 resources on a file backend, is skipped (PULUMI_SKIP_CHECKPOINTS).
  const many =
    MANY > 0
      ? await cycle("batched", 0, MANY, ["--parallel", "64"], { PULUMI_SKIP_CHECKPOINTS: "true" }, CHANGES)
      : undefined;
  if (many) {
    const manyCalls = CHANGES.reduce((sum, p) => sum + many[p].calls, 0);
    figures.requests_per_record_parallel_64 = Number((manyCalls / (CHANGES.length * MANY)).toFixed(4));
  }
  const manyRow = many
    ? CHANGES.map((p) => `${many[p].seconds.toFixed(1)} s (${many[p].calls})`).join(" | ")
    : "not run";
  console.log(figures);
  recordResults("batching", figures, {
    title: "Batching never costs time: the 300-record cycle, per record and as a set",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/batching.js",
    body: [
      `${N} A records in one zone, as ${N} \`ZoneRecord\` resources (batching on, and off with ` +
        "`dnsimple:batchZoneRecords false`) and as one `ZoneRecords`: `up`, a no-change `preview`, " +
        "`refresh`, a TTL change and `destroy`, with the engine's default `--parallel` (4 per core: 8 here), " +
        `${ROUNDS} rounds each (the set first, then batched and single, each first in every other round); 120 ms of latency injected on every request (the ` +
        "emulator's `latency` fault) stands for a round trip to the real service. Means per round: seconds " +
        "(API requests). The ratios count the phases that send changes (up, TTL change, destroy). " +
        "_Before_: the issue's own measurement of the same cycle when it was filed (0 ms, batched per " +
        "record; its single-request figures were up 15.0 s, TTL change 19.5 s, destroy 9.0 s).",
      "",
      "| latency | resources | up | preview | refresh | TTL change | destroy | total |",
      "|---|---|---|---|---|---|---|---|",
      ...rows,
      "",
      "At the engine's default `--parallel` a `ZoneRecord` change is sent alone at once (the batcher " +
        "gathers only above it), so batched and single send the same requests here, and their ratio is " +
        "the difference between runs of the same work. Up, TTL change and destroy per round:",
      "",
      ...byRound.map((line) => `- ${line}`),
      "",
      "The ratio of batched to single, from the sums over the rounds (the figure), and the geometric mean " +
        "of the rounds' paired ratios with its 95 % interval (Student's t over their logarithms):",
      "",
      ...intervals.map((line) => `- ${line}`),
      "",
      `${MANY} \`ZoneRecord\`s at \`--parallel 64\`, batched, 0 ms, the engine's checkpoints skipped ` +
        "(`PULUMI_SKIP_CHECKPOINTS`: requests are what this part measures): seconds (API requests) per phase.",
      "",
      "| up | TTL change | destroy |",
      "|---|---|---|",
      `| ${manyRow} |`,
      "",
      ...Object.entries(figures).map(([k, v]) => `- \`${k}\` = ${v}`),
    ].join("\n"),
  });
}

/**
 * The control (`--control`): the same alternating rounds with batching off on both sides, the change
 * phases only. Its ratio is what two runs of the same work differ by on this machine, the yardstick
 * for the batched-to-single ratio at the default `--parallel`, where both send the same requests.
 */
async function control(): Promise<void> {
  const figures: Record<string, number> = {};
  const lines: string[] = [];
  for (const latency of LATENCIES) {
    const paired: number[] = [];
    let first = 0;
    let second = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const seconds: number[] = [];
      for (let run = 0; run < 2; run++) {
        const result = await cycle("single", latency, N, [], {}, CHANGES);
        seconds.push(CHANGES.reduce((s, p) => s + result[p].seconds, 0));
      }
      // Which of the two runs counts as "A" alternates, as batched and single do in the rounds above.
      const [a, b] = round % 2 === 0 ? [seconds[0]!, seconds[1]!] : [seconds[1]!, seconds[0]!];
      first += a;
      second += b;
      paired.push(a / b);
      console.log(`  control, ${latency} ms, round ${round + 1}: A ${a.toFixed(1)} s, B ${b.toFixed(1)} s`);
    }
    figures[`single_vs_single_time_ratio_default_parallel${latencySuffix(latency)}`] = Number(
      (first / second).toFixed(3),
    );
    lines.push(
      `${ratioLine(latency, first / second, paired)}; rounds: ${paired.map((r) => r.toFixed(3)).join(", ")}`,
    );
  }
  recordResults("batching-control", figures, {
    title: "Batching never costs time: the control, single against single",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/batching.js --control",
    body: [
      `${N} \`ZoneRecord\`s, batching off on both sides (A and B), up, TTL change and destroy at the engine's ` +
        `default \`--parallel\`, ${ROUNDS} rounds, A first in every other round: the same measurement as ` +
        "the batched-to-single ratio, of the same work. Ratio A ÷ B from the sums, the geometric mean of the " +
        "rounds with its 95 % interval, and each round's ratio:",
      "",
      ...lines.map((line) => `- ${line}`),
      "",
      ...Object.entries(figures).map(([k, v]) => `- \`${k}\` = ${v}`),
    ].join("\n"),
  });
}

(args.includes("--control") ? control() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
