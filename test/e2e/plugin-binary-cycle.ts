/**
 * A Python or YAML program through the self-contained plugin (scripts/plugin-binary) on a machine
 * without Node.js: the plugin tarball installed with `pulumi plugin install resource … --file`
 * into a PULUMI_HOME of its own, then `up`, a preview that must show no change, and `destroy`,
 * every command of the Pulumi CLI run with an environment of its own whose PATH holds only the CLI,
 * the language hosts and the Python environment, with no `node` or `npm` on it. The program is
 * examples/python-core or examples/yaml-core without its `plugins` entry (the engine finds the
 * installed plugin). Used by test/e2e/plugin-binary.test.ts and bench/plugin-binary.ts.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import * as path from "node:path";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import type { RunningEmulator } from "../../emulator";
import { REPO_ROOT } from "./harness";
import { pulumiHome } from "./pulumi-home";

export type PluginLanguage = "python" | "yaml";

/** The tools a Python or YAML program needs besides the plugin, as on a user's machine. */
const HOST_TOOLS = [
  "pulumi",
  "pulumi-language-yaml",
  "pulumi-language-python",
  "pulumi-language-python-exec",
];

/** The folder of `tool` on this process's PATH, if any. */
export function onPath(tool: string, pathValue = process.env.PATH ?? ""): string | undefined {
  for (const dir of pathValue.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, tool);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** What this machine lacks for the cycle (the bootstrap installs it all), or undefined. */
export function missingForCycle(): string | undefined {
  for (const tool of HOST_TOOLS) if (!onPath(tool)) return `${tool} (scripts/bootstrap)`;
  const venv = process.env.DNSIMPLE_PYTHON_VENV;
  if (!venv || !existsSync(path.join(venv, "bin/python")))
    return "the Python environment DNSIMPLE_PYTHON_VENV (scripts/bootstrap)";
  if (!existsSync(path.join(REPO_ROOT, "sdk/python/pulumi_dnsimple_dynamic")))
    return "the generated Python SDK sdk/python";
  if (!existsSync(path.join(REPO_ROOT, "dist/provider/plugin/main.js"))) return "the build (npm run build)";
  return undefined;
}

/**
 * A folder of links to the CLI and the language hosts, and the Python environment's bin/: a PATH
 * as a Python or YAML user's machine has it, with no Node.js.
 */
export function pathWithoutNode(root: string): string {
  const bin = path.join(root, "bin");
  mkdirSync(bin, { recursive: true });
  for (const tool of HOST_TOOLS) symlinkSync(onPath(tool)!, path.join(bin, tool));
  return [bin, path.join(process.env.DNSIMPLE_PYTHON_VENV!, "bin")].join(path.delimiter);
}

/** The Python SDK of this checkout, installed (`pip install sdk/python`) into a folder for PYTHONPATH. */
export async function installPythonSdk(root: string): Promise<string> {
  const source = path.join(root, "python-sdk-source");
  const site = path.join(root, "python-sdk");
  cpSync(path.join(REPO_ROOT, "sdk/python"), source, { recursive: true });
  await run(
    path.join(process.env.DNSIMPLE_PYTHON_VENV!, "bin/pip"),
    ["install", "--quiet", "--no-deps", "--no-build-isolation", "--target", site, source],
    { cwd: root, env: process.env },
  );
  rmSync(source, { recursive: true, force: true });
  return site;
}

interface Ran {
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { ...options, maxBuffer: 64 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error)
        reject(
          new Error(
            `${path.basename(file)} ${args.join(" ")} failed: ${error.message}\n${stdout}\n${stderr}`,
          ),
        );
      else resolve({ stdout, stderr });
    });
  });
}

/** What one cycle showed, for the test's and the bench's assertions. */
export interface CycleResult {
  /** The PATH every command ran with, and what `node`/`npm` resolve to on it (none expected). */
  path: string;
  nodeOnPath: string | undefined;
  npmOnPath: string | undefined;
  /** `pulumi plugin ls` after the install: the plugin's line. */
  installedPlugin: string;
  /** The kinds `up` created (from the stack's export), and the domain's state at the service after up. */
  createdTypes: string[];
  domainAfterUp: number;
  /** What the second preview planned beside `same`, and the requests it sent that change something. */
  previewChanges: Record<string, number>;
  previewWrites: string[];
  /** The domain's status at the service after destroy (404: gone). */
  domainAfterDestroy: number;
  /** Whether the stack's state holds the token in clear. */
  tokenInState: boolean;
}

/** A project folder with one of the examples, its PULUMI_HOME, and the CLI with no Node.js. */
export interface NodelessProject {
  root: string;
  /** The PATH every command runs with. */
  path: string;
  /** Runs the Pulumi CLI in the project with its own environment (`extraEnv` added). */
  pulumi(args: string[], extraEnv?: NodeJS.ProcessEnv): Promise<Ran>;
  /** The `dnsimple-dynamic` line of `pulumi plugin ls`, or "". */
  installedPlugin(): Promise<string>;
  /** Removes the folder, or keeps what the engine wrote for the secret scan (E2E_KEEP_WORKDIRS). */
  done(): void;
}

/**
 * examples/<language>-core in a new folder under .work/e2e, without its `plugins` entry (the
 * engine finds the installed plugin), with a PULUMI_HOME of its own and the Python SDK installed
 * for it; every command's environment is its own, PATH without Node.js.
 */
export async function nodelessProject(
  language: PluginLanguage,
  label: string = language,
): Promise<NodelessProject> {
  const root = path.join(REPO_ROOT, ".work/e2e", `plugin-binary-${label}-${randomUUID().slice(0, 8)}`);
  // The project folder holds its backend and PULUMI_HOME, as the secret scan expects (secret-scan.ts).
  mkdirSync(path.join(root, "backend"), { recursive: true });
  const home = pulumiHome(path.join(root, "pulumi-home"));
  const example = path.join(REPO_ROOT, "examples", `${language}-core`);
  for (const name of readdirSync(example).filter((n) => n !== "README.md" && n !== "requirements.txt"))
    cpSync(path.join(example, name), path.join(root, name));
  const settings = parseYaml(readFileSync(path.join(root, "Pulumi.yaml"), "utf8")) as Record<string, unknown>;
  delete settings.plugins;
  if (language === "python") settings.runtime = "python";
  writeFileSync(path.join(root, "Pulumi.yaml"), stringifyYaml(settings));

  const pathValue = pathWithoutNode(root);
  const env: NodeJS.ProcessEnv = {
    PATH: pathValue,
    HOME: root,
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${path.join(root, "backend")}`,
    // The passphrase the secret scan opens the e2e stacks with (secret-scan.ts).
    PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    ...(language === "python"
      ? {
          // The Python host built here does not read the project's `virtualenv` (scripts/lib/env.sh).
          PULUMI_PYTHON_CMD: path.join(process.env.DNSIMPLE_PYTHON_VENV!, "bin/python"),
          PYTHONPATH: await installPythonSdk(root),
        }
      : {}),
  };
  const pulumi = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
    run(path.join(root, "bin/pulumi"), args, { cwd: root, env: { ...env, ...extraEnv } });
  return {
    root,
    path: pathValue,
    pulumi,
    installedPlugin: async () =>
      (await pulumi(["plugin", "ls"])).stdout
        .split("\n")
        .find((line) => line.startsWith("dnsimple-dynamic")) ?? "",
    done() {
      // Kept for the secret scan (E2E_KEEP_WORKDIRS): what the engine wrote, not the tools linked in
      // nor the installed plugin (125 MiB, code: the scan skips plugins).
      if (!process.env.E2E_KEEP_WORKDIRS) rmSync(root, { recursive: true, force: true });
      else
        for (const tools of ["bin", "python-sdk", "pulumi-home/plugins"])
          rmSync(path.join(root, tools), { recursive: true, force: true });
    },
  };
}

/** Runs the cycle of `language` against `emulator` with `token`; `tarball` is the plugin's. */
export async function selfContainedCycle(options: {
  language: PluginLanguage;
  tarball: string;
  version: string;
  emulator: RunningEmulator;
  token: string;
  domainStatus: (domain: string) => Promise<number>;
}): Promise<CycleResult> {
  const { language, emulator, token } = options;
  const project = await nodelessProject(language);
  const { root, pulumi } = project;
  const pathValue = project.path;
  try {
    // Before anything runs: what `node` and `npm` resolve to on the commands' PATH.
    const nodeOnPath = onPath("node", pathValue);
    const npmOnPath = onPath("npm", pathValue);

    await pulumi([
      "plugin",
      "install",
      "resource",
      "dnsimple-dynamic",
      options.version,
      "--file",
      options.tarball,
    ]);
    const installedPlugin = await project.installedPlugin();
    await pulumi(["stack", "init", "test", "--secrets-provider", "passphrase"]);
    await pulumi([
      "config",
      "set-all",
      "--secret",
      `dnsimple-dynamic:token=${token}`,
      "--plaintext",
      "dnsimple-dynamic:account=1",
      "--plaintext",
      `dnsimple-dynamic:baseUrl=${emulator.v2Url}`,
    ]);
    const domain = `${language}-core.com`;
    await pulumi(["up", "--yes", "--skip-preview", "--non-interactive"]);
    const exported = JSON.parse((await pulumi(["stack", "export"])).stdout) as {
      deployment: { resources?: Array<{ type: string }> };
    };
    const createdTypes = [...new Set((exported.deployment.resources ?? []).map((r) => r.type))]
      .filter((t) => t.startsWith("dnsimple-dynamic:index:"))
      .sort();
    const domainAfterUp = await options.domainStatus(domain);
    const stateText = readFileSync(
      path.join(
        root,
        "backend/.pulumi/stacks",
        readdirSync(path.join(root, "backend/.pulumi/stacks"))[0]!,
        "test.json",
      ),
      "utf8",
    );

    emulator.clearRequests();
    const preview = JSON.parse((await pulumi(["preview", "--json", "--non-interactive"])).stdout) as {
      changeSummary?: Record<string, number>;
    };
    const previewChanges = Object.fromEntries(
      Object.entries(preview.changeSummary ?? {}).filter(([op]) => op !== "same"),
    );
    const previewWrites = emulator
      .requests()
      .filter((r) => r.method !== "GET")
      .map((r) => `${r.method} ${r.path}`);

    await pulumi(["destroy", "--yes", "--skip-preview", "--non-interactive"]);
    const domainAfterDestroy = await options.domainStatus(domain);
    return {
      path: pathValue,
      nodeOnPath,
      npmOnPath,
      installedPlugin,
      createdTypes,
      domainAfterUp,
      previewChanges,
      previewWrites,
      domainAfterDestroy,
      tokenInState: stateText.includes(token),
    };
  } finally {
    project.done();
  }
}

/** The kinds examples/python-core and examples/yaml-core declare. */
export const CORE_TYPES = [
  "Domain",
  "DsRecord",
  "EmailForward",
  "PrimaryServer",
  "SecondaryZone",
  "Webhook",
  "ZoneRecord",
  "ZoneRecords",
].map((k) => `dnsimple-dynamic:index:${k}`);

/**
 * What a cycle got wrong, in words (none: the plugin served the program with no Node.js):
 * no `node`/`npm` on PATH, the plugin installed at `version`, every core kind created, the domain
 * at the service, a second preview planning nothing and writing nothing, destroy removing the
 * domain, no token in the state in clear.
 */
export function cycleFailures(result: CycleResult, version: string): string[] {
  const failures: string[] = [];
  if (result.nodeOnPath || result.npmOnPath)
    failures.push(`node or npm on the PATH: ${result.nodeOnPath ?? ""} ${result.npmOnPath ?? ""}`);
  if (
    !new RegExp(`^dnsimple-dynamic\\s+resource\\s+${version.replace(/\./g, "\\.")}\\s`).test(
      result.installedPlugin,
    )
  )
    failures.push(
      `pulumi plugin ls shows "${result.installedPlugin}", not dnsimple-dynamic resource ${version}`,
    );
  if (JSON.stringify(result.createdTypes) !== JSON.stringify(CORE_TYPES))
    failures.push(`up created ${result.createdTypes.join(", ")}; expected ${CORE_TYPES.join(", ")}`);
  if (result.domainAfterUp !== 200)
    failures.push(`after up the domain answers ${result.domainAfterUp}, not 200`);
  if (Object.keys(result.previewChanges).length)
    failures.push(`the second preview plans ${JSON.stringify(result.previewChanges)}`);
  if (result.previewWrites.length)
    failures.push(`the second preview sent ${result.previewWrites.join(", ")}`);
  if (result.domainAfterDestroy !== 404)
    failures.push(`after destroy the domain answers ${result.domainAfterDestroy}, not 404`);
  if (result.tokenInState) failures.push("the state holds the token in clear");
  return failures;
}
