/**
 * What a command costs and whose the cost is (issue 58). Two parts:
 *
 * - start-up probes, medians of `--probes` (7) runs each: the CLI's start (`pulumi version`), a
 *   bare Node process, `@pulumi/pulumi` loaded (what every program and every dynamic-provider
 *   process loads first; also with `fast-start` and a warm compile cache), the SDK on top of it
 *   (what a program adds), and the provider with three kinds (what the provider process adds),
 *   all from a project that installed the packed package, as a user's does;
 * - the 300-record cycle (`up`, no-change `preview`, `refresh`, TTL change, `destroy`, default
 *   `--parallel`, the installed JavaScript program: Pulumi runs it as it runs the template's
 *   TypeScript, less ts-node) of these programs, `--rounds` (3) rounds, the order of the programs
 *   turned around every round: the engine's floor (one dynamic resource whose provider does
 *   nothing), one `ZoneRecords` of 300, 300 `ZoneRecord`s, each of those two with
 *   `pulumi-dnsimple-dynamic/fast-start` preloaded and Node's compile cache (docs/speed.md), 300
 *   `ZoneRecord`s with `PULUMI_SKIP_CHECKPOINTS=true` (with and without fast-start), with
 *   `PULUMI_DEBUG_PROMISE_LEAKS=true` (the control: Pulumi then gives every promise its stack
 *   trace again, as before the SDK left them out), and the same 300 records under the official
 *   Terraform provider and the machine's Terraform (bench/lib/terraform.ts; left out when either
 *   is missing). Seconds, API requests and CPU seconds by process, per phase.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/cycle-costs.js [--records N] [--rounds R]
 *   [--probes P] [--only name,name]
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { type Declaration, REPO } from "../test/e2e/reliability-lib";
import {
  type Cycle,
  type Phase,
  type PhaseCost,
  PHASES,
  cycleSeconds as total,
  fastStartEnv as fastStartCacheEnv,
  genericTarget,
  installedProject,
  measureCycle,
  terraformRecords,
  terraformSetup as setupTerraform,
  terraformTarget,
} from "./lib/cycle";
import { pairedRatio } from "./lib/paired-ratio";
import { type ProcessRole } from "./lib/process-cpu";
import { recordResults } from "./lib/record";
import { median } from "./lib/median";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const N = option("--records", 300);
const ROUNDS = option("--rounds", 3);
const PROBES = option("--probes", 7);
const ONLY = args.includes("--only") ? args[args.indexOf("--only") + 1]!.split(",") : undefined;
const TOKEN = "bench-cycle-costs-58";
const ZONE = "cycle-costs.com";
const WORK = path.join(REPO, ".work/bench-cycle-costs");

const ROLES: ProcessRole[] = ["engine", "language host", "program", "provider", "emulator"];

interface Variant {
  label: string;
  program: "generic" | "noop" | "terraform";
  declare(ttl: number): Declaration[];
  env?: Record<string, string>;
  /** With `pulumi-dnsimple-dynamic/fast-start` preloaded and Node's compile cache (docs/speed.md). */
  fastStart?: boolean;
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

const setLabel = `one \`ZoneRecords\` of ${N}`;
const setOf = (ttl: number): Declaration[] => [
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
];
const FAST_START = "`fast-start` preloaded, Node's compile cache";

const VARIANTS = {
  floor: {
    label: "engine floor: one do-nothing dynamic resource",
    program: "noop",
    declare: (ttl) => [{ type: "Noop", name: "floor", args: { name: "floor", ttl } }],
  },
  zone_records: { label: setLabel, program: "generic", declare: setOf },
  zone_records_fast_start: {
    label: `${setLabel}, ${FAST_START}`,
    program: "generic",
    declare: setOf,
    fastStart: true,
  },
  per_record: { label: `${N} \`ZoneRecord\`s`, program: "generic", declare: perRecord },
  per_record_fast_start: {
    label: `${N} \`ZoneRecord\`s, ${FAST_START}`,
    program: "generic",
    declare: perRecord,
    fastStart: true,
  },
  per_record_fast_start_skip_checkpoints: {
    label: `${N} \`ZoneRecord\`s, ${FAST_START}, \`PULUMI_SKIP_CHECKPOINTS=true\``,
    program: "generic",
    declare: perRecord,
    fastStart: true,
    env: { PULUMI_SKIP_CHECKPOINTS: "true" },
  },
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
  terraform: {
    label: `${N} \`dnsimple_zone_record\`s, the official Terraform provider under Terraform (its defaults)`,
    program: "terraform",
    declare: () => [],
  },
} satisfies Record<string, Variant>;
type VariantName = keyof typeof VARIANTS;

/** What docs/speed.md tells a user to set: the preload, from the project's node_modules, and a cache folder. */
const fastStartEnv = () => fastStartCacheEnv(path.join(WORK, "compile-cache"));

const terraformSetup = () => setupTerraform(WORK, TOKEN);

function cycle(variant: Variant): Promise<Cycle> {
  return measureCycle({
    token: TOKEN,
    zones: [ZONE],
    make: (emulator) =>
      variant.program === "terraform"
        ? terraformTarget(emulator, terraformSetup()!, terraformRecords(N, ZONE))
        : genericTarget(emulator, {
            token: TOKEN,
            program: variant.program,
            declare: variant.declare,
            env: { ...(variant.fastStart ? fastStartEnv() : {}), ...variant.env },
          }),
  });
}

/** Milliseconds of a Node (or other) command, the median of PROBES runs after one untimed run. */
function probe(
  command: string,
  commandArgs: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
): number {
  // A user's shell: neither the test command's preload nor its compile cache, unless asked.
  const { NODE_OPTIONS: _options, NODE_COMPILE_CACHE: _cache, ...env } = process.env;
  const once = () => {
    const started = process.hrtime.bigint();
    execFileSync(command, commandArgs, { cwd, stdio: "pipe", env: { ...env, ...extraEnv } });
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  once();
  return Math.round(median(Array.from({ length: PROBES }, once)));
}

function startupProbes(): Record<string, number> {
  // The installed project (npm pack + npm install, as a user's): its node_modules are a user's.
  const project = installedProject();
  const node = (code: string, extraEnv: Record<string, string> = {}) =>
    probe(process.execPath, ["-e", code], project, extraEnv);
  const bare = node("0");
  const pulumi = node('require("@pulumi/pulumi")');
  const sdk = node('require("@pulumi/pulumi"); require("pulumi-dnsimple-dynamic")');
  // What a dynamic-provider process loads: Pulumi's runtime, then the stub of each kind it serves.
  const runtime = node('require("@pulumi/pulumi/runtime")');
  const stubs = node(
    'require("@pulumi/pulumi/runtime"); const p = require("pulumi-dnsimple-dynamic/provider"); ' +
      'for (const k of ["ZoneRecord", "ZoneRecords", "Domain"]) p.providerFor(k)',
  );
  // The same loads with fast-start and a compile cache the untimed first run fills.
  const fast = fastStartEnv();
  const bareFast = node("0", fast);
  const pulumiFast = node('require("@pulumi/pulumi")', fast);
  return {
    pulumi_sdk_load_ms_fast_start: pulumiFast - bareFast,
    cli_start_ms: probe("pulumi", ["version"], project),
    node_start_ms: bare,
    pulumi_sdk_load_ms: pulumi - bare,
    our_sdk_load_ms: sdk - pulumi,
    pulumi_runtime_load_ms: runtime - bare,
    our_provider_load_ms: stubs - runtime,
  };
}

async function main(): Promise<void> {
  const probes = startupProbes();
  console.log(probes);

  const names = (Object.keys(VARIANTS) as VariantName[]).filter(
    (name) =>
      (ONLY === undefined || ONLY.includes(name)) &&
      (VARIANTS[name].program !== "terraform" || terraformSetup() !== undefined),
  );
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
  const pairs: Record<string, [VariantName, VariantName]> = {
    per_record_300_cycle_vs_zone_records: ["per_record", "zone_records"],
    zone_records_300_cycle_over_engine_floor: ["zone_records", "floor"],
    per_record_300_cycle_skip_checkpoints_vs_default: ["per_record_skip_checkpoints", "per_record"],
    per_record_300_cycle_vs_promise_stacks: ["per_record", "per_record_promise_stacks"],
    per_record_300_cycle_skip_checkpoints_vs_zone_records: ["per_record_skip_checkpoints", "zone_records"],
    zone_records_300_cycle_vs_terraform: ["zone_records", "terraform"],
    per_record_300_cycle_vs_terraform: ["per_record", "terraform"],
    per_record_300_cycle_skip_checkpoints_vs_terraform: ["per_record_skip_checkpoints", "terraform"],
    zone_records_300_cycle_fast_start_vs_default: ["zone_records_fast_start", "zone_records"],
    per_record_300_cycle_fast_start_vs_default: ["per_record_fast_start", "per_record"],
    zone_records_300_cycle_fast_start_vs_terraform: ["zone_records_fast_start", "terraform"],
    per_record_300_cycle_fast_start_vs_terraform: ["per_record_fast_start", "terraform"],
    per_record_300_cycle_fast_start_skip_checkpoints_vs_terraform: [
      "per_record_fast_start_skip_checkpoints",
      "terraform",
    ],
  };
  const ratios = Object.fromEntries(
    Object.entries(pairs)
      .filter(([, [a, b]]) => names.includes(a) && names.includes(b))
      .map(([key, [a, b]]) => [key, ratio(a, b)]),
  );
  const round3 = (x: number) => Number(x.toFixed(3));
  const figures: Record<string, number> = { ...probes, cycle_costs_rounds: ROUNDS, cycle_costs_records: N };
  for (const [key, r] of Object.entries(ratios)) figures[key] = round3(r.sums);
  for (const name of names) {
    figures[`cycle_${name}_seconds`] = Number((sum(name) / ROUNDS).toFixed(1));
    for (const phase of PHASES)
      figures[`cycle_${name}_${phase}_seconds`] = Number((sum(name, phase) / ROUNDS).toFixed(2));
    const stateBytes = rounds.map((r) => r[name].up.stateBytesPerResource ?? 0);
    if (stateBytes.every((bytes) => bytes > 0))
      figures[`cycle_${name}_state_bytes_per_resource`] = Math.round(median(stateBytes));
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
      "The stack's state after `up`, bytes per resource (the state file over its resources, medians over " +
        "the rounds; the engine writes all of it twice per step): " +
        names
          .filter((name) => figures[`cycle_${name}_state_bytes_per_resource`] !== undefined)
          .map((name) => `${name} ${figures[`cycle_${name}_state_bytes_per_resource`]}`)
          .join(", ") +
        ".",
      "",
      ...(names.includes("terraform")
        ? [
            `The Terraform side: ${terraformSetup()!.version}, its defaults (\`-parallelism\` 10), the service's API hosts ` +
              "played by the emulator through the interception proxy of bench/lib/terraform.ts (the provider's " +
              "code untouched); `plan -detailed-exitcode` as the preview, `apply -refresh-only` as the refresh.",
            "",
          ]
        : []),
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
      `| the same with \`fast-start\` and a warm compile cache | ${probes.pulumi_sdk_load_ms_fast_start} | Pulumi |`,
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
