/**
 * `pulumi-dnsimple-dynamic/fast-start` (sdk/nodejs/fast-start.ts), preloaded as a user's NODE_OPTIONS
 * would: the process compiles with the Pulumi SDK's V8 flag already on and with Node's compile
 * cache on, in NODE_COMPILE_CACHE when set, else Node's default folder.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

const FAST_START = path.join(__dirname, "fast-start.ts");

/** What a process sees, preloaded with fast-start or not: the flag's effect and the cache folder. */
function preloaded(
  env: NodeJS.ProcessEnv,
  withFastStart = true,
): { nativesSyntax: boolean; cacheDir: string | null } {
  const probe = [
    // `%IsSmi(1)` parses only with --allow-natives-syntax.
    "let nativesSyntax = false; try { nativesSyntax = new Function('return %IsSmi(1)')() === true } catch {}",
    "const cacheDir = require('node:module').getCompileCacheDir() ?? null;",
    "console.log(JSON.stringify({ nativesSyntax, cacheDir }));",
  ].join("\n");
  const { NODE_OPTIONS: _options, NODE_COMPILE_CACHE: _cache, ...rest } = process.env;
  const out = execFileSync(
    process.execPath,
    [...(withFastStart ? ["-r", "ts-node/register/transpile-only", "-r", FAST_START] : []), "-e", probe],
    { env: { ...rest, ...env }, encoding: "utf8" },
  );
  return JSON.parse(out.trim().split("\n").pop()!);
}

describe("fast-start, preloaded into a process", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "fast-start-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("turns the Pulumi SDK's V8 flag on and the compile cache on, in NODE_COMPILE_CACHE", () => {
    const cache = path.join(dir, "cache");
    const seen = preloaded({ NODE_COMPILE_CACHE: cache });
    expect(seen).toEqual({ nativesSyntax: true, cacheDir: expect.stringContaining(cache) });
    expect(readdirSync(cache).length).toBeGreaterThan(0); // what the process compiled, saved at exit
  });

  it("uses Node's default folder when NODE_COMPILE_CACHE is not set", () => {
    const seen = preloaded({});
    expect(seen.nativesSyntax).toBe(true);
    expect(seen.cacheDir).toContain("node-compile-cache");
  });

  it("without it, neither is on (what the figures compare against)", () => {
    expect(preloaded({}, false)).toEqual({ nativesSyntax: false, cacheDir: null });
  });
});
