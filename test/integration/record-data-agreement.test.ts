/**
 * The provider's `check` and the emulator (over HTTP, in process) give the same verdict on record
 * data: the corpus and generated cases. Every disagreement is listed with its reason in
 * KNOWN_DISAGREEMENTS; a new one, or a listed one that no longer disagrees, fails.
 */
import { configureRuntime, resetRuntime } from "../../provider/framework/runtime";
import { useEmulator, v2 } from "../emulator/helpers";
import {
  KNOWN_DISAGREEMENTS,
  emulatorAccepts,
  generatedCases,
  keyOf,
  providerAccepts,
  zoneOf,
} from "../record-data/agreement";
import { CORPUS } from "../record-data/corpus";
import { stackConfig } from "../stack-config";

describe("record data: provider and emulator", () => {
  const emu = useEmulator();
  // Checks only, with no token: the check of credentials is off, as in an offline preview.
  beforeAll(() => configureRuntime(stackConfig({ account: "1", verifyCredentials: "false" })));
  afterAll(() => resetRuntime());

  it("agree on the corpus and the generated cases, except where listed with a reason", async () => {
    const c = v2(emu());
    const cases = [...CORPUS, ...generatedCases()];
    for (const zone of new Set(cases.map(zoneOf))) {
      const res = await c.post("/1/domains", { name: zone });
      expect(res.status).toBe(201);
    }
    const differ: Array<{ key: string; provider: boolean; emulator: boolean }> = [];
    for (const k of cases) {
      const provider = await providerAccepts(k);
      const emulator = await emulatorAccepts(c.post, c.del, k);
      // A case valid by construction that either side refuses is a bug of that side.
      if (k.source.startsWith("generated"))
        expect({ key: keyOf(k), provider }).toEqual({ key: keyOf(k), provider: k.valid });
      if (provider !== emulator) differ.push({ key: keyOf(k), provider, emulator });
    }
    const unexplained = differ.filter((d) => KNOWN_DISAGREEMENTS[d.key] === undefined);
    expect(unexplained).toEqual([]);
    const stale = Object.keys(KNOWN_DISAGREEMENTS).filter((key) => !differ.some((d) => d.key === key));
    expect(stale).toEqual([]);
    // The emulator is never stricter than the provider: it follows the service.
    expect(differ.filter((d) => !d.emulator && d.provider)).toEqual([]);
    // About 725 requests in process: a few seconds, more on a busy machine (a limit, not a measure).
  }, 120_000);
});
