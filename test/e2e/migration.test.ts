/**
 * docs/migrating.md followed step by step on a program written for `@pulumi/dnsimple`
 * (test/e2e/migration-program; the bridged provider's plugin cannot be installed offline, so a
 * stand-in with its names creates and really deletes objects as it would). After every step the
 * emulator's request log must hold no DELETE and no request that creates an object, and the
 * account must hold the same objects, with the same ids, once each. Without step 1 the same
 * switch deletes the domain: that is what the guide prevents.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import { rmSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { v2 } from "./extended-api";
import { REPO_ROOT } from "./harness";
import { programFolderStack } from "./program-folder";

const TOKEN = "e2e-migration-token-58c1";
const PROGRAM = path.join(REPO_ROOT, "test/e2e/migration-program");
let emulator: RunningEmulator;
let api: ReturnType<typeof v2>;
const workDirs: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  api = v2(emulator.v2Url, TOKEN);
}, 60_000);

afterAll(async () => {
  for (const dir of workDirs)
    if (!process.env.E2E_KEEP_WORKDIRS) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

async function migrationStack(domain: string): Promise<Stack> {
  const { stack, workDir } = await programFolderStack({
    source: PROGRAM,
    label: `migration-${domain}`,
    baseUrl: emulator.v2Url,
    token: TOKEN,
    extraFiles: ["bridged-standin.ts"],
    // The guide: while the bridged provider is in the stack, this package's other settings go
    // through the environment (the bridged provider refuses unknown `dnsimple:` keys).
    baseUrlInConfig: false,
    env: { STANDIN_BASE_URL: emulator.v2Url, STANDIN_TOKEN: TOKEN },
    config: { domain: { value: domain } },
  });
  workDirs.push(workDir);
  return stack;
}

async function step(stack: Stack, name: string): Promise<void> {
  await stack.setConfig("step", { value: name });
  const up = await stack.up();
  expect({ step: name, result: up.summary.result }).toEqual({ step: name, result: "succeeded" });
}

/** Every object of the domain as `kind id details`, sorted; empty when the domain is gone. */
async function census(domain: string): Promise<string[]> {
  const found = await api("GET", `/1/domains/${domain}`);
  if (found.status === 404) return [];
  const records: any[] = (await api("GET", `/1/zones/${domain}/records?per_page=100`)).body.data;
  const forwards: any[] = (await api("GET", `/1/domains/${domain}/email_forwards`)).body.data;
  return [
    `domain ${found.body.data.id} ${domain}`,
    ...records
      .filter((r) => !r.system_record)
      .map((r) => `record ${r.id} ${r.name || "@"} ${r.type} ${r.content}`),
    ...forwards.map((f) => `forward ${f.id} ${f.alias_email}`),
  ].sort();
}

/** The requests since `from` that delete or create something at the service. */
function writesSince(from: number): string[] {
  return emulator
    .requests()
    .slice(from)
    .filter((r) => r.method === "DELETE" || (r.method === "POST" && r.status < 400))
    .map((r) => `${r.method} ${r.path}`);
}

describe("docs/migrating.md", () => {
  const domain = "migrate-shop.com";
  let stack: Stack;
  let before: string[];

  beforeAll(async () => {
    stack = await migrationStack(domain);
    await step(stack, "bridged");
    before = await census(domain);
  });

  it("starts from a stack on the bridged provider that made the domain, two records and a forward", () => {
    expect(before.map((line) => line.replace(/ \d+ /, " ")).sort()).toEqual(
      [
        "domain migrate-shop.com",
        "forward sales@migrate-shop.com",
        "record @ MX mx.mail.example.net",
        "record www A 192.0.2.80",
      ].sort(),
    );
  });

  it("step 1 (retain the old resources, up) sends nothing that writes", async () => {
    const from = emulator.requests().length;
    await step(stack, "retained");
    expect(writesSince(from)).toEqual([]);
    expect(await census(domain)).toEqual(before);
  });

  it("step 2 (compat import, adopt, up) adopts everything: no create, no delete, same objects", async () => {
    const from = emulator.requests().length;
    await step(stack, "switched");
    expect(writesSince(from)).toEqual([]);
    expect(await census(domain)).toEqual(before);
    const types = (await stack.exportStack()).deployment.resources.map((r: { type: string }) => r.type);
    expect(types.filter((t: string) => t.includes(":dynamic/bridged:"))).toEqual([]);
    expect(types.filter((t: string) => t.includes(":dynamic/dnsimple:")).sort()).toEqual([
      "pulumi-nodejs:dynamic/dnsimple:Domain",
      "pulumi-nodejs:dynamic/dnsimple:EmailForward",
      "pulumi-nodejs:dynamic/dnsimple:ZoneRecord",
      "pulumi-nodejs:dynamic/dnsimple:ZoneRecord",
    ]);
  });

  it("step 3 (check): a preview shows no change and writes nothing", async () => {
    const from = emulator.requests().length;
    const preview = await stack.preview();
    expect(Object.keys(preview.changeSummary).filter((op) => op !== "same")).toEqual([]);
    expect(writesSince(from)).toEqual([]);
    expect(await census(domain)).toEqual(before);
  });

  it("the new resources manage the objects: destroy now deletes them, once", async () => {
    const from = emulator.requests().length;
    await stack.destroy();
    // Deletes, one request per object, or record deletes gathered into a zone's batch request.
    const writes = writesSince(from);
    expect(writes.length).toBeGreaterThan(0);
    expect(
      writes.filter((w) => !w.startsWith("DELETE ") && !/^POST \S+\/zones\/[^/]+\/batch$/.test(w)),
    ).toEqual([]);
    const deletes = writes.filter((w) => w.startsWith("DELETE "));
    expect(new Set(deletes).size).toBe(deletes.length);
    expect(await census(domain)).toEqual([]);
  });
});

describe("the trap the guide avoids", () => {
  it("switching without step 1 makes the bridged provider delete the domain the new resources adopted", async () => {
    const domain = "migrate-trap.com";
    const stack = await migrationStack(domain);
    await step(stack, "bridged");
    expect(await census(domain)).toHaveLength(4);
    const from = emulator.requests().length;
    await step(stack, "switched");
    expect(
      writesSince(from).filter((w) => w.startsWith("DELETE ") && w.endsWith(`/1/domains/${domain}`)),
    ).toHaveLength(1);
    expect(await census(domain)).toEqual([]);
  });

  it("the bridged provider refuses this package's other settings in stack config", async () => {
    const stack = await migrationStack("migrate-config.com");
    await stack.setConfig("dnsimple:baseUrl", { value: emulator.v2Url });
    await stack.setConfig("step", { value: "bridged" });
    await expect(stack.up()).rejects.toThrow(/`dnsimple:baseUrl` is not a valid configuration key/);
  });
});
