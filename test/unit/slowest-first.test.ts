import * as path from "node:path";

// The sequencer is plain CommonJS (jest loads it before any transform).
const SlowestFirst = require("../slowest-first");

const ROOT = path.resolve(__dirname, "../..");
const reference = require("../timings.json").files as Record<string, number>;

/** A jest `Test` as the sequencer sees it (its cache is replaced in each test). */
function testAt(file: string): any {
  return {
    path: path.join(ROOT, file),
    duration: undefined,
    context: { config: { cacheDirectory: "/nonexistent", name: "x" }, hasteFS: { getSize: () => 0 } },
  };
}

describe("the slowest-first test sequencer", () => {
  it("starts the files that took longest in test/timings.json first", () => {
    const byTime = Object.entries(reference).sort((a, b) => b[1] - a[1]);
    const [slow, , middle] = byTime;
    const fast = byTime[byTime.length - 1]!;
    const sequencer = new SlowestFirst();
    sequencer._getCache = () => ({});
    const order = sequencer.sort([testAt(fast[0]), testAt(middle![0]), testAt(slow![0])]);
    expect(order.map((t: any) => path.relative(ROOT, t.path))).toEqual([slow![0], middle![0], fast[0]]);
  });

  it("puts a file jest saw fail first, whatever its time", () => {
    const [slow] = Object.entries(reference).sort((a, b) => b[1] - a[1]);
    const failing = "test/unit/never-timed.test.ts";
    const sequencer = new SlowestFirst();
    // Jest's cache entry of a file: [0 = failed, milliseconds].
    sequencer._getCache = (test: any) => (test.path.endsWith(failing) ? { [test.path]: [0, 10] } : {});
    const order = sequencer.sort([testAt(slow![0]), testAt(failing)]);
    expect(path.relative(ROOT, order[0].path)).toBe(failing);
  });
});
