/**
 * The waiting inputs every ordering kind shares: their bounds and defaults, the wait they set up,
 * and the pending order id kept in state.
 */
import { z } from "zod";
import { configureRuntime, resetRuntime } from "./runtime";
import {
  pendingId,
  WAITING_LOCAL,
  WAITING_MARKERS,
  waitingInputs,
  waitingOf,
  waitingWithProgress,
} from "./waiting";
import { stackConfig } from "../../test/stack-config";

const schema = z.object(waitingInputs);

/**
 * The waiting inputs as a kind's definition loads them: a fresh copy of the module (and of zod)
 * loaded inside the test, so that what its declarations say is checked by this test (mutation
 * testing credits a module's top-level declarations to the test that loads it).
 */
function loadedAfresh() {
  let waiting!: typeof import("./waiting");
  let zod!: typeof import("zod");
  jest.isolateModules(() => {
    zod = require("zod");
    waiting = require("./waiting");
  });
  return { inputs: waiting.waitingInputs, schema: zod.z.object(waiting.waitingInputs) };
}

afterEach(() => resetRuntime());

describe("waiting inputs", () => {
  it("default to 600 s of waiting, checked every 10 s", () => {
    expect(schema.parse({})).toEqual({ timeoutSeconds: 600, pollIntervalSeconds: 10 });
    expect(waitingOf({})).toEqual({ timeoutMs: 600_000, intervalMs: 10_000 });
    expect(waitingOf({ timeoutSeconds: 1.5, pollIntervalSeconds: 0.1 })).toEqual({
      timeoutMs: 1500,
      intervalMs: 100,
    });
  });

  it.each([
    [{ timeoutSeconds: 0 }, "timeoutSeconds", "must be more than 0"],
    [{ timeoutSeconds: 86_401 }, "timeoutSeconds", "must be at most 86400 (one day)"],
    [{ pollIntervalSeconds: 0 }, "pollIntervalSeconds", "must be more than 0"],
    [{ pollIntervalSeconds: 3601 }, "pollIntervalSeconds", ""],
    [{ pendingOrderId: 1.5 }, "pendingOrderId", ""],
  ])("refuse %j", (input, field, message) => {
    const result = loadedAfresh().schema.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual([field]);
    expect(issue.message).toContain(message);
  });

  it("accept the edges and a pending order id as a number or a string", () => {
    const { schema } = loadedAfresh();
    expect(schema.parse({ timeoutSeconds: 86_400, pollIntervalSeconds: 3600, pendingOrderId: "12" })).toEqual(
      {
        timeoutSeconds: 86_400,
        pollIntervalSeconds: 3600,
        pendingOrderId: "12",
      },
    );
    expect(schema.parse({ timeoutSeconds: 0.5, pollIntervalSeconds: 0.5, pendingOrderId: 12 })).toEqual({
      timeoutSeconds: 0.5,
      pollIntervalSeconds: 0.5,
      pendingOrderId: 12,
    });
  });

  it("document their defaults, and that the next up resumes a wait that ran out", () => {
    const { inputs } = loadedAfresh();
    expect(inputs.timeoutSeconds.description).toBe(
      "Seconds to wait for the order to finish (default 600). When they run out, `up` fails but the " +
        "resource stays in the stack; the next `up` keeps waiting instead of ordering again.",
    );
    expect(inputs.pollIntervalSeconds.description).toBe("Seconds between two status checks (default 10).");
    expect(inputs.pendingOrderId.description).toBe(
      "Set while the order is still pending (the next `up` resumes waiting).",
    );
  });

  it("are local to the provider, except the pending order id, which the provider sets", () => {
    expect([...WAITING_LOCAL]).toEqual(["timeoutSeconds", "pollIntervalSeconds"]);
    expect([...WAITING_MARKERS]).toEqual(["pendingOrderId"]);
    expect(Object.keys(waitingInputs).sort()).toEqual([...WAITING_LOCAL, ...WAITING_MARKERS].sort());
  });

  it("set up a wait with the provider's progress interval and the message's words", () => {
    configureRuntime(stackConfig({ progressInterval: "45" }));
    const stateOf = (o: { state: string }) => o.state;
    expect(
      waitingWithProgress(
        { timeoutSeconds: 30, pollIntervalSeconds: 2 },
        { subject: "example.com", what: "registration", goal: "to complete", stateOf },
      ),
    ).toEqual({
      subject: "example.com",
      what: "registration",
      goal: "to complete",
      stateOf,
      timeoutMs: 30_000,
      intervalMs: 2000,
      progressIntervalSeconds: 45,
    });
  });

  it("keep a pending order's id as the number the API takes", () => {
    expect(pendingId(41)).toBe(41);
    expect(pendingId("41")).toBe(41);
  });
});
