/**
 * The README is a front page (issue 64): at most 200 lines, the two commands a fresh machine
 * needs, and a table that names every resource kind of the registry once. And every relative link
 * of the project's Markdown pages (the README, CONTRIBUTING.md, docs/, the folders' READMEs) leads
 * to a file that exists and, for `page.md#anchor`, to a heading of that page.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { KINDS } from "../../provider/kinds/registry.generated";

const ROOT = path.resolve(__dirname, "../..");
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");

/** The lines of `text` outside fenced code blocks. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (/^```/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** The section of the README under the heading that starts with `heading`, to the next `## `. */
function section(heading: string): string[] {
  const lines = README.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`## ${heading}`));
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** The Markdown pages a reader follows links through. */
function pages(): string[] {
  const found = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) found.push(rel);
    }
  };
  walk("docs");
  for (const dir of ["examples", "bench", "test", "scripts", "provider", "sdk", "emulator"]) {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const readme = path.join(dir, entry.isDirectory() ? path.join(entry.name, "README.md") : entry.name);
      if (path.basename(readme) === "README.md" && existsSync(path.join(ROOT, readme))) found.push(readme);
    }
  }
  return found.sort();
}

/** Relative links of a page that lead nowhere, as `page: target (why)`. */
function brokenLinks(page: string, text: string): string[] {
  const broken: string[] = [];
  const prose = proseLines(text).join("\n");
  for (const match of prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const href = match[1]!;
    if (/^[a-z][a-z+.-]*:/i.test(href)) continue;
    const [target = "", anchor] = href.split("#");
    const file = target ? path.join(ROOT, path.dirname(page), target) : path.join(ROOT, page);
    if (!existsSync(file)) {
      broken.push(`${page}: ${href} (no such file)`);
    } else if (anchor && file.endsWith(".md")) {
      if (!headingAnchors(target ? readFileSync(file, "utf8") : text).has(anchor))
        broken.push(`${page}: ${href} (no such heading)`);
    }
  }
  return broken;
}

describe("the README, a front page", () => {
  it("has at most 200 lines", () => {
    const lines = README.split("\n").length - 1;
    expect(lines).toBeLessThanOrEqual(200);
    expect(lines).toBeGreaterThan(50);
  });

  it("keeps the two commands a fresh machine needs: the demo and every test", () => {
    const commands = README.split("\n").filter((line) => /^bash scripts\/(demo|test)\b/.test(line));
    expect(commands.map((line) => line.split(/\s+/).slice(0, 2).join(" "))).toEqual([
      "bash scripts/demo",
      "bash scripts/test",
    ]);
  });

  it("lists every resource kind of the registry once, in its table of kinds", () => {
    const rows = section("What it manages").filter(
      (line) => /^\| [^-]/.test(line) && !/^\| area /.test(line),
    );
    const listed = rows.flatMap((row) => [...row.split("|")[2]!.matchAll(/`(\w+)`/g)].map((m) => m[1]!));
    expect([...listed].sort()).toEqual(Object.keys(KINDS).sort());
    expect(README).toContain(`## What it manages: ${Object.keys(KINDS).length} kinds`);
  });

  it("has the section the provider's ownership errors point to", () => {
    // provider/framework/ownership.ts: `see the README, "Adopting existing objects"`.
    expect(section("Adopting existing objects").length).toBeGreaterThan(0);
  });
});

describe("relative links of the Markdown pages", () => {
  it("lead to a file, and to a heading of it when they name one", () => {
    const all = pages();
    expect(all).toEqual(expect.arrayContaining(["README.md", "docs/settings.md", "docs/speed.md"]));
    expect(all.flatMap((page) => brokenLinks(page, readFileSync(path.join(ROOT, page), "utf8")))).toEqual([]);
  });

  it("are found broken when the file or the heading is missing", () => {
    expect(
      brokenLinks(
        "README.md",
        "# Top\n[a](docs/settings.md) [b](docs/no-such-page.md) [c](#top) [d](#nowhere) " +
          "[e](docs/speed.md#fast-start-nodes-compile-cache-for-every-process-of-a-command) [f](https://x.test/#y)\n" +
          "```\n[g](inside-a-fence.md)\n```\n",
      ),
    ).toEqual(["README.md: docs/no-such-page.md (no such file)", "README.md: #nowhere (no such heading)"]);
    expect([
      ...headingAnchors("## `PULUMI_SKIP_CHECKPOINTS`\n## With `X=true`, twice\n## A\n## A\n"),
    ]).toEqual(["pulumi_skip_checkpoints", "with-xtrue-twice", "a", "a-1"]);
  });
});
