/**
 * Longer suite (`npx jest --selectProjects e2e-long`): the engine and every process it
 * started are killed (SIGKILL to its process group and to the dynamic provider) in the middle of an `up` of 100 mixed
 * resources, then recovered as a user would without reading any docs (`pulumi cancel`,
 * `pulumi refresh`, `pulumi up`; see `runCrashScenario`): every declared object
 * exists exactly once at the end. Same scenario as `node dist/bench/reliability.js crash`.
 */
import { type CrashRun, runCrashScenario } from "./reliability-scenarios";

let run: CrashRun;

beforeAll(async () => {
  // What a user does without reading any docs: `pulumi cancel`, `pulumi refresh`, `pulumi up`.
  run = await runCrashScenario(100, () => undefined, "naive");
}, 900_000);

describe("crash in the middle of an up of 100 resources", () => {
  it("killed the engine and the provider mid-run", () => {
    expect(run.postsAtKill).toBeGreaterThan(0);
    expect(run.otherProcessesKilled).toBeGreaterThanOrEqual(1);
    expect(run.inStateAtKill).toBeLessThan(run.declared);
  });

  it("recovers with every declared object exactly once", () => {
    expect(run.census.missing).toEqual([]);
    expect(run.census.duplicates).toEqual([]);
    expect(run.inState).toBe(run.declared);
    expect(run.finalNoChanges).toBe(true);
  });
});
