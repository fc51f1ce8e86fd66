/**
 * Longer suite (run with `npx jest -c test/e2e/jest.long.config.js`): every row of the bad-input
 * table in its own `pulumi preview` against the emulator (three stacks in parallel). Each fails
 * with a diagnostic naming the property; the emulator's request log stays empty throughout.
 */
import { BAD_INPUTS, engineNamesProperty, previewEachRow, type PreviewOutcome } from "./bad-inputs";
import { spawnEmulator, type EmulatorProcess } from "./reliability-lib";

const TOKEN = "e2e-bad-input-long-token-0c4e";
let emulator: EmulatorProcess;
let outcomes: PreviewOutcome[] = [];

beforeAll(async () => {
  emulator = await spawnEmulator({ token: TOKEN });
  await emulator.clearRequests();
  outcomes = await previewEachRow(emulator, TOKEN, BAD_INPUTS, 3);
}, 900_000);

afterAll(async () => {
  await emulator?.close();
});

describe("pulumi preview rejects every bad input before any API call", () => {
  it.each(BAD_INPUTS.map((r, i) => [i, r.kind, r.property, r.why] as const))(
    "%#: %s %s (%s)",
    (index, _kind, property) => {
      const outcome = outcomes[index]!;
      expect(outcome.code).not.toBe(0);
      if (!engineNamesProperty(outcome.text, outcome.name, property)) {
        throw new Error(`the preview does not name property ${property}:\n${outcome.text}`);
      }
      expect(outcome.callsSoFar).toBe(0);
    },
  );

  it("made no API call in any preview", async () => {
    expect(await emulator.requests()).toEqual([]);
  });
});
