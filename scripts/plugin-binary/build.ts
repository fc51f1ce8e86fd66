/**
 * Builds the self-contained provider plugin: the built entry (dist/provider/plugin/main.js, from
 * `npm run build`) and everything it reaches (grpc-js, google-protobuf, @pulumi/pulumi's proto
 * stubs, undici, zod) and the package schema bundled into one CommonJS file with esbuild, made a
 * Node.js single-executable application (`node --experimental-sea-config`), injected with postject
 * into the Node.js binary that the npm package `node-<os>-<arch>` ships, and packed as the plugin
 * tarball `pulumi-resource-dnsimple-dynamic-v<version>-<os>-<arch>.tar.gz` that
 * `pulumi plugin install resource dnsimple-dynamic <version> --file <tarball>` installs. Every
 * input comes from the npm registry (the lockfile's esbuild and postject, the Node.js binaries).
 *
 *   npx ts-node --transpile-only scripts/plugin-binary/build.ts                  # this machine's platform
 *   npx ts-node --transpile-only scripts/plugin-binary/build.ts linux-arm64 …    # others (untested here)
 *   npm run build:plugin-binary
 *
 * Writes into .work/plugin-binary/ (ignored): bundle.js, <os>-<arch>/ (the tarball's files) and
 * the tarballs. A build whose inputs are unchanged (stamp.json) is skipped.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import * as path from "node:path";
import {
  applyEdits,
  EMBEDDED_SCHEMA,
  executableName,
  hostPlatform,
  nodePackageFor,
  parsePlatform,
  platformName,
  seaConfig,
  SOURCE_EDITS,
  TARBALL_EXTRAS,
  tarballName,
  type Platform,
} from "./plan";

/** The repository's root, from the sources (ts-node, jest) or from their build in dist/ (benches). */
function findRoot(start: string): string {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const pkg = path.join(dir, "package.json");
    if (
      existsSync(pkg) &&
      (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "pulumi-dnsimple-dynamic"
    )
      return dir;
  }
  throw new Error(`no pulumi-dnsimple-dynamic package.json above ${start}`);
}

export const ROOT = findRoot(__dirname);
export const OUT_DIR = path.join(ROOT, ".work", "plugin-binary");
export const PLUGIN_NAME = "dnsimple-dynamic";
/** The SEA fuse of Node.js (https://nodejs.org/api/single-executable-applications.html). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

export const packageVersion = (): string =>
  (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** What one build made. */
export interface Built {
  platform: Platform;
  executable: string;
  tarball: string;
}

/** The Node.js binary this build runs on when it is a Node 22+ (the SEA blob must match it). */
function buildNode(): string {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 22)
    throw new Error(`the plugin binary is built with Node.js 22 or newer; this is ${process.version}`);
  return process.execPath;
}

/** The Node.js binary of `p`, from the npm package that ships it (fetched into .work once). */
function nodeBinaryFor(p: Platform, log: (line: string) => void): string {
  const host = hostPlatform();
  if (host && platformName(host) === platformName(p)) return buildNode();
  const pkg = nodePackageFor(p, process.versions.node);
  const dir = path.join(OUT_DIR, "node", pkg.spec);
  const binary = path.join(dir, "package", pkg.binary);
  if (!existsSync(binary)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    log(`    npm pack ${pkg.spec} (the Node.js binary of ${platformName(p)})`);
    execFileSync("npm", ["pack", "--silent", pkg.spec], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    const [tgz] = readdirSync(dir).filter((f) => f.endsWith(".tgz"));
    if (!tgz) throw new Error(`npm pack ${pkg.spec} wrote no tarball`);
    execFileSync("tar", ["-xzf", tgz], { cwd: dir });
  }
  return binary;
}

/** The plugin's entry and what it reaches, in one CommonJS file: `bundle.js` in OUT_DIR. */
export async function bundle(): Promise<string> {
  const esbuild = await import("esbuild");
  const dist = path.join(ROOT, "dist");
  const entry = path.join(dist, "provider/plugin/main.js");
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [ROOT] }));
  const schemaFile = path.join(ROOT, "provider/plugin/schema.json");
  const edited = new Set(SOURCE_EDITS.map((e) => path.join(dist, e.file)));
  const outfile = path.join(OUT_DIR, "bundle.js");
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    // Not minified: a minified bundle measured no smaller in memory, and stack traces stay readable.
    minify: false,
    legalComments: "eof",
    logLevel: "silent",
    plugins: [
      {
        name: "plugin-entry",
        setup(build) {
          // The edited files' grpc-js and google-protobuf: the copies @pulumi/pulumi uses.
          build.onResolve({ filter: /^(@grpc\/grpc-js|google-protobuf)(\/|$)/ }, (args) =>
            edited.has(args.importer)
              ? { path: require.resolve(args.path, { paths: [pulumiDir] }) }
              : undefined,
          );
          build.onResolve({ filter: new RegExp(`^${EMBEDDED_SCHEMA.replace(/[.:/]/g, "\\$&")}$`) }, () => ({
            path: schemaFile,
            namespace: "embedded-schema",
          }));
          build.onLoad({ filter: /.*/, namespace: "embedded-schema" }, () => ({
            contents: readFileSync(schemaFile, "utf8"),
            loader: "text",
          }));
          build.onLoad({ filter: /\.js$/ }, (args) =>
            edited.has(args.path)
              ? {
                  contents: applyEdits(
                    path.relative(dist, args.path).split(path.sep).join("/"),
                    readFileSync(args.path, "utf8"),
                  ),
                  loader: "js",
                }
              : undefined,
          );
        },
      },
    ],
  });
  // A require the bundler could not follow would fail at run time inside the executable.
  const unbundled = result.warnings.filter((w) => /require|import/i.test(w.text));
  if (result.errors.length || unbundled.length) {
    const lines = [...result.errors, ...unbundled].map(
      (m) => `${m.location?.file ?? "?"}:${m.location?.line ?? "?"}: ${m.text}`,
    );
    throw new Error(`the plugin's bundle is incomplete:\n${lines.join("\n")}`);
  }
  return outfile;
}

/** A digest of what a platform's build is made from: the bundle, the Node.js binary, this script. */
function inputsDigest(bundleFile: string, node: string, p: Platform): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(bundleFile));
  const { size, mtimeMs } = statSync(node);
  hash.update(`${node} ${size} ${mtimeMs} ${platformName(p)} ${packageVersion()}`);
  for (const f of ["build.ts", "plan.ts"])
    hash.update(readFileSync(path.join(ROOT, "scripts/plugin-binary", f)));
  return hash.digest("hex");
}

/** Makes the executable and the tarball of `p` from the bundle. */
export function buildPlatform(bundleFile: string, p: Platform, log: (line: string) => void): Built {
  const node = nodeBinaryFor(p, log);
  const dir = path.join(OUT_DIR, platformName(p));
  const executable = path.join(dir, executableName(PLUGIN_NAME, p));
  const tarball = path.join(OUT_DIR, tarballName(PLUGIN_NAME, packageVersion(), p));
  const stampFile = path.join(OUT_DIR, `stamp-${platformName(p)}.json`);
  const digest = inputsDigest(bundleFile, node, p);
  if (existsSync(stampFile) && existsSync(tarball) && existsSync(executable)) {
    if ((JSON.parse(readFileSync(stampFile, "utf8")) as { digest: string }).digest === digest) {
      log(`    ${platformName(p)}: up to date (${path.relative(ROOT, tarball)})`);
      return { platform: p, executable, tarball };
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The code cache is compiled by this Node.js for this machine: only a build for it may carry one.
  const host = hostPlatform();
  const native = host !== undefined && platformName(host) === platformName(p);
  const blob = path.join(OUT_DIR, `sea-${platformName(p)}.blob`);
  const config = path.join(OUT_DIR, `sea-${platformName(p)}.json`);
  writeFileSync(config, JSON.stringify(seaConfig(bundleFile, blob, native), null, 2));
  execFileSync(buildNode(), ["--experimental-sea-config", config], {
    stdio: "pipe",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  copyFileSync(node, executable);
  chmodSync(executable, 0o755);
  const postject = require.resolve("postject/dist/cli.js", { paths: [ROOT] });
  execFileSync(
    buildNode(),
    [postject, executable, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE],
    // postject warns of every ELF note section it cannot name: shown only when it fails.
    { stdio: "pipe", env: { ...process.env, NODE_OPTIONS: "" } },
  );
  for (const extra of TARBALL_EXTRAS) copyFileSync(path.join(ROOT, extra), path.join(dir, extra));
  writeTarball(dir, [path.basename(executable), ...TARBALL_EXTRAS], tarball);
  writeFileSync(stampFile, JSON.stringify({ digest }));
  return { platform: p, executable, tarball };
}

/** A gzipped tar of `files` (in `dir`) at its root, owned by root, dated at the epoch: the same bytes for the same files. */
export function writeTarball(dir: string, files: readonly string[], tarball: string): void {
  rmSync(tarball, { force: true });
  execFileSync(
    "tar",
    [
      "--create",
      "--use-compress-program=gzip -n",
      "--file",
      tarball,
      "--directory",
      dir,
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      "--mtime=@0",
      "--sort=name",
      ...files,
    ],
    { stdio: "pipe" },
  );
}

/** Builds the bundle, then every platform named (this machine's when none). */
export async function build(
  platforms: readonly Platform[],
  log: (line: string) => void = (line) => console.log(line),
): Promise<Built[]> {
  const started = Date.now();
  const bundleFile = await bundle();
  const built = platforms.map((p) => buildPlatform(bundleFile, p, log));
  for (const b of built)
    log(
      `    ${platformName(b.platform)}: ${path.relative(ROOT, b.tarball)} (${(statSync(b.tarball).size / 2 ** 20).toFixed(1)} MiB)`,
    );
  log(`    built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return built;
}

/** This machine's platform, which the tests and the bench use. */
export function hostPlatformOrFail(): Platform {
  const host = hostPlatform();
  if (!host) throw new Error(`no plugin binary is built for ${process.platform}-${process.arch}`);
  return host;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  Promise.resolve()
    .then(() => build(args.length ? args.map(parsePlatform) : [hostPlatformOrFail()]))
    .catch((error: unknown) => {
      console.error(`error: ${(error as Error).message}`);
      process.exit(1);
    });
}
