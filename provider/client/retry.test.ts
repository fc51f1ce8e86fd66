import {
  DEFAULT_RETRY_OPTIONS,
  RateLimiter,
  backoffDelay,
  decideRetry,
  parseRateLimitReset,
  parseRetryAfter,
  resolveRetryOptions,
  retryModeFor,
  type Clock,
} from "./retry";

const noJitter = { ...DEFAULT_RETRY_OPTIONS, jitter: "none" as const };

describe("backoff", () => {
  it("grows exponentially from the base and stops at the cap", () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, noJitter))).toEqual([250, 500, 1000, 2000]);
    expect(backoffDelay(20, noJitter)).toBe(30_000);
  });

  it("applies full jitter within [0, step)", () => {
    expect(backoffDelay(2, DEFAULT_RETRY_OPTIONS, () => 0.5)).toBe(500);
    expect(backoffDelay(2, DEFAULT_RETRY_OPTIONS, () => 0)).toBe(0);
  });

  it("rejects invalid options", () => {
    expect(() => resolveRetryOptions({ maxRetries: -1 })).toThrow(RangeError);
    expect(resolveRetryOptions({ maxRetries: 2 }).maxRetries).toBe(2);
  });
});

describe("Retry-After and X-RateLimit-Reset", () => {
  const now = Date.parse("2024-01-01T00:00:00Z");
  it("parses delay-seconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("0", now)).toBe(0);
  });
  it("parses an HTTP date relative to now and never goes negative", () => {
    expect(parseRetryAfter("Mon, 01 Jan 2024 00:01:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("Sun, 31 Dec 2023 23:00:00 GMT", now)).toBe(0);
  });
  it("ignores garbage", () => {
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
  it("turns an epoch reset into a delay", () => {
    expect(parseRateLimitReset(String(now / 1000 + 7), now)).toBe(7000);
    expect(parseRateLimitReset("x", now)).toBeUndefined();
  });
});

describe("decideRetry", () => {
  const base = { retriesSoFar: 0, hasLookup: false, options: noJitter, now: 0 };

  it("retries idempotent methods on 5xx, 429 and connection errors", () => {
    expect(retryModeFor("GET")).toBe("idempotent");
    expect(retryModeFor("DELETE")).toBe("idempotent");
    expect(retryModeFor("PUT")).toBe("idempotent");
    expect(retryModeFor("POST")).toBe("create");
    for (const status of [500, 502, 503, 504, 429]) {
      const d = decideRetry({
        ...base,
        mode: "idempotent",
        outcome: { kind: "status", status, headers: {} },
      });
      expect(d.action).toBe("retry");
    }
    expect(
      decideRetry({ ...base, mode: "idempotent", outcome: { kind: "connection", sent: true } }).action,
    ).toBe("retry");
  });

  it("does not retry client errors", () => {
    for (const status of [400, 401, 402, 404, 428]) {
      expect(
        decideRetry({ ...base, mode: "idempotent", outcome: { kind: "status", status, headers: {} } }).action,
      ).toBe("fail");
    }
  });

  it("stops after maxRetries", () => {
    const d = decideRetry({
      ...base,
      retriesSoFar: 5,
      mode: "idempotent",
      outcome: { kind: "status", status: 502, headers: {} },
    });
    expect(d).toEqual({ action: "fail", reason: "retries exhausted" });
  });

  it("waits what Retry-After says on 429 and fails when it is over the cap", () => {
    const d = decideRetry({
      ...base,
      mode: "idempotent",
      outcome: { kind: "status", status: 429, headers: { "retry-after": "2" } },
    });
    expect(d).toMatchObject({ action: "retry", delayMs: 2000 });
    const long = decideRetry({
      ...base,
      mode: "idempotent",
      outcome: { kind: "status", status: 429, headers: { "retry-after": "3600" } },
    });
    expect(long.action).toBe("fail");
  });

  it("falls back to X-RateLimit-Reset on a 429 without Retry-After", () => {
    const d = decideRetry({
      ...base,
      now: 1_000_000,
      mode: "idempotent",
      outcome: { kind: "status", status: 429, headers: { "x-ratelimit-reset": "1005" } },
    });
    expect(d).toMatchObject({ action: "retry", delayMs: 5000 });
  });

  it("resends a POST only when it surely never left or was rate limited", () => {
    expect(
      decideRetry({ ...base, mode: "create", outcome: { kind: "connection", sent: false } }).action,
    ).toBe("retry");
    expect(
      decideRetry({
        ...base,
        mode: "create",
        outcome: { kind: "status", status: 429, headers: { "retry-after": "1" } },
      }).action,
    ).toBe("retry");
    expect(decideRetry({ ...base, mode: "create", outcome: { kind: "connection", sent: true } }).action).toBe(
      "fail",
    );
    expect(
      decideRetry({ ...base, mode: "create", outcome: { kind: "status", status: 502, headers: {} } }).action,
    ).toBe("fail");
  });

  it("reads back before resending a POST that has a lookup", () => {
    const lost = decideRetry({
      ...base,
      hasLookup: true,
      mode: "create",
      outcome: { kind: "connection", sent: true },
    });
    expect(lost.action).toBe("lookup");
    const bad = decideRetry({
      ...base,
      hasLookup: true,
      mode: "create",
      outcome: { kind: "status", status: 500, headers: {} },
    });
    expect(bad.action).toBe("lookup");
  });

  it("reads back once more when the retries run out on a create that may have gone through", () => {
    const last = { ...base, hasLookup: true, mode: "create" as const, retriesSoFar: base.options.maxRetries };
    expect(decideRetry({ ...last, outcome: { kind: "connection", sent: true } }).action).toBe("verify");
    expect(decideRetry({ ...last, outcome: { kind: "status", status: 502, headers: {} } }).action).toBe(
      "verify",
    );
    // A 429 was refused before processing, and a request that never left changed nothing.
    expect(decideRetry({ ...last, outcome: { kind: "status", status: 429, headers: {} } }).action).toBe(
      "fail",
    );
    expect(decideRetry({ ...last, outcome: { kind: "connection", sent: false } }).action).toBe("fail");
    expect(
      decideRetry({ ...last, hasLookup: false, outcome: { kind: "connection", sent: true } }).action,
    ).toBe("fail");
  });

  it("never retries mode never", () => {
    expect(decideRetry({ ...base, mode: "never", outcome: { kind: "connection", sent: false } }).action).toBe(
      "fail",
    );
  });
});

describe("RateLimiter pacing", () => {
  function fakeClock(start: number): Clock & { t: number } {
    const c = { t: start, now: () => c.t, sleep: async (ms: number) => void (c.t += ms) };
    return c;
  }

  it("lets requests through while the budget is healthy", () => {
    const clock = fakeClock(1_000_000);
    const rl = new RateLimiter(clock, 0.1);
    rl.update({ "x-ratelimit-limit": "2400", "x-ratelimit-remaining": "2000", "x-ratelimit-reset": "1060" });
    expect(rl.reserve()).toBe(0);
  });

  it("spreads the remaining requests over the time to reset when the budget runs low", () => {
    const clock = fakeClock(1_000_000);
    const rl = new RateLimiter(clock, 0.1);
    rl.update({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": "4", "x-ratelimit-reset": "1050" });
    const waits = [rl.reserve(), rl.reserve(), rl.reserve()];
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBeGreaterThan(0);
    expect(waits[2]).toBeGreaterThan(waits[1]!);
    expect(waits[2]).toBeLessThanOrEqual(50_000);
  });

  it("holds every request until a 429's Retry-After, then forgets the stale counters", () => {
    const clock = fakeClock(1_000_000);
    const rl = new RateLimiter(clock, 0.1);
    rl.update({ "retry-after": "2", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "4600" }, 429);
    expect(rl.reserve()).toBe(2000);
    clock.t += 2000;
    expect(rl.reserve()).toBe(0);
  });

  it("never waits longer than its cap; the service's answer decides after that", () => {
    const clock = fakeClock(1_000_000);
    const rl = new RateLimiter(clock, 0.1, 5000);
    rl.update({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "4600" });
    expect(rl.reserve()).toBe(5000);
  });

  it("waits for the reset when nothing remains", () => {
    const clock = fakeClock(1_000_000);
    const rl = new RateLimiter(clock, 0.1);
    rl.update({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1030" });
    expect(rl.reserve()).toBe(30_000);
    clock.t += 31_000;
    expect(rl.reserve()).toBe(0);
  });
});
