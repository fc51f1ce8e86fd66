/**
 * When gathered zone-record changes leave (issue 27), above the engine's default parallelism (at or
 * below it a step's change is sent alone at once: zone-records.test.ts): as soon as waiting longer
 * cannot make the batch bigger or would keep the engine waiting, and a gathering window only while
 * the engine is still handing steps. How steps in flight and the engine's parallelism are counted is tested in
 * framework/steps-in-flight.test.ts.
 */
import type { DnsimpleClient, ZoneRecordBatch, ZoneRecordInput } from "../client";
import { leavesAt, submitRecordOps, type Gathering } from "./zone-record-batcher";

/** Now, in ms since the epoch; the last change arrived 1 ms ago, the first 10 ms ago. */
const T = Date.parse("2026-11-26T10:00:00Z");
const at = (g: Partial<Gathering>): number =>
  leavesAt({
    now: T,
    firstAt: T - 10,
    lastAt: T - 1,
    gapMs: 3,
    gathered: 1,
    stepsInFlight: 8,
    parallelism: 8,
    ...g,
  });

describe("a batch of zone-record changes leaves", () => {
  it("at once when the engine runs all the steps it may and every one is in this process", () => {
    expect(at({})).toBe(T);
    expect(at({ gathered: 8 })).toBe(T);
    // A lone change at --parallel 1: the single request it always was, at once.
    expect(at({ stepsInFlight: 1, parallelism: 1, gapMs: 0 })).toBe(T);
  });

  it("at once when every step the engine may run is in this process, not before", () => {
    // All eight slots: gathered here, or elsewhere (a batch of 4 being sent).
    expect(at({ gathered: 4, stepsInFlight: 8 })).toBe(T);
    expect(at({ gathered: 64, stepsInFlight: 64, parallelism: 64 })).toBe(T);
    // One slot short: the engine may still hand a step that joins this batch.
    expect(at({ gathered: 7, stepsInFlight: 7 })).toBe(T - 1 + 250);
    expect(at({ gathered: 4, stepsInFlight: 7 })).toBe(T - 1 + 250);
    expect(at({ gathered: 63, stepsInFlight: 63, parallelism: 64 })).toBe(T - 1 + 250);
    // Half of the slots (the rule before) is not enough: 32 at --parallel 64 keep gathering.
    expect(at({ gathered: 32, stepsInFlight: 32, parallelism: 64 })).toBe(T - 1 + 250);
    expect(at({ gathered: 16, stepsInFlight: 48, parallelism: 64 })).toBe(T - 1 + 250);
    // Counts that disagree (changes gathered whose steps were not counted): the larger decides.
    expect(at({ gathered: 8, stepsInFlight: 3 })).toBe(T);
  });

  it("otherwise after three usual gaps without a new step (250 ms to 1 s)", () => {
    expect(at({ gathered: 20, stepsInFlight: 20, parallelism: 64, gapMs: 140 })).toBe(T - 1 + 420);
    expect(at({ gathered: 2, stepsInFlight: 2, gapMs: 0 })).toBe(T - 1 + 250);
    expect(at({ gathered: 2, stepsInFlight: 2, gapMs: 84 })).toBe(T - 1 + 252);
    expect(at({ gathered: 2, stepsInFlight: 2, gapMs: 900 })).toBe(T - 1 + 1000);
  });

  it("after a quiet window of four usual gaps (100 ms to 1 s) when the changes are not engine steps", () => {
    const direct = { stepsInFlight: 0, parallelism: 0 };
    expect(at({ ...direct, gathered: 50, gapMs: 30 })).toBe(T - 1 + 120);
    expect(at({ ...direct, gathered: 50, gapMs: 3 })).toBe(T - 1 + 100);
    expect(at({ ...direct, gathered: 50, gapMs: 900 })).toBe(T - 1 + 1000);
  });

  it("never later than 30 s after its first change", () => {
    const first = T - 30_000 + 20;
    expect(at({ firstAt: first, stepsInFlight: 0, parallelism: 0, gapMs: 900 })).toBe(T + 20);
    expect(at({ firstAt: first, gathered: 2, stepsInFlight: 2, gapMs: 400 })).toBe(T + 20);
    expect(at({ firstAt: first + 300, gathered: 2, stepsInFlight: 2, gapMs: 1 })).toBe(T - 1 + 250);
    // Long overdue: as soon as it is looked at, whatever the engine does.
    expect(at({ firstAt: T - 40_000, stepsInFlight: 8 })).toBe(T - 40_000 + 30_000);
  });
});

describe("coalescing", () => {
  it("is on until a setting turns it off", async () => {
    const sent: string[] = [];
    const record = (input: ZoneRecordInput, id: number) => ({ ...input, id });
    const client = {
      transport: { serviceTime: () => new Date() },
      zones: {
        records: {
          create: async (_account: string, _zone: string, input: ZoneRecordInput) => {
            sent.push(`create ${input.name}`);
            return record(input, 1);
          },
          batch: async (_account: string, _zone: string, body: ZoneRecordBatch) => {
            sent.push(`batch ${(body.creates ?? []).map((c) => c.name).join(",")}`);
            return { creates: (body.creates ?? []).map((c, i) => record(c, i + 1)), updates: [] };
          },
        },
      },
    } as unknown as DnsimpleClient;
    const create = (name: string) => ({
      kind: "create" as const,
      input: { name, type: "A", content: "192.0.2.1", ttl: 3600 },
    });
    const results = await submitRecordOps(client, "1", "example.com", [create("a"), create("b")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(sent).toEqual(["batch a,b"]);
  });
});
