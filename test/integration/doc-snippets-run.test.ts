/**
 * Every documentation block that is a complete program runs, as `pulumi preview` would run it:
 * its code executes in a stack with Pulumi's mocks, each resource it declares is checked by the
 * real provider of its kind, and its outputs settle (test/doc-snippets-run.ts). The package's
 * functions the blocks call answer from an emulator holding what the blocks name. A block that cannot run says
 * `<!-- not-run: reason -->`; the list below is every such block.
 */
import * as path from "node:path";
import { documentationFiles, extractBlocks, snippetPrograms, type SnippetProgram } from "../doc-snippets";
import {
  runnablePrograms,
  runSnippets,
  startSnippetService,
  type NotRun,
  type SnippetRun,
  type SnippetService,
} from "../doc-snippets-run";

const ROOT = path.resolve(__dirname, "../..");
let service: SnippetService;
let run: SnippetProgram[];
let notRun: NotRun[];
let runs: SnippetRun[];

beforeAll(async () => {
  service = await startSnippetService();
  const blocks = documentationFiles(ROOT).flatMap((file) => extractBlocks(ROOT, file));
  ({ run, notRun } = runnablePrograms(snippetPrograms(blocks)));
  runs = await runSnippets(ROOT, run, service.config);
}, 120_000);

afterAll(async () => {
  await service?.close();
});

describe("the documentation's complete programs, run as a preview runs them", () => {
  it("run without an error, a failed check or an output that does not settle", () => {
    expect(
      Object.fromEntries(runs.filter((r) => r.failures.length).map((r) => [r.name, r.failures])),
    ).toEqual({});
  });

  it("are every program but the few marked not-run, each with its reason", () => {
    // By page and reason (a line number moves with every edit above it).
    expect(notRun.map((n) => [n.name.replace(/:\d+$/, ""), n.reason])).toEqual([
      [
        "docs/reference.md",
        "a plain Node script of the API client, not a Pulumi program; it talks to api.dnsimple.com (no baseUrl) about the reader's account 1234",
      ],
      ["docs/typescript.md", "it requires the stack config `domain`, which pulumi new asks for"],
      ["docs/zone-files.md", "it reads zones/example.com.zone, a file of the reader's own program"],
    ]);
    expect(runs.length).toBeGreaterThan(45);
  });

  it("include every reference page's example, each declaring resources the provider checked", () => {
    const pages = runs.filter((r) => r.name.startsWith(path.join("docs", "resources")));
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.filter((r) => r.checked === 0).map((r) => r.name)).toEqual([]);
  });
});

describe("the run itself", () => {
  const program = (name: string, code: string): SnippetProgram => ({
    name,
    blocks: [{ file: "example.md", line: 1, code }],
    code: `import * as dnsimple from "pulumi-dnsimple-dynamic";\n${code}`,
  });

  it("fails a program whose resource the provider refuses, or that throws; lets unknown inputs pass", async () => {
    const results = await runSnippets(
      ROOT,
      [
        program(
          "refused",
          'new dnsimple.ZoneRecord("r", { zoneName: "example.com", name: "", type: "BOGUS", content: "x" });',
        ),
        program("throws", 'throw new Error("boom");'),
        program(
          "unknown",
          'const p = new dnsimple.DomainPush("p", { domain: "example.com", targetAccount: "a@example.org" });\n' +
            'new dnsimple.DomainPushAnswer("a", { account: 2002, pushId: p.pushId, contactId: 55 });',
        ),
      ],
      {},
    );
    expect(results.map((r) => [r.name, r.checked, r.failures.length > 0])).toEqual([
      ["refused", 1, true],
      ["throws", 0, true],
      ["unknown", 2, false],
    ]);
    expect(results[0]!.failures.join("\n")).toMatch(/^ZoneRecord "r": type: /);
  });
});
