/**
 * Python through the provider plugin against TypeScript through the dynamic providers: the same
 * per-record program, one `Domain` and 300 `ZoneRecord`s (A records) in its zone, written in each
 * language as a user writes it. A cycle is `up`, a no-change `preview`, a TTL change (`up`) and
 * `destroy`, at the engine's default `--parallel`, each command the Pulumi CLI as a user runs it.
 * Python runs the generated SDK (sdk/python, pip-installed) and the plugin
 * (bin/pulumi-resource-dnsimple-dynamic, named by the project's `plugins.providers`); TypeScript
 * runs transpile-only as templates/typescript runs it (ts-node with `noCheck`). Both sides
 * alternate over the rounds (each first in every other round), against one emulator, in one run.
 *
 * Figures: `plugin_per_record_300_cycle_ratio`, Python's cycle time ÷ TypeScript's from the sums
 * over the rounds, with the 95 % interval of the rounds' paired ratios; the seconds and API
 * requests per phase of each side. Then, once each and outside the ratio: where a Python command's
 * fixed time goes (importing `pulumi` and the SDK, starting the plugin, against loading the
 * TypeScript SDK) and the CPU of each kind of process over one more cycle per side.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/languages.js [--rounds N] [--records N] [--no-profile]
 */
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import * as path from "node:path";
import { stringify as stringifyYaml } from "yaml";
import { programFolderStack } from "../test/e2e/program-folder";
import { type EmulatorProcess, REPO, spawnEmulator } from "../test/e2e/reliability-lib";
import { installedPythonSdk as installedSdk, pulumiCli, pythonProject } from "./lib/python-plugin";
import { ProcessCpuSampler, type ProcessRole } from "./lib/process-cpu";
import { recordResults } from "./lib/record";
import { pairedRatio } from "./lib/paired-ratio";

const TOKEN = "bench-languages-token-7d21";
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const N = option("--records", 300);
const ROUNDS = option("--rounds", 4);
const PROFILE = !args.includes("--no-profile");
const WORK = path.join(REPO, ".work/bench-languages");
const PHASES = ["up", "preview", "ttl", "destroy"] as const;
type Phase = (typeof PHASES)[number];
type Side = "python" | "typescript";
type Cycle = Record<Phase, { seconds: number; calls: number }>;
const SIDES: Side[] = ["python", "typescript"];
/** Each side's zone: names of one length, so that both send requests of one size. */
const ZONE: Record<Side, string> = { python: "bench-py.com", typescript: "bench-ts.com" };

/** The program of each side: its files, reading the TTL from stack config (`ttl`). */
const PROGRAM: Record<Side, Record<string, string>> = {
  python: {
    "__main__.py": [
      "import pulumi",
      "import pulumi_dnsimple_dynamic as dnsimple",
      "",
      'ttl = pulumi.Config().require_int("ttl")',
      `domain = dnsimple.Domain("domain", name="${ZONE.python}")`,
      `for i in range(${N}):`,
      "    dnsimple.ZoneRecord(",
      '        f"r{i}", zone_name=domain.name, name=f"host{i}", type="A", content=f"192.0.2.{i % 250 + 1}", ttl=ttl',
      "    )",
      "",
    ].join("\n"),
  },
  typescript: {
    "index.ts": [
      'import * as pulumi from "@pulumi/pulumi";',
      'import * as dnsimple from "pulumi-dnsimple-dynamic";',
      "",
      'const ttl = new pulumi.Config().requireNumber("ttl");',
      `const domain = new dnsimple.Domain("domain", { name: "${ZONE.typescript}" });`,
      `for (let i = 0; i < ${N}; i++) {`,
      "  new dnsimple.ZoneRecord(`r${i}`, {",
      '    zoneName: domain.name, name: `host${i}`, type: "A", content: `192.0.2.${(i % 250) + 1}`, ttl,',
      "  });",
      "}",
      "",
    ].join("\n"),
    "Pulumi.yaml": stringifyYaml({
      name: "languages-typescript",
      runtime: { name: "nodejs", options: { typescript: true } },
    }),
  },
};

const installedPythonSdk = () => installedSdk(WORK);

/** A project folder and stack for `side`, configured for the emulator (the Python one names the plugin). */
async function projectOf(side: Side, baseUrl: string): Promise<{ workDir: string; env: NodeJS.ProcessEnv }> {
  if (side === "typescript") {
    const source = path.join(WORK, "typescript-source");
    mkdirSync(source, { recursive: true });
    for (const [name, text] of Object.entries(PROGRAM.typescript))
      writeFileSync(path.join(source, name), text);
    copyFileSync(path.join(REPO, "templates/typescript/tsconfig.json"), path.join(source, "tsconfig.json"));
    copyFileSync(path.join(REPO, "examples/quickstart/package.json"), path.join(source, "package.json"));
    const { stack, workDir } = await programFolderStack({
      source,
      label: "bench-languages-typescript",
      baseUrl,
      token: TOKEN,
      config: { ttl: { value: "3600" } },
    });
    return { workDir, env: { ...process.env, ...stack.workspace.envVars } };
  }
  return pythonProject({
    label: "bench-languages-python",
    program: PROGRAM.python["__main__.py"]!,
    work: WORK,
    baseUrl,
    token: TOKEN,
    config: { ttl: "3600" },
  });
}

const pulumi = pulumiCli;

/**
 * One cycle of `side` in a fresh project: seconds and API requests per phase; with `cpu`, the CPU
 * milliseconds of each kind of process over the whole cycle too.
 */
async function cycle(
  side: Side,
  emulator: EmulatorProcess,
  cpu = false,
): Promise<{ phases: Cycle; cpu?: Record<ProcessRole, number> }> {
  const { workDir, env } = await projectOf(side, emulator.v2Url);
  const sampler = cpu ? new ProcessCpuSampler(workDir, [emulator.child.pid!]) : undefined;
  try {
    const phases = {} as Cycle;
    const run = async (phase: Phase, cli: string[]) => {
      await emulator.clearRequests();
      const started = performance.now();
      await pulumi(workDir, env, cli);
      phases[phase] = {
        seconds: (performance.now() - started) / 1000,
        calls: (await emulator.requests()).length,
      };
    };
    await run("up", ["up", "--yes", "--skip-preview"]);
    await run("preview", ["preview", "--expect-no-changes"]);
    await pulumi(workDir, env, ["config", "set", "ttl", "600"]);
    await run("ttl", ["up", "--yes", "--skip-preview"]);
    await run("destroy", ["destroy", "--yes", "--skip-preview"]);
    return { phases, ...(sampler ? { cpu: sampler.stop() } : {}) };
  } finally {
    sampler?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Median wall milliseconds of `runs` runs of a command, each to its end. */
function medianMs(runs: number, command: string, argv: string[], env: NodeJS.ProcessEnv): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    execFileSync(command, argv, { env, stdio: "pipe" });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** Milliseconds from starting the plugin to its port on stdout (what the engine waits for). */
function pluginStartMs(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(path.join(REPO, "bin/pulumi-resource-dnsimple-dynamic"), [], { stdio: "pipe" });
    child.stdout.once("data", () => {
      resolve(performance.now() - started);
      child.kill("SIGTERM");
    });
    child.on("error", reject);
  });
}

/** What every command of each side pays before its first resource: process starts and imports. */
async function startupProbes(): Promise<Array<[string, number]>> {
  const python = path.join(process.env.DNSIMPLE_PYTHON_VENV!, "bin/python");
  const pythonEnv = { ...process.env, PYTHONPATH: installedPythonSdk() };
  const plugin: number[] = [];
  for (let i = 0; i < 5; i++) plugin.push(await pluginStartMs());
  const node = (module: string) => ["-e", `require(${JSON.stringify(module)})`];
  return [
    ["python: interpreter, nothing imported", medianMs(5, python, ["-c", "pass"], pythonEnv)],
    ["python: `import pulumi`", medianMs(5, python, ["-c", "import pulumi"], pythonEnv)],
    [
      "python: `import pulumi_dnsimple_dynamic`",
      medianMs(5, python, ["-c", "import pulumi_dnsimple_dynamic"], pythonEnv),
    ],
    ["python: the plugin, started to its port", plugin.sort((a, b) => a - b)[2]!],
    ["typescript: node, nothing loaded", medianMs(5, process.execPath, ["-e", "0"], process.env)],
    [
      'typescript: `require("@pulumi/pulumi")`',
      medianMs(5, process.execPath, node("@pulumi/pulumi"), process.env),
    ],
    [
      'typescript: `require("pulumi-dnsimple-dynamic")`',
      medianMs(5, process.execPath, node(REPO), process.env),
    ],
  ];
}

const zero = (): Cycle =>
  Object.fromEntries(PHASES.map((p) => [p, { seconds: 0, calls: 0 }])) as unknown as Cycle;
const total = (c: Cycle) => PHASES.reduce((s, p) => s + c[p].seconds, 0);

async function main(): Promise<void> {
  if (!process.env.DNSIMPLE_PYTHON_VENV)
    throw new Error("DNSIMPLE_PYTHON_VENV is unset: source scripts/lib/env.sh");
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  /** The machine's load (1-minute average) at the start and at the end: what shared it with the run. */
  const load = [loadavg()[0]!];
  installedPythonSdk();
  // Before the emulator starts: a pause of seconds between its requests would outlast its keep-alive.
  const probes = PROFILE ? await startupProbes() : [];
  const emulator = await spawnEmulator({ token: TOKEN });
  const sums: Record<Side, Cycle> = { python: zero(), typescript: zero() };
  const paired: number[] = [];
  const byRound: string[] = [];
  const cpu: Partial<Record<Side, Record<ProcessRole, number>>> = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Each side first in every other round, so that a drift of the machine falls on both alike.
      const order: Side[] = round % 2 === 0 ? SIDES : [...SIDES].reverse();
      const cycleSeconds: Partial<Record<Side, number>> = {};
      for (const side of order) {
        const { phases } = await cycle(side, emulator);
        cycleSeconds[side] = total(phases);
        for (const phase of PHASES) {
          sums[side][phase].seconds += phases[phase].seconds;
          sums[side][phase].calls += phases[phase].calls;
        }
        console.log(
          `  round ${round + 1}, ${side}: ` +
            PHASES.map((p) => `${p} ${phases[p].seconds.toFixed(1)} s / ${phases[p].calls} requests`).join(
              ", ",
            ),
        );
      }
      paired.push(cycleSeconds.python! / cycleSeconds.typescript!);
      byRound.push(
        `round ${round + 1} (${order[0]} first): Python ${cycleSeconds.python!.toFixed(1)} s, ` +
          `TypeScript ${cycleSeconds.typescript!.toFixed(1)} s, ratio ${paired.at(-1)!.toFixed(3)}`,
      );
    }
    if (PROFILE) {
      for (const side of SIDES) cpu[side] = (await cycle(side, emulator, true)).cpu!;
    }
  } finally {
    await emulator.close();
  }
  load.push(loadavg()[0]!);

  const ratio = total(sums.python) / total(sums.typescript);
  const interval = ROUNDS > 1 ? pairedRatio(paired) : undefined;
  const calls = (side: Side) => PHASES.reduce((s, p) => s + sums[side][p].calls, 0) / ROUNDS;
  const figures: Record<string, number> = {
    plugin_per_record_300_cycle_ratio: Number(ratio.toFixed(3)),
    ...(interval
      ? {
          plugin_per_record_300_cycle_ratio_low: Number(interval.low.toFixed(3)),
          plugin_per_record_300_cycle_ratio_high: Number(interval.high.toFixed(3)),
        }
      : {}),
  };
  for (const side of SIDES) {
    for (const phase of PHASES) {
      figures[`plugin_per_record_300_${side}_${phase}_seconds`] = Number(
        (sums[side][phase].seconds / ROUNDS).toFixed(2),
      );
      figures[`plugin_per_record_300_${side}_${phase}_requests`] = Math.round(
        sums[side][phase].calls / ROUNDS,
      );
    }
  }
  console.log(figures, Object.fromEntries(probes), cpu);
  if (N !== 300) {
    console.log(`--records ${N}: nothing recorded (the figures are named for 300 records)`);
    return;
  }
  const equalRequests = PHASES.every((p) => sums.python[p].calls === sums.typescript[p].calls);
  const roles = cpu.python ? (Object.keys(cpu.python) as ProcessRole[]) : [];
  recordResults("languages-bench", figures, {
    title: "Python through the plugin against TypeScript: 300 ZoneRecords, one cycle",
    command: `npx tsc -p tsconfig.build.json && node dist/bench/languages.js${ROUNDS === 4 ? "" : ` --rounds ${ROUNDS}`}`,
    body: [
      `One \`Domain\` and ${N} \`ZoneRecord\`s (A records) in its zone, the same program from Python (the ` +
        "generated SDK, pip-installed, through the provider plugin `bin/pulumi-resource-dnsimple-dynamic`) and " +
        "from TypeScript (the dynamic providers, transpile-only as templates/typescript runs it): `up`, a " +
        "no-change `preview`, a TTL change (`up`) and `destroy`, each the Pulumi CLI at the engine's default " +
        `\`--parallel\` (4 per core), ${ROUNDS} rounds, each side first in every other round, one emulator, ` +
        "a fresh project per cycle. Means per round: seconds (API requests).",
      "",
      "| side | up | preview | TTL change | destroy | cycle |",
      "|---|---|---|---|---|---|",
      ...SIDES.map(
        (side) =>
          `| ${side === "python" ? "Python, plugin" : "TypeScript, dynamic providers"} | ` +
          PHASES.map(
            (p) =>
              `${(sums[side][p].seconds / ROUNDS).toFixed(1)} s (${Math.round(sums[side][p].calls / ROUNDS)})`,
          ).join(" | ") +
          ` | ${(total(sums[side]) / ROUNDS).toFixed(1)} s |`,
      ),
      "",
      equalRequests
        ? `Both sides send the same requests in every phase (${calls("python")} a cycle): the difference is time, not work.`
        : `Requests a cycle: Python ${calls("python")}, TypeScript ${calls("typescript")} (by phase in the table): ` +
          "the plugin and the dynamic providers share one lifecycle, so a difference is the engine's " +
          "calls (check, diff, read) reaching the service differently, not the resources' own requests.",
      "",
      `The ratio, Python ÷ TypeScript, from the sums over the rounds: **${ratio.toFixed(3)}**` +
        (interval
          ? `; per round ${interval.mean.toFixed(3)}, 95 % interval ${interval.low.toFixed(3)} to ` +
            `${interval.high.toFixed(3)} (Student's t over the logarithms of the rounds' paired ratios).`
          : " (one round: no interval)."),
      "",
      ...byRound.map((line) => `- ${line}`),
      ...(probes.length
        ? [
            "",
            "What a command of each side pays before its first resource (median of 5, wall ms, outside the rounds):",
            "",
            ...probes.map(([what, ms]) => `- ${what}: ${ms.toFixed(0)} ms`),
            "",
            "CPU seconds of one more cycle per side, by kind of process (sampled from `/proc`; on the Python side " +
              "`other` is the Python language host, the Python program and the plugin, which bench/lib/process-cpu.ts " +
              "does not tell apart; on the TypeScript side `provider` is the dynamic providers' process):",
            "",
            `| side | ${roles.join(" | ")} |`,
            `|---|${roles.map(() => "---").join("|")}|`,
            ...SIDES.map(
              (side) => `| ${side} | ${roles.map((r) => (cpu[side]![r] / 1000).toFixed(1)).join(" | ")} |`,
            ),
          ]
        : []),
      "",
      "No control (the same side against itself) was run: the machine (2 cores) was shared with other " +
        `engineers' tests during the run (load average ${load[0]!.toFixed(1)} at its start, ` +
        `${load[1]!.toFixed(1)} at its end), so the interval covers that noise too: a ratio, measured ` +
        "with both sides alternating, is the figure to read, never the absolute seconds.",
      "",
      ...Object.entries(figures).map(([k, v]) => `- \`${k}\` = ${v}`),
    ].join("\n"),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
