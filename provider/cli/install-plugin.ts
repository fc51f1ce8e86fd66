/**
 * `pulumi-dnsimple-dynamic install-plugin`: installs the provider plugin that Python, YAML, Go and
 * other programs use (`pulumi-resource-dnsimple-dynamic`) into Pulumi's plugin folder, from this
 * installed package, with the Pulumi CLI's own `pulumi plugin install resource ... --file`. The
 * installed plugin is a two-line script that runs the package's `bin/pulumi-resource-dnsimple-dynamic`
 * with bash (npm may install it without its executable bit)
 * (Pulumi copies what it installs, so a link would lose its target), so it runs this package's
 * code with this package's dependencies; nothing is downloaded.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { type CommandIo, runWithOptions } from "./command";

export const INSTALL_PLUGIN_USAGE = `Usage: pulumi-dnsimple-dynamic install-plugin [--pulumi <path>]

Installs the provider plugin dnsimple-dynamic (for Python, YAML, Go and other non-Node.js
programs) into Pulumi's plugin folder ($PULUMI_HOME/plugins, default ~/.pulumi/plugins), as
\`pulumi plugin install resource dnsimple-dynamic <version> --file ...\` with this package's
plugin. Programs then need no \`plugins.providers\` entry. Node.js 22 or newer must be on PATH
when Pulumi runs the plugin.

Options:
  --pulumi <path>  the Pulumi CLI to install with (default: pulumi on PATH)
  -h, --help       this text
`;

/** The package's root: two folders above this file in the sources and in dist/. */
function packageRoot(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string };
      if (pkg.name === "pulumi-dnsimple-dynamic") return dir;
    } catch {
      // not here: one folder up
    }
  }
  throw new Error(`no pulumi-dnsimple-dynamic package.json above ${__dirname}`);
}

/** The plugin's name and the version the SDKs ask for (the package schema's). */
export function pluginIdentity(root: string = packageRoot()): {
  name: string;
  version: string;
  script: string;
} {
  const schema = JSON.parse(readFileSync(path.join(root, "provider/plugin/schema.json"), "utf8")) as {
    name: string;
    version: string;
  };
  return {
    name: schema.name,
    version: schema.version,
    script: path.join(root, "bin", `pulumi-resource-${schema.name}`),
  };
}

/** A word for bash, taken literally whatever it holds. */
const shellQuoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

export async function installPluginMain(argv: string[], io: CommandIo): Promise<number> {
  return runWithOptions(INSTALL_PLUGIN_USAGE, io, argv, { pulumi: { type: "string" } }, async (options) => {
    const { name, version, script } = pluginIdentity();
    // A folder holding only the plugin's executable: a script that runs this package's.
    const folder = mkdtempSync(path.join(tmpdir(), "dnsimple-dynamic-plugin-"));
    try {
      writeFileSync(
        path.join(folder, `pulumi-resource-${name}`),
        `#!/usr/bin/env bash\n# Installed by pulumi-dnsimple-dynamic install-plugin.\nexec bash ${shellQuoted(script)} "$@"\n`,
        { mode: 0o755 },
      );
      execFileSync(
        options.pulumi ?? "pulumi",
        ["plugin", "install", "resource", name, version, "--file", folder, "--non-interactive"],
        { env: { ...process.env, ...io.env }, stdio: ["ignore", "pipe", "pipe"] },
      );
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
      io.err(`could not install the plugin ${name} ${version}: ${stderr || (error as Error).message}\n`);
      return 2;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    io.out(`installed the Pulumi plugin resource ${name} ${version} (runs ${script})\n`);
    return 0;
  });
}
