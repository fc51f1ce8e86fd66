/**
 * Every documentation block that is a complete program runs, as `pulumi preview` would run it:
 * its code executes in a stack with Pulumi's mocks, each resource it declares is checked by the
 * real provider of its kind, and its outputs settle (test/doc-snippets-run.ts). The package's
 * functions the blocks call answer from an emulator holding what the blocks name (the domain
 * example.com, account 2002, certificate 101967, the premium name cool.io). A block that cannot run says
 * `<!-- not-run: reason -->`; the list below is every such block.
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { documentationFiles, extractBlocks, snippetPrograms, type SnippetProgram } from "../doc-snippets";
import { runnablePrograms, runSnippets, type NotRun, type SnippetRun } from "../doc-snippets-run";

const ROOT = path.resolve(__dirname, "../..");
const TOKEN = "doc-snippets-run-token";
let emulator: RunningEmulator;
let run: SnippetProgram[];
let notRun: NotRun[];
let runs: SnippetRun[];

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    accountId: 1,
    seed: {
      accounts: [{ id: 2002, email: "ops@example.org" }],
      users: [{ email: "ada@example.com", accounts: [1, 2002], token: TOKEN }],
      domains: [{ account: 1, name: "example.com", state: "registered" }],
      registrar: { premium: { "cool.io": "120.00" } },
    } as never,
  });
  // README's functions block reads certificate 101967 of example.com; the API has no way to
  // choose an id, so it goes straight into the emulator's store.
  const store = emulator.app.store;
  const now = new Date().toISOString();
  store.certificates.insert({
    id: 101967,
    account_id: 1,
    domain_id: store.domains.byKey("example.com")!.id,
    contact_id: null,
    name: "www",
    common_name: "www.example.com",
    years: 1,
    csr: null,
    state: "issued",
    auto_renew: false,
    alternate_names: [],
    authority_identifier: "letsencrypt",
    signature_algorithm: "ECDSA",
    private_key: "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n",
    server_pem: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
    approver_email: null,
    approver_emails: null,
    configured_at: null,
    created_at: now,
    updated_at: now,
    expires_at: "2030-01-01T00:00:00Z",
    expires_on: "2030-01-01",
  });
  const blocks = documentationFiles(ROOT).flatMap((file) => extractBlocks(ROOT, file));
  ({ run, notRun } = runnablePrograms(snippetPrograms(blocks)));
  runs = await runSnippets(ROOT, run, {
    "dnsimple:baseUrl": emulator.v2Url,
    "dnsimple:token": TOKEN,
    "dnsimple:account": "1",
  });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
});

describe("the documentation's complete programs, run as a preview runs them", () => {
  it("run without an error, a failed check or an output that does not settle", () => {
    expect(
      Object.fromEntries(runs.filter((r) => r.failures.length).map((r) => [r.name, r.failures])),
    ).toEqual({});
  });

  it("are every program but the few marked not-run, each with its reason", () => {
    expect(notRun).toEqual([
      {
        name: "README.md:1014",
        reason:
          "a plain Node script of the API client, not a Pulumi program; it talks to api.dnsimple.com (no baseUrl) about the reader's account 1234",
      },
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
