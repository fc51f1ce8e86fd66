/**
 * Engine overhead: `pulumi up` then `pulumi destroy` of one domain and N email forwards against
 * the emulator (a child process), versus the same engine running the same program shape with
 * no-op dynamic resources (test/e2e/programs/noop: no client, no API). Ratio = ours / no-op for
 * up + destroy. Also `preview_200_api_calls`: a preview of the 200 unchanged forwards, counted in
 * the emulator's request log.
 * Both run from a project that installed the packed package (what users get), where each
 * resource's provider, ours and the no-op one alike, is stored in state as a one-line `require`;
 * with `--linked`, both run from the repository's checkout, where both are stored by value.
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/engine-overhead.js [N ...] [--rounds R] [--linked]
 */
import * as path from "node:path";
import { type Declaration, REPO, createStack, spawnEmulator } from "../test/e2e/reliability-lib";
import { type ProcessRole, ProcessCpuSampler } from "./lib/process-cpu";
import { recordResults } from "./lib/record";

const TOKEN = "bench-engine-overhead-token-51aa";

function forwards(n: number): Declaration[] {
  return [
    { type: "Domain", name: "domain", args: { name: "overhead-bench.com" } },
    ...Array.from({ length: n }, (_, i) => ({
      type: "EmailForward",
      name: `fwd${i}`,
      args: {
        domain: { $ref: "domain.name" },
        aliasName: `alias${i}`,
        destinationEmail: `dest${i}@example.org`,
      },
    })),
  ];
}

interface Timing {
  upMs: number;
  destroyMs: number;
  requests: number;
  previewCalls?: number;
  /** CPU milliseconds of up + destroy, by kind of process. */
  cpu: Record<ProcessRole, number>;
}

/** Runs `operation` while sampling the CPU time of the stack's processes and the emulator's. */
async function withCpu<T>(
  workDir: string,
  emulatorPid: number,
  operation: () => Promise<T>,
): Promise<[T, Record<ProcessRole, number>]> {
  const sampler = new ProcessCpuSampler(workDir, [emulatorPid]);
  try {
    return [await operation(), sampler.stop()];
  } catch (error) {
    sampler.stop();
    throw error;
  }
}

function addCpu(a: Record<ProcessRole, number>, b: Record<ProcessRole, number>): Record<ProcessRole, number> {
  return Object.fromEntries(
    Object.keys(a).map((role) => [role, a[role as ProcessRole] + b[role as ProcessRole]]),
  ) as Record<ProcessRole, number>;
}

/** `--linked`: run both from the repository's linked checkout instead of the installed project. */
const LINKED = process.argv.includes("--linked");

async function measure(program: "generic" | "noop", n: number, withPreview: boolean): Promise<Timing> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({
    program,
    installed: !LINKED,
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
  });
  try {
    await stack.declare(forwards(n));
    const pid = emulator.child.pid!;
    let started = Date.now();
    const [, upCpu] = await withCpu(stack.workDir, pid, () => stack.cli(["up", "--yes", "--skip-preview"]));
    const upMs = Date.now() - started;
    const requests = (await emulator.requests()).length;
    let previewCalls: number | undefined;
    if (withPreview) {
      await emulator.clearRequests();
      await stack.cli(["preview", "--expect-no-changes"]);
      previewCalls = (await emulator.requests()).length;
    }
    started = Date.now();
    const [, destroyCpu] = await withCpu(stack.workDir, pid, () =>
      stack.cli(["destroy", "--yes", "--skip-preview"]),
    );
    const destroyMs = Date.now() - started;
    return {
      upMs,
      destroyMs,
      requests,
      cpu: addCpu(upCpu, destroyCpu),
      ...(previewCalls !== undefined ? { previewCalls } : {}),
    };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

/** Rows of CPU ms by kind of process, a column per N: `ours / no-op`. */
function cpuTable(
  columns: Array<{ n: number; ours: Record<ProcessRole, number>; noop: Record<ProcessRole, number> }>,
): string {
  const roles: ProcessRole[] = ["engine", "program", "provider", "emulator", "language host", "other"];
  const total = (cpu: Record<ProcessRole, number>) => roles.reduce((sum, role) => sum + cpu[role], 0);
  const cell = (ours: number, noop: number) => `${Math.round(ours)} / ${Math.round(noop)}`;
  return [
    `| process | ${columns.map((c) => `N=${c.n}`).join(" | ")} |`,
    `|---|${columns.map(() => "---").join("|")}|`,
    ...roles.map(
      (role) => `| ${role} | ${columns.map((c) => cell(c.ours[role], c.noop[role])).join(" | ")} |`,
    ),
    `| all | ${columns.map((c) => cell(total(c.ours), total(c.noop))).join(" | ")} |`,
  ].join("\n");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const roundsFlag = args.indexOf("--rounds");
  const rounds = roundsFlag >= 0 ? Number(args[roundsFlag + 1]) : 3;
  const sizes = args
    .filter((a, i) => a !== "--linked" && (roundsFlag < 0 || (i !== roundsFlag && i !== roundsFlag + 1)))
    .map(Number)
    .filter((n) => n > 0);
  const ns = sizes.length > 0 ? sizes : [50, 100, 200];
  const figures: Record<string, number> = {};
  const rows: string[] = [];
  const cpuColumns: Array<{
    n: number;
    ours: Record<ProcessRole, number>;
    noop: Record<ProcessRole, number>;
  }> = [];
  for (const n of ns) {
    // Alternate the order each round so a burst of outside load hits both sides alike; the
    // figure is the ratio of the medians.
    const oursRuns: Timing[] = [];
    const noopRuns: Timing[] = [];
    for (let round = 0; round < rounds; round++) {
      const wantPreview = n === 200 && round === 0;
      if (round % 2 === 0) {
        noopRuns.push(await measure("noop", n, false));
        oursRuns.push(await measure("generic", n, wantPreview));
      } else {
        oursRuns.push(await measure("generic", n, wantPreview));
        noopRuns.push(await measure("noop", n, false));
      }
    }
    const oursMs = median(oursRuns.map((t) => t.upMs + t.destroyMs));
    const noopMs = median(noopRuns.map((t) => t.upMs + t.destroyMs));
    const ratio = oursMs / noopMs;
    figures[`engine_overhead_ratio_${n}`] = Number(ratio.toFixed(2));
    figures[`engine_ours_ms_${n}`] = oursMs;
    figures[`engine_noop_ms_${n}`] = noopMs;
    const medianCpu = (runs: Timing[]) =>
      Object.fromEntries(
        Object.keys(runs[0]!.cpu).map((role) => [role, median(runs.map((t) => t.cpu[role as ProcessRole]))]),
      ) as Record<ProcessRole, number>;
    cpuColumns.push({ n, ours: medianCpu(oursRuns), noop: medianCpu(noopRuns) });
    const preview = oursRuns.find((t) => t.previewCalls !== undefined);
    if (preview?.previewCalls !== undefined) figures.preview_200_api_calls = preview.previewCalls;
    const each = oursRuns
      .map((t, i) => `${t.upMs + t.destroyMs}/${noopRuns[i]!.upMs + noopRuns[i]!.destroyMs}`)
      .join(", ");
    rows.push(`| ${n} | ${oursMs} | ${noopMs} | ${ratio.toFixed(2)} | ${each} | ${oursRuns[0]!.requests} |`);
    console.log(
      `N=${n}: ours ${oursMs} ms, noop ${noopMs} ms (medians of ${rounds}: ${each}); ratio ${ratio.toFixed(2)}`,
    );
  }
  recordResults("engine-overhead", figures, {
    title: "Engine overhead: email forwards vs no-op dynamic resources",
    command: `npx tsc -p tsconfig.build.json && node dist/bench/engine-overhead.js ${ns.join(" ")} --rounds ${rounds}${LINKED ? " --linked" : ""}`,
    body:
      "Each run: a fresh emulator (child process) and stack; `pulumi up --yes --skip-preview` of one " +
      "domain and N email forwards, then `pulumi destroy --yes --skip-preview`, wall time. The baseline " +
      "is the same program shape (`test/e2e/programs/noop`) whose dynamic provider does nothing. The " +
      "engine runs at most 8 operations at once (`--parallel` default). " +
      (LINKED
        ? "Both run from the repository's linked checkout (`--linked`): providers are stored by value. "
        : "Both run in a project that installed the package as a user does (`npm pack`, `npm install` " +
          "of the tarball into `.work/installed`), with the no-op provider installed there as a module " +
          "of its own: each resource's provider, ours and the no-op one, is stored as a one-line " +
          "`require`, so both sides write state of the same shape. ") +
      "\n\n" +
      "Each N runs `--rounds` times (default 3), alternating which side goes first; the figures are " +
      "medians of up + destroy wall time.\n\n" +
      "| N | ours ms (median) | no-op ms (median) | ratio | each round ours/no-op ms | API requests of the up |\n" +
      "|---|---|---|---|---|---|\n" +
      `${rows.join("\n")}\n\n` +
      `A preview of the 200 unchanged forwards made ${figures.preview_200_api_calls ?? "n/a"} API calls ` +
      `(preview_200_api_calls). What loading the SDK and the provider costs: bench/module-load.ts.\n\n` +
      `Where the time goes: CPU milliseconds of up + destroy by kind of process (medians; sampled from ` +
      `\`/proc\` by the script, \`bench/lib/process-cpu.ts\`), ours / no-op. Ours does real work in ` +
      `the provider (validation, one API request per create and per delete) and in the emulator, ` +
      `which answers those requests on the same 2 cores as the engine; the engine and program do the ` +
      `same steps for both.\n\n` +
      `${cpuTable(cpuColumns)}\n\n` +
      `The machine is shared (2 cores, other jobs running): compare ratios, not absolute times. ` +
      `Script: ${path
        .relative(REPO, __filename)
        .replace(/^dist\//, "")
        .replace(/\.js$/, ".ts")}.`,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
