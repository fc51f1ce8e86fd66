/**
 * Tests that read `../shared/reference` (the real service's OpenAPI and recorded responses) run
 * only when it sits beside the checkout. Without it they are skipped with a message naming what
 * they need, so a clone of the project alone passes its tests; with `CI=true` (CI always has
 * it) a missing folder fails instead of skipping.
 *
 * @example
 *   describeWithSharedReference("recorded responses", ["data/dnsimple-developer"], (ref) => {
 *     it("parse", () => expect(fs.readdirSync(ref.dataDir).length).toBeGreaterThan(0));
 *   });
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The repository root: the nearest folder above this file with a package.json (sources or `dist/`). */
export const REPO_ROOT = ((): string => {
  let dir = path.resolve(__dirname, "..");
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/** Where the shared reference folder is looked for. */
export interface SharedReference {
  /** `../shared/reference` beside the repository (or `SHARED_REFERENCE_DATA/..`). */
  dir: string;
  /** Its `data/` folder: the OpenAPI description and the recorded responses. */
  dataDir: string;
  /** The current OpenAPI description of API v2. */
  openapiFile: string;
}

/** The reference folder's location; `SHARED_REFERENCE_DATA` overrides the `data/` folder. */
export function sharedReference(repoRoot = REPO_ROOT): SharedReference {
  const dataDir = process.env["SHARED_REFERENCE_DATA"] ?? path.join(repoRoot, "../shared/reference/data");
  return {
    dir: path.dirname(dataDir),
    dataDir,
    openapiFile: path.join(dataDir, "dnsimple-developer/content/v2/openapi.yml"),
  };
}

/** The paths (relative to the reference folder) that are missing; empty when all are there. */
export function missingSharedFiles(needs: string[], ref = sharedReference()): string[] {
  return needs.filter((rel) => !fs.existsSync(path.join(ref.dir, rel)));
}

/** True when CI runs the tests (`CI=true`): a missing reference folder is then a failure. */
export function inCi(): boolean {
  return process.env["CI"] === "true";
}

// Jest's globals, reached through globalThis so that the benchmarks, which are built without
// Jest's types, can import the locations above from this same file.
interface JestGlobals {
  describe(name: string, fn: () => void): void;
  it: ((name: string, fn: () => void) => void) & { skip(name: string, fn: () => void): void };
  expect(value: unknown): { toEqual(expected: unknown): void };
}

/**
 * `describe(title, body)` when every path in `needs` (relative to the reference folder) exists.
 * Otherwise one test that names what is missing: skipped (and announced on stderr) outside CI,
 * failing under `CI=true`.
 */
export function describeWithSharedReference(
  title: string,
  needs: string[],
  body: (ref: SharedReference) => void,
): void {
  const { describe, it, expect } = globalThis as unknown as JestGlobals;
  const ref = sharedReference();
  const missing = missingSharedFiles(needs, ref);
  if (missing.length === 0) {
    describe(title, () => body(ref));
    return;
  }
  const what = missing.map((m) => path.join("../shared/reference", m)).join(", ");
  const name = `needs ${what} beside the checkout (set SHARED_REFERENCE_DATA to its data folder)`;
  const check = (): void => {
    expect(missingSharedFiles(needs, ref)).toEqual([]);
  };
  describe(title, () => {
    if (inCi()) {
      it(name, check);
    } else {
      process.stderr.write(`skipped "${title}": it ${name}; with CI=true this fails\n`);
      it.skip(name, check);
    }
  });
}
