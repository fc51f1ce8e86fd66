/**
 * The record cycle of bench/cycle-costs.ts and bench/cost-growth.ts: `up`, a no-change `preview`,
 * `refresh`, a TTL change of every record (`up`) and `destroy`, of one program against a fresh
 * emulator, each phase timed on its own with the emulator's API requests and, by kind of process
 * (bench/lib/process-cpu.ts), CPU seconds and peak resident memory. A program is a `CycleTarget`:
 * a stack of the generic program (`genericTarget`), a Python program through the provider plugin
 * (bench/lib/python-plugin.ts) or the same records under Terraform and the official provider
 * (`terraformTarget`).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import {
  type Declaration,
  type EmulatorProcess,
  createStack,
  installedProgram,
  spawnEmulator,
} from "../../test/e2e/reliability-lib";
import { type ProcessRole, ProcessCpuSampler } from "./process-cpu";
import { SOURCE, exportSource, findTerraform, goEnv, makeCertificates, startProxy, which } from "./terraform";

export const PHASES = ["up", "preview", "refresh", "ttl", "destroy"] as const;
export type Phase = (typeof PHASES)[number];

export interface PhaseCost {
  seconds: number;
  requests: number;
  /** CPU milliseconds by kind of process. */
  cpu: Record<ProcessRole, number>;
  /** The largest peak resident set of one process of each kind, MiB. */
  peakRssMiB: Record<ProcessRole, number>;
  /** After `up`: the bytes of the stack's state file, and over its resources. */
  stateBytes?: number;
  stateBytesPerResource?: number;
}
export type Cycle = Record<Phase, PhaseCost>;

export const cycleSeconds = (c: Cycle) => PHASES.reduce((s, p) => s + c[p].seconds, 0);

/** One program's stack, ready to run its phases. */
export interface CycleTarget {
  /** The folder whose name every process of a run carries in its environment (for the sampler). */
  workDir: string;
  /** What a phase needs first, untimed (the declarations of the TTL change). */
  prepare?(phase: Phase): Promise<void>;
  run(phase: Phase): Promise<void>;
  /** The state after `up`: its bytes and how many resources it holds. */
  state(): { bytes: number; resources: number };
  cleanup(): Promise<void>;
}

/**
 * One cycle: a fresh emulator seeded with `zones` (account 1), the target made against it
 * (`make` gets the emulator's base URL for the provider), the five phases.
 */
export async function measureCycle(options: {
  token: string;
  zones: string[];
  make(emulator: EmulatorProcess): Promise<CycleTarget>;
  /** The phases to run, in order (all five unless said): a cycle cut short holds only these. */
  phases?: readonly Phase[];
}): Promise<Cycle> {
  const emulator = await spawnEmulator({ token: options.token });
  let target: CycleTarget | undefined;
  try {
    await emulator.admin.call("POST", "/seed", {
      domains: options.zones.map((name) => ({ account: 1, name })),
    });
    target = await options.make(emulator);
    const out = {} as Cycle;
    for (const phase of options.phases ?? PHASES) {
      await target.prepare?.(phase);
      await emulator.clearRequests();
      const sampler = new ProcessCpuSampler(target.workDir, [emulator.child.pid!]);
      const started = performance.now();
      try {
        await target.run(phase);
      } finally {
        sampler.stop();
      }
      const seconds = (performance.now() - started) / 1000;
      out[phase] = {
        seconds,
        requests: (await emulator.requests()).length,
        cpu: sampler.stop(),
        peakRssMiB: sampler.peakRssMiB(),
      };
      if (phase === "up") {
        const { bytes, resources } = target.state();
        out.up.stateBytes = bytes;
        out.up.stateBytesPerResource = bytes / Math.max(resources, 1);
      }
    }
    return out;
  } finally {
    await target?.cleanup();
    await emulator.close();
  }
}

/** The folder of the project that installed the packed package (reliability-lib's `installedProgram`). */
export function installedProject(): string {
  return path.dirname(path.dirname(path.dirname(installedProgram("generic"))));
}

/** What docs/speed.md tells a user to set: the preload, from the project's node_modules, and a cache folder. */
export function fastStartEnv(cacheDir: string): Record<string, string> {
  const preload = path.join(
    installedProject(),
    "node_modules/pulumi-dnsimple-dynamic/dist/sdk/nodejs/fast-start.js",
  );
  return { NODE_OPTIONS: `--require ${preload}`, NODE_COMPILE_CACHE: cacheDir };
}

/**
 * A stack of the installed generic program (npm pack + npm install, as a user's project, run as
 * JavaScript) declaring `declare(3600)`, then `declare(600)` for the TTL change; the Pulumi CLI
 * at its defaults, in a user's shell (no preload, no compile cache) plus `env`.
 */
export async function genericTarget(
  emulator: EmulatorProcess,
  options: {
    token: string;
    program?: "generic" | "noop";
    declare(ttl: number): Declaration[];
    env?: Record<string, string>;
  },
): Promise<CycleTarget> {
  const stack = await createStack({
    program: options.program ?? "generic",
    installed: true,
    baseUrl: emulator.v2Url,
    token: options.token,
    account: 1,
    env: { NODE_OPTIONS: "", NODE_COMPILE_CACHE: "", ...options.env },
  });
  const commands: Record<Phase, string[]> = {
    up: ["up", "--yes", "--skip-preview"],
    preview: ["preview", "--expect-no-changes"],
    refresh: ["refresh", "--yes", "--skip-preview"],
    ttl: ["up", "--yes", "--skip-preview"],
    destroy: ["destroy", "--yes", "--skip-preview"],
  };
  return {
    workDir: stack.workDir,
    async prepare(phase) {
      if (phase === "up") await stack.declare(options.declare(3600));
      if (phase === "ttl") await stack.declare(options.declare(600));
    },
    async run(phase) {
      await stack.cli(commands[phase]);
    },
    state() {
      const text = readFileSync(stack.stateFile(), "utf8");
      return {
        bytes: Buffer.byteLength(text),
        resources: (JSON.parse(text).checkpoint?.latest?.resources ?? []).length,
      };
    },
    cleanup: () => stack.cleanup(),
  };
}

export interface TerraformSetup {
  terraform: string;
  /** Terraform's first line of `version` and the provider's tag, for the report. */
  version: string;
  env: NodeJS.ProcessEnv;
  key: Buffer;
  cert: Buffer;
  dir: string;
}

let terraformReady: TerraformSetup | null | undefined;

/**
 * The official Terraform provider, built once from its source (bench/lib/terraform.ts) into
 * `work/terraform`, under the machine's Terraform with a development override (no registry),
 * reaching the emulator through the interception proxy; `undefined` when any of that is missing.
 */
export function terraformSetup(work: string, token: string): TerraformSetup | undefined {
  if (terraformReady !== undefined) return terraformReady ?? undefined;
  terraformReady = null;
  const terraform = findTerraform();
  if (!terraform || !existsSync(SOURCE) || !which("openssl")) {
    console.log("Terraform, the provider's source or openssl missing: the Terraform cycle is left out");
    return undefined;
  }
  const dir = path.join(work, "terraform");
  rmSync(dir, { recursive: true, force: true });
  const src = path.join(dir, "src");
  const providerVersion = exportSource(src);
  const bin = path.join(dir, "bin");
  execFileSync("go", ["build", "-o", path.join(bin, "terraform-provider-dnsimple"), "."], {
    cwd: src,
    env: { ...process.env, ...goEnv() },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const cliConfig = path.join(dir, "terraformrc");
  writeFileSync(
    cliConfig,
    `provider_installation {\n  dev_overrides {\n    "dnsimple/dnsimple" = ${JSON.stringify(bin)}\n  }\n  direct {}\n}\n`,
  );
  mkdirSync(path.join(dir, "ca"), { recursive: true });
  const certs = makeCertificates(path.join(dir, "ca"));
  terraformReady = {
    terraform,
    dir,
    version: `${execFileSync(terraform, ["version"], { encoding: "utf8" }).split("\n")[0]}, provider ${providerVersion}`,
    key: certs.key,
    cert: certs.cert,
    env: {
      ...process.env,
      TF_CLI_CONFIG_FILE: cliConfig,
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
      SSL_CERT_FILE: certs.caFile,
      DNSIMPLE_TOKEN: token,
      DNSIMPLE_ACCOUNT: "1",
      DNSIMPLE_SANDBOX: "false",
    },
  };
  return terraformReady;
}

/**
 * A Terraform configuration of `count` A records `host<i>` (content `192.0.2.<i % 250>`, TTL from
 * the variable `ttl`, 3600 by default), in `zone`, or spread `perZone` to a zone over the zones
 * `zone(0)`, `zone(1)`, … when `zone` is a function.
 */
export function terraformRecords(
  count: number,
  zone: string | { name(index: string): string; perZone: number },
): string {
  const zoneName =
    typeof zone === "string" ? `"${zone}"` : `"${zone.name(`\${floor(count.index / ${zone.perZone})}`)}"`;
  const name = typeof zone === "string" ? "count.index" : `count.index % ${zone.perZone}`;
  return `terraform {
  required_providers {
    dnsimple = { source = "dnsimple/dnsimple" }
  }
}
provider "dnsimple" {}
variable "ttl" {
  type    = number
  default = 3600
}
resource "dnsimple_zone_record" "r" {
  count     = ${count}
  zone_name = ${zoneName}
  name      = "host\${${name}}"
  type      = "A"
  value     = "192.0.2.\${${name} % 250}"
  ttl       = var.ttl
}
`;
}

/**
 * The Terraform side: `config` (see `terraformRecords`) in a fresh folder, at Terraform's
 * defaults (`-parallelism` 10); `plan -detailed-exitcode` as the preview, `apply -refresh-only`
 * as the refresh.
 */
export async function terraformTarget(
  emulator: EmulatorProcess,
  setup: TerraformSetup,
  config: string,
): Promise<CycleTarget> {
  const proxy = await startProxy(emulator.url, setup.key, setup.cert);
  mkdirSync(path.join(setup.dir, "runs"), { recursive: true });
  const workDir = mkdtempSync(path.join(setup.dir, "runs/run-"));
  writeFileSync(path.join(workDir, "main.tf"), config);
  const env = {
    ...setup.env,
    HTTPS_PROXY: proxy.url,
    https_proxy: proxy.url,
    NO_PROXY: "",
    no_proxy: "",
    TF_DATA_DIR: path.join(workDir, ".terraform"),
  };
  const commands: Record<Phase, string[]> = {
    up: ["apply", "-auto-approve", "-input=false"],
    preview: ["plan", "-detailed-exitcode", "-input=false"],
    refresh: ["apply", "-refresh-only", "-auto-approve", "-input=false"],
    ttl: ["apply", "-auto-approve", "-input=false", "-var", "ttl=600"],
    destroy: ["destroy", "-auto-approve", "-input=false", "-var", "ttl=600"],
  };
  return {
    workDir,
    async run(phase) {
      const cli = commands[phase];
      const code = await new Promise<number>((resolve) => {
        const child = spawn(setup.terraform, cli, { cwd: workDir, env, stdio: ["ignore", "pipe", "pipe"] });
        let text = "";
        child.stdout.on("data", (c: Buffer) => (text += c.toString()));
        child.stderr.on("data", (c: Buffer) => (text += c.toString()));
        child.on("close", (c) => {
          if (c !== 0) console.error(text.slice(-4000));
          resolve(c ?? -1);
        });
      });
      if (code !== 0) throw new Error(`terraform ${cli.join(" ")} exited with ${code}`);
      if (proxy.refused.length > 0) throw new Error(`the proxy refused ${proxy.refused.join(", ")}`);
    },
    state() {
      const file = path.join(workDir, "terraform.tfstate");
      const bytes = existsSync(file) ? statSync(file).size : 0;
      const resources = bytes > 0 ? JSON.parse(readFileSync(file, "utf8")).resources : [];
      return {
        bytes,
        resources: resources.reduce(
          (s: number, r: { instances?: unknown[] }) => s + (r.instances?.length ?? 1),
          0,
        ),
      };
    },
    async cleanup() {
      await proxy.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
