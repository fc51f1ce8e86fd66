/**
 * Bad inputs never reach the API. Every row of the table (test/e2e/bad-inputs.ts) through each
 * kind's `check` directly names the property; through the engine, `pulumi preview` fails with a
 * diagnostic naming the property and the emulator's request log stays empty. The engine stops a
 * preview at the first failure, so each row needs its own preview (about 4 s): this file previews
 * the first row of every kind; every other row through the engine is bench/bad-input.ts and the live
 * suite's test/live/bad-input-engine.live.ts.
 */
// The table's checks run in this process with no service to ask: the credentials check (tested
// in bad-settings-preview.test.ts) is off here, as in the unit project.
process.env.DNSIMPLE_VERIFY_CREDENTIALS = "false";
import { resourceKinds } from "../../provider/kinds";
import { providerFor } from "../../provider/dynamic";
import { failurePath } from "../../provider/framework/validation";
import {
  BAD_INPUTS,
  KNOWN_GAPS,
  VALID,
  engineNamesProperty,
  isFirstOfItsKind,
  openPreviewTarget,
  previewEachRow,
  type PreviewOutcome,
  type PreviewTarget,
} from "./bad-inputs";

const TOKEN = "e2e-bad-input-token-6b1d";
let target: PreviewTarget;
const outcomes: PreviewOutcome[] = [];

const rows = BAD_INPUTS.map((row, index) => ({ ...row, index }));
const title = "%#: %s %s (%s)";

describe("the bad-input table", () => {
  it("has at least 40 rows covering every resource kind", () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(40);
    expect([...new Set(BAD_INPUTS.map((r) => r.kind))].sort()).toEqual([...resourceKinds].sort());
  });

  it.each(Object.entries(VALID))("the valid base arguments of %s pass check", async (kind, args) => {
    expect((await providerFor(kind).check!({}, args)).failures).toEqual([]);
  });
});

describe("check rejects each bad input, naming the property", () => {
  it.each(rows.map((r) => [r.kind, r.property, r.why, r] as const))(
    title,
    async (kind, property, _why, row) => {
      const { failures } = await providerFor(kind).check!({}, row.args);
      // As the engine is given it: inside an input, the path leads the reason (engineFailures).
      expect(failures?.map(failurePath)).toContain(property);
      // A wrong value is not a missing one: the reason must say what is wrong.
      if (row.args[property] !== undefined) {
        for (const f of failures ?? [])
          if (f.property === property) expect(f.reason).not.toMatch(/is required/);
      }
    },
  );
});

/** The first row of each kind: enough to prove the engine path for every kind in the normal suite. */
const engineRows = rows.filter((_r, i) => isFirstOfItsKind(BAD_INPUTS, i));

describe("pulumi preview rejects each bad input before any API call", () => {
  beforeAll(async () => {
    target = await openPreviewTarget(TOKEN);
    const previewed = await previewEachRow(target, engineRows);
    engineRows.forEach((r, i) => (outcomes[r.index] = previewed[i]!));
  }, 900_000);

  afterAll(async () => {
    await target?.close();
  });

  it.each(engineRows.map((r) => [r.kind, r.property, r.why, r] as const))(
    title,
    (_kind, property, _why, row) => {
      const outcome = outcomes[row.index]!;
      expect(outcome.code).not.toBe(0);
      if (!engineNamesProperty(outcome.text, outcome.name, property)) {
        throw new Error(`the preview does not name property ${property}:\n${outcome.text}`);
      }
      expect(outcome.requestsLogged).toBe(0);
      // Cumulative across all previews so far (the emulator's log, where there is one): zero
      // means this one made no call either.
      if (target.requests) expect(outcome.callsSoFar).toBe(0);
    },
  );

  it("made no API call in any preview", async () => {
    expect(outcomes.filter(Boolean).reduce((n, o) => n + o.requestsLogged, 0)).toBe(0);
    if (target.requests) expect(await target.requests()).toEqual([]);
  });
});

describe("known gaps", () => {
  it("has none: every bad input above fails in check", () => {
    expect(KNOWN_GAPS).toEqual([]);
  });
});
