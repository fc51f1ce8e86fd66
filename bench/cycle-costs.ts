/**
 * What a command costs and whose the cost is (issue 58). Two parts:
 *
 * - start-up probes, medians of `--probes` (7) runs each: the CLI's start (`pulumi version`), a
 *   bare Node process, `@pulumi/pulumi` loaded (what every program and every dynamic-provider
 *   process loads first), the SDK on top of it (what a program adds), and the kinds' provider
 *   modules (what the provider process adds), all from a project that installed the packed
 *   package, as a user's does;
 * - the 300-record cycle (`up`, no-change `preview`, `refresh`, TTL change, `destroy`, default
 *   `--parallel`, the installed JavaScript program, which Pulumi runs as the template's TypeScript
 *   now that neither loads ts-node) of five programs, `--rounds` (3) rounds, the order of the
 *   programs turned around every round: the engine's floor (one dynamic resource whose provider
 *   does nothing), one `ZoneRecords` of 300, 300 `ZoneRecord`s, the same with
 *   `PULUMI_SKIP_CHECKPOINTS=true`, and the same with `PULUMI_DEBUG_PROMISE_LEAKS=true` (the
 *   control: Pulumi then gives every promise its stack trace again, as before the SDK left them
 *   out). Seconds, API requests and CPU seconds by process, per phase.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/cycle-costs.js [--records N] [--rounds R]
 *   [--probes P]
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { type Declaration, createStack, installedProgram, spawnEmulator } from "../test/e2e/reliability-lib";
import { pairedRatio } from "./lib/paired-ratio";
import { type ProcessRole, ProcessCpuSampler } from "./lib/process-cpu";
import { recordResults } from "./lib/record";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const N = option("--records", 300);
const ROUNDS = option("--rounds", 3);
const PROBES = option("--probes", 7);
const TOKEN = "bench-cycle-costs-58";
const ZONE = "cycle-costs.com";

const PHASES = ["up", "preview", "refresh", "ttl", "destroy"] as const;
type Phase = (typeof PHASES)[number];
const ROLES: ProcessRole[] = ["engine", "language host", "program", "provider", "emulator"];

interface Variant {
  label: string;
  program: "generic" | "noop";
  declare(ttl: number): Declaration[];
  env?: Record<string, string>;
}

const host = (i: number, ttl: number) => ({
  name: `host${i}`,
  type: "A",
  content: `192.0.2.${i % 250}`,
  ttl,
});
const perRecord = (ttl: number): Declaration[] =>
  Array.from({ length: N }, (_, i) => ({
    type: "ZoneRecord",
    name: `r${i}`,
    args: { zoneName: ZONE, ...host(i, ttl) },
  }));

const VARIANTS = {
  floor: {
    label: "engine floor: one do-nothing dynamic resource",
    program: "noop",
    declare: (ttl) => [{ type: "Noop", name: "floor", args: { name: "floor", ttl } }],
  },
  zone_records: {
    label: `one \`ZoneRecords\` of ${N}`,
    program: "generic",
    declare: (ttl) => [
      {
        type: "ZoneRecords",
        name: "all",
        args: {
          zoneName: ZONE,
          records: Array.from({ length: N }, (_, i) => host(i, ttl)),
          // The TTL change updates every record: a mass change, let through as a reviewer would.
          ...(ttl === 3600 ? {} : { allowMassChange: N }),
        },
      },
    ],
  },
  per_record: { label: `${N} \`ZoneRecord\`s`, program: "generic", declare: perRecord },
  per_record_skip_checkpoints: {
    label: `${N} \`ZoneRecord\`s, \`PULUMI_SKIP_CHECKPOINTS=true\``,
    program: "generic",
    declare: perRecord,
    env: { PULUMI_SKIP_CHECKPOINTS: "true" },
  },
  per_record_promise_stacks: {
    label: `${N} \`ZoneRecord\`s, \`PULUMI_DEBUG_PROMISE_LEAKS=true\` (promise stack traces as before)`,
    program: "generic",
    declare: perRecord,
    env: { PULUMI_DEBUG_PROMISE_LEAKS: "true" },
  },
} satisfies Record<string, Variant>;
type VariantName = keyof typeof VARIANTS;

interface PhaseCost {
  seconds: number;
  requests: number;
  cpu: Record<ProcessRole, number>;
}
type Cycle = Record<Phase, PhaseCost>;

async function cycle(variant: Variant): Promise<Cycle> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({
    program: variant.program,
    installed: true,
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    env: variant.env ?? {},
  });
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: ZONE }] });
    const out = {} as Cycle;
    const run = async (phase: Phase, cli: string[]) => {
      await emulator.clearRequests();
      const cpu = new ProcessCpuSampler(stack.workDir, [emulator.child.pid!]);
      const started = Date.now();
      await stack.cli(cli);
      const seconds = (Date.now() - started) / 1000;
      out[phase] = { seconds, requests: (await emulator.requests()).length, cpu: cpu.stop() };
    };
    await stack.declare(variant.declare(3600));
    await run("up", ["up", "--yes", "--skip-preview"]);
    await run("preview", ["preview", "--expect-no-changes"]);
    await run("refresh", ["refresh", "--yes", "--skip-preview"]);
    await stack.declare(variant.declare(600));
    await run("ttl", ["up", "--yes", "--skip-preview"]);
    await run("destroy", ["destroy", "--yes", "--skip-preview"]);
    return out;
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Milliseconds of a Node (or other) command, the median of PROBES runs after one untimed run. */
function probe(command: string, commandArgs: string[], cwd: string): number {
  const once = () => {
    const started = process.hrtime.bigint();
    execFileSync(command, commandArgs, { cwd, stdio: "pipe" });
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  once();
  return Math.round(median(Array.from({ length: PROBES }, once)));
}

function startupProbes(): Record<string, number> {
  // The installed project (npm pack + npm install, as a user's): its node_modules are a user's.
  const project = path.dirname(path.dirname(path.dirname(installedProgram("generic"))));
  const node = (code: string) => probe(process.execPath, ["-e", code], project);
  const bare = node("0");
  const pulumi = node('require("@pulumi/pulumi")');
  const sdk = node('require("@pulumi/pulumi"); require("pulumi-dnsimple-dynamic")');
  // What a dynamic-provider process loads: Pulumi's runtime, then the stub of each kind it serves.
  const runtime = node('require("@pulumi/pulumi/runtime")');
  const stubs = node(
    'require("@pulumi/pulumi/runtime"); const p = require("pulumi-dnsimple-dynamic/provider"); ' +
      'for (const k of ["ZoneRecord", "ZoneRecords", "Domain"]) p.providerFor(k)',
  );
  return {
    cli_start_ms: probe("pulumi", ["version"], project),
    node_start_ms: bare,
    pulumi_sdk_load_ms: pulumi - bare,
    our_sdk_load_ms: sdk - pulumi,
    pulumi_runtime_load_ms: runtime - bare,
    our_provider_load_ms: stubs - runtime,
  };
}

const total = (c: Cycle) => PHASES.reduce((s, p) => s + c[p].seconds, 0);

async function main(): Promise<void> {
  const probes = startupProbes();
  console.log(probes);

  const names = Object.keys(VARIANTS) as VariantName[];
  const rounds: Array<Record<VariantName, Cycle>> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    const results = {} as Record<VariantName, Cycle>;
    for (const name of order) {
      results[name] = await cycle(VARIANTS[name]);
      const line = PHASES.map((p) => `${p} ${results[name][p].seconds.toFixed(1)}`).join(", ");
      console.log(`round ${round + 1} ${name}: ${total(results[name]).toFixed(1)} s (${line})`);
    }
    rounds.push(results);
  }

  const sum = (name: VariantName, phase?: Phase) =>
    rounds.reduce((s, r) => s + (phase ? r[name][phase].seconds : total(r[name])), 0);
  const ratio = (a: VariantName, b: VariantName) => {
    const paired = pairedRatio(rounds.map((r) => total(r[a]) / total(r[b])));
    return { sums: sum(a) / sum(b), ...paired, spread: rounds.map((r) => total(r[a]) / total(r[b])) };
  };
  const ratios = {
    per_record_300_cycle_vs_zone_records: ratio("per_record", "zone_records"),
    zone_records_300_cycle_over_engine_floor: ratio("zone_records", "floor"),
    per_record_300_cycle_skip_checkpoints_vs_default: ratio("per_record_skip_checkpoints", "per_record"),
    per_record_300_cycle_vs_promise_stacks: ratio("per_record", "per_record_promise_stacks"),
    per_record_300_cycle_skip_checkpoints_vs_zone_records: ratio(
      "per_record_skip_checkpoints",
      "zone_records",
    ),
  };
  const round3 = (x: number) => Number(x.toFixed(3));
  const figures: Record<string, number> = { ...probes, cycle_costs_rounds: ROUNDS, cycle_costs_records: N };
  for (const [key, r] of Object.entries(ratios)) figures[key] = round3(r.sums);
  for (const name of names) {
    figures[`cycle_${name}_seconds`] = Number((sum(name) / ROUNDS).toFixed(1));
    for (const phase of PHASES)
      figures[`cycle_${name}_${phase}_seconds`] = Number((sum(name, phase) / ROUNDS).toFixed(2));
  }
  console.log(figures);

  const mean = (name: VariantName, phase: Phase, pick: (c: PhaseCost) => number) =>
    rounds.reduce((s, r) => s + pick(r[name][phase]), 0) / ROUNDS;
  const phaseTable = [
    `| program | ${PHASES.join(" | ")} | cycle | API requests |`,
    `|---|${PHASES.map(() => "---|").join("")}---|---|`,
    ...names.map((name) => {
      const cells = PHASES.map((p) => mean(name, p, (c) => c.seconds).toFixed(1));
      const requests = PHASES.reduce((s, p) => s + mean(name, p, (c) => c.requests), 0);
      return `| ${VARIANTS[name].label} | ${cells.join(" | ")} | ${(sum(name) / ROUNDS).toFixed(1)} | ${Math.round(requests)} |`;
    }),
  ];
  const cpuTable = [
    `| program, phase | wall | ${ROLES.join(" | ")} |`,
    `|---|---|${ROLES.map(() => "---|").join("")}`,
    ...names.flatMap((name) =>
      PHASES.map(
        (phase) =>
          `| ${name}, ${phase} | ${mean(name, phase, (c) => c.seconds).toFixed(1)} | ` +
          ROLES.map((role) => (mean(name, phase, (c) => c.cpu[role] ?? 0) / 1000).toFixed(1)).join(" | ") +
          " |",
      ),
    ),
  ];
  const ratioLines = Object.entries(ratios).map(
    ([key, r]) =>
      `| \`${key}\` | **${r.sums.toFixed(3)}** | ${r.mean.toFixed(3)} (${r.low.toFixed(3)} to ${r.high.toFixed(3)}) | ` +
      `${Math.min(...r.spread).toFixed(3)} to ${Math.max(...r.spread).toFixed(3)} |`,
  );
  recordResults("cycle-costs", figures, {
    title:
      "Whose the time of a command is: start-up probes and the 300-record cycle against the engine's floor",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/cycle-costs.js",
    body: [
      `${ROUNDS} rounds, the order of the programs turned around every round, one emulator per cycle, ` +
        "default `--parallel`, the installed JavaScript program (npm pack + npm install, as a user's project). " +
        "Seconds are means over the rounds.",
      "",
      ...phaseTable,
      "",
      "Ratios of whole cycles (sums over the rounds; then the rounds' geometric mean with its 95 % interval, " +
        "and the lowest and highest round):",
      "",
      "| figure | sums | per round (95 %) | rounds |",
      "|---|---|---|---|",
      ...ratioLines,
      "",
      "CPU seconds by process (means over the rounds; the machine has 2 cores):",
      "",
      ...cpuTable,
      "",
      `Start-up probes (medians of ${PROBES} runs, milliseconds, in the installed project):`,
      "",
      "| probe | ms | whose |",
      "|---|---|---|",
      `| \`pulumi version\` (the CLI's start) | ${probes.cli_start_ms} | Pulumi |`,
      `| a bare Node process | ${probes.node_start_ms} | Node |`,
      `| \`require("@pulumi/pulumi")\` (every program) | ${probes.pulumi_sdk_load_ms} | Pulumi |`,
      `| our SDK on top (a program's import) | ${probes.our_sdk_load_ms} | ours |`,
      `| \`@pulumi/pulumi/runtime\` (every dynamic-provider process) | ${probes.pulumi_runtime_load_ms} | Pulumi |`,
      `| the provider and three kinds on top | ${probes.our_provider_load_ms} | ours |`,
    ].join("\n"),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
