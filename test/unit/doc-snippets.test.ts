/**
 * Every TypeScript block of README.md and docs/ compiles as a user's program with the template's
 * strict settings, old (CommonJS) and new (`nodenext`); a fragment compiles inside the program it
 * is marked for (`<!-- fragment: NAME -->`, see test/doc-snippets.ts). The package resolves by its
 * name to the build in dist/ (the test command builds first).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import {
  checkDocumentation,
  compileSnippets,
  documentationFiles,
  snippetPrograms,
  type DocBlock,
  type SnippetReport,
} from "../doc-snippets";

const ROOT = path.resolve(__dirname, "../..");
let report: SnippetReport;

beforeAll(() => {
  report = checkDocumentation(ROOT);
}, 120_000);

describe("the documentation's TypeScript blocks", () => {
  it("are all found: as many as fences opening ts or typescript in README.md and docs/", () => {
    const fences = documentationFiles(ROOT)
      .map(
        (file) => readFileSync(path.join(ROOT, file), "utf8").match(/^```(ts|typescript)\s*$/gm)?.length ?? 0,
      )
      .reduce((a, b) => a + b, 0);
    expect(report.blocks.length).toBe(fences);
    expect(fences).toBeGreaterThan(50);
  });

  it("compile, each complete block alone and each fragment inside its program", () => {
    expect(report.failures).toEqual({});
  });

  it("include the generated reference pages' examples, complete programs with their imports", () => {
    const pages = report.blocks.filter((b) => b.file.startsWith(path.join("docs", "resources")));
    expect(pages.length).toBeGreaterThan(30);
    for (const block of pages) {
      expect({ page: block.file, fragment: block.fragment }).toEqual({
        page: block.file,
        fragment: undefined,
      });
      expect(block.code).toMatch(
        /^(import \* as pulumi from "@pulumi\/pulumi";\n)?import \* as dnsimple from "pulumi-dnsimple-dynamic";\n/,
      );
    }
  });
});

describe("the check itself", () => {
  let line = 0;
  const block = (code: string, fragment?: string): DocBlock => ({
    file: "example.md",
    line: (line += 10),
    code,
    ...(fragment ? { fragment } : {}),
  });
  const IMPORT = 'import * as dnsimple from "pulumi-dnsimple-dynamic";';

  it("fails what a user's program could not compile", () => {
    line = 0;
    const programs = snippetPrograms([
      block(`${IMPORT}\nconst me = await dnsimple.whoami();`),
      block(`${IMPORT}\nnew dnsimple.Contact("owner", { ... });`),
      block('new dnsimple.Dnssec("signing", { domain: "example.com" });'),
      block(`${IMPORT}\nnew dnsimple.ZoneRecord("www", { zoneName: "example.com", type: "A" });`),
    ]);
    const errors = compileSnippets(ROOT, programs, "commonjs");
    expect(programs.map((p) => errors.get(p.name)!.length > 0)).toEqual([true, true, true, true]);
    expect(errors.get("example.md:10")!.join("\n")).toMatch(/TS1378/); // top-level await in CommonJS
    expect(errors.get("example.md:30")!.join("\n")).toMatch(/not a program: no import or export/);
  });

  it("joins a page's fragments of one name, in order, into one program", () => {
    line = 0;
    const programs = snippetPrograms([
      block(`${IMPORT}\nconst domain = new dnsimple.Domain("d", { name: "example.com" });`, "site"),
      block(`${IMPORT}\nnew dnsimple.Webhook("hook", { url: "https://example.com/hook" });`),
      block('new dnsimple.Zone("z", { name: domain.name });', "site"),
    ]);
    expect(programs.map((p) => [p.name, p.blocks.length])).toEqual([
      ["example.md#site", 2],
      ["example.md:20", 1],
    ]);
    const errors = compileSnippets(ROOT, programs, "nodenext");
    expect([...errors.values()]).toEqual([[], []]);
  });
});
