/**
 * The pull-request review (`pulumi-dnsimple-dynamic review`): how long rendering the preview of
 * 1,000 record changes takes, and how many resource kinds the checked-in previews of real programs
 * cover (added, changed, deleted and replaced; test/review/fixtures, see test/integration/review.test.ts).
 *
 * - `review_1000_changes_ms`: median of 15 runs of JSON text → parsed preview → Markdown, in process,
 *   on the real 1,000-change preview (`large-1000.json.gz`, 4 MB of JSON).
 * - `review_1000_cli_ms`: median of 5 runs of the installed command (`node dist/provider/cli/main.js
 *   review --file …`), Node's start included: what a CI step waits for.
 * - `review_kinds_covered`: the kinds with an add, a delete and a replacement in the fixtures (every
 *   kind the provider registers; `review_kinds_total` counts those).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/review.js
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { parsePreview, renderReview } from "../provider/review";
import { resourceKinds } from "../provider/kinds";
import { fixtureNames, loadFixture } from "../test/review/render-fixtures";
import { recordResults } from "./lib/record";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "test/review/fixtures")))
      return dir;
    if (path.dirname(dir) === dir) throw new Error("repository root not found");
  }
}

function main(): void {
  const root = repoRoot();
  // Fixtures are read from the sources (dist has no copy of them).
  process.chdir(root);
  const large = loadFixture("large-1000");
  const inProcess: number[] = [];
  let review = renderReview(parsePreview(JSON.parse(large.text)));
  for (let i = 0; i < 15; i++) {
    const started = process.hrtime.bigint();
    review = renderReview(parsePreview(JSON.parse(large.text)));
    inProcess.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const changes = parsePreview(JSON.parse(large.text)).changes.length;

  const temp = mkdtempSync(path.join(tmpdir(), "dnsimple-review-bench-"));
  const file = path.join(temp, "preview.json");
  writeFileSync(file, large.text);
  const cli = path.join(root, "dist/provider/cli/main.js");
  const cliRuns: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const started = process.hrtime.bigint();
      execFileSync(process.execPath, [cli, "review", "--file", file], { stdio: "pipe", maxBuffer: 64 << 20 });
      cliRuns.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }

  const ops = new Map<string, Set<string>>();
  for (const name of fixtureNames()) {
    for (const ch of parsePreview(JSON.parse(loadFixture(name).text)).changes) {
      ops.set(ch.kind, new Set([...(ops.get(ch.kind) ?? []), ch.op]));
    }
  }
  const covered = resourceKinds.filter((kind) =>
    ["create", "delete", "replace"].every((op) => ops.get(kind)?.has(op)),
  );
  const missing = resourceKinds.filter((kind) => !covered.includes(kind));

  const figures = {
    review_1000_changes_ms: Math.round(median(inProcess) * 10) / 10,
    review_1000_cli_ms: Math.round(median(cliRuns)),
    review_kinds_covered: [...covered].sort(),
    review_kinds_total: resourceKinds.length,
  };
  recordResults("review", figures, {
    title: "Pull-request review of a preview",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/review.js",
    body:
      "| figure | value |\n|---|---|\n" +
      Object.entries(figures)
        .map(([k, v]) => `| ${k} | ${Array.isArray(v) ? `${v.length} kinds` : v} |`)
        .join("\n") +
      "\n\n" +
      `\`review_1000_changes_ms\`: the median of 15 renders of the real preview of ${changes} record changes ` +
      `(${(large.text.length / 1e6).toFixed(1)} MB of \`pulumi preview --json\`; JSON parsing included), ` +
      `in process; the Markdown is ${review.markdown.length} characters (collapsed into counts per type ` +
      "with the first 20 rows). `review_1000_cli_ms`: the median of 5 runs of the command with Node's " +
      "start. Kinds covered (an add, a delete and a replacement each in the checked-in previews of real " +
      `programs): ${covered.join(", ")}${missing.length > 0 ? `; missing: ${missing.join(", ")}` : ""}.`,
  });
  console.log(JSON.stringify(figures));
}

main();
