/**
 * Live suite (scripts/test-live: a real account, else an emulator of its own): every row of the
 * bad-input table that bad-input.test.ts does not preview (it takes the first of each kind), each
 * in its own `pulumi preview` (three stacks in parallel). Each fails with a diagnostic naming the
 * property, and no request is sent. Not part of the test command: there bad-input.test.ts puts
 * every row through each kind's `check` (what the engine calls) and the first row of every kind
 * through the engine, which proves how the engine prints a failure for each kind; every row
 * through the engine is bench/bad-input.ts (79 more previews, about six minutes here).
 */
import {
  BAD_INPUTS,
  engineNamesProperty,
  isFirstOfItsKind,
  openPreviewTarget,
  previewEachRow,
  type PreviewOutcome,
  type PreviewTarget,
} from "../e2e/bad-inputs";

const TOKEN = "e2e-bad-input-long-token-0c4e";
let target: PreviewTarget;
let outcomes: PreviewOutcome[] = [];
/** The rows bad-input.test.ts does not preview (it takes the first of each kind). */
const rows = BAD_INPUTS.map((row, index) => ({ row, index })).filter(
  ({ index }) => !isFirstOfItsKind(BAD_INPUTS, index),
);

beforeAll(async () => {
  target = await openPreviewTarget(TOKEN);
  outcomes = await previewEachRow(
    target,
    rows.map(({ row }) => row),
    3,
  );
}, 900_000);

afterAll(async () => {
  await target?.close();
});

describe("pulumi preview rejects every bad input before any API call", () => {
  it("previews every row the normal suite does not", () => {
    expect(rows.length + new Set(BAD_INPUTS.map((r) => r.kind)).size).toBe(BAD_INPUTS.length);
    expect(outcomes).toHaveLength(rows.length);
  });

  it.each(
    rows.map(({ row, index }, position) => [index, row.kind, row.property, row.why, position] as const),
  )("%i: %s %s (%s)", (_index, _kind, property, _why, position) => {
    const outcome = outcomes[position]!;
    expect(outcome.code).not.toBe(0);
    if (!engineNamesProperty(outcome.text, outcome.name, property)) {
      throw new Error(`the preview does not name property ${property}:\n${outcome.text}`);
    }
    expect(outcome.requestsLogged).toBe(0);
    if (target.requests) expect(outcome.callsSoFar).toBe(0);
  });

  it("made no API call in any preview", async () => {
    expect(outcomes.filter(Boolean).reduce((n, o) => n + o.requestsLogged, 0)).toBe(0);
    if (target.requests) expect(await target.requests()).toEqual([]);
  });
});
