/**
 * The shapes of program users write, each a program folder next to the packed package installed
 * as a user installs it, run by the real engine against the emulator (preview, up, a preview that
 * must show no change, destroy). Each declares one zone record, named after the shape, in one
 * zone. TypeScript shapes are first previewed as `pulumi preview` runs them by default: ts-node
 * with its type check, with the template's settings (test/program-template.ts); the commands after
 * it run transpile-only, as the repository's template does, since the same program has nothing new
 * for the type check to find (a type check costs seconds of CPU at every command). Shared by
 * test/e2e/program-shapes.test.ts and bench/program-shapes.ts.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { TEMPLATE_SETTINGS } from "../program-template";
import { newStack, REPO_ROOT } from "./harness";
import { pulumiHome } from "./pulumi-home";
import { KEEPER_PROVIDER_URL, keeperEnv } from "./secrets-keeper";

const run = promisify(execFile);

/** The zone every shape's record goes in (seed it in the emulator). */
export const SHAPES_ZONE = "program-shapes.com";

export interface ProgramShape {
  name: string;
  /** What a user would call it. */
  title: string;
  files: Record<string, string>;
  /**
   * The program installs ts-node 10 (`ts-node/esm`); the others run on what the template installs
   * (TypeScript only: Pulumi then uses its vendored ts-node), so this one runs after them.
   */
  tsNode?: boolean;
}

const yaml = (name: string, typescript: boolean) =>
  `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: ${typescript}\n`;
const manifest = (name: string, main: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ name, main, ...extra }, null, 2)}\n`;
const tsconfig = (settings: object) =>
  `${JSON.stringify({ compilerOptions: settings, files: ["index.ts"] }, null, 2)}\n`;

export const PROGRAM_SHAPES: ProgramShape[] = [
  {
    name: "ts-commonjs",
    title:
      "TypeScript, CommonJS (`pulumi new typescript` until March 2026: module commonjs, moduleResolution node), migrated from @pulumi/dnsimple through /compat",
    files: {
      "Pulumi.yaml": yaml("ts-commonjs", true),
      "package.json": manifest("ts-commonjs", "index.ts"),
      "tsconfig.json": tsconfig(TEMPLATE_SETTINGS.commonjs),
      "index.ts": [
        'import * as dnsimple from "pulumi-dnsimple-dynamic/compat"; // was "@pulumi/dnsimple"',
        "",
        'const record = new dnsimple.ZoneRecord("shape", {',
        `  zoneName: "${SHAPES_ZONE}",`,
        '  name: "ts-commonjs",',
        "  type: dnsimple.RecordTypes.A,",
        '  value: "192.0.2.11",',
        "});",
        "export const fqdn = record.qualifiedName;",
        "",
      ].join("\n"),
    },
  },
  {
    name: "ts-nodenext",
    title: "TypeScript, nodenext (`pulumi new typescript` since March 2026)",
    files: {
      "Pulumi.yaml": yaml("ts-nodenext", true),
      "package.json": manifest("ts-nodenext", "index.ts"),
      "tsconfig.json": tsconfig(TEMPLATE_SETTINGS.nodenext),
      "index.ts": [
        'import * as dnsimple from "pulumi-dnsimple-dynamic";',
        'import type { DnsimpleClient } from "pulumi-dnsimple-dynamic/client";',
        "",
        'const record = new dnsimple.ZoneRecord("shape", {',
        `  zoneName: "${SHAPES_ZONE}",`,
        '  name: "ts-nodenext",',
        '  type: "A",',
        '  content: "192.0.2.12",',
        "});",
        "export const fqdn = record.fqdn;",
        'export const clientKinds: Array<keyof DnsimpleClient> = ["domains"];',
        "",
      ].join("\n"),
    },
  },
  {
    name: "ts-esm",
    title: 'TypeScript ES module (`"type": "module"`, nodenext, ts-node 10 installed)',
    tsNode: true,
    files: {
      "Pulumi.yaml": yaml("ts-esm", true),
      "package.json": manifest("ts-esm", "index.ts", { type: "module" }),
      "tsconfig.json": tsconfig(TEMPLATE_SETTINGS.nodenext),
      "index.ts": [
        'import * as dnsimple from "pulumi-dnsimple-dynamic";',
        'import { ZoneRecord as CompatRecord } from "pulumi-dnsimple-dynamic/compat";',
        "",
        'const record = new dnsimple.ZoneRecord("shape", {',
        `  zoneName: "${SHAPES_ZONE}",`,
        '  name: "ts-esm",',
        '  type: "A",',
        '  content: "192.0.2.15",',
        "});",
        "export const fqdn = record.fqdn;",
        'export const compatLoaded = typeof CompatRecord === "function";',
        "",
      ].join("\n"),
    },
  },
  {
    name: "esm",
    title: 'JavaScript ES module (`"type": "module"`, `import`)',
    files: {
      "Pulumi.yaml": yaml("esm", false),
      "package.json": manifest("esm", "index.js", { type: "module" }),
      "index.js": [
        'import * as dnsimple from "pulumi-dnsimple-dynamic";',
        'import { ZoneRecord as CompatRecord } from "pulumi-dnsimple-dynamic/compat";',
        "",
        'const record = new dnsimple.ZoneRecord("shape", {',
        `  zoneName: "${SHAPES_ZONE}",`,
        '  name: "esm",',
        '  type: "A",',
        '  content: "192.0.2.13",',
        "});",
        "export const fqdn = record.fqdn;",
        'export const compatLoaded = typeof CompatRecord === "function";',
        "",
      ].join("\n"),
    },
  },
  {
    name: "js-commonjs",
    title: "JavaScript, CommonJS (`require`)",
    files: {
      "Pulumi.yaml": yaml("js-commonjs", false),
      "package.json": manifest("js-commonjs", "index.js"),
      "index.js": [
        'const dnsimple = require("pulumi-dnsimple-dynamic");',
        "",
        'const record = new dnsimple.ZoneRecord("shape", {',
        `  zoneName: "${SHAPES_ZONE}",`,
        '  name: "js-commonjs",',
        '  type: "A",',
        '  content: "192.0.2.14",',
        "});",
        "exports.fqdn = record.fqdn;",
        "",
      ].join("\n"),
    },
  },
];

/**
 * The TypeScript compiler a TypeScript program installs (`pulumi new typescript` lists it as a
 * dev dependency; without it Pulumi falls back to its vendored TypeScript 3.8): this repository's
 * copy, linked into the project's node_modules.
 */
export function linkTypeScript(project: string): void {
  link(project, "typescript");
}

/** ts-node 10, which a TypeScript ES-module program installs (`ts-node/esm`): this repository's. */
export function linkTsNode(project: string): void {
  link(project, "ts-node");
}

function link(project: string, name: string): void {
  const target = path.join(project, "node_modules", name);
  if (!existsSync(target)) symlinkSync(path.join(REPO_ROOT, "node_modules", name), target, "dir");
}

/**
 * Runs the shapes in `project`, each on its own stack at the same time; those that install
 * ts-node after the others (see `ProgramShape.tsNode`).
 */
export async function runShapes(
  project: string,
  shapes: ProgramShape[],
  emulator: { v2Url: string; token: string },
  between: (shape: string) => { afterUp?: () => Promise<void> } = () => ({}),
): Promise<ShapeRun[]> {
  linkTypeScript(project);
  const first = await Promise.all(
    shapes.filter((s) => !s.tsNode).map((s) => runShape(project, s, emulator, between(s.name))),
  );
  const later = shapes.filter((s) => s.tsNode);
  if (later.length) linkTsNode(project);
  const second = await Promise.all(later.map((s) => runShape(project, s, emulator, between(s.name))));
  return [...first, ...second];
}

/**
 * A second project next to `project` whose program depends on another `@pulumi/pulumi` version
 * and on the tarball `project` installed (the same pack, installed again).
 */
export async function installWithSdk(project: string, target: string, sdk: string): Promise<void> {
  const tarball = readdirSync(project).find((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error(`no packed tarball in ${project}`);
  mkdirSync(target, { recursive: true });
  writeFileSync(
    path.join(target, "package.json"),
    JSON.stringify({
      name: `shapes-sdk-${sdk.replace(/\./g, "-")}`,
      private: true,
      dependencies: {
        "@pulumi/pulumi": sdk,
        "pulumi-dnsimple-dynamic": `file:${path.relative(target, path.join(project, tarball))}`,
      },
    }),
  );
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: target,
    maxBuffer: 64 * 1024 * 1024,
  });
}

export interface ShapeRun {
  shape: string;
  sdk: string;
  /** Change counts of the first preview, the up, the second preview and the destroy. */
  preview?: Record<string, number>;
  up?: Record<string, number>;
  previewAfterUp?: Record<string, number>;
  destroy?: Record<string, number>;
  outputs?: Record<string, unknown>;
  /** The operation that failed and its message. */
  error?: string;
  /** What the engine printed. */
  output: string[];
}

/** Writes the shape under `project/shapes/<name>` and runs it; never throws (see `error`). */
export async function runShape(
  project: string,
  shape: ProgramShape,
  emulator: { v2Url: string; token: string },
  between: { afterUp?: () => Promise<void> } = {},
): Promise<ShapeRun> {
  const dir = path.join(project, "shapes", shape.name);
  mkdirSync(path.join(dir, "backend"), { recursive: true });
  pulumiHome(path.join(dir, "pulumi-home"));
  for (const [file, text] of Object.entries(shape.files)) writeFileSync(path.join(dir, file), text);
  const sdk: string = JSON.parse(
    readFileSync(path.join(project, "node_modules/@pulumi/pulumi/package.json"), "utf8"),
  ).version;
  const result: ShapeRun = { shape: shape.name, sdk, output: [] };
  const onOutput = (line: string) => result.output.push(line);
  let step = "stack";
  try {
    // `newStack`: `stack init` only, the CLI found once per process, and what `up` and `destroy`
    // read afterwards taken from the backend's files (no `stack history` or `stack output` run).
    const stack = await newStack(
      dir,
      {
        // The keeper, not a passphrase: no key derivation per CLI process (secrets-keeper.ts).
        secretsProvider: KEEPER_PROVIDER_URL,
        envVars: {
          PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
          PULUMI_HOME: path.join(dir, "pulumi-home"),
          ...(await keeperEnv()),
          PULUMI_SKIP_UPDATE_CHECK: "true",
          PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
          PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
          // As `pulumi preview` runs a TypeScript program by default: type-checked by ts-node.
          PULUMI_NODEJS_TRANSPILE_ONLY: "",
          DNSIMPLE_TOKEN: "",
          DNSIMPLE_ACCOUNT: "",
          DNSIMPLE_BASE_URL: "",
        },
      },
      "shape",
    );
    await stack.setAllConfig({
      "dnsimple:token": { value: emulator.token, secret: true },
      "dnsimple:account": { value: "1" },
      "dnsimple:baseUrl": { value: emulator.v2Url },
    });
    step = "preview";
    result.preview = (await stack.preview({ onOutput })).changeSummary;
    // Type-checked once, above: the same program from here on, transpile-only.
    stack.workspace.envVars.PULUMI_NODEJS_TRANSPILE_ONLY = "true";
    step = "up";
    const up = await stack.up({ onOutput });
    result.up = up.summary.resourceChanges ?? {};
    result.outputs = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]));
    await between.afterUp?.();
    step = "preview after up";
    result.previewAfterUp = (await stack.preview({ onOutput })).changeSummary;
    step = "destroy";
    result.destroy = (await stack.destroy({ onOutput })).summary.resourceChanges ?? {};
  } catch (error) {
    result.error = `${step}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return result;
}
