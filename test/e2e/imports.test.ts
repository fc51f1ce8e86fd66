/**
 * `pulumi import` through the provider plugin, with the real engine, from a Pulumi YAML project:
 * one `pulumi import --file` takes a hand-made object of every kind that holds one (each by its
 * bridged provider's id where the bridged docs give one: `import-cases.com_<id>` for a record),
 * with no write at the service; the program's matching declarations then preview with no change
 * and no warning, and a record declared with the `import` resource option is imported by the same
 * preview and `up`. An id of the wrong form fails with the forms and an example. After the import
 * the objects are the stack's: `destroy` deletes the record it imported and nothing else.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { stringify as stringifyYaml } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createClient, type DnsimpleClient } from "../../provider/client";
import { IMPORT_CASES, IMPORT_DOMAIN, IMPORT_SEED, type MadeObject } from "../import-cases";
import { formsOf } from "../import-round-trips";
import { newStack, REPO_ROOT } from "./harness";
import { pulumiHome } from "./pulumi-home";
import { KEEPER_PROVIDER_URL, keeperEnv } from "./secrets-keeper";

const TOKEN = "e2e-imports-token-63a1";
const PLUGIN_DIR = path.join(REPO_ROOT, "bin");
const PKG = "dnsimple-dynamic";

function missingToolchain(): string | undefined {
  const onPath = (tool: string) =>
    (process.env.PATH ?? "").split(path.delimiter).some((dir) => existsSync(path.join(dir, tool)));
  if (!existsSync(path.join(PLUGIN_DIR, "pulumi-resource-dnsimple-dynamic")))
    return "the plugin bin/pulumi-resource-dnsimple-dynamic";
  if (!existsSync(path.join(REPO_ROOT, "dist/provider/plugin/main.js")))
    return "the build (dist/provider/plugin/main.js)";
  return onPath("pulumi-language-yaml") ? undefined : "pulumi-language-yaml (scripts/bootstrap)";
}

let emulator: RunningEmulator;
let client: DnsimpleClient;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1, seed: IMPORT_SEED as never });
  client = createClient({
    token: TOKEN,
    baseUrl: emulator.v2Url,
    v1: { email: emulator.email, token: emulator.v1Token, baseUrl: emulator.v1Url },
  });
});
afterAll(async () => emulator.close());

/** The id of a made object in the form the bridged docs give for its kind, else the table's first. */
function importIdOf(kind: string, made: MadeObject): string {
  const forms = formsOf(kind);
  return (forms.find((f) => f.bridged) ?? forms[0]!).format(made.target);
}

describe("pulumi import through the plugin (YAML)", () => {
  const missing = missingToolchain();
  if (missing) {
    if (process.env.CI === "true") it("has its toolchain", () => expect(`missing: ${missing}`).toBe(""));
    else it.skip(`skipped: ${missing} is missing (run scripts/bootstrap)`, () => undefined);
    return;
  }

  it("imports every kind by its bridged id with no write, then the program previews with no change", async () => {
    const workDir = path.join(REPO_ROOT, ".work/e2e", `imports-${randomUUID().slice(0, 8)}`);
    mkdirSync(path.join(workDir, "backend"), { recursive: true });
    pulumiHome(path.join(workDir, "pulumi-home"));
    const project = (resources: Record<string, unknown>) =>
      stringifyYaml({
        name: "imports",
        runtime: "yaml",
        plugins: { providers: [{ name: PKG, path: PLUGIN_DIR }] },
        resources,
      });
    writeFileSync(path.join(workDir, "Pulumi.yaml"), project({}));
    const stack = await newStack(workDir, {
      secretsProvider: KEEPER_PROVIDER_URL,
      envVars: {
        PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
        PULUMI_HOME: path.join(workDir, "pulumi-home"),
        ...(await keeperEnv()),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      },
    });
    await stack.setAllConfig({
      [`${PKG}:token`]: { value: TOKEN, secret: true },
      [`${PKG}:account`]: { value: "1" },
      [`${PKG}:baseUrl`]: { value: emulator.v2Url },
      [`${PKG}:v1Email`]: { value: emulator.email },
      [`${PKG}:v1Token`]: { value: emulator.v1Token, secret: true },
    });
    const output: string[] = [];
    const onOutput = (line: string) => output.push(line);

    await client.domains.create(1, { name: IMPORT_DOMAIN });
    const made: Array<{ name: string; kind: string; made: MadeObject }> = [];
    for (const c of IMPORT_CASES)
      made.push({ name: `imported-${c.kind}`, kind: c.kind, made: await c.make(client, 1) });
    // One more record, taken with the `import` resource option by the program itself.
    const optionRecord = await client.zones.records.create(1, IMPORT_DOMAIN, {
      name: "api",
      type: "TXT",
      content: "imported by option",
      ttl: 3600,
    });

    // An id of the wrong form: refused with the forms and an example, nothing imported.
    const wrong = await stack
      .import({
        resources: [{ type: `${PKG}:index:ZoneRecord`, name: "wrong", id: "abc" }],
        generateCode: false,
      })
      .then(() => "imported")
      .catch((error: Error) => error.message);
    expect(wrong).toContain(
      'ZoneRecord import ids are <zone>_<recordId>, <zone>/<recordId> or <recordId>, e.g. example.com_1234; got "abc"',
    );

    const recordId = made.find((m) => m.kind === "ZoneRecord")!.made.id;
    const ids = made.map((m) => ({
      type: `${PKG}:index:${m.kind}`,
      name: m.name,
      id: importIdOf(m.kind, m.made),
    }));
    expect(ids.find((i) => i.name === "imported-ZoneRecord")!.id).toBe(`${IMPORT_DOMAIN}_${recordId}`);
    emulator.clearRequests();
    // Not protected (`pulumi import --protect=false`): the stack may delete them, as what it creates.
    await stack.import({ resources: ids, generateCode: false, protect: false, onOutput });
    const importWrites = emulator.requests().filter((r) => r.method !== "GET");
    expect(importWrites).toEqual([]);
    expect(output.join("")).not.toMatch(/warning|failed to validate|almost certainly a bug/i);

    // The program declares what it imported, as a user writes it, plus the record taken by option.
    const resources: Record<string, unknown> = Object.fromEntries(
      made.map((m) => [m.name, { type: `${PKG}:index:${m.kind}`, properties: m.made.declaration }]),
    );
    resources["by-option"] = {
      type: `${PKG}:index:ZoneRecord`,
      properties: { zoneName: IMPORT_DOMAIN, name: "api", type: "TXT", content: "imported by option" },
      options: { import: `${IMPORT_DOMAIN}/${optionRecord.id}` },
    };
    writeFileSync(path.join(workDir, "Pulumi.yaml"), project(resources));
    output.length = 0;
    const preview = await stack.preview({ onOutput, diff: true });
    expect(preview.changeSummary).toEqual({ same: made.length + 1, import: 1 });
    expect(output.join("")).not.toMatch(/warning|failed to validate|almost certainly a bug/i);

    emulator.clearRequests();
    const up = await stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: made.length + 1, import: 1 });
    expect(emulator.requests().filter((r) => r.method !== "GET")).toEqual([]);

    // The stack's now: destroying the imported record deletes it, and nothing beside it.
    const others = await client.zones.records.create(1, IMPORT_DOMAIN, {
      name: "www",
      type: "A",
      content: "192.0.2.11",
      ttl: 600,
    });
    writeFileSync(
      path.join(workDir, "Pulumi.yaml"),
      project(
        Object.fromEntries(Object.entries(resources).filter(([name]) => name !== "imported-ZoneRecord")),
      ),
    );
    emulator.clearRequests();
    await stack.up({ onOutput });
    expect(emulator.requests().filter((r) => r.method !== "GET")).toHaveLength(1);
    const gone = await client.zones.records.get(1, IMPORT_DOMAIN, Number(recordId)).catch((e: Error) => e);
    expect(gone).toBeInstanceOf(Error);
    expect((await client.zones.records.get(1, IMPORT_DOMAIN, others.id)).content).toBe("192.0.2.11");
    const state = readFileSync(path.join(workDir, "backend/.pulumi/stacks/imports/test.json"), "utf8");
    expect(state).not.toContain(TOKEN);
    // A contact's personal data is secret (the kind says so): imported, it is kept encrypted too.
    expect(state).not.toContain("ada@example.org");
    // The program holds the contact's personal data as its author wrote it: kept for the secret
    // scan, the folder keeps what the provider and the engine wrote, not the program's text (the
    // TypeScript harness keeps its declarations outside the project folder the same way).
    writeFileSync(path.join(workDir, "Pulumi.yaml"), project({}));
    if (!process.env.E2E_KEEP_WORKDIRS) rmSync(workDir, { recursive: true, force: true });
  });
});
