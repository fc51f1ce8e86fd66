/**
 * The documentation's programs in languages other than TypeScript (Python, YAML, Go) stay
 * running: each block marked `<!-- excerpt-of: <file> -->` must appear, line for line, in that
 * file, an example `test/e2e/languages.test.ts` runs. The TypeScript blocks are compiled and run
 * by test/doc-snippets*.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { documentationFiles } from "../doc-snippets";

const ROOT = path.resolve(__dirname, "../..");
const MARK = /^<!--\s*excerpt-of:\s*(\S+)\s*-->$/;

interface Excerpt {
  where: string;
  file: string;
  code: string;
}

/** Every marked block of the documentation. */
function excerpts(): Excerpt[] {
  const found: Excerpt[] = [];
  for (const doc of documentationFiles(ROOT)) {
    const lines = readFileSync(path.join(ROOT, doc), "utf8").split("\n");
    lines.forEach((line, i) => {
      const mark = MARK.exec(line.trim());
      if (!mark || !/^```\w+\s*$/.test(lines[i + 1] ?? "")) return;
      const end = lines.findIndex((l, j) => j > i + 1 && /^```\s*$/.test(l));
      found.push({ where: `${doc}:${i + 2}`, file: mark[1]!, code: lines.slice(i + 2, end).join("\n") });
    });
  }
  return found;
}

describe("the documentation's programs in Python, YAML and Go", () => {
  const all = excerpts();

  it("has a first program marked in each of those languages", () => {
    const languages = new Set(all.map((e) => path.extname(e.file) || path.basename(e.file)));
    expect([...languages].sort()).toEqual([".go", ".py", ".yaml"]);
  });

  it.each(all.map((e) => [e.where, e] as const))("%s is in its example, line for line", (_where, e) => {
    const file = path.join(ROOT, e.file);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8")).toContain(e.code);
  });
});
