/**
 * When gathered zone-record changes leave (issue 27): as soon as waiting longer cannot make the
 * batch bigger, and a gathering window only while the engine is still handing steps.
 */
import { leavesAt, type Gathering } from "./zone-record-batcher";
import {
  mostStepsInFlight,
  onStepAnswered,
  resetStepsInFlight,
  stepStarted,
  stepsInFlight,
} from "./framework/steps-in-flight";

/** Now, in ms since the epoch; the last change arrived 1 ms ago, the first 10 ms ago. */
const T = Date.parse("2026-11-26T10:00:00Z");
const at = (g: Partial<Gathering>): number =>
  leavesAt({
    now: T,
    firstAt: T - 10,
    lastAt: T - 1,
    gapMs: 3,
    stepsInFlight: 8,
    stepsWaiting: 8,
    mostStepsInFlight: 8,
    ...g,
  });

describe("a batch of zone-record changes leaves", () => {
  it("at once when every step in flight waits in it and as many are in flight as ever were", () => {
    expect(at({})).toBe(T);
    // A lone change with nothing else in flight: the single request it always was, at once.
    expect(at({ stepsInFlight: 1, stepsWaiting: 1, mostStepsInFlight: 1, gapMs: 0 })).toBe(T);
  });

  it("after three usual gaps when every step waits but the engine may still hand more", () => {
    expect(at({ stepsInFlight: 5, stepsWaiting: 5 })).toBe(T - 1 + 9);
    // The wait stays between 2 and 50 ms whatever the pace.
    expect(at({ stepsInFlight: 5, stepsWaiting: 5, gapMs: 0 })).toBe(T - 1 + 2);
    expect(at({ stepsInFlight: 5, stepsWaiting: 5, gapMs: 400 })).toBe(T - 1 + 50);
  });

  it("after a quiet window of four usual gaps (100 ms to 1 s) while some step in flight has not arrived", () => {
    expect(at({ stepsWaiting: 7, gapMs: 30 })).toBe(T - 1 + 120);
    expect(at({ stepsWaiting: 7, gapMs: 3 })).toBe(T - 1 + 100);
    expect(at({ stepsWaiting: 7, gapMs: 900 })).toBe(T - 1 + 1_000);
    // Changes that are not part of an engine step (a direct call) wait the same window.
    expect(at({ stepsInFlight: 0, stepsWaiting: 0, mostStepsInFlight: 0 })).toBe(T - 1 + 100);
  });

  it("never later than 30 s after its first change, and at once when told nothing more joins", () => {
    const first = T - 30_000 + 20;
    expect(at({ firstAt: first, stepsWaiting: 7, gapMs: 900 })).toBe(T + 20);
    expect(at({ firstAt: first, stepsInFlight: 5, stepsWaiting: 5, gapMs: 400 })).toBe(T + 20);
    expect(at({ firstAt: first, stepsInFlight: 5, stepsWaiting: 5, gapMs: 1 })).toBe(T - 1 + 3);
    // A set of records (ZoneRecords) marks its changes as first at 0: nothing more will join.
    expect(at({ firstAt: 0, stepsInFlight: 0, stepsWaiting: 0 })).toBeLessThan(T);
  });
});

describe("the engine's steps in flight", () => {
  beforeEach(() => resetStepsInFlight());

  it("are counted per kind from start to answer, with the most ever at once", () => {
    const answers = [stepStarted("ZoneRecord"), stepStarted("ZoneRecord"), stepStarted("Domain")];
    expect([stepsInFlight("ZoneRecord"), stepsInFlight("Domain"), stepsInFlight("Contact")]).toEqual([
      2, 1, 0,
    ]);
    answers[0]!();
    answers[0]!(); // a second call counts nothing
    expect(stepsInFlight("ZoneRecord")).toBe(1);
    expect(mostStepsInFlight("ZoneRecord")).toBe(2);
    stepStarted("ZoneRecord");
    expect([stepsInFlight("ZoneRecord"), mostStepsInFlight("ZoneRecord")]).toEqual([2, 2]);
  });

  it("tell their listeners each time one is answered, until they stop listening", () => {
    const heard: number[] = [];
    const stop = onStepAnswered(() => heard.push(stepsInFlight("ZoneRecord")));
    const first = stepStarted("ZoneRecord");
    const second = stepStarted("ZoneRecord");
    first();
    stop();
    second();
    expect(heard).toEqual([1]);
  });
});
