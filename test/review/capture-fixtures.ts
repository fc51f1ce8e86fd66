/**
 * Captures the preview fixtures of the review tests from real programs: for each scenario of
 * `scenarios.ts`, the real Pulumi engine runs `up` of the baseline program against a fresh
 * emulator, then `pulumi preview --json` of the changed program. The program is the generic e2e
 * program, run from a project that installed the packed package (as a user would), so each
 * resource's provider in state is the one-line `require` users get.
 *
 * Also looks up the prices of what the previews buy (`--prices`, the same lookup as the CLI) and
 * writes them beside the fixture. What would differ between machines or runs (the emulator's port,
 * absolute paths) is rewritten; the captured text is checked for every secret and personal value
 * the programs used.
 *
 *   bash scripts/review-fixtures [scenario ...]      # all scenarios, or the named ones
 */
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { startEmulator } from "../../emulator";
import { createClient } from "../../provider/client";
import { lookupPrices } from "../../provider/review/prices";
import { parsePreview } from "../../provider/review/parse";
import { installPackedPackage, PROGRAMS, REPO } from "../e2e/reliability-lib";
import { pulumiHome } from "../e2e/pulumi-home";
import { FORBIDDEN_VALUES, SCENARIOS, type Scenario } from "./scenarios";

const FIXTURES = path.join(REPO, "test/review/fixtures");
const WORK = path.join(REPO, ".work/review-capture");
const PROJECT = path.join(WORK, "project");
const STABLE_URL = "http://127.0.0.1:8080";

function run(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile("pulumi", args, { cwd, env, maxBuffer: 1024 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, out: stdout, err: stderr });
    });
  });
}

async function capture(scenario: Scenario): Promise<void> {
  const started = Date.now();
  const emulator = await startEmulator({
    port: 0,
    token: `${scenario.token}-account`,
    accountId: 1,
    seed: scenario.seed as never,
  });
  const workDir = path.join(PROJECT, "stacks", scenario.name);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(path.join(workDir, "backend"), { recursive: true });
  pulumiHome(path.join(workDir, "pulumi-home"));
  writeFileSync(
    path.join(workDir, "Pulumi.yaml"),
    `name: ${scenario.project}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`,
  );
  writeFileSync(
    path.join(workDir, "index.js"),
    'module.exports = require("../../programs/generic/index.js");\n',
  );
  const envVars: Record<string, string> = {
    PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
    PULUMI_HOME: path.join(workDir, "pulumi-home"),
    PULUMI_CONFIG_PASSPHRASE: "review-fixtures",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    DNSIMPLE_V1_EMAIL: emulator.email,
    DNSIMPLE_V1_TOKEN: emulator.v1Token,
  };
  const stack = await LocalWorkspace.createOrSelectStack({ stackName: scenario.stack, workDir }, { envVars });
  await stack.setAllConfig({
    "dnsimple:token": { value: scenario.token, secret: true },
    "dnsimple:account": { value: "1" },
    "dnsimple:baseUrl": { value: emulator.v2Url },
  });
  const env = { ...process.env, ...envVars };
  const cli = (args: string[]) =>
    run([...args, "--stack", scenario.stack, "--non-interactive"], workDir, env);
  const declare = async (resources: unknown) =>
    stack.setConfig("resources", { value: JSON.stringify(resources), secret: true });

  const context = await scenario.prepare?.(emulator);
  for (const [i, baseline] of scenario.baseline(context).entries()) {
    await scenario.beforeBaseline?.(emulator, i);
    await declare(baseline);
    const up = await cli(["up", "--yes", "--skip-preview"]);
    if (up.code !== 0)
      throw new Error(`${scenario.name}: up of baseline ${i} failed:\n${up.out.slice(-4000)}`);
  }
  await scenario.between?.(emulator, context);
  if (scenario.refresh) {
    const refresh = await cli(["refresh", "--yes", "--skip-preview"]);
    if (refresh.code !== 0) throw new Error(`${scenario.name}: refresh failed:\n${refresh.out.slice(-4000)}`);
  }
  await declare(scenario.changed(context));
  const preview = await cli(["preview", "--json"]);
  if ((preview.code !== 0) !== (scenario.fails ?? false)) {
    throw new Error(`${scenario.name}: preview exited with ${preview.code}:\n${preview.out}${preview.err}`);
  }

  // Machine- and run-specific text: the emulator's port and absolute paths.
  let text = preview.out.split(emulator.url).join(STABLE_URL);
  for (const dir of [workDir, PROJECT, REPO]) text = text.split(dir).join("<project>");
  text = `${JSON.stringify(JSON.parse(text), null, 1)}\n`;
  const leaked = FORBIDDEN_VALUES.filter((value) => text.includes(value));
  if (leaked.length > 0)
    throw new Error(`${scenario.name}: the preview holds ${leaked.length} secret value(s)`);
  if (/\/(root|home|tmp|work)\//.test(text)) throw new Error(`${scenario.name}: an absolute path is left`);

  // What the CLI's `--prices` would print for this preview, looked up at the same emulator.
  const model = parsePreview(JSON.parse(text));
  const prices = await lookupPrices(model, {
    client: createClient({ token: scenario.token, baseUrl: emulator.v2Url, retry: { maxRetries: 2 } }),
    account: "1",
  });

  mkdirSync(FIXTURES, { recursive: true });
  const base = path.join(FIXTURES, scenario.name);
  // Formatted as the repository's Prettier check wants (gzipped fixtures are not checked).
  const format = async (json: string) =>
    (await import("prettier")).format(json, { parser: "json", printWidth: 110 });
  if (scenario.gzip) {
    writeFileSync(`${base}.json.gz`, gzipSync(text, { level: 9 }));
    rmSync(`${base}.json`, { force: true });
  } else {
    writeFileSync(`${base}.json`, await format(text));
  }
  if (Object.keys(prices).length > 0)
    writeFileSync(`${base}.prices.json`, `${JSON.stringify(prices, null, 2)}\n`);
  else rmSync(`${base}.prices.json`, { force: true });
  const summary = JSON.parse(text).changeSummary;
  console.log(
    `    ${scenario.name}: ${JSON.stringify(summary)}, ${(text.length / 1024).toFixed(0)} KB, ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await emulator.close();
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const chosen = wanted.length > 0 ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;
  if (chosen.length === 0) throw new Error(`no scenario named ${wanted.join(", ")}`);
  if (!existsSync(PROGRAMS.generic)) throw new Error(`${PROGRAMS.generic} is missing: build first`);
  console.log("==> installing the packed package into .work/review-capture/project");
  rmSync(PROJECT, { recursive: true, force: true });
  installPackedPackage(PROJECT, "review-capture");
  mkdirSync(path.join(PROJECT, "programs/generic"), { recursive: true });
  for (const file of ["generic/index.js", "generic/declare.js", "declarations.js"]) {
    copyFileSync(path.join(path.dirname(PROGRAMS.generic), "..", file), path.join(PROJECT, "programs", file));
  }
  for (const scenario of chosen) {
    console.log(`==> ${scenario.name}`);
    await capture(scenario);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
