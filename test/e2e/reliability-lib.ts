/**
 * Shared by the reliability, bad-input and secrets tests and their benchmarks (bench/*.ts): the
 * emulator as a child process (so faults like dropped connections and kills are real), stacks
 * with a chosen program (the generic program or the no-op one), the Pulumi CLI driven directly
 * (so a run can be killed mid-flight), and counting what exists in the emulator.
 *
 * Works from the TypeScript sources (jest) and from dist/ (benchmarks): the repository root is
 * found by walking up to the package.json of pulumi-dnsimple-dynamic.
 */
import { type Stack } from "@pulumi/pulumi/automation";
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import * as path from "node:path";
import { emulatorAdmin, emulatorApi } from "./emulator-api";
import { declarations, findRepoRoot, inlineGenericProgram, newStack } from "./harness";
import { pulumiHome as makePulumiHome } from "./pulumi-home";
import { KEEPER_PROVIDER_URL, keeperEnv } from "./secrets-keeper";

export const REPO = findRepoRoot(__dirname);

/** Precompiled programs under dist/test/e2e/programs (built by `npx tsc -p tsconfig.build.json`). */
export const PROGRAMS = {
  generic: path.join(REPO, "dist/test/e2e/programs/generic/index.js"),
  noop: path.join(REPO, "dist/test/e2e/programs/noop/index.js"),
  secrets: path.join(REPO, "dist/test/e2e/programs/secrets/index.js"),
} as const;

export interface Declaration {
  type: string;
  name: string;
  args: Record<string, unknown>;
  options?: {
    dependsOn?: string[];
    protect?: boolean;
    additionalSecretOutputs?: string[];
    retainOnDelete?: boolean;
  };
}

// ---------------------------------------------------------------------------------------------
// The emulator as a child process.

export interface EmulatorProcess {
  readonly url: string;
  readonly v2Url: string;
  readonly token: string;
  readonly child: ChildProcess;
  readonly admin: ReturnType<typeof emulatorAdmin>;
  readonly api: ReturnType<typeof emulatorApi>;
  /** API requests in the log (admin calls are not logged). */
  requests(): Promise<Array<{ method: string; path: string; status: number; query?: string }>>;
  clearRequests(): Promise<void>;
  setFaults(config: Record<string, unknown> | null): Promise<void>;
  close(): Promise<void>;
}

export async function spawnEmulator(options: {
  token: string;
  extraArgs?: string[];
}): Promise<EmulatorProcess> {
  const cli = path.join(REPO, "dist/emulator/cli.js");
  const child = spawn(
    process.execPath,
    [cli, "--port", "0", "--token", options.token, ...(options.extraArgs ?? [])],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`emulator did not start: ${seen}`)), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (seen += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`emulator exited with ${code}: ${seen}`)));
  });
  const admin = emulatorAdmin(url);
  return {
    url,
    v2Url: `${url}/v2`,
    token: options.token,
    child,
    admin,
    api: emulatorApi(`${url}/v2`, options.token),
    requests: () => admin.requests(),
    clearRequests: async () => {
      await admin.clearRequests();
    },
    setFaults: async (config) => {
      if (config === null) await admin.call("DELETE", "/faults");
      else await admin.call("PUT", "/faults", config);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Stacks.

export interface StackOptions {
  program: keyof typeof PROGRAMS;
  /**
   * Run the program against the package as a user installs it (packed and installed under
   * `node_modules`, see `installedProgram`) instead of the repository's linked checkout.
   */
  installed?: boolean;
  /**
   * Also run the generic program inline (inside the test process) for `preview` (see harness.ts,
   * `inlineGenericProgram`): no language host and no program process per operation. `cli` still
   * runs the program from the project folder.
   */
  inline?: boolean;
  baseUrl: string;
  token: string;
  /**
   * Where the provider finds the token: secret stack config (default, as the README sets it up)
   * or `DNSIMPLE_TOKEN` in the environment of the engine and so of the provider process. A stack
   * without secret config saves every command a key derivation (about 0.3 s of CPU).
   */
  tokenIn?: "config" | "env";
  account: string | number;
  env?: Record<string, string>;
  /** Extra stack config (plain values). */
  config?: Record<string, string>;
  /** Extra stack config kept secret (`pulumi config set --secret`). */
  secretConfig?: Record<string, string>;
}

export interface TestStack {
  readonly stack: Stack;
  readonly workDir: string;
  readonly env: NodeJS.ProcessEnv;
  /** Everything the engine printed, across operations. */
  readonly output: string[];
  declare(resources: Declaration[]): Promise<void>;
  /** Runs the Pulumi CLI in the project (stdout and stderr together, also added to `output`). */
  cli(args: string[], options?: { allowFailure?: boolean }): Promise<{ code: number; text: string }>;
  /** `pulumi preview` through the Automation API (inline when the stack is): never throws for a failed preview. */
  preview(): Promise<{ code: number; text: string }>;
  /** Starts the CLI without waiting (for killing it mid-run); in its own process group. */
  spawnCli(args: string[]): ChildProcess;
  exportState(showSecrets?: boolean): Promise<any>;
  stateFile(): string;
  cleanup(): Promise<void>;
}

/**
 * Packs this repository (`npm pack`) and installs the tarball with `@pulumi/pulumi` into `project`
 * (a fresh folder), as a user would: the package then lives under `project/node_modules`.
 */
export function installPackedPackage(project: string, projectName: string): void {
  mkdirSync(project, { recursive: true });
  // Without `prepack`: the caller has built dist/ (the test command builds first), and a build
  // here would rewrite files that running provider processes may be loading.
  const packed = execFileSync(
    "npm",
    ["pack", "--silent", "--ignore-scripts", "--pack-destination", project],
    {
      cwd: REPO,
      encoding: "utf8",
    },
  )
    .trim()
    .split("\n")
    .pop()!;
  const pulumiVersion = JSON.parse(
    readFileSync(path.join(REPO, "node_modules/@pulumi/pulumi/package.json"), "utf8"),
  ).version;
  writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({
      name: projectName,
      private: true,
      dependencies: { "@pulumi/pulumi": pulumiVersion, "pulumi-dnsimple-dynamic": `file:./${packed}` },
    }),
  );
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: project,
    stdio: "pipe",
  });
}

/** The project the installed programs run in (see `installedProgram`), and their stacks. */
const INSTALLED_PROJECT = path.join(REPO, ".work/installed");
const installedPrograms = new Map<string, string>();

/**
 * A copy of a compiled test program inside a project that installed the packed package
 * (`npm pack`, then `npm install` of the tarball, as a user would), under `.work/installed`. There
 * the package lives under `node_modules`, so Pulumi stores each resource's provider as a one-line
 * `require` rather than by value. The no-op provider of the engine-overhead baseline is installed
 * there too (`node_modules/noop-dynamic-provider`, a plain folder, not a link), so the baseline's
 * state holds a `require` as well. Prepared once per process.
 */
export function installedProgram(program: keyof typeof PROGRAMS): string {
  const ready = installedPrograms.get(program);
  if (ready) return ready;
  if (installedPrograms.size === 0) {
    rmSync(INSTALLED_PROJECT, { recursive: true, force: true });
    installPackedPackage(INSTALLED_PROJECT, "installed-programs");
    const noop = path.join(INSTALLED_PROJECT, "node_modules/noop-dynamic-provider");
    mkdirSync(noop, { recursive: true });
    writeFileSync(
      path.join(noop, "package.json"),
      JSON.stringify({ name: "noop-dynamic-provider", version: "1.0.0", main: "index.js" }),
    );
    copyFileSync(path.join(path.dirname(PROGRAMS.noop), "provider.js"), path.join(noop, "index.js"));
  }
  const target = path.join(INSTALLED_PROJECT, "programs", program, "index.js");
  mkdirSync(path.dirname(target), { recursive: true });
  // The program's folder: its entry and the modules beside it (the generic program's declare.js).
  for (const file of readdirSync(path.dirname(PROGRAMS[program])).filter((f) => f.endsWith(".js"))) {
    copyFileSync(path.join(path.dirname(PROGRAMS[program]), file), path.join(path.dirname(target), file));
  }
  // The programs read their declarations through one shared module beside them.
  const shared = path.join(path.dirname(path.dirname(PROGRAMS[program])), "declarations.js");
  copyFileSync(shared, path.join(INSTALLED_PROJECT, "programs", "declarations.js"));
  installedPrograms.set(program, target);
  return target;
}

export async function createStack(options: StackOptions): Promise<TestStack> {
  const id = randomUUID().slice(0, 8);
  // An installed program's stack lives inside the installed project, as a user's does: the
  // dynamic provider process resolves `require`s stored in state from the stack's folder upwards.
  const workDir = path.join(
    options.installed ? path.join(INSTALLED_PROJECT, "stacks") : path.join(REPO, ".work/e2e"),
    `rel-${id}`,
  );
  // Before any folder of the stack is made: the first installed program of a process (re)creates
  // the installed project, stacks folder included.
  const program = options.installed ? installedProgram(options.program) : PROGRAMS[options.program];
  const backendDir = path.join(workDir, "backend");
  const pulumiHome = path.join(workDir, "pulumi-home");
  mkdirSync(backendDir, { recursive: true });
  makePulumiHome(pulumiHome);
  writeFileSync(
    path.join(workDir, "Pulumi.yaml"),
    "name: e2e\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n",
  );
  writeFileSync(
    path.join(workDir, "index.js"),
    `module.exports = require(${JSON.stringify(path.relative(workDir, program))});\n`,
  );
  const envVars: Record<string, string> = {
    // `metadata=skip`: the file backend writes each blob's `.attrs` sidecar without a temp file
    // and rename, so a SIGKILL at the wrong moment (the crash scenario) leaves it empty and every
    // later command fails with "failed to load checkpoint: EOF". The checkpoint itself is written
    // atomically; the sidecar adds nothing Pulumi needs.
    PULUMI_BACKEND_URL: `file://${backendDir}?metadata=skip`,
    PULUMI_HOME: pulumiHome,
    // Secrets sealed with a data key the test process's keeper opens, not a passphrase: no key
    // derivation in every CLI process (secrets-keeper.ts).
    ...(await keeperEnv()),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    ...(options.tokenIn === "env" ? { DNSIMPLE_TOKEN: options.token } : {}),
    ...options.env,
  };
  if (options.inline && (options.program !== "generic" || options.installed))
    throw new Error("only the generic program from the checkout runs inline");
  const stack = await newStack(
    workDir,
    { envVars, secretsProvider: KEEPER_PROVIDER_URL },
    "test",
    options.inline ? inlineGenericProgram : undefined,
  );
  const declared = declarations(stack, true);
  await stack.setAllConfig({
    ...declared.config,
    ...(options.tokenIn === "env" ? {} : { "dnsimple:token": { value: options.token, secret: true } }),
    "dnsimple:account": { value: String(options.account) },
    "dnsimple:baseUrl": { value: options.baseUrl },
    ...Object.fromEntries(Object.entries(options.config ?? {}).map(([k, v]) => [k, { value: v }])),
    ...Object.fromEntries(
      Object.entries(options.secretConfig ?? {}).map(([k, v]) => [k, { value: v, secret: true }]),
    ),
  });
  const env: NodeJS.ProcessEnv = { ...process.env, ...envVars };
  const output: string[] = [];
  const cli: TestStack["cli"] = (args, cliOptions = {}) =>
    new Promise((resolve, reject) => {
      execFile(
        "pulumi",
        [...args, "--stack", "test", "--non-interactive"],
        { cwd: workDir, env, maxBuffer: 512 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const text = `${stdout}${stderr}`;
          output.push(text);
          const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          if (code !== 0 && !cliOptions.allowFailure) {
            reject(new Error(`pulumi ${args.join(" ")} failed (${code}):\n${text.slice(-4000)}`));
          } else resolve({ code, text });
        },
      );
    });
  return {
    stack,
    workDir,
    env,
    output,
    declare: declared.declare,
    cli,
    spawnCli(args) {
      const child = spawn("pulumi", [...args, "--stack", "test", "--non-interactive"], {
        cwd: workDir,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let text = "";
      child.stdout!.on("data", (c: Buffer) => (text += c.toString()));
      child.stderr!.on("data", (c: Buffer) => (text += c.toString()));
      child.on("exit", () => output.push(text));
      return child;
    },
    async preview() {
      let text = "";
      try {
        await stack.preview({ onOutput: (line) => (text += line) });
        output.push(text);
        return { code: 0, text };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        output.push(text);
        return {
          code: (error as { commandResult?: { code?: number } }).commandResult?.code ?? 1,
          text: `${text}\n${message}`,
        };
      }
    },
    async exportState(showSecrets = false) {
      const { text } = await cli(["stack", "export", ...(showSecrets ? ["--show-secrets"] : [])]);
      return JSON.parse(text);
    },
    stateFile() {
      return path.join(backendDir, ".pulumi/stacks/e2e/test.json");
    },
    async cleanup() {
      declared.remove();
      if (process.env.E2E_KEEP_WORKDIRS) {
        writeFileSync(path.join(workDir, "engine-output.log"), output.join("\n"));
        return;
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** The dynamic resources recorded in a `pulumi stack export` (deployment), by kind. */
export function resourcesInState(
  exported: any,
): Array<{ kind: string; name: string; id: string; outputs: any }> {
  const resources: any[] = exported?.deployment?.resources ?? [];
  return resources
    .filter((r) => typeof r.type === "string" && r.type.startsWith("pulumi-nodejs:dynamic/"))
    .map((r) => ({
      kind: String(r.type).split(":").pop()!,
      name: String(r.urn).split("::").pop()!,
      id: String(r.id),
      outputs: r.outputs,
    }));
}

export function pendingOperations(exported: any): any[] {
  return exported?.deployment?.pending_operations ?? [];
}

// ---------------------------------------------------------------------------------------------
// A mixed program of many resources, and counting what the emulator holds.

export interface MixedProgram {
  declarations: Declaration[];
  /** Natural keys of the declared objects, per collection. */
  expected: Record<string, string[]>;
}

/**
 * `n` resources of mixed kinds, every one independent except children of the two domains:
 * domains, email forwards, DS records, zone records, webhooks, secondary zones, primary servers
 * linked to secondary zones, contacts. Natural keys let us find missing and duplicated objects.
 */
export function mixedProgram(prefix: string, n: number): MixedProgram {
  const declarations: Declaration[] = [];
  const expected: Record<string, string[]> = {
    domains: [],
    emailForwards: [],
    dsRecords: [],
    zoneRecords: [],
    webhooks: [],
    secondaryZones: [],
    primaries: [],
    contacts: [],
  };
  const domains = [`${prefix}-a.com`, `${prefix}-b.com`];
  domains.forEach((name, i) => {
    declarations.push({ type: "Domain", name: `d${i}`, args: { name } });
    expected.domains!.push(name);
  });
  const kinds = [
    "forward",
    "forward",
    "forward",
    "ds",
    "record",
    "record",
    "hook",
    "secondary",
    "primary",
    "contact",
  ];
  for (let i = 0; declarations.length < n; i++) {
    const kind = kinds[i % kinds.length]!;
    const d = i % 2;
    const domainRef = { $ref: `d${d}.name` };
    switch (kind) {
      case "forward":
        declarations.push({
          type: "EmailForward",
          name: `fwd${i}`,
          args: { domain: domainRef, aliasName: `alias${i}`, destinationEmail: `dest${i}@example.org` },
        });
        expected.emailForwards!.push(`alias${i}@${domains[d]}`);
        break;
      case "ds": {
        const digest = (i.toString(16).padStart(4, "0") + "ab".repeat(32)).slice(0, 64);
        declarations.push({
          type: "DsRecord",
          name: `ds${i}`,
          args: { domain: domainRef, algorithm: "13", digestType: "2", keytag: String(1000 + i), digest },
        });
        expected.dsRecords!.push(`${domains[d]}/${1000 + i}`);
        break;
      }
      case "record":
        declarations.push({
          type: "ZoneRecord",
          name: `rec${i}`,
          args: { zoneName: domainRef, name: `host${i}`, type: "A", content: `192.0.2.${i % 250}` },
        });
        expected.zoneRecords!.push(`${domains[d]}/host${i}`);
        break;
      case "hook":
        declarations.push({
          type: "Webhook",
          name: `hook${i}`,
          args: { url: `https://hooks.example.com/${prefix}/${i}` },
        });
        expected.webhooks!.push(`https://hooks.example.com/${prefix}/${i}`);
        break;
      case "secondary":
        declarations.push({ type: "SecondaryZone", name: `sz${i}`, args: { name: `${prefix}-sec${i}.net` } });
        expected.secondaryZones!.push(`${prefix}-sec${i}.net`);
        break;
      case "primary": {
        // Linked to the secondary zone declared just before it.
        declarations.push({
          type: "PrimaryServer",
          name: `ns${i}`,
          args: {
            name: `ns${i}.${prefix}.net`,
            ip: `198.51.100.${i % 250}`,
            linkedZones: [{ $ref: `sz${i - 1}.name` }],
          },
        });
        expected.primaries!.push(`ns${i}.${prefix}.net`);
        break;
      }
      case "contact":
        declarations.push({
          type: "Contact",
          name: `contact${i}`,
          args: {
            label: `${prefix}-contact${i}`,
            firstName: "Grace",
            lastName: `Hopper${i}`,
            email: `grace${i}@example.org`,
            phone: "+1.5555550123",
            address1: `${i} Navy Yard`,
            city: "Arlington",
            stateProvince: "VA",
            postalCode: "22202",
            country: "US",
          },
        });
        expected.contacts!.push(`${prefix}-contact${i}`);
        break;
    }
  }
  return { declarations, expected };
}

export interface Census {
  declared: number;
  found: number;
  missing: string[];
  duplicates: string[];
  /** Objects with our prefix that nobody declared. */
  extra: string[];
}

/** What the emulator holds for a mixed program: missing, duplicated and undeclared objects. */
export async function census(
  emulator: EmulatorProcess,
  account: number,
  program: MixedProgram,
): Promise<Census> {
  const api = emulator.api;
  const domains = program.expected.domains!;
  const actual: Record<string, string[]> = {
    domains: (await api.list(`/${account}/domains`))
      .map((d) => d.name)
      .filter((n: string) => domains.includes(n)),
    emailForwards: [],
    dsRecords: [],
    zoneRecords: [],
    webhooks: (await api.list(`/${account}/webhooks`)).map((w) => w.url),
    secondaryZones: (await api.list(`/${account}/zones`)).filter((z) => z.secondary).map((z) => z.name),
    primaries: (await api.list(`/${account}/secondary_dns/primaries`)).map((p) => p.name),
    contacts: (await api.list(`/${account}/contacts`)).map((c) => c.label),
  };
  for (const domain of actual.domains!) {
    actual.emailForwards!.push(
      ...(await api.list(`/${account}/domains/${domain}/email_forwards`)).map((f) => f.alias_email),
    );
    actual.dsRecords!.push(
      ...(await api.list(`/${account}/domains/${domain}/ds_records`)).map((r) => `${domain}/${r.keytag}`),
    );
    actual.zoneRecords!.push(
      ...(await api.list(`/${account}/zones/${domain}/records`))
        .filter((r) => !r.system_record)
        .map((r) => `${domain}/${r.name}`),
    );
  }
  const missing: string[] = [];
  const duplicates: string[] = [];
  const extra: string[] = [];
  let declared = 0;
  let found = 0;
  for (const [collection, keys] of Object.entries(program.expected)) {
    declared += keys.length;
    const have = actual[collection] ?? [];
    found += have.length;
    for (const key of keys) {
      const count = have.filter((k) => k === key).length;
      if (count === 0) missing.push(`${collection}:${key}`);
      if (count > 1) duplicates.push(...Array<string>(count - 1).fill(`${collection}:${key}`));
    }
    for (const key of new Set(have)) if (!keys.includes(key)) extra.push(`${collection}:${key}`);
  }
  return { declared, found, missing, duplicates, extra };
}

/** Sleeps. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kills every process that runs for this stack folder (its working directory or environment
 * names it): the engine starts the dynamic provider in a process group of its own, so killing
 * the CLI's group leaves the provider running. Linux (`/proc`); returns how many were killed.
 */
export function killProcessesOf(workDir: string): number {
  let killed = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return 0; // no /proc: nothing we can find
  }
  for (const pid of pids) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      const environ = readFileSync(`/proc/${pid}/environ`, "latin1");
      if (!cwd.startsWith(workDir) && !environ.includes(workDir)) continue;
      process.kill(Number(pid), "SIGKILL");
      killed++;
    } catch {
      // gone already, or not ours to read
    }
  }
  return killed;
}
