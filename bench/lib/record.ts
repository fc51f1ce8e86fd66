/**
 * Benchmarks record their own figures: merged into bench/results.json (one flat object) and a
 * section of bench/RESULTS.md between `<!-- NAME:start -->` and `<!-- NAME:end -->`.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import * as path from "node:path";

const BENCH_DIR = path.resolve(__dirname, "../../../bench");
const benchDir = existsSync(path.join(BENCH_DIR, "README.md")) ? BENCH_DIR : path.resolve(__dirname, "..");

function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

export function recordResults(
  section: string,
  figures: Record<string, number | string | string[]>,
  markdown: { title: string; command: string; body: string },
): void {
  const jsonFile = path.join(benchDir, "results.json");
  const current: Record<string, unknown> = existsSync(jsonFile)
    ? JSON.parse(readFileSync(jsonFile, "utf8"))
    : {};
  const merged = { ...current, ...figures };
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((k) => [k, merged[k]]),
  );
  writeAtomically(jsonFile, `${JSON.stringify(sorted, null, 2)}\n`);

  const mdFile = path.join(benchDir, "RESULTS.md");
  const existing = existsSync(mdFile)
    ? readFileSync(mdFile, "utf8")
    : "# Benchmark results\n\nEach section is written by the benchmark script named in it.\n";
  const block =
    `<!-- ${section}:start -->\n## ${markdown.title}\n\nCommand: \`${markdown.command}\`\n` +
    `Measured: ${new Date().toISOString()} on ${process.platform}/${process.arch}, Node ${process.version}\n\n` +
    `${markdown.body.trim()}\n<!-- ${section}:end -->`;
  const pattern = new RegExp(`<!-- ${section}:start -->[\\s\\S]*?<!-- ${section}:end -->`);
  const next = pattern.test(existing)
    ? existing.replace(pattern, block)
    : `${existing.trimEnd()}\n\n${block}\n`;
  writeAtomically(mdFile, next);
}
