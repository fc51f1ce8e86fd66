/**
 * What the provider says while work takes time, against a recording sink and a virtual clock:
 * waiting messages at the progress interval, retries and pacing at a calm rate, the request log
 * line, warnings once per run, and no credential in any of it. Also the edges: the delay at one
 * second, the real clock's waits (under jest's fake timers), lines with the service's rate-limit
 * figures missing, the warnings when pacing starts (a 429, no reset time), the pacing threshold
 * itself, and how the calm rate is kept per progress interval and per clock.
 */
import { z } from "zod";
import type { PaceEvent, ResponseEvent, RetryEvent } from "../client";
import { ApiConnectionError } from "../client";
import {
  engineAddress,
  flushReports,
  registerSecrets,
  report,
  reportOnce,
  setLogSink,
  type LogSink,
  type Severity,
} from "./engine-log";
import {
  Throttle,
  clientHooks,
  resetThrottles,
  formatDelay,
  formatDuration,
  pacingLine,
  requestLine,
  retryLine,
  waitWithProgress,
} from "./progress";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "./runtime";
import { stackConfig } from "../../test/stack-config";

interface Said {
  severity: Severity;
  message: string;
  ephemeral: boolean;
}

let said: Said[];
const recorder: LogSink = {
  async write(severity, message, ephemeral) {
    said.push({ severity, message, ephemeral });
  },
};

beforeEach(() => {
  said = [];
  setLogSink(recorder);
  resetThrottles();
});
afterAll(() => setLogSink(undefined));

/** Virtual time: sleeping advances the clock at once. */
function virtualClock() {
  let t = 1_000_000;
  return { now: () => t, sleep: async (ms: number) => void (t += ms), advance: (ms: number) => (t += ms) };
}

describe("waiting with progress", () => {
  /** An order that stays `new` for `pendingPolls` polls, then is `registered`. */
  function order(pendingPolls: number) {
    let polls = 0;
    return async () => ({ id: 7, state: ++polls > pendingPolls ? "registered" : "new" });
  }
  const words = {
    subject: "DomainRegistration example.com",
    what: "the registration (order 7)",
    goal: "to complete",
    stateOf: (o: { state: string }) => o.state,
  };
  /**
   * Waits for an order pending `pendingPolls` polls to be registered, with `timing`: on a virtual
   * clock and saying its progress every 30 s unless `timing` says otherwise.
   */
  const untilRegistered = (
    pendingPolls: number,
    timing: { timeoutMs: number; intervalMs: number } & Partial<Parameters<typeof waitWithProgress>[2]>,
  ) =>
    waitWithProgress(order(pendingPolls), (o) => o.state === "registered", {
      ...words,
      progressIntervalSeconds: 30,
      clock: virtualClock(),
      ...timing,
    });

  it("says what it waits for, every progress interval with the time so far, and when it is done", async () => {
    const clock = virtualClock();
    // Polls every 10 s; done on the 10th poll, 90 s in; progress every 30 s.
    const result = await untilRegistered(9, { timeoutMs: 600_000, intervalMs: 10_000, clock });
    expect(result).toEqual({ value: { id: 7, state: "registered" }, finished: true });
    expect(said).toEqual([
      {
        severity: "info",
        message:
          "dnsimple: DomainRegistration example.com: waiting for the registration (order 7) to complete " +
          "(state: new); checking every 10 s, for up to 10 min",
        ephemeral: false,
      },
      {
        severity: "info",
        message:
          "dnsimple: DomainRegistration example.com: still waiting for the registration (order 7) to complete " +
          "(state: new), 30 s so far",
        ephemeral: true,
      },
      expect.objectContaining({ message: expect.stringMatching(/, 60 s so far$/), ephemeral: true }),
      {
        severity: "info",
        message:
          "dnsimple: DomainRegistration example.com: the registration (order 7) is registered after 90 s of waiting",
        ephemeral: false,
      },
    ]);
  });

  it("says nothing when the first poll finds it done", async () => {
    const result = await untilRegistered(0, { timeoutMs: 1000, intervalMs: 10 });
    expect(result.finished).toBe(true);
    expect(said).toEqual([]);
  });

  it("stops at the timeout with the last value, without an end message", async () => {
    const result = await untilRegistered(1000, { timeoutMs: 25_000, intervalMs: 10_000 });
    expect(result).toEqual({ value: { id: 7, state: "new" }, finished: false });
    expect(said.map((s) => s.message)).toEqual([expect.stringContaining("waiting for the registration")]);
  });

  it("says nothing at all with a progress interval of 0", async () => {
    await untilRegistered(5, { timeoutMs: 600_000, intervalMs: 10_000, progressIntervalSeconds: 0 });
    expect(said).toEqual([]);
  });

  describe("on the real clock", () => {
    afterEach(() => jest.useRealTimers());

    it("polls again only once the interval has passed", async () => {
      jest.useFakeTimers();
      let polls = 0;
      const waiting = waitWithProgress(
        async () => ++polls,
        (n) => n >= 2,
        {
          subject: "Toy t",
          what: "the toy",
          goal: "to be ready",
          stateOf: (n) => `poll ${n}`,
          timeoutMs: 60_000,
          intervalMs: 10_000,
          progressIntervalSeconds: 0,
        },
      );
      await jest.advanceTimersByTimeAsync(9_999);
      expect(polls).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(waiting).resolves.toEqual({ value: 2, finished: true });
      expect(polls).toBe(2);
    });
  });
});

describe("formatting", () => {
  it.each([
    [0, "0 s"],
    [45_400, "45 s"],
    [119_600, "2 min"],
    [125_000, "2 min 5 s"],
    [7_200_000, "2 h"],
    [7_260_000, "2 h 1 min"],
  ])("duration %d ms reads %s", (ms, text) => expect(formatDuration(ms)).toBe(text));

  it.each([
    [250, "250 ms"],
    [1234, "1.2 s"],
    [30_000, "30 s"],
  ])("delay %d ms reads %s", (ms, text) => expect(formatDelay(ms)).toBe(text));

  it("reads a delay in milliseconds below one second and in tenths of seconds from one second on", () => {
    expect(formatDelay(999)).toBe("999 ms");
    expect(formatDelay(1000)).toBe("1.0 s");
  });
});

const base = { method: "POST", url: "http://127.0.0.1:9/v2/1/zones/example.com/records", attempt: 0 };

describe("the request log line", () => {
  it("has method, path and query, status, duration and request id", () => {
    const event: ResponseEvent = {
      ...base,
      url: "http://127.0.0.1:9/v2/1/domains?page=2",
      method: "GET",
      status: 200,
      durationMs: 12.4,
      requestId: "req-1",
    };
    expect(requestLine(event)).toBe("request GET /v2/1/domains?page=2: 200 in 12 ms, request id req-1");
  });

  it("says which retry it was and when no response came", () => {
    const event: ResponseEvent = {
      ...base,
      attempt: 2,
      status: undefined,
      durationMs: 30_000,
      requestId: undefined,
      error: new ApiConnectionError("Connection failed", { method: "POST", url: base.url }),
    };
    expect(requestLine(event)).toBe(
      "request POST /v2/1/zones/example.com/records: no response (api_connection) in 30000 ms, retry 2",
    );
  });

  it("says the connection failed when no response came and no error says why", () => {
    const event: ResponseEvent = { ...base, status: undefined, durationMs: 30_000, requestId: undefined };
    expect(requestLine(event)).toBe(
      "request POST /v2/1/zones/example.com/records: no response (connection failed) in 30000 ms",
    );
  });
});

describe("retry and pacing messages", () => {
  const retry: RetryEvent = {
    ...base,
    delayMs: 1200,
    reason: "status 503",
    status: 503,
    retry: 2,
    maxRetries: 8,
  };

  it("name the request, the reason, which retry of how many and the delay", () => {
    expect(retryLine(retry, 0)).toBe(
      "retrying POST /v2/1/zones/example.com/records (status 503), retry 2 of 8, in 1.2 s",
    );
    expect(retryLine(retry, 3)).toMatch(/in 1\.2 s \(3 more since the last message\)$/);
  });

  it("come at most once per progress interval, saying how many were left out", () => {
    const clock = virtualClock();
    const hooks = clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now);
    hooks.onRetry!(retry);
    hooks.onRetry!(retry);
    hooks.onRetry!(retry);
    clock.advance(30_000);
    hooks.onRetry!(retry);
    return flushReports().then(() => {
      expect(said.map((s) => s.message)).toEqual([
        `dnsimple: ${retryLine(retry, 0)}`,
        `dnsimple: ${retryLine(retry, 2)}`,
      ]);
    });
  });

  it("are off with a progress interval of 0, and so is the request log unless asked for", async () => {
    const hooks = clientHooks({ requestLog: false, progressIntervalSeconds: 0 });
    expect(hooks.onRetry).toBeUndefined();
    expect(hooks.onResponse).toBeUndefined();
  });

  const pace: PaceEvent = {
    ...base,
    delayMs: 2500,
    blocked: false,
    blockedUntil: 0,
    limit: 2400,
    remaining: 3,
    resetAt: Date.UTC(2030, 0, 1, 12, 0, 0),
  };

  it("warn once per run when pacing starts, then tell of held requests at the calm rate", async () => {
    const clock = virtualClock();
    const hooks = clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now);
    hooks.onPace!({ ...pace, delayMs: 999 }); // too short to mention
    hooks.onPace!(pace);
    hooks.onPace!(pace);
    clock.advance(30_000);
    hooks.onPace!(pace);
    // A client built again in the same run (configure again): no warning again, the same calm rate.
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onPace!(pace);
    await flushReports();
    expect(said).toEqual([
      {
        severity: "warning",
        message:
          "dnsimple: the API rate limit is nearly spent; requests are spread out until it resets at " +
          "12:00:00 UTC, so this run is slower than usual",
        ephemeral: false,
      },
      {
        severity: "info",
        message:
          "dnsimple: pacing requests under the API rate limit (3 of 2400 left until 12:00:00 UTC): " +
          "POST /v2/1/zones/example.com/records waits 2.5 s (1 more requests held back since the last message)",
        ephemeral: false,
      },
    ]);
  });

  it("say when a 429 holds every request", () => {
    const blocked = { ...pace, blocked: true, blockedUntil: Date.UTC(2030, 0, 1, 12, 0, 5) };
    expect(pacingLine(blocked, 0)).toBe(
      "the API asked to wait (429 Retry-After) until 12:00:05 UTC: POST /v2/1/zones/example.com/records waits 2.5 s",
    );
  });

  it("put a question mark for the limit and what is left, and no reset time when none is known", () => {
    const unknown: PaceEvent = { ...pace, limit: undefined, remaining: undefined, resetAt: undefined };
    expect(pacingLine(unknown, 0)).toBe(
      "pacing requests under the API rate limit (? of ? left): POST /v2/1/zones/example.com/records waits 2.5 s",
    );
  });

  it("log each request when the request log is on", async () => {
    const hooks = clientHooks({ requestLog: true, progressIntervalSeconds: 30 });
    hooks.onResponse!({ ...base, status: 201, durationMs: 5, requestId: "r-9" });
    await flushReports();
    expect(said).toEqual([
      {
        severity: "info",
        message: "dnsimple: request POST /v2/1/zones/example.com/records: 201 in 5 ms, request id r-9",
        ephemeral: false,
      },
    ]);
  });

  describe("when pacing starts", () => {
    /** Pacing whose reset time the service did not give. */
    const noReset: PaceEvent = { ...pace, resetAt: undefined };

    it.each<[string, PaceEvent, string]>([
      [
        "of a 429 that holds every request",
        { ...noReset, blocked: true, blockedUntil: Date.UTC(2030, 0, 1, 12, 0, 5) },
        "dnsimple: the API refused requests for exceeding its rate limit (429); requests wait until it " +
          "allows them again, so this run is slower than usual",
      ],
      [
        "without a reset time when the service gave none",
        noReset,
        "dnsimple: the API rate limit is nearly spent; requests are spread out until it resets, " +
          "so this run is slower than usual",
      ],
    ])("warns %s", async (_, event, message) => {
      const clock = virtualClock();
      clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onPace!(event);
      await flushReports();
      expect(said).toEqual([{ severity: "warning", message, ephemeral: false }]);
    });

    it("counts a wait of exactly the threshold (one second) as worth a warning", async () => {
      const clock = virtualClock();
      clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onPace!({
        ...noReset,
        delayMs: 1000,
      });
      await flushReports();
      expect(said.map((s) => s.severity)).toEqual(["warning"]);
    });

    it("with a progress interval of 0, warns once and tells of no held request after", async () => {
      const clock = virtualClock();
      const hooks = clientHooks({ requestLog: false, progressIntervalSeconds: 0 }, clock.now);
      hooks.onPace!(noReset);
      hooks.onPace!(noReset);
      clock.advance(60_000);
      hooks.onPace!(noReset);
      await flushReports();
      expect(said.map((s) => s.severity)).toEqual(["warning"]);
    });
  });

  describe("the calm rate of retry messages", () => {
    /** The hooks of a client at a 30-s progress interval on the clock `now`, without the request log. */
    const every30s = (now: () => number) =>
      clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, now);
    /** The message of the retry, with `held` retries left out since the last one. */
    const retrySaid = (held: number) => `dnsimple: ${retryLine(retry, held)}`;
    async function messages() {
      await flushReports();
      return said.map((s) => s.message);
    }

    it("holds a retry one second after the last message, when the interval is 30 s", async () => {
      const clock = virtualClock();
      const hooks = every30s(clock.now);
      hooks.onRetry!(retry);
      clock.advance(1000);
      hooks.onRetry!(retry);
      clock.advance(29_000);
      hooks.onRetry!(retry);
      expect(await messages()).toEqual([retrySaid(0), retrySaid(1)]);
    });

    it("starts afresh, at the new interval, for a client built with another progress interval", async () => {
      const clock = virtualClock();
      every30s(clock.now).onRetry!(retry);
      clock.advance(1000);
      const slower = clientHooks({ requestLog: false, progressIntervalSeconds: 60 }, clock.now);
      slower.onRetry!(retry); // not held by the 30-s interval's last message
      clock.advance(30_000);
      slower.onRetry!(retry); // held: 30 s is within the new 60-s interval
      clock.advance(30_000);
      slower.onRetry!(retry);
      expect(await messages()).toEqual([retrySaid(0), retrySaid(0), retrySaid(1)]);
    });

    it("starts afresh for a client built with another clock", async () => {
      every30s(virtualClock().now).onRetry!(retry);
      every30s(virtualClock().now).onRetry!(retry);
      expect(await messages()).toEqual([retrySaid(0), retrySaid(0)]);
    });

    it("is forgotten when the throttles are reset, as for a new provider process", async () => {
      const clock = virtualClock();
      every30s(clock.now).onRetry!(retry);
      resetThrottles();
      every30s(clock.now).onRetry!(retry);
      expect(await messages()).toEqual([retrySaid(0), retrySaid(0)]);
    });
  });
});

describe("a throttle", () => {
  it("lets the first message through, holds the next ones for the interval and counts them", () => {
    const clock = virtualClock();
    const throttle = new Throttle(1000, clock.now);
    expect(throttle.take()).toBe(0);
    expect(throttle.take()).toBeUndefined();
    clock.advance(999);
    expect(throttle.take()).toBeUndefined();
    clock.advance(1);
    expect(throttle.take()).toBe(2);
    expect(throttle.take()).toBeUndefined();
  });
});

describe("the engine log", () => {
  it("keeps the order of messages and says a warning once per run", async () => {
    void report("info", "one");
    expect(reportOnce("degraded", "slower than usual")).toBe(true);
    expect(reportOnce("degraded", "slower than usual")).toBe(false);
    await report("info", "two", { ephemeral: true });
    expect(said).toEqual([
      { severity: "info", message: "dnsimple: one", ephemeral: false },
      { severity: "warning", message: "dnsimple: slower than usual", ephemeral: false },
      { severity: "info", message: "dnsimple: two", ephemeral: true },
    ]);
  });

  it("removes registered credentials from every message", async () => {
    registerSecrets(["tok-SECRET-123456", undefined, "abc"]);
    await report("info", "GET /v2/1/domains/tok-SECRET-123456 abc");
    expect(said[0]!.message).toBe("dnsimple: GET /v2/1/domains/[REDACTED] abc");
  });

  it("falls back to stderr for good when the engine cannot take a message", async () => {
    const failing: LogSink = { write: async () => Promise.reject(new Error("unavailable")) };
    setLogSink(failing);
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await report("warning", "first");
      await report("info", "second");
    } finally {
      spy.mockRestore();
    }
    expect(written).toEqual(["warning: dnsimple: first\n", "dnsimple: second\n"]);
  });

  it("talks to the engine only inside Pulumi's dynamic provider, at the address it was given", () => {
    const script = "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";
    expect(engineAddress(["node", script, "127.0.0.1:38297"])).toBe("127.0.0.1:38297");
    expect(engineAddress(["node", script, "[::1]:38297"])).toBe("[::1]:38297");
    expect(engineAddress(["node", script])).toBeUndefined();
    expect(engineAddress(["node", script, "--flag"])).toBeUndefined();
    // With the engine's own flags first (`pulumi up -v=9 --logtostderr`, tracing on).
    expect(
      engineAddress(["node", script, "--logtostderr", "-v=9", "--tracing", "http://t:1", "127.0.0.1:5000"]),
    ).toBe("127.0.0.1:5000");
    expect(engineAddress(["node", "/p/node_modules/.bin/jest", "127.0.0.1:1"])).toBeUndefined();
  });
});

describe("a provider method", () => {
  it("answers only after the messages it reported were handed to the engine", async () => {
    configureRuntime(stackConfig({ account: "1", token: "unit-token" }));
    let release: () => void = () => undefined;
    const slowSink: LogSink = {
      write: (severity, message, ephemeral) =>
        new Promise<void>((resolve) => {
          release = () => {
            said.push({ severity, message, ephemeral });
            resolve();
          };
        }),
    };
    setLogSink(slowSink);
    const provider = toDynamicProvider({
      kind: "Chatty",
      inputs: { name: z.string() },
      replaceOnChange: ["name"],
      async create(_ctx, inputs) {
        void report("info", "made it");
        return { id: "1", outs: { name: inputs.name } };
      },
      async read() {
        return undefined;
      },
      async delete() {},
    });
    let answered = false;
    const creating = provider.create({ name: "x" }).then((r) => ((answered = true), r));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    release();
    await expect(creating).resolves.toMatchObject({ id: "1" });
    expect(said.map((s) => s.message)).toEqual(["dnsimple: made it"]);
    resetRuntime();
  });
});
