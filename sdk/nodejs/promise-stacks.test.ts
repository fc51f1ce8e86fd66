/**
 * A resource's construction formats no stack trace for Pulumi's promise-leak report unless
 * PULUMI_DEBUG_PROMISE_LEAKS asks for it (sdk/nodejs/common.ts, KindResource): those traces were a third
 * of a per-record program's time (bench/RESULTS.md, "Whose the time of a command is").
 */
import * as pulumi from "@pulumi/pulumi";
import { ZoneRecord } from "./resources/zone-record";

interface TracedPromise extends Promise<unknown> {
  _debugStackTrace?: string;
}

/** Pulumi's own record of the promises it has not seen settle (internal: not in its typings). */
const { getStore } = require("@pulumi/pulumi/runtime/state") as {
  getStore(): { leakCandidates: Set<TracedPromise> };
};

/** The stack traces Pulumi gave the promises made while `build` ran (still pending right after). */
function tracesOfPromisesMadeBy(build: () => void): string[] {
  const candidates = getStore().leakCandidates;
  const before = new Set(candidates);
  build();
  return [...candidates].filter((p) => !before.has(p)).map((p) => p._debugStackTrace ?? "");
}

const hasFrames = (trace: string) => trace.includes("\n    at ");

describe("a resource's promises and their stack traces", () => {
  beforeAll(() => {
    pulumi.runtime.setMocks({
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: (args) => args.inputs,
    });
  });
  afterEach(() => {
    delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  });

  const record = (name: string) => () =>
    new ZoneRecord(name, { zoneName: "example.com", name: "www", type: "A", content: "192.0.2.1" });

  it("are made without frames: no trace is formatted for the leak report nobody asked for", () => {
    const traces = tracesOfPromisesMadeBy(record("plain"));
    expect(traces.length).toBeGreaterThan(40); // four per property, about 18 properties
    expect(traces.filter(hasFrames)).toEqual([]);
  });

  it("keep their frames when PULUMI_DEBUG_PROMISE_LEAKS asks for the leak report's traces", () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "true";
    const traces = tracesOfPromisesMadeBy(record("debugged"));
    expect(traces.length).toBeGreaterThan(40);
    expect(traces.every(hasFrames)).toBe(true);
  });

  it("leave the process's stack trace limit as they found it, even when the constructor throws", () => {
    const limit = Error.stackTraceLimit;
    record("again")();
    expect(Error.stackTraceLimit).toBe(limit);
    expect(
      () =>
        new ZoneRecord(
          "broken",
          { zoneName: "example.com", name: "", type: "A", content: "192.0.2.1" },
          {
            parent: {} as pulumi.Resource,
          },
        ),
    ).toThrow();
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
