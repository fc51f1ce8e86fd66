/**
 * The test command as CI runs it (`CI=true bash .ci/run`), on fresh clones of HEAD, several times
 * in a row: its seconds, its test count, how many runs in a row passed, and the slowest files of
 * the last run. The clones live under `.work/clean-runs/` with a `shared` beside each (a link to
 * the `../shared` of this checkout, as CI has it); each is removed after its run. The Pulumi CLI
 * and the npm cache are the machine's (their caches stay warm, as on a contributor's machine).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/test-command.js [--runs 3]
 * (about 15 minutes a run on the 2-core machine; nothing else should run meanwhile).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { findRepoRoot } from "../test/e2e/harness";
import { recordResults } from "./lib/record";

const REPO = findRepoRoot(__dirname);

/**
 * Before issue 24 (8e57f77): the figures of the issue, measured on a clean clone with the Pulumi
 * CLI and the npm cache warm, stages one after another, jest's e2e and long projects in band.
 * Kept here to print beside each new measurement.
 */
const BEFORE = [
  "| before (8e57f77, stages in turn) | seconds |",
  "|---|---|",
  "| whole command (1,950 tests passed; CI measured 2,172) | 1,260 |",
  "| e2e project, 24 files in band | 828 |",
  "| long suite in band (its bad-input previews: 193) | 258 |",
  "| secret scan | 50 |",
  "| unit and integration | 52 |",
  "| test/e2e/ownership.test.ts | 105 |",
  "| test/e2e/examples.test.ts | 75 |",
  "| test/e2e/core-resources.test.ts | 65 |",
  "| test/e2e/bad-input.test.ts | 64 |",
  "| test/e2e/package-install.test.ts | 54 |",
  "| ten more e2e files | 29 to 43 each |",
];
const RUNS_DIR = path.join(REPO, ".work/clean-runs");

interface Run {
  seconds: number;
  exitCode: number;
  passed: number;
  failed: number;
  skipped: number;
  /** The run's own report of stages and files (scripts/test-timings.ts). */
  timings?: { files: Record<string, number>; stages: Record<string, number> };
}

function sh(command: string, args: string[], cwd: string, log?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (log) writeFileSync(log, text);
      resolve(code ?? 1);
    });
  });
}

async function cleanRun(index: number): Promise<Run> {
  const dir = path.join(RUNS_DIR, String(index));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const shared = path.resolve(REPO, "../shared");
  if (existsSync(shared)) symlinkSync(shared, path.join(dir, "shared"));
  const clone = path.join(dir, "main");
  if ((await sh("git", ["clone", "--quiet", REPO, clone], REPO)) !== 0) throw new Error("git clone failed");
  const log = path.join(RUNS_DIR, `run-${index}.log`);
  const started = Date.now();
  const exitCode = await sh("bash", [".ci/run"], clone, log);
  const seconds = (Date.now() - started) / 1000;
  const text = readFileSync(log, "utf8");
  const counts = /tests: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(text);
  const timingsFile = path.join(clone, ".work/test-timings.json");
  const timings = existsSync(timingsFile) ? JSON.parse(readFileSync(timingsFile, "utf8")) : undefined;
  rmSync(clone, { recursive: true, force: true });
  return {
    seconds,
    exitCode,
    passed: Number(counts?.[1] ?? 0),
    failed: Number(counts?.[2] ?? 1),
    skipped: Number(counts?.[3] ?? 0),
    timings,
  };
}

async function main(): Promise<void> {
  const runsArg = process.argv.indexOf("--runs");
  const count = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
  const head = await new Promise<string>((resolve) => {
    const child = spawn("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("close", () => resolve(out.trim()));
  });
  const runs: Run[] = [];
  for (let i = 1; i <= count; i++) {
    const run = await cleanRun(i);
    runs.push(run);
    console.log(
      `run ${i}: ${run.seconds.toFixed(0)} s, exit ${run.exitCode}, ` +
        `${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped`,
    );
  }
  let inARow = 0;
  for (const run of runs) inARow = run.exitCode === 0 && run.failed === 0 ? inARow + 1 : 0;
  const slowest = Math.max(...runs.map((r) => r.seconds));
  const last = runs[runs.length - 1]!;
  const files = Object.entries(last.timings?.files ?? {})
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10);
  recordResults(
    "test-command",
    {
      test_command_seconds: Math.round(slowest),
      test_command_tests: last.passed,
      test_command_clean_runs_in_a_row: inARow,
    },
    {
      title: "Test command",
      command: `npx tsc -p tsconfig.build.json && node dist/bench/test-command.js --runs ${count}`,
      body: [
        `${count} runs of \`CI=true bash .ci/run\` on fresh clones of ${head}, one after another, with the`,
        "Pulumi CLI built and the npm cache warm; `test_command_seconds` is the slowest run.",
        "",
        "| run | seconds | exit | passed | failed | skipped |",
        "|---|---|---|---|---|---|",
        ...runs.map(
          (r, i) =>
            `| ${i + 1} | ${r.seconds.toFixed(0)} | ${r.exitCode} | ${r.passed} | ${r.failed} | ${r.skipped} |`,
        ),
        "",
        "Stages of the last run (seconds; the static checks run beside jest):",
        "",
        "| stage | seconds |",
        "|---|---|",
        ...Object.entries(last.timings?.stages ?? {}).map(([name, s]) => `| ${name} | ${s} |`),
        "",
        "Before this change, for comparison:",
        "",
        ...BEFORE,
        "",
        "The ten slowest files of the last run (files run three at a time, so each is slower than alone):",
        "",
        "| file | seconds |",
        "|---|---|",
        ...files.map(([file, s]) => `| ${file} | ${s} |`),
      ].join("\n"),
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
