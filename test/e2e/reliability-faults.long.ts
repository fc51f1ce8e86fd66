/**
 * Longer suite (`npx jest --selectProjects e2e-long`): `pulumi up` of 104 mixed resources
 * with 30 % of API requests failing (429 with Retry-After, 502, dropped connections, 2 s latency)
 * converges in at most two ups with every declared object exactly once, and a second up and a
 * preview (faults still on) show no changes. Same scenario as `node dist/bench/reliability.js faults`.
 */
import { type FaultRun, runFaultScenario } from "./reliability-scenarios";

let run: FaultRun;

beforeAll(async () => {
  run = await runFaultScenario(104);
}, 900_000);

describe("up of 100+ resources with 30 % failing requests", () => {
  it("declares at least 100 resources", () => {
    expect(run.declared).toBeGreaterThanOrEqual(100);
  });

  it("injected faults", () => {
    expect(run.faultsInjected).toBeGreaterThan(10);
  });

  it("converges in at most two ups", () => {
    expect(run.ups.at(-1)?.code).toBe(0);
  });

  it("leaves every declared object exactly once and nothing else", () => {
    expect(run.census.missing).toEqual([]);
    expect(run.census.duplicates).toEqual([]);
    expect(run.census.extra).toEqual([]);
    expect(run.inState).toBe(run.declared);
  });

  it("shows no changes on a second up and a preview, faults still on", () => {
    expect(run.secondUpNoChanges).toBe(true);
    expect(run.previewNoChanges).toBe(true);
  });
});
