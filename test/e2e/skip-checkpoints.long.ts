/**
 * Longer suite (`npx jest --selectProjects e2e-long`), issue 58: with `PULUMI_SKIP_CHECKPOINTS=true`
 * the engine saves the state once, at the end. An `up` of 40 `ZoneRecord`s killed with SIGKILL
 * halfway leaves its records in the service and none in the state; the next `up` takes over
 * exactly those (the create journal's proof), no duplicate, no `adopt` asked for, never one of the
 * hand-made records (five of them identical to declared ones); `destroy` then leaves nothing of the
 * stack's. The five 300-record kills are bench/skip-checkpoints.ts.
 */
import { type KillRecoveryRun, runKillRecovery } from "./skip-checkpoints-scenario";

let run: KillRecoveryRun;

beforeAll(async () => {
  const lines: string[] = [];
  run = await runKillRecovery(40, 20, (line) => lines.push(line));
  console.log(lines.join("\n"));
}, 600_000);

describe("an up with PULUMI_SKIP_CHECKPOINTS killed halfway", () => {
  it("left records in the service that the state does not hold", () => {
    expect(run.recordsAtKill).toBeGreaterThan(0);
    expect(run.inStateAtKill).toBe(0);
    // Every create that reached the service is named in the journal (some answers were lost).
    expect(run.journalAtKill).toBeGreaterThanOrEqual(run.recordsAtKill);
  });

  it("is followed by an up that takes over exactly what the killed run made", () => {
    expect(run.recoveryExit).toBe(0);
    expect(run.adoptDemanded).toBe(0);
    expect({ duplicates: run.duplicates, missing: run.missing, extra: run.extra }).toEqual({
      duplicates: [],
      missing: [],
      extra: [],
    });
    expect(run.inState).toBe(run.declared);
    expect(run.recoveryNoChanges).toBe(true);
  });

  it("never touches a hand-made record, and destroy leaves nothing of the stack's", () => {
    expect(run.handMadeTouched).toEqual([]);
    expect(run.destroyExit).toBe(0);
    expect(run.leftAfterDestroy).toBe(0);
  });
});
