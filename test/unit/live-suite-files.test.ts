/**
 * The live suite's choice of end-to-end files (test/live/e2e-files.json): every file of
 * test/e2e is either run live or listed with the reason it needs the emulator, never both, and
 * a file run live talks to its target through test/live/target.ts, not to an emulator it starts
 * itself or to the admin surface.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "../..");
const lists = JSON.parse(readFileSync(path.join(ROOT, "test/live/e2e-files.json"), "utf8")) as {
  runLive: string[];
  needTheEmulator: Record<string, string>;
};
const e2eFiles = readdirSync(path.join(ROOT, "test/e2e"))
  .filter((f) => f.endsWith(".test.ts") || f.endsWith(".long.ts"))
  .map((f) => `test/e2e/${f}`)
  .sort();

describe("the live suite's end-to-end files", () => {
  it("names every end-to-end file once: run live, or why it needs the emulator", () => {
    const named = [...lists.runLive, ...Object.keys(lists.needTheEmulator)];
    expect([...named].sort()).toEqual(e2eFiles);
    expect(new Set(named).size).toBe(named.length);
  });

  it("gives a reason for every file it does not run live", () => {
    for (const [file, why] of Object.entries(lists.needTheEmulator))
      expect({ file, why: why.length > 20 }).toEqual({ file, why: true });
  });

  it.each(lists.runLive)("%s reaches its target through test/live/target.ts only", (file) => {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    // What a live file may not do: start its own emulator or reach the admin surface.
    expect(source).not.toMatch(/startEmulator|spawnEmulator|emulatorAdmin|\badmin\(|__admin/);
    expect(source).toMatch(/from "\.\.\/live\/target"|openPreviewTarget/);
  });
});
