/**
 * `pulumi-dnsimple-dynamic generate-program` on an account made by hand (6 domains, so one file
 * per domain, 60 records, forwards, DS records, DNSSEC, contacts, webhooks, a secondary zone and
 * its primary server): the command writes a program that type-checks, holds no secret, and whose
 * first `pulumi up` adopts everything, with no create and no delete in the service's request log;
 * a second preview shows no change. The 50-domain, 1,000-record run is `bench/generate-program.ts`.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { startEmulator, type RunningEmulator } from "../../emulator";
import {
  personalDataOf,
  registeredSeed,
  secretConfigOf,
  seedAccount,
  type SeededAccount,
} from "./account-seed";
import { REPO_ROOT } from "./harness";
import { programFolderStack } from "./program-folder";

const run = promisify(execFile);
const TOKEN = "e2e-generate-token-0d4e";
const CLI = path.join(REPO_ROOT, "dist/provider/cli/main.js");
let emulator: RunningEmulator;
let seeded: SeededAccount;
let outDir: string;
let generated: { stdout: string; stderr: string };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1, seed: registeredSeed() as never });
  seeded = await seedAccount(emulator.v2Url, TOKEN, { domains: 6, recordsPerDomain: 10 });
  outDir = path.join(REPO_ROOT, ".work/e2e", `generated-${process.pid}`);
  const from = emulator.requests().length;
  generated = await run(process.execPath, [CLI, "generate-program", "--account", "1", "--out", outDir], {
    env: { ...process.env, DNSIMPLE_TOKEN: TOKEN, DNSIMPLE_BASE_URL: emulator.v2Url },
  });
  readRequests = emulator.requests().slice(from);
}, 120_000);
let readRequests: Array<{ method: string; path: string }> = [];

afterAll(async () => {
  if (!process.env.E2E_KEEP_WORKDIRS && outDir) rmSync(outDir, { recursive: true, force: true });
  await emulator?.close();
});

const files = () => readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
const allText = () =>
  files()
    .map((d) => readFileSync(path.join(d.parentPath, d.name), "utf8"))
    .join("\n");

describe("generate-program", () => {
  it("only reads, shows progress, and writes a file per domain past five", () => {
    expect(readRequests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(generated.stderr).toMatch(/read 6\/6 adopt-signed-1\.com: 10 records/);
    expect(generated.stdout).toMatch(/objects of account 1 as \d+ resources, every one with adopt: true/);
    expect(
      files()
        .map((d) => path.relative(outDir, path.join(d.parentPath, d.name)))
        .filter((f) => f.startsWith("domains"))
        .sort(),
    ).toEqual(
      seeded.domains.map((d) => path.join("domains", `${d.replace(/[^A-Za-z0-9_]/g, "_")}.ts`)).sort(),
    );
  });

  it("never writes or prints a secret: webhook URLs and contacts' personal data come from secret config", async () => {
    const personal = await personalDataOf(emulator.v2Url, TOKEN);
    expect(personal.length).toBeGreaterThan(3);
    for (const value of personal) {
      expect(allText()).not.toContain(value);
      expect(generated.stdout + generated.stderr).not.toContain(value);
    }
    expect(generated.stdout).toMatch(/pulumi config set --secret contact\d+ '\{"firstName":"<first name>",/);
    for (const url of Object.values(seeded.webhookUrls)) {
      expect(allText()).not.toContain(url);
      expect(generated.stdout + generated.stderr).not.toContain(url);
    }
    for (const id of Object.keys(seeded.webhookUrls))
      expect(generated.stdout).toContain(`pulumi config set --secret webhook${id}Url <`);
    expect(allText()).not.toContain(TOKEN);
  });

  it("writes a program that type-checks", async () => {
    await run(process.execPath, [
      path.join(REPO_ROOT, "node_modules/typescript/bin/tsc"),
      "-p",
      path.join(outDir, "tsconfig.json"),
      "--noEmit",
      "--noCheck",
      "false",
    ]);
  });

  it("up adopts everything: no create and no delete at the service; a second preview changes nothing", async () => {
    const domainFiles = files()
      .map((d) => path.relative(outDir, path.join(d.parentPath, d.name)))
      .filter((f) => f.startsWith("domains"));
    const { stack, workDir } = await programFolderStack({
      source: outDir,
      label: "generated",
      baseUrl: emulator.v2Url,
      token: TOKEN,
      extraFiles: domainFiles,
      config: await secretConfigOf(emulator.v2Url, TOKEN, seeded),
    });
    try {
      const from = emulator.requests().length;
      const up = await stack.up();
      const writes = emulator
        .requests()
        .slice(from)
        .filter((r) => r.method !== "GET")
        .map((r) => `${r.method} ${r.path}`);
      expect(writes).toEqual([]);
      const created = up.summary.resourceChanges?.create ?? 0;
      expect(created).toBeGreaterThan(seeded.domains.length * 2);
      const types = (await stack.exportStack()).deployment.resources.map((r: { type: string }) =>
        r.type.split(":").pop(),
      );
      for (const kind of [
        "Domain",
        "ZoneRecords",
        "EmailForward",
        "DsRecord",
        "Dnssec",
        "Contact",
        "Webhook",
        "SecondaryZone",
        "PrimaryServer",
      ])
        expect({ kind, declared: types.includes(kind) }).toEqual({ kind, declared: true });

      const beforePreview = emulator.requests().length;
      const preview = await stack.preview();
      expect(Object.keys(preview.changeSummary).filter((op) => op !== "same")).toEqual([]);
      expect(
        emulator
          .requests()
          .slice(beforePreview)
          .filter((r) => r.method !== "GET"),
      ).toEqual([]);
    } finally {
      if (!process.env.E2E_KEEP_WORKDIRS) rmSync(workDir, { recursive: true, force: true });
    }
  });
});
