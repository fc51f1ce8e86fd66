/**
 * A provider process ended with a signal, as the engine ends them, still leaves its compiled code
 * in Node's compile cache (provider/framework/compiled-code.ts): the next provider
 * process of the machine loads it instead of compiling the Pulumi SDK, the client and the kinds
 * again.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

const COMPILED_CODE = path.join(__dirname, "../../provider/framework/compiled-code.ts");
const V8_FLAGS_FIRST = path.join(__dirname, "../../scripts/lib/v8-flags-first.js");
/** The module of the Pulumi SDK that turns a V8 flag on when it loads. */
const SDK_FLAG_SETTER = require.resolve("@pulumi/pulumi/runtime/closure/v8");

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "compiled-code-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Files under `folder`, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/**
 * Runs a process with the compile cache on or off that loads a module of its own once its entry
 * has run (as a provider process loads the kinds at the engine's first call), calls
 * `saveCompiledCodeSoon` when `save` says so, and is then killed with SIGKILL from outside, as the
 * engine ends a provider. Returns the files the process left in the cache folder.
 */
async function processKilledAfterLoading(save: boolean, cache: "on" | "off"): Promise<string[]> {
  const module = path.join(dir, "loaded.js");
  writeFileSync(module, "module.exports = (a, b) => a + b;\n");
  const script = [
    `const { saveCompiledCodeSoon } = require(${JSON.stringify(COMPILED_CODE)});`,
    "setTimeout(() => {",
    `  require(${JSON.stringify(module)});`,
    save ? "  saveCompiledCodeSoon(); saveCompiledCodeSoon();" : "",
    "  setTimeout(() => console.log('loaded'), 100);",
    "}, 50);",
    "setInterval(() => {}, 1000);",
  ].join("\n");
  const cacheDir = path.join(dir, "cache");
  const { NODE_COMPILE_CACHE: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], {
    env: { ...env, ...(cache === "on" ? { NODE_COMPILE_CACHE: cacheDir } : {}) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ended = once(child, "exit");
  await once(child.stdout, "data");
  child.kill("SIGKILL");
  expect((await ended)[1]).toBe("SIGKILL");
  return filesUnder(dir).filter((name) => name !== "loaded.js");
}

describe("the compiled code of a provider process ended with a signal", () => {
  it("is in the compile cache when the provider saved it", async () => {
    expect((await processKilledAfterLoading(true, "on")).length).toBeGreaterThan(0);
  });

  it("is lost without it (what the provider works around)", async () => {
    expect(await processKilledAfterLoading(false, "on")).toEqual([]);
  });

  it("is not written anywhere when the compile cache is off", async () => {
    expect(await processKilledAfterLoading(true, "off")).toEqual([]);
  });
});

/**
 * Two processes with the same compile cache, as a provider process and a program load the Pulumi
 * SDK: the first loads a module and then the SDK's flag-setting module, the second the other way
 * round. Returns the modules whose cached code the second process refused (Node's own debug log).
 */
function refusedByTheSecondProcess(preload: boolean): string[] {
  const module = path.join(dir, "loaded.js");
  writeFileSync(module, "module.exports = (a, b) => a * b;\n");
  const { NODE_COMPILE_CACHE: _cache, NODE_OPTIONS: _options, ...env } = process.env;
  const run = (order: string[]) =>
    spawnSync(
      process.execPath,
      [
        ...(preload ? ["--require", V8_FLAGS_FIRST] : []),
        "-e",
        `${order.map((m) => `require(${JSON.stringify(m)});`).join(" ")} require("node:module").flushCompileCache();`,
      ],
      {
        env: { ...env, NODE_COMPILE_CACHE: path.join(dir, "cache"), NODE_DEBUG_NATIVE: "COMPILE_CACHE" },
        encoding: "utf8",
      },
    );
  expect(run([module, SDK_FLAG_SETTER]).status).toBe(0);
  const second = run([SDK_FLAG_SETTER, module]);
  expect(second.status).toBe(0);
  return [...second.stderr.matchAll(/cache for (\S+) was rejected/g)].map((m) => m[1]!);
}

describe("cached code of processes that load the Pulumi SDK in different orders", () => {
  it("is refused by V8 without the preload: the SDK turns a V8 flag on while it loads", () => {
    expect(refusedByTheSecondProcess(false)).toContain(path.join(dir, "loaded.js"));
  });

  it("is used with the preload that scripts/test gives every process (scripts/lib/v8-flags-first.js)", () => {
    expect(refusedByTheSecondProcess(true)).toEqual([]);
  });
});
