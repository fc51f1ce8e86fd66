/**
 * More of what the provider says while work takes time: the delay at one second, the real clock's
 * waits (under jest's fake timers), lines with the service's rate-limit figures missing, the
 * warnings when pacing starts (a 429, no reset time), the pacing threshold itself, and how the calm
 * rate is kept per progress interval and per clock.
 */
import type { PaceEvent, ResponseEvent, RetryEvent } from "../client";
import { flushReports, setLogSink, type LogSink, type Severity } from "./engine-log";
import {
  clientHooks,
  formatDelay,
  pacingLine,
  requestLine,
  resetThrottles,
  retryLine,
  waitWithProgress,
} from "./progress";

interface Said {
  severity: Severity;
  message: string;
}

let said: Said[];
const recorder: LogSink = {
  async write(severity, message) {
    said.push({ severity, message });
  },
};

beforeEach(() => {
  said = [];
  setLogSink(recorder);
  resetThrottles();
});
afterAll(() => setLogSink(undefined));

/** Virtual time, moved on by the test. */
function virtualClock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const base = { method: "POST", url: "http://127.0.0.1:9/v2/1/zones/example.com/records", attempt: 0 };

describe("a delay in words", () => {
  it("reads in milliseconds below one second and in tenths of seconds from one second on", () => {
    expect(formatDelay(999)).toBe("999 ms");
    expect(formatDelay(1000)).toBe("1.0 s");
  });
});

describe("waiting on the real clock", () => {
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

describe("lines without all the service's figures", () => {
  it("say the connection failed when no response came and no error says why", () => {
    const event: ResponseEvent = { ...base, status: undefined, durationMs: 30_000, requestId: undefined };
    expect(requestLine(event)).toBe(
      "request POST /v2/1/zones/example.com/records: no response (connection failed) in 30000 ms",
    );
  });

  it("put a question mark for the limit and what is left, and no reset time when none is known", () => {
    const pace: PaceEvent = {
      ...base,
      delayMs: 2500,
      blocked: false,
      blockedUntil: 0,
      limit: undefined,
      remaining: undefined,
      resetAt: undefined,
    };
    expect(pacingLine(pace, 0)).toBe(
      "pacing requests under the API rate limit (? of ? left): POST /v2/1/zones/example.com/records waits 2.5 s",
    );
  });
});

describe("when pacing starts", () => {
  const pace: PaceEvent = {
    ...base,
    delayMs: 2500,
    blocked: false,
    blockedUntil: 0,
    limit: 2400,
    remaining: 3,
    resetAt: undefined,
  };

  it("warns of a 429 that holds every request", async () => {
    const clock = virtualClock();
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onPace!({
      ...pace,
      blocked: true,
      blockedUntil: Date.UTC(2030, 0, 1, 12, 0, 5),
    });
    await flushReports();
    expect(said).toEqual([
      {
        severity: "warning",
        message:
          "dnsimple: the API refused requests for exceeding its rate limit (429); requests wait until it " +
          "allows them again, so this run is slower than usual",
      },
    ]);
  });

  it("warns without a reset time when the service gave none", async () => {
    const clock = virtualClock();
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onPace!(pace);
    await flushReports();
    expect(said).toEqual([
      {
        severity: "warning",
        message:
          "dnsimple: the API rate limit is nearly spent; requests are spread out until it resets, " +
          "so this run is slower than usual",
      },
    ]);
  });

  it("counts a wait of exactly the threshold (one second) as worth a warning", async () => {
    const clock = virtualClock();
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onPace!({
      ...pace,
      delayMs: 1000,
    });
    await flushReports();
    expect(said.map((s) => s.severity)).toEqual(["warning"]);
  });

  it("with a progress interval of 0, warns once and tells of no held request after", async () => {
    const clock = virtualClock();
    const hooks = clientHooks({ requestLog: false, progressIntervalSeconds: 0 }, clock.now);
    hooks.onPace!(pace);
    hooks.onPace!(pace);
    clock.advance(60_000);
    hooks.onPace!(pace);
    await flushReports();
    expect(said.map((s) => s.severity)).toEqual(["warning"]);
  });
});

describe("the calm rate of retry messages", () => {
  const retry: RetryEvent = {
    ...base,
    delayMs: 1200,
    reason: "status 503",
    status: 503,
    retry: 2,
    maxRetries: 8,
  };

  it("holds a retry one second after the last message, when the interval is 30 s", async () => {
    const clock = virtualClock();
    const hooks = clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now);
    hooks.onRetry!(retry);
    clock.advance(1000);
    hooks.onRetry!(retry);
    clock.advance(29_000);
    hooks.onRetry!(retry);
    await flushReports();
    expect(said.map((s) => s.message)).toEqual([
      `dnsimple: ${retryLine(retry, 0)}`,
      `dnsimple: ${retryLine(retry, 1)}`,
    ]);
  });

  it("starts afresh, at the new interval, for a client built with another progress interval", async () => {
    const clock = virtualClock();
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onRetry!(retry);
    clock.advance(1000);
    const slower = clientHooks({ requestLog: false, progressIntervalSeconds: 60 }, clock.now);
    slower.onRetry!(retry); // not held by the 30-s interval's last message
    clock.advance(30_000);
    slower.onRetry!(retry); // held: 30 s is within the new 60-s interval
    clock.advance(30_000);
    slower.onRetry!(retry);
    await flushReports();
    expect(said.map((s) => s.message)).toEqual([
      `dnsimple: ${retryLine(retry, 0)}`,
      `dnsimple: ${retryLine(retry, 0)}`,
      `dnsimple: ${retryLine(retry, 1)}`,
    ]);
  });

  it("starts afresh for a client built with another clock", async () => {
    const first = virtualClock();
    const second = virtualClock();
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, first.now).onRetry!(retry);
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, second.now).onRetry!(retry);
    await flushReports();
    expect(said.map((s) => s.message)).toEqual([
      `dnsimple: ${retryLine(retry, 0)}`,
      `dnsimple: ${retryLine(retry, 0)}`,
    ]);
  });

  it("is forgotten when the throttles are reset, as for a new provider process", async () => {
    const clock = virtualClock();
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onRetry!(retry);
    resetThrottles();
    clientHooks({ requestLog: false, progressIntervalSeconds: 30 }, clock.now).onRetry!(retry);
    await flushReports();
    expect(said.map((s) => s.message)).toEqual([
      `dnsimple: ${retryLine(retry, 0)}`,
      `dnsimple: ${retryLine(retry, 0)}`,
    ]);
  });
});
