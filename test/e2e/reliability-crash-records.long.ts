/**
 * Longer suite (`npx jest --selectProjects e2e-long`): the engine and the provider are
 * killed while a `ZoneRecords` resource's batch request is in flight; the emulator completes the
 * batch after the caller is gone (a lost answer mid-batch). Recovered as a user would without
 * reading any docs (`pulumi cancel`, `pulumi refresh`, `pulumi up`): every declared record exists
 * exactly once, and the resource owns all of them.
 */
import { runZoneRecordsCrashScenario, type ZoneRecordsCrashRun } from "./reliability-scenarios";

let run: ZoneRecordsCrashRun;

beforeAll(async () => {
  const lines: string[] = [];
  run = await runZoneRecordsCrashScenario(300, (line) => lines.push(line));
  // What happened, for whoever reads a failure.
  console.log([...lines, ...run.steps.map((s) => `${s.command}: ${s.code}\n${s.summary}`)].join("\n"));
}, 900_000);

describe("crash while a ZoneRecords batch is in flight", () => {
  it("killed the engine after the batch reached the service, which then made the records", () => {
    expect(run.batchesAtKill).toBeGreaterThanOrEqual(1);
    expect(run.recordsAtKill).toBe(run.declared);
  });

  it("recovers with every declared record exactly once, all owned by the resource", () => {
    expect(run.missing).toEqual([]);
    expect(run.duplicates).toEqual([]);
    expect(run.managedInState).toBe(run.declared);
    expect(run.finalNoChanges).toBe(true);
  });
});
