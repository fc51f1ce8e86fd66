/**
 * Runs one of the bridged provider's examples (programs.ts) against an emulator of its own, as a
 * user of that language runs it: Python with the generated SDK (sdk/python, pip-installed) and
 * YAML, both through the provider plugin (bin/), by `pulumi up` and `pulumi destroy`. Go examples
 * go through go-runner.ts. Used by test/e2e/bridged-examples.test.ts (a few) and
 * bench/bridged-examples.ts (all of them).
 */
import type { OutputMap, Stack } from "@pulumi/pulumi/automation";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { stringify as stringifyYaml } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { newStack, REPO_ROOT } from "../e2e/harness";
import { pulumiHome } from "../e2e/pulumi-home";
import { KEEPER_PROVIDER_URL, keeperEnv } from "../e2e/secrets-keeper";
import { type BridgedExample, converted, EXAMPLE_ACCOUNT, EXAMPLE_TOKEN, seedFor } from "./programs";

export const PLUGIN_DIR = path.join(REPO_ROOT, "bin");
const PYTHON_SDK = path.join(REPO_ROOT, "sdk/python");

/** What a language's examples need on this machine and is missing (the bootstrap installs it all). */
export function missingFor(language: "python" | "yaml"): string | undefined {
  const onPath = (tool: string) =>
    (process.env.PATH ?? "").split(path.delimiter).some((dir) => existsSync(path.join(dir, tool)));
  if (!existsSync(path.join(PLUGIN_DIR, "pulumi-resource-dnsimple-dynamic"))) return "the plugin bin/";
  if (!existsSync(path.join(REPO_ROOT, "dist/provider/plugin/main.js"))) return "the build (dist/)";
  if (language === "yaml") return onPath("pulumi-language-yaml") ? undefined : "pulumi-language-yaml";
  const venv = process.env.DNSIMPLE_PYTHON_VENV;
  if (!venv || !existsSync(venv)) return "the Python environment DNSIMPLE_PYTHON_VENV (scripts/bootstrap)";
  if (!onPath("pulumi-language-python")) return "pulumi-language-python";
  if (!existsSync(path.join(PYTHON_SDK, "pulumi_dnsimple_dynamic/compat")))
    return "the compat module of the generated Python SDK (bash scripts/generate-sdks)";
  return undefined;
}

let pythonSite: string | undefined;

/** sdk/python installed into a folder of its own (PYTHONPATH), built from a copy. */
export function installedPythonSdk(work: string): string {
  if (pythonSite) return pythonSite;
  const root = path.join(work, `python-sdk-${randomUUID().slice(0, 8)}`);
  cpSync(PYTHON_SDK, path.join(root, "source"), { recursive: true });
  execFileSync(
    path.join(process.env.DNSIMPLE_PYTHON_VENV!, "bin/pip"),
    [
      "install",
      "--quiet",
      "--no-deps",
      "--no-build-isolation",
      "--target",
      path.join(root, "site"),
      path.join(root, "source"),
    ],
    { stdio: "pipe" },
  );
  pythonSite = path.join(root, "site");
  return pythonSite;
}

/** The engine's own error line of a failed command. */
export function lastError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split("\n").filter((l) => /error: /.test(l) && !/update failed/.test(l));
  return (lines[lines.length - 1] ?? text.slice(0, 300)).replace(/^.*?error: /, "").trim();
}

/** The project files of a Python or YAML example, the plugin named by the project. */
function projectFiles(example: BridgedExample, name: string): Record<string, string> {
  const plugins = { providers: [{ name: "dnsimple-dynamic", path: PLUGIN_DIR }] };
  if (example.language === "yaml") {
    // A YAML example is the body of a Pulumi.yaml: the project's name and runtime go above it.
    return { "Pulumi.yaml": `${stringifyYaml({ name, runtime: "yaml", plugins })}${converted(example)}` };
  }
  return {
    "Pulumi.yaml": stringifyYaml({ name, runtime: "python", plugins }),
    "__main__.py": converted(example),
  };
}

export interface ExampleOutcome {
  readonly file: string;
  /** `up` made what it declares and a second preview shows no change. */
  readonly ran: boolean;
  /** Why `destroy` afterwards failed, when it did (a registrant contact of a kept registration). */
  readonly destroyFailed?: string;
  /** The engine's output when it did not. */
  readonly error?: string;
  readonly seconds: number;
}

/**
 * `up` then `destroy` of one Python or YAML example. `afterUp` sees the emulator and the stack's
 * outputs between the two (the e2e test checks what the service holds).
 */
export async function runExample(
  example: BridgedExample,
  work: string,
  afterUp?: (emulator: RunningEmulator, outputs: OutputMap) => Promise<void>,
): Promise<ExampleOutcome> {
  const started = Date.now();
  const label = example.file.replace(/\W/g, "-").toLowerCase();
  const workDir = path.join(work, `${label}-${randomUUID().slice(0, 8)}`);
  const emulator = await startEmulator({
    port: 0,
    token: EXAMPLE_TOKEN,
    accountId: EXAMPLE_ACCOUNT,
    seed: seedFor(example),
  });
  const output: string[] = [];
  let stack: Stack | undefined;
  try {
    mkdirSync(path.join(workDir, "backend"), { recursive: true });
    pulumiHome(path.join(workDir, "pulumi-home"));
    for (const [file, text] of Object.entries(projectFiles(example, label)))
      writeFileSync(path.join(workDir, file), text);
    stack = await newStack(workDir, {
      secretsProvider: KEEPER_PROVIDER_URL,
      envVars: {
        PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
        PULUMI_HOME: path.join(workDir, "pulumi-home"),
        ...(await keeperEnv()),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
        ...(example.language === "python" ? { PYTHONPATH: installedPythonSdk(work) } : {}),
      },
    });
    // The config keys: the bridged `dnsimple:*` become `dnsimple-dynamic:*`.
    await stack.setAllConfig({
      "dnsimple-dynamic:token": { value: EXAMPLE_TOKEN, secret: true },
      "dnsimple-dynamic:account": { value: String(EXAMPLE_ACCOUNT) },
      "dnsimple-dynamic:baseUrl": { value: emulator.v2Url },
    });
    const onOutput = (line: string) => output.push(line);
    const up = await stack.up({ onOutput });
    await afterUp?.(emulator, up.outputs);
    const again = await stack.preview({ onOutput });
    const changes = Object.entries(again.changeSummary).filter(([op, n]) => op !== "same" && n > 0);
    if (changes.length)
      throw new Error(`a second preview shows changes: ${JSON.stringify(again.changeSummary)}`);
    const seconds = (Date.now() - started) / 1000;
    const destroyFailed = await stack.destroy({ onOutput }).then(
      () => undefined,
      (error: unknown) => lastError(error),
    );
    // The secret scan reads what the e2e suites keep (E2E_KEEP_WORKDIRS).
    if (!process.env.E2E_KEEP_WORKDIRS) rmSync(workDir, { recursive: true, force: true });
    return { file: example.file, ran: true, seconds, ...(destroyFailed ? { destroyFailed } : {}) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (process.env.E2E_KEEP_WORKDIRS)
      writeFileSync(path.join(workDir, "engine-output.log"), output.join("\n"));
    return {
      file: example.file,
      ran: false,
      error: `${message}\n${output.join("")}`,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await emulator.close();
  }
}
