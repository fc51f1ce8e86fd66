import { fileSeconds, parseStages, slowerThanBefore, slowest, totals, type JestReport } from "./test-timings";

const report = (files: Record<string, [number, number]>, counts: Partial<JestReport> = {}): JestReport => ({
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numRuntimeErrorTestSuites: 0,
  ...counts,
  testResults: Object.entries(files).map(([name, [startTime, endTime]]) => ({ name, startTime, endTime })),
});

describe("the test command's timings", () => {
  it("gives each file its seconds, relative to the repository", () => {
    const files = fileSeconds(
      [report({ "/repo/test/a.test.ts": [1000, 4250] }), report({ "/repo/test/e2e/b.test.ts": [0, 61_040] })],
      "/repo",
    );
    expect(files).toEqual({ "test/a.test.ts": 3.3, "test/e2e/b.test.ts": 61 });
  });

  it("lists the slowest files first, at most as many as asked", () => {
    const files = { a: 1, b: 9, c: 5, d: 7 };
    expect(slowest(files, 3)).toEqual([
      ["b", 9],
      ["d", 7],
      ["c", 5],
    ]);
  });

  it("names a file more than 30 % and a second slower than before, and no other", () => {
    const before = { grew: 10, noisy: 1, steady: 20, gone: 5 };
    const now = { grew: 13.5, noisy: 1.9, steady: 25, fresh: 40 };
    expect(slowerThanBefore(now, before)).toEqual([{ file: "grew", before: 10, now: 13.5 }]);
  });

  it("counts a suite that could not run as a failure", () => {
    const counts = totals([
      report({}, { numPassedTests: 5, numPendingTests: 1 }),
      report({}, { numFailedTests: 1, numRuntimeErrorTestSuites: 1 }),
    ]);
    expect(counts).toEqual({ passed: 5, failed: 2, skipped: 1 });
  });

  it("reads the stages the test command wrote, skipping lines that are not `name<TAB>seconds`", () => {
    expect(parseStages("lint\t12.5\nbroken line\ne2e\t300\n")).toEqual({ lint: 12.5, e2e: 300 });
  });
});
