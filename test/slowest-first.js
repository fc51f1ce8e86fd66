// Jest's test sequencer for the test command: with several workers, the files that take longest
// must start first, or the run ends with one worker alone on a long end-to-end file. Jest orders
// by the durations in its own cache, which a fresh clone does not have; this one falls back on
// the committed per-file timings (test/timings.json, written by scripts/test-timings.ts).
const { default: Sequencer } = require("@jest/test-sequencer");
const { existsSync, readFileSync } = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const REFERENCE = path.join(__dirname, "timings.json");

/** Seconds per file (relative path) in the reference, or {} without one. */
function referenceSeconds() {
  if (!existsSync(REFERENCE)) return {};
  return JSON.parse(readFileSync(REFERENCE, "utf8")).files ?? {};
}

class SlowestFirst extends Sequencer {
  sort(tests) {
    // Jest's order first (failed before, then its cached durations, then file size), kept for ties.
    const ordered = super.sort([...tests]);
    const reference = referenceSeconds();
    // Jest's cached durations are in milliseconds, the reference's in seconds.
    const seconds = (test) =>
      test.duration != null ? test.duration / 1000 : (reference[path.relative(ROOT, test.path)] ?? 0);
    return ordered
      .map((test, index) => ({ test, index, failed: this.hasFailed(test) }))
      .sort(
        (a, b) =>
          Number(b.failed) - Number(a.failed) || seconds(b.test) - seconds(a.test) || a.index - b.index,
      )
      .map((entry) => entry.test);
  }
}

module.exports = SlowestFirst;
