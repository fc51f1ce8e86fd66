/**
 * A Python program as a user runs it through the provider plugin: the generated SDK (sdk/python)
 * pip-installed, the plugin (bin/pulumi-resource-dnsimple-dynamic) named by the project's
 * `plugins.providers`, a stack on a file backend with the provider configured for the emulator.
 * Used by bench/languages.ts and bench/cost-growth.ts.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { stringify as stringifyYaml } from "yaml";
import { newStack } from "../../test/e2e/harness";
import { pulumiHome } from "../../test/e2e/pulumi-home";
import { REPO } from "../../test/e2e/reliability-lib";
import { KEEPER_PROVIDER_URL, keeperEnv } from "../../test/e2e/secrets-keeper";

const sdks = new Map<string, string>();

/**
 * The generated Python SDK, installed as `pip install sdk/python` installs it (bytecode compiled),
 * into `work/python-sdk`, a folder the Python program gets as PYTHONPATH. Built from a copy, so
 * the checkout gets no build folders. Once per `work` and process.
 */
export function installedPythonSdk(work: string): string {
  const ready = sdks.get(work);
  if (ready) return ready;
  if (!process.env.DNSIMPLE_PYTHON_VENV)
    throw new Error("DNSIMPLE_PYTHON_VENV is unset: source scripts/lib/env.sh");
  const source = path.join(work, "python-sdk-source");
  cpSync(path.join(REPO, "sdk/python"), source, { recursive: true });
  const site = path.join(work, "python-sdk");
  const pip = path.join(process.env.DNSIMPLE_PYTHON_VENV, "bin/pip");
  execFileSync(pip, ["install", "--quiet", "--no-deps", "--no-build-isolation", "--target", site, source], {
    stdio: "pipe",
  });
  sdks.set(work, site);
  return site;
}

/** Whether the machine can run Python programs through the plugin (the venv and the built plugin). */
export function pythonPluginAvailable(): boolean {
  return (
    process.env.DNSIMPLE_PYTHON_VENV !== undefined &&
    existsSync(path.join(process.env.DNSIMPLE_PYTHON_VENV, "bin/python")) &&
    existsSync(path.join(REPO, "dist/provider/plugin/main.js"))
  );
}

/**
 * A fresh project under .work/e2e running `program` (the text of `__main__.py`) with stack
 * `test`: the provider's token (secret), account 1 and `baseUrl`, plus plain `config`.
 */
export async function pythonProject(options: {
  label: string;
  program: string;
  work: string;
  baseUrl: string;
  token: string;
  config?: Record<string, string>;
  env?: Record<string, string>;
}): Promise<{ workDir: string; env: NodeJS.ProcessEnv }> {
  const workDir = path.join(REPO, ".work/e2e", `${options.label}-${randomUUID().slice(0, 8)}`);
  mkdirSync(path.join(workDir, "backend"), { recursive: true });
  pulumiHome(path.join(workDir, "pulumi-home"));
  writeFileSync(
    path.join(workDir, "Pulumi.yaml"),
    stringifyYaml({
      name: options.label,
      runtime: { name: "python", options: { virtualenv: process.env.DNSIMPLE_PYTHON_VENV } },
      plugins: { providers: [{ name: "dnsimple-dynamic", path: path.join(REPO, "bin") }] },
    }),
  );
  writeFileSync(path.join(workDir, "__main__.py"), options.program);
  const stack = await newStack(workDir, {
    secretsProvider: KEEPER_PROVIDER_URL,
    envVars: {
      PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
      PULUMI_HOME: path.join(workDir, "pulumi-home"),
      ...(await keeperEnv()),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      PYTHONPATH: installedPythonSdk(options.work),
      ...options.env,
    },
  });
  await stack.setAllConfig({
    "dnsimple-dynamic:token": { value: options.token, secret: true },
    "dnsimple-dynamic:account": { value: "1" },
    "dnsimple-dynamic:baseUrl": { value: options.baseUrl },
    ...Object.fromEntries(Object.entries(options.config ?? {}).map(([k, v]) => [k, { value: v }])),
  });
  return { workDir, env: { ...process.env, ...stack.workspace.envVars } };
}

/** Runs the Pulumi CLI in `workDir` as a user does; rejects with its output when it fails. */
export function pulumiCli(workDir: string, env: NodeJS.ProcessEnv, cli: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", [...cli, "--stack", "test", "--non-interactive"], { cwd: workDir, env });
    let text = "";
    child.stdout.on("data", (c: Buffer) => (text += c.toString()));
    child.stderr.on("data", (c: Buffer) => (text += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`pulumi ${cli.join(" ")} failed (${code}):\n${text.slice(-4000)}`)),
    );
  });
}
