/**
 * The self-contained plugin (scripts/plugin-binary) beside the script plugin
 * (bin/pulumi-resource-dnsimple-dynamic: bash, then Node.js on dist/provider/plugin/main.js),
 * measured in the same run:
 * - start: from spawn to the port printed alone on stdout's first line (what the engine waits
 *   for), over alternated rounds (which of the two starts first alternates), median with min–max;
 * - memory: the peak resident set (VmHWM of /proc/<pid>/status) after start and after a
 *   GetSchema and a CheckConfig call over gRPC, median of the rounds;
 * - sizes: the executable, the tarball, the bundle injected into it;
 * - `plugin_self_contained`: 1 when this run's own Python and YAML cycles through the installed
 *   tarball with no `node` or `npm` on PATH (test/e2e/plugin-binary-cycle.ts, the e2e's check)
 *   pass every condition of `cycleFailures`, else 0.
 *
 * Both plugins run with an environment of their own (no NODE_OPTIONS, no compile cache).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/plugin-binary.js [--rounds 9]
 */
import { spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { build, hostPlatformOrFail, OUT_DIR, packageVersion } from "../scripts/plugin-binary/build";
import { v2 } from "../test/e2e/extended-api";
import { REPO_ROOT } from "../test/e2e/harness";
import {
  cycleFailures,
  missingForCycle,
  selfContainedCycle,
  type PluginLanguage,
} from "../test/e2e/plugin-binary-cycle";
import { median } from "./lib/median";
import { recordResults } from "./lib/record";

const TOKEN = "bench-plugin-binary-token-5e0b7a";
type Kind = "binary" | "script";

interface Sample {
  startMs: number;
  rssAfterStartMb: number;
  rssAfterCallsMb: number;
}

/** The peak resident set of `pid` so far, in MiB. */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmHWM:"));
  if (!line) throw new Error(`no VmHWM for ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** GetSchema, then CheckConfig of an account on the emulator, over the plugin's gRPC port. */
async function callPlugin(port: number, baseUrl: string): Promise<void> {
  const grpc = require("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
  const rpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
  const proto = require("@pulumi/pulumi/proto/provider_pb");
  const { Struct } = require("google-protobuf/google/protobuf/struct_pb");
  const client = new rpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const call = <T>(method: string, request: unknown) =>
    new Promise<T>((resolve, reject) =>
      client[method](request, (error: Error | null, response: T) =>
        error ? reject(error) : resolve(response),
      ),
    );
  try {
    const schemaRequest = new proto.GetSchemaRequest();
    schemaRequest.setVersion(0);
    const schema = await call<{ getSchema(): string }>("getSchema", schemaRequest);
    if (!schema.getSchema().includes('"dnsimple-dynamic"')) throw new Error("GetSchema answered no schema");
    const check = new proto.CheckRequest();
    check.setUrn("urn:pulumi:bench::bench::pulumi:providers:dnsimple-dynamic::default");
    check.setOlds(Struct.fromJavaScript({}));
    check.setNews(Struct.fromJavaScript({ token: TOKEN, account: "1", baseUrl }));
    const checked = await call<{ getFailuresList(): unknown[] }>("checkConfig", check);
    if (checked.getFailuresList().length) throw new Error("CheckConfig refused the bench's settings");
  } finally {
    client.close();
  }
}

/** One start of a plugin: spawn, the port on stdout, the peak RSS, two calls, the peak RSS again. */
function startOnce(kind: Kind, executable: string, baseUrl: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(executable, [], {
      stdio: ["ignore", "pipe", "pipe"],
      // The script plugin finds Node.js 22 on PATH (this process's); the binary needs none.
      env: { PATH: [path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter), HOME: OUT_DIR },
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (!stdout.includes("\n"))
        reject(new Error(`${kind} plugin exited (${code}) before its port: ${stderr}`));
    });
    child.stdout.on("data", (d: Buffer) => {
      const before = stdout;
      stdout += d.toString();
      if (before.includes("\n") || !stdout.includes("\n")) return;
      const startMs = performance.now() - started;
      const port = Number(stdout.split("\n")[0]);
      const rssAfterStartMb = peakRssMb(child.pid!);
      callPlugin(port, baseUrl)
        .then(() => {
          const rssAfterCallsMb = peakRssMb(child.pid!);
          child.kill();
          resolve({ startMs, rssAfterStartMb, rssAfterCallsMb });
        })
        .catch((error: unknown) => {
          child.kill();
          reject(error as Error);
        });
    });
  });
}

const mb = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1));
const fixed = (n: number, digits = 1) => Number(n.toFixed(digits));

async function main(): Promise<void> {
  const roundsArg = process.argv.indexOf("--rounds");
  const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 9;
  const buildStarted = Date.now();
  const [built] = await build([hostPlatformOrFail()]);
  const buildSeconds = (Date.now() - buildStarted) / 1000;
  const script = path.join(REPO_ROOT, "bin/pulumi-resource-dnsimple-dynamic");
  const executables: Record<Kind, string> = { binary: built!.executable, script };

  const emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    seed: {
      domains: (["python", "yaml"] as const).map((language) => ({
        account: 1,
        name: `${language}-registered.com`,
        state: "registered",
        expiresOn: "2030-01-01",
      })),
    },
  });
  const samples: Record<Kind, Sample[]> = { binary: [], script: [] };
  let selfContained: Record<PluginLanguage, string[]>;
  try {
    // One start of each first, not counted: the files in the page cache, as for the engine's later starts.
    for (const kind of ["binary", "script"] as const)
      await startOnce(kind, executables[kind], emulator.v2Url);
    for (let round = 0; round < rounds; round++) {
      const order: Kind[] = round % 2 ? ["script", "binary"] : ["binary", "script"];
      for (const kind of order) samples[kind].push(await startOnce(kind, executables[kind], emulator.v2Url));
    }
    const missing = missingForCycle();
    const api = v2(emulator.v2Url, TOKEN);
    const cycle = async (language: PluginLanguage): Promise<string[]> => {
      if (missing) return [`not run: ${missing} is missing`];
      try {
        const result = await selfContainedCycle({
          language,
          tarball: built!.tarball,
          version: packageVersion(),
          emulator,
          token: TOKEN,
          domainStatus: async (domain) => (await api("GET", `/1/domains/${domain}`)).status,
        });
        return cycleFailures(result, packageVersion());
      } catch (error) {
        return [(error as Error).message.split("\n")[0]!];
      }
    };
    selfContained = { python: await cycle("python"), yaml: await cycle("yaml") };
  } finally {
    await emulator.close();
  }

  const stats = (kind: Kind) => {
    const starts = samples[kind].map((s) => s.startMs);
    return {
      start: fixed(median(starts)),
      min: fixed(Math.min(...starts)),
      max: fixed(Math.max(...starts)),
      rssStart: fixed(median(samples[kind].map((s) => s.rssAfterStartMb))),
      rss: fixed(median(samples[kind].map((s) => s.rssAfterCallsMb))),
    };
  };
  const binary = stats("binary");
  const scriptStats = stats("script");
  const passed = selfContained.python.length === 0 && selfContained.yaml.length === 0;
  const bundleBytes = statSync(path.join(OUT_DIR, "bundle.js")).size;
  const figures = {
    plugin_binary_start_ms: binary.start,
    plugin_script_start_ms: scriptStats.start,
    plugin_binary_rss_mb: binary.rss,
    plugin_script_rss_mb: scriptStats.rss,
    plugin_binary_executable_mb: mb(statSync(built!.executable).size),
    plugin_binary_tarball_mb: mb(statSync(built!.tarball).size),
    plugin_self_contained: passed ? 1 : 0,
  };
  const row = (name: string, s: ReturnType<typeof stats>) =>
    `| ${name} | ${s.start} | ${s.min}–${s.max} | ${s.rssStart} | ${s.rss} |`;
  const cycleLine = (language: PluginLanguage) =>
    selfContained[language].length ? `failed: ${selfContained[language].join("; ")}` : "passed";
  recordResults("plugin-binary", figures, {
    title: "The self-contained plugin beside the script plugin",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/plugin-binary.js",
    body: [
      `${rounds} alternated rounds, in one run (plus one start of each first, not counted). Start: spawn to the`,
      "port on stdout's first line. Peak RSS: VmHWM after start, and after a GetSchema and a CheckConfig call.",
      "",
      "| plugin | start ms (median) | start ms (min–max) | peak RSS MiB after start | peak RSS MiB after the calls |",
      "|---|---|---|---|---|",
      row("binary (Node.js 22 single-executable application)", binary),
      row("script (bash, then `node dist/provider/plugin/main.js`)", scriptStats),
      "",
      `Sizes: the executable ${figures.plugin_binary_executable_mb} MiB, the tarball ${figures.plugin_binary_tarball_mb} MiB, ` +
        `the bundle in it ${mb(bundleBytes)} MiB. The build (bundle, blob, injection, tarball) took ` +
        `${buildSeconds.toFixed(1)} s in this run${buildSeconds < 5 ? " (up to date: skipped)" : ""}.`,
      "",
      `plugin_self_contained = ${figures.plugin_self_contained}: this run installed the tarball with ` +
        "`pulumi plugin install resource dnsimple-dynamic " +
        `${packageVersion()} --file` +
        "` into a PULUMI_HOME of its own and ran examples/python-core and examples/yaml-core (up, a " +
        "preview with no change, destroy) with a PATH holding only the Pulumi CLI, the language hosts " +
        "and the Python environment (no `node`, no `npm`): " +
        `Python ${cycleLine("python")}, YAML ${cycleLine("yaml")} (test/e2e/plugin-binary.test.ts checks the same).`,
    ].join("\n"),
  });
  console.log(JSON.stringify(figures, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
