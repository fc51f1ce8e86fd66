/**
 * The self-contained plugin (scripts/plugin-binary) on a machine without Node.js: its tarball,
 * built here for this platform (about 40 s the first time, skipped while its inputs are
 * unchanged), installed with `pulumi plugin install resource dnsimple-dynamic <version> --file`
 * into the test's own PULUMI_HOME, serves a Python program (examples/python-core) and a YAML
 * program (examples/yaml-core) through `up`, a preview with no change and `destroy` against the
 * emulator, every Pulumi command run with a PATH that holds only the CLI, the language hosts and
 * the Python environment (plugin-binary-cycle.ts). bench/plugin-binary.ts measures the binary.
 */
import { execFileSync, spawn } from "node:child_process";
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { build, hostPlatformOrFail, packageVersion, type Built } from "../../scripts/plugin-binary/build";
import { PLUGIN_DOWNLOAD_URL } from "../../scripts/sdk-generator/schema";
import { v2 } from "./extended-api";
import {
  CORE_TYPES,
  cycleFailures,
  missingForCycle,
  nodelessProject,
  selfContainedCycle,
  type PluginLanguage,
} from "./plugin-binary-cycle";

const TOKEN = "e2e-plugin-binary-token-7d41c2e9";

const missing = missingForCycle();

describe("the self-contained plugin, installed from its tarball", () => {
  if (missing) {
    // Outside CI a machine without the bootstrap's toolchain skips; CI must have everything.
    if (process.env.CI === "true") it("has its toolchain", () => expect(`missing: ${missing}`).toBe(""));
    else it.skip(`skipped: ${missing} is missing (run scripts/bootstrap)`, () => undefined);
    return;
  }

  let emulator: RunningEmulator;
  let built: Built;

  beforeAll(async () => {
    built = (await build([hostPlatformOrFail()], () => undefined))[0]!;
    emulator = await startEmulator({
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
  }, 300_000);

  afterAll(async () => {
    await emulator?.close();
  });

  it("is a tarball named as the engine downloads it, for this platform", () => {
    const platform = hostPlatformOrFail();
    expect(path.basename(built.tarball)).toBe(
      `pulumi-resource-dnsimple-dynamic-v${packageVersion()}-${platform.os}-${platform.arch}.tar.gz`,
    );
    expect(statSync(built.tarball).size).toBeGreaterThan(1024 * 1024);
    const entries = execFileSync("tar", ["-tvzf", built.tarball], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((line) => line.split(/\s+/))
      .map((f) => `${f[0]} ${f[5]}`);
    expect(entries).toEqual([
      "-rwxr-xr-x pulumi-resource-dnsimple-dynamic",
      "-rw-r--r-- README.md",
      "-rw-r--r-- LICENSE",
    ]);
  });

  it("ignores the user's NODE_OPTIONS: with a --require of a missing file it still serves and prints its port", async () => {
    const child = spawn(built.executable, [], {
      env: { ...process.env, NODE_OPTIONS: "--require ./no-such-preload.js" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const firstLine = await new Promise<string>((resolve) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) resolve(out.split("\n")[0]!);
        });
        child.on("exit", () => resolve(`exited: ${stderr}`));
      });
      expect(firstLine).toMatch(/^\d+$/);
    } finally {
      child.kill();
    }
  });

  it.each<PluginLanguage>(["python", "yaml"])(
    "serves a %s program with no node or npm on PATH: up, a preview with no change, destroy",
    async (language) => {
      const api = v2(emulator.v2Url, TOKEN);
      const result = await selfContainedCycle({
        language,
        tarball: built.tarball,
        version: packageVersion(),
        emulator,
        token: TOKEN,
        domainStatus: async (domain) => (await api("GET", `/1/domains/${domain}`)).status,
      });
      // Each condition in words (the bench counts the same ones for plugin_self_contained).
      expect(cycleFailures(result, packageVersion())).toEqual([]);
      expect(result.path).not.toContain(".tools");
      expect(result.createdTypes).toEqual(CORE_TYPES);
    },
  );

  it("is what the engine downloads for a Python program from the pluginDownloadURL its SDK's pulumi-plugin.json names", async () => {
    // The releases' place taken by a local server (the engine's PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES):
    // `pulumi plugin install` with no arguments installs what the program's packages ask for.
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(req.url ?? "");
      if (req.url !== `/${path.basename(built.tarball)}`) return void res.writeHead(404).end();
      // The engine checks the bytes it got against the length announced.
      res.writeHead(200, {
        "content-type": "application/gzip",
        "content-length": statSync(built.tarball).size,
      });
      createReadStream(built.tarball).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const project = await nodelessProject("python", "python-download");
    try {
      const releases = `^${PLUGIN_DOWNLOAD_URL.replace(/[.]/g, "\\.")}$`;
      const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      await project.pulumi(["plugin", "install"], {
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
        PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `${releases}=${local}`,
      });
      expect(asked).toEqual([`/${path.basename(built.tarball)}`]);
      expect(await project.installedPlugin()).toMatch(
        new RegExp(`^dnsimple-dynamic\\s+resource\\s+${packageVersion().replace(/\./g, "\\.")}\\s`),
      );
    } finally {
      project.done();
      server.close();
    }
  });
});
