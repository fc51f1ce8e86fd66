/**
 * Batching never costs time (issue 27): 300 `ZoneRecord` resources in one zone, created, given a
 * new TTL and destroyed at the engine's default parallelism (no `--parallel`: 4 per core), with
 * batching on and off (`dnsimple:batchZoneRecords false`), alternately, two rounds each, at 0 ms
 * and at 120 ms of latency injected on every API request (the emulator's `latency` fault): about
 * a round trip from Europe to the service's US region, where a local emulator answers in a
 * millisecond. Figures: the ratio of batched to single wall time (up + TTL change + destroy,
 * summed over the rounds) per latency, the API requests per record of each, and a table per phase.
 * Then 1,000 `ZoneRecord`s at `--parallel 64`, batched: `requests_per_record_parallel_64`, the API
 * requests of up, TTL change and destroy per record and phase.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/batching.js [--records N] [--rounds R] [--many M]
 */
import { createStack, type Declaration, spawnEmulator } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-batching-token-27";
const ZONE = "batching-bench.com";
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const N = option("--records", 300);
const ROUNDS = option("--rounds", 2);
const MANY = args.includes("--many") ? Number(args[args.indexOf("--many") + 1]) : 1000;
const LATENCIES = process.env.XLAT ? [Number(process.env.XLAT)] : [0, 120];
const PHASES = ["up", "ttl", "destroy"] as const;
type Phase = (typeof PHASES)[number];
type Mode = "batched" | "single";

const records = (ttl: number, count = N): Declaration[] =>
  Array.from({ length: count }, (_, i) => ({
    type: "ZoneRecord",
    name: `r${i}`,
    args: { zoneName: ZONE, name: `host${i}`, type: "A", content: `192.0.2.${i % 250}`, ttl },
  }));

/** One cycle: seconds and API requests per phase. */
async function cycle(
  mode: Mode,
  latencyMs: number,
  count = N,
  parallel: string[] = [],
  env: Record<string, string> = {},
): Promise<Record<Phase, { seconds: number; calls: number }>> {
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
    const out = {} as Record<Phase, { seconds: number; calls: number }>;
    const run = async (phase: Phase, cli: string[]) => {
      await emulator.clearRequests();
      const started = Date.now();
      await stack.cli(cli);
      out[phase] = { seconds: (Date.now() - started) / 1000, calls: (await emulator.requests()).length };
    };
    await stack.declare(records(3600, count));
    await run("up", ["up", "--yes", "--skip-preview", ...parallel]);
    await stack.declare(records(600, count));
    await run("ttl", ["up", "--yes", "--skip-preview", ...parallel]);
    await run("destroy", ["destroy", "--yes", "--skip-preview", ...parallel]);
    return out;
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const figures: Record<string, number> = {};
  const rows: string[] = [];
  for (const latency of LATENCIES) {
    const sums: Record<Mode, Record<Phase, { seconds: number; calls: number }>> = {
      batched: {
        up: { seconds: 0, calls: 0 },
        ttl: { seconds: 0, calls: 0 },
        destroy: { seconds: 0, calls: 0 },
      },
      single: {
        up: { seconds: 0, calls: 0 },
        ttl: { seconds: 0, calls: 0 },
        destroy: { seconds: 0, calls: 0 },
      },
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which side goes first, so a drift of the machine falls on both.
      const order: Mode[] = round % 2 === 0 ? ["batched", "single"] : ["single", "batched"];
      for (const mode of order) {
        const result = await cycle(mode, latency);
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
    }
    const total = (mode: Mode) => PHASES.reduce((s, p) => s + sums[mode][p].seconds, 0);
    const calls = (mode: Mode) => PHASES.reduce((s, p) => s + sums[mode][p].calls, 0);
    const suffix = latency === 0 ? "" : `_${latency}ms`;
    figures[`batched_vs_single_time_ratio_default_parallel${suffix}`] = Number(
      (total("batched") / total("single")).toFixed(3),
    );
    figures[`batched_requests_per_record_default_parallel${suffix}`] = Number(
      (calls("batched") / (ROUNDS * 3 * N)).toFixed(3),
    );
    for (const mode of ["batched", "single"] as const) {
      rows.push(
        `| ${latency} ms | ${mode} | ${PHASES.map((p) => `${(sums[mode][p].seconds / ROUNDS).toFixed(1)} s (${Math.round(sums[mode][p].calls / ROUNDS)})`).join(" | ")} | ${(total(mode) / ROUNDS).toFixed(1)} s |`,
      );
    }
  }
  // Requests are what this part measures; the engine's checkpoint after every step, most of the
  // time of 1,000 resources on a file backend, is skipped (PULUMI_SKIP_CHECKPOINTS).
  const many =
    MANY > 0
      ? await cycle("batched", 0, MANY, ["--parallel", "64"], { PULUMI_SKIP_CHECKPOINTS: "true" })
      : undefined;
  if (many) {
    const manyCalls = PHASES.reduce((sum, p) => sum + many[p].calls, 0);
    figures.requests_per_record_parallel_64 = Number((manyCalls / (PHASES.length * MANY)).toFixed(4));
  }
  const manyRow = many
    ? PHASES.map((p) => `${many[p].seconds.toFixed(1)} s (${many[p].calls})`).join(" | ")
    : "not run";
  console.log(figures);
  recordResults("batching", figures, {
    title: "Batching never costs time: 300 ZoneRecords at default parallelism, batched and single",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/batching.js",
    body: [
      `${N} \`ZoneRecord\` resources in one zone, \`up\`, TTL change and \`destroy\` with the engine's default ` +
        `\`--parallel\` (4 per core: 8 here), batching on and off alternately, ${ROUNDS} rounds each; ` +
        "120 ms of latency injected on every request (the emulator's `latency` fault) stands for a round trip " +
        "to the real service. Means per round: seconds (API requests).",
      "",
      "| latency | mode | up | TTL change | destroy | total |",
      "|---|---|---|---|---|---|",
      ...rows,
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
