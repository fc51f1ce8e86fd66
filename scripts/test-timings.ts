/**
 * The end of the test command (scripts/test): how long each stage and each test file took, the ten
 * slowest files, and which files became slower than in the run before.
 *
 *   npx ts-node --transpile-only scripts/test-timings.ts STAGES_TSV JEST_REPORT.json...
 *
 * STAGES_TSV has one line per stage, `name<TAB>seconds`, written by scripts/test. The jest reports
 * are those of `jest --json --outputFile`. Per-file timings go to `.work/test-timings.json`; the
 * next run compares against that file, or, on a fresh clone, against the committed reference
 * `test/timings.json` (refreshed with `--update-reference`). A file is named as slower when it
 * took more than 30 % longer than before and at least a second more (a second is the noise of
 * a process start on this machine).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";

export interface TimingsFile {
  /** When the run ended (ISO 8601). */
  measuredAt: string;
  /** Seconds per test file, by its path relative to the repository. */
  files: Record<string, number>;
  /** Seconds per stage of the test command. */
  stages: Record<string, number>;
}

export interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numRuntimeErrorTestSuites: number;
  /** Per file: its path and when it started and ended (milliseconds since the epoch). */
  testResults: Array<{ name: string; startTime?: number; endTime?: number }>;
}

/** A file is "slower" past this ratio… */
export const SLOWER_RATIO = 1.3;
/** …and by at least this many seconds. */
export const SLOWER_MIN_SECONDS = 1;

/** Seconds per test file of the reports, paths relative to `root`. */
export function fileSeconds(reports: JestReport[], root: string): Record<string, number> {
  const files: Record<string, number> = {};
  for (const report of reports) {
    for (const result of report.testResults) {
      if (result.startTime === undefined || result.endTime === undefined) continue;
      const seconds = (result.endTime - result.startTime) / 1000;
      files[path.relative(root, result.name)] = Math.round(seconds * 10) / 10;
    }
  }
  return files;
}

/** The `count` slowest files, slowest first. */
export function slowest(files: Record<string, number>, count = 10): Array<[string, number]> {
  return Object.entries(files)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count);
}

/** Files that took more than {@link SLOWER_RATIO} times (and a second more than) before. */
export function slowerThanBefore(
  now: Record<string, number>,
  before: Record<string, number>,
): Array<{ file: string; before: number; now: number }> {
  const out: Array<{ file: string; before: number; now: number }> = [];
  for (const [file, seconds] of Object.entries(now)) {
    const was = before[file];
    if (was === undefined) continue;
    if (seconds > was * SLOWER_RATIO && seconds - was >= SLOWER_MIN_SECONDS) {
      out.push({ file, before: was, now: seconds });
    }
  }
  return out.sort((a, b) => b.now / b.before - a.now / a.before);
}

/** Test counts over the reports (a suite that failed to run counts as a failure). */
export function totals(reports: JestReport[]): { passed: number; failed: number; skipped: number } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const r of reports) {
    passed += r.numPassedTests;
    failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
    skipped += r.numPendingTests;
  }
  return { passed, failed, skipped };
}

export function parseStages(text: string): Record<string, number> {
  const stages: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const [name, seconds] = line.split("\t");
    if (name && seconds !== undefined && Number.isFinite(Number(seconds))) stages[name] = Number(seconds);
  }
  return stages;
}

const pad = (text: string, width: number) => text.padEnd(width);
const seconds = (s: number) => `${s.toFixed(1)} s`.padStart(8);

function main(argv: string[]): number {
  const root = path.resolve(__dirname, "..");
  const updateReference = argv.includes("--update-reference");
  const [stagesFile, ...reportFiles] = argv.filter((a) => a !== "--update-reference");
  if (!stagesFile) {
    process.stderr.write("usage: test-timings.ts STAGES_TSV JEST_REPORT.json...\n");
    return 2;
  }
  const reports: JestReport[] = [];
  let missing = 0;
  for (const file of reportFiles) {
    if (!existsSync(file)) {
      console.log(`missing report ${file}`);
      missing++;
      continue;
    }
    reports.push(JSON.parse(readFileSync(file, "utf8")) as JestReport);
  }
  const stages = existsSync(stagesFile) ? parseStages(readFileSync(stagesFile, "utf8")) : {};
  const files = fileSeconds(reports, root);
  const current: TimingsFile = { measuredAt: new Date().toISOString(), files, stages };

  const localFile = path.join(root, ".work/test-timings.json");
  const referenceFile = path.join(root, "test/timings.json");
  const previousFile = existsSync(localFile)
    ? localFile
    : existsSync(referenceFile)
      ? referenceFile
      : undefined;
  const previous = previousFile ? (JSON.parse(readFileSync(previousFile, "utf8")) as TimingsFile) : undefined;

  console.log("");
  console.log("stages:");
  for (const [name, s] of Object.entries(stages)) console.log(`  ${pad(name, 40)}${seconds(s)}`);
  console.log("");
  console.log("ten slowest test files:");
  for (const [file, s] of slowest(files)) {
    const was = previous?.files[file];
    console.log(
      `  ${pad(file, 56)}${seconds(s)}${was === undefined ? "" : `   (before ${was.toFixed(1)} s)`}`,
    );
  }
  if (previous && previousFile) {
    const slower = slowerThanBefore(files, previous.files);
    const against = `${path.relative(root, previousFile)} of ${previous.measuredAt}`;
    if (slower.length === 0) console.log(`no file became more than 30 % slower than in ${against}`);
    else {
      console.log(`more than 30 % slower than in ${against}:`);
      for (const s of slower)
        console.log(`  ${pad(s.file, 56)}${seconds(s.before)} -> ${s.now.toFixed(1)} s`);
    }
  }
  mkdirSync(path.dirname(localFile), { recursive: true });
  writeFileSync(localFile, `${JSON.stringify(current, null, 2)}\n`);
  if (updateReference) writeFileSync(referenceFile, `${JSON.stringify(current, null, 2)}\n`);

  const { passed, failed, skipped } = totals(reports);
  console.log(`tests: ${passed} passed, ${failed + missing} failed, ${skipped} skipped`);
  return failed + missing === 0 ? 0 : 1;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
