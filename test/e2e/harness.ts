/**
 * Runs the real Pulumi engine (the CLI on PATH, see scripts/lib/env.sh) against the emulator:
 * a project folder under .work/e2e with its own file backend and PULUMI_HOME, and the
 * precompiled generic program (programs/generic) steered by stack config.
 */
import {
  LocalWorkspace,
  PulumiCommand,
  Stack,
  type LocalWorkspaceOptions,
  type PulumiFn,
} from "@pulumi/pulumi/automation";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { checkpointDeployment, readsFromBackendFiles } from "./stack-reads";
import { pulumiHome as makePulumiHome } from "./pulumi-home";
import { stacksThroughFiles } from "./stack-files";
import { KEEPER_PROVIDER_URL, keeperEnv } from "./secrets-keeper";

/** The repository root, from the sources (ts-jest) or from their build in dist/ (benchmarks). */
export function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "pulumi-dnsimple-dynamic") {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no pulumi-dnsimple-dynamic package.json above ${start}`);
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);

let pulumiCommand: Promise<PulumiCommand> | undefined;

/**
 * A new stack in `workDir`, a project folder no stack was made in before: `pulumi stack init`
 * only (no `stack select` that must fail first), with the CLI found once per test process (the
 * Automation API otherwise runs `pulumi version` for every workspace). On a file backend, what
 * `up`, `refresh` and `destroy` read afterwards comes from its files (stack-reads.ts), and with
 * the keeper's secrets the stack and its config are written as files too (stack-files.ts).
 */
export async function newStack(
  workDir: string,
  options: Omit<LocalWorkspaceOptions, "pulumiCommand">,
  stackName = "test",
  program?: PulumiFn,
): Promise<Stack> {
  pulumiCommand ??= PulumiCommand.get({ skipVersionCheck: true });
  const workspace = await LocalWorkspace.create({
    ...options,
    pulumiCommand: await pulumiCommand,
    workDir,
    ...(program ? { program } : {}),
    // An inline program in a folder without a project file runs as the Automation API's default project.
    ...(program && !existsSync(path.join(workDir, "Pulumi.yaml"))
      ? { projectSettings: { name: "e2e", runtime: "nodejs" as const, main: process.cwd() } }
      : {}),
  });
  const backend = options.envVars?.["PULUMI_BACKEND_URL"];
  const backendDir = backend?.startsWith("file://")
    ? backend.slice("file://".length).replace(/\?.*$/, "")
    : undefined;
  if (backendDir && options.secretsProvider === KEEPER_PROVIDER_URL)
    stacksThroughFiles(workspace, backendDir);
  const stack = await Stack.create(stackName, workspace);
  if (backendDir) readsFromBackendFiles(stack, backendDir);
  return stack;
}

/** The generic program (programs/generic), compiled, to run from a project folder. */
export const GENERIC_PROGRAM = path.join(REPO_ROOT, "dist/test/e2e/programs/generic/index.js");

/**
 * The generic program (programs/generic) as an inline program: it runs inside the test process,
 * which has the SDK loaded already, where a program in a project folder costs the engine a
 * language host and a Node.js process that loads the Pulumi SDK on every `preview`, `up`,
 * `refresh` and `destroy` (about 0.8 s of CPU each). What the engine, the provider process and
 * the state see is the same; the tests of programs as users write them (a folder, a
 * `package.json`, TypeScript or JavaScript, installed or linked) run real programs: examples,
 * program-shapes, module-resolution, package-install, packaged.
 */
export const inlineGenericProgram: PulumiFn = async () => {
  const { declareResources } = await import("./programs/generic/declare");
  return { ids: declareResources(await import("../../sdk/nodejs")) };
};

/**
 * What the generic program declares, for `stack`: the program reads the file its `resourcesFile`
 * config names, so a new list is a file written, not a `pulumi config set --secret` (a CLI
 * process and a key derivation per change). The file lives outside the project folder: it is the
 * test's input (contacts' personal data among it), not something the engine wrote, and the
 * secret scan reads only what the engine wrote. `config` is the stack config entry naming the
 * file: a caller that puts it in the stack's first `setAllConfig` saves a CLI process per stack
 * (`inFirstConfig`); otherwise the first `declare` sets it. `remove` deletes the file (cleanup).
 */
export function declarations(
  stack: Stack,
  inFirstConfig = false,
): {
  config: { resourcesFile: { value: string } };
  declare(resources: unknown[]): Promise<void>;
  remove(): void;
} {
  const file = path.join(REPO_ROOT, ".work/declarations", `${randomUUID()}.json`);
  let configured = inFirstConfig;
  return {
    config: { resourcesFile: { value: file } },
    async declare(resources) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(resources));
      if (!configured) await stack.setConfig("resourcesFile", { value: file });
      configured = true;
    },
    remove: () => rmSync(file, { force: true }),
  };
}

export interface Declaration {
  type: string;
  name: string;
  args: Record<string, unknown>;
  options?: { dependsOn?: string[]; protect?: boolean; additionalSecretOutputs?: string[] };
}

export interface E2eStackOptions {
  /** Base URL of the emulator's API v2 (with `/v2`). */
  baseUrl: string;
  token: string;
  account: string | number;
  /** Extra environment for the engine and the provider process. */
  env?: Record<string, string>;
  /**
   * A compiled program (under dist/) to run from the project folder, as the engine runs a
   * user's, instead of the generic program inline.
   */
  program?: string;
}

export interface E2eStack {
  readonly stack: Stack;
  readonly workDir: string;
  /** Declares exactly these resources in the program (replaces the previous list). */
  declare(resources: Declaration[]): Promise<void>;
  /** Everything the engine printed, across operations (for scanning for secrets). */
  readonly output: string[];
  /**
   * The stack's latest deployment as `pulumi stack export` prints it (`{ version, deployment }`,
   * secrets encrypted), read from the backend's checkpoint file: no CLI process.
   */
  exportState(): Promise<string>;
  /** `pulumi stack export` itself, as a user runs it (where what the CLI prints is the point). */
  exportWithCli(): Promise<string>;
  /** The raw state file the file backend keeps on disk. */
  stateFile(): string;
  cleanup(): Promise<void>;
}

export async function createE2eStack(options: E2eStackOptions): Promise<E2eStack> {
  const id = randomUUID().slice(0, 8);
  const workDir = path.join(REPO_ROOT, ".work/e2e", id);
  const backendDir = path.join(workDir, "backend");
  const pulumiHome = path.join(workDir, "pulumi-home");
  mkdirSync(backendDir, { recursive: true });
  makePulumiHome(pulumiHome);
  // The project: the folder the engine and the provider process run in.
  writeFileSync(
    path.join(workDir, "Pulumi.yaml"),
    [
      "name: e2e",
      "description: end-to-end test project (generated)",
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: false",
      ...(options.program ? ["main: index.js"] : []),
      "",
    ].join("\n"),
  );
  if (options.program) {
    writeFileSync(
      path.join(workDir, "index.js"),
      `module.exports = require(${JSON.stringify(path.relative(workDir, options.program))});\n`,
    );
  }
  const stack = await newStack(
    workDir,
    {
      // Secrets sealed with a data key the test process's keeper opens, not a passphrase: no
      // key derivation in every CLI process (secrets-keeper.ts).
      secretsProvider: KEEPER_PROVIDER_URL,
      envVars: {
        PULUMI_BACKEND_URL: `file://${backendDir}`,
        PULUMI_HOME: pulumiHome,
        ...(await keeperEnv()),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
        ...options.env,
      },
    },
    "test",
    options.program ? undefined : inlineGenericProgram,
  );
  const declared = declarations(stack, true);
  await stack.setAllConfig({
    "dnsimple:token": { value: options.token, secret: true },
    "dnsimple:account": { value: String(options.account) },
    "dnsimple:baseUrl": { value: options.baseUrl },
    ...declared.config,
  });
  const output: string[] = [];
  const env = { ...process.env, ...stack.workspace.envVars };
  const exportWithCli = () =>
    new Promise<string>((resolve, reject) => {
      execFile(
        "pulumi",
        ["stack", "export", "--stack", "test", "--non-interactive"],
        { cwd: workDir, env, maxBuffer: 256 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
  return {
    stack,
    workDir,
    output,
    declare: declared.declare,
    async exportState() {
      const deployment = checkpointDeployment(backendDir, "test");
      return deployment ? JSON.stringify({ version: 3, deployment }, null, 4) : exportWithCli();
    },
    exportWithCli,
    stateFile() {
      return path.join(backendDir, ".pulumi/stacks/e2e/test.json");
    },
    async cleanup() {
      declared.remove();
      // E2E_KEEP_WORKDIRS=1 keeps the project, its state history and the engine output for the
      // secret scan (bench/secrets.ts) instead of deleting them.
      if (process.env.E2E_KEEP_WORKDIRS) {
        writeFileSync(path.join(workDir, "engine-output.log"), output.join("\n"));
        return;
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** Collects the engine's output of one operation into the stack's log. */
export function collect(target: E2eStack): { onOutput: (line: string) => void } {
  return { onOutput: (line: string) => target.output.push(line) };
}
