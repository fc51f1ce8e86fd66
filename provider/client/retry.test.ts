import {
  DEFAULT_RETRY_OPTIONS,
  RateLimiter,
  backoffDelay,
  decideRetry,
  parseRateLimitReset,
  parseRetryAfter,
  resolveRetryOptions,
  retryModeFor,
  serverRequestedDelay,
  systemClock,
  type Clock,
} from "./retry";

const noJitter = { ...DEFAULT_RETRY_OPTIONS, jitter: "none" as const };

/** A clock at `t` ms whose sleeping moves it on. */
const clockAt = (t: number): Clock & { t: number } => {
  const c = { t, now: () => c.t, sleep: async (ms: number) => void (c.t += ms) };
  return c;
};

/** A limiter pacing below 10%, at second 1000 of its clock, that has read one answer's headers. */
function limiterAfter(
  headers: Record<string, string>,
  { status, maxWaitMs }: { status?: number; maxWaitMs?: number } = {},
) {
  const clock = clockAt(1_000_000);
  const rl = new RateLimiter(clock, 0.1, maxWaitMs);
  rl.update(headers, status);
  return { clock, rl };
}

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
  const base = { retriesSoFar: 0, options: noJitter, now: 0 };

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
      retriesSoFar: noJitter.maxRetries,
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

  it("never retries mode never", () => {
    expect(decideRetry({ ...base, mode: "never", outcome: { kind: "connection", sent: false } }).action).toBe(
      "fail",
    );
  });
});

describe("RateLimiter pacing", () => {
  it("lets requests through while the budget is healthy", () => {
    const { rl } = limiterAfter({
      "x-ratelimit-limit": "2400",
      "x-ratelimit-remaining": "2000",
      "x-ratelimit-reset": "1060",
    });
    expect(rl.reserve()).toBe(0);
  });

  it("spreads the remaining requests over the time to reset when the budget runs low", () => {
    const { rl } = limiterAfter({
      "x-ratelimit-limit": "100",
      "x-ratelimit-remaining": "4",
      "x-ratelimit-reset": "1050",
    });
    const waits = [rl.reserve(), rl.reserve(), rl.reserve()];
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBeGreaterThan(0);
    expect(waits[2]).toBeGreaterThan(waits[1]!);
    expect(waits[2]).toBeLessThanOrEqual(50_000);
  });

  it("holds every request until a 429's Retry-After, then forgets the stale counters", () => {
    const { clock, rl } = limiterAfter(
      { "retry-after": "2", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "4600" },
      { status: 429 },
    );
    expect(rl.reserve()).toBe(2000);
    clock.t += 2000;
    expect(rl.reserve()).toBe(0);
  });

  it("never waits longer than its cap; the service's answer decides after that", () => {
    const { rl } = limiterAfter(
      { "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "4600" },
      { maxWaitMs: 5000 },
    );
    expect(rl.reserve()).toBe(5000);
  });

  it("waits for the reset when nothing remains", () => {
    const { clock, rl } = limiterAfter({
      "x-ratelimit-limit": "100",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "1030",
    });
    expect(rl.reserve()).toBe(30_000);
    clock.t += 31_000;
    expect(rl.reserve()).toBe(0);
  });
});

describe("retry options, exactly", () => {
  it("gives the defaults when no options are given", () => {
    expect(resolveRetryOptions()).toEqual(DEFAULT_RETRY_OPTIONS);
    expect(resolveRetryOptions(undefined)).toEqual(DEFAULT_RETRY_OPTIONS);
    expect(Object.keys(DEFAULT_RETRY_OPTIONS)).toHaveLength(9);
  });

  it.each([
    ["maxRetries", 8],
    ["baseDelayMs", 250],
    ["factor", 2],
    ["maxDelayMs", 30_000],
    ["jitter", "full"],
    ["maxRetryAfterMs", 60_000],
    ["retryStatuses", [408, 429, 500, 502, 503, 504]],
    ["paceBelow", 0.1],
    ["unreachableRetries", 1],
  ] as const)("documents %s as %p by default", (key, value) => {
    expect(DEFAULT_RETRY_OPTIONS[key]).toEqual(value);
  });

  it.each([
    ["maxRetries", "the retries of one request"],
    ["baseDelayMs", "the first wait"],
    ["factor", "how much each wait grows"],
    ["maxDelayMs", "the longest wait"],
    ["maxRetryAfterMs", "the longest Retry-After it waits for"],
    ["unreachableRetries", "the retries when nothing answers"],
  ] as const)("refuses a negative or non-finite %s (%s) by name, and takes 0", (key, _what) => {
    expect(() => resolveRetryOptions({ [key]: -1 })).toThrow(`retry.${key} must be >= 0`);
    expect(() => resolveRetryOptions({ [key]: Infinity })).toThrow(`retry.${key} must be >= 0`);
    expect(resolveRetryOptions({ [key]: 0 })[key]).toBe(0);
  });

  it("takes a pacing fraction from 0 to 1 and nothing else", () => {
    expect(resolveRetryOptions({ paceBelow: 0 }).paceBelow).toBe(0);
    expect(resolveRetryOptions({ paceBelow: 1 }).paceBelow).toBe(1);
    for (const paceBelow of [-0.1, 1.1, NaN]) {
      expect(() => resolveRetryOptions({ paceBelow })).toThrow("retry.paceBelow must be in [0, 1]");
    }
  });

  it("jitters with the random source it is given, below the step", () => {
    expect(backoffDelay(1, DEFAULT_RETRY_OPTIONS, () => 0.999)).toBe(499);
    expect(backoffDelay(1, { ...noJitter, factor: 3, baseDelayMs: 100 })).toBe(300);
    expect(backoffDelay(3, { ...noJitter, maxDelayMs: 1500 })).toBe(1500);
  });
});

describe("the service's waits, exactly", () => {
  const now = Date.parse("2024-01-01T00:00:00Z");

  it("reads fractional seconds and surrounding spaces, and nothing from an empty header", () => {
    expect(parseRetryAfter(" 1.5 ", now)).toBe(1500);
    expect(parseRetryAfter("0.0004", now)).toBe(0);
    expect(parseRetryAfter("  ", now)).toBeUndefined();
    expect(parseRetryAfter("3s", now)).toBeUndefined();
  });

  it("reads a reset epoch with spaces, never in the past, and nothing else", () => {
    expect(parseRateLimitReset(` ${now / 1000 + 2} `, now)).toBe(2000);
    expect(parseRateLimitReset(String(now / 1000 - 5), now)).toBe(0);
    expect(parseRateLimitReset(undefined, now)).toBeUndefined();
    expect(parseRateLimitReset("1.5", now)).toBeUndefined();
  });

  it("takes Retry-After first, and the window reset only for a 429", () => {
    const reset = String(now / 1000 + 9);
    expect(serverRequestedDelay(429, { "retry-after": "2", "x-ratelimit-reset": reset }, now)).toBe(2000);
    expect(serverRequestedDelay(429, { "x-ratelimit-reset": reset }, now)).toBe(9000);
    expect(serverRequestedDelay(503, { "x-ratelimit-reset": reset }, now)).toBeUndefined();
    expect(serverRequestedDelay(503, { "retry-after": "4" }, now)).toBe(4000);
  });

  it("calls every method but POST idempotent, in any case", () => {
    for (const method of ["get", "head", "put", "patch", "delete", "OPTIONS"]) {
      expect(retryModeFor(method)).toBe("idempotent");
    }
    expect(retryModeFor("post")).toBe("create");
  });
});

describe("retry decisions, exactly", () => {
  const options = { ...DEFAULT_RETRY_OPTIONS, jitter: "none" as const, maxRetries: 2 };
  const decide = (over: Partial<Parameters<typeof decideRetry>[0]>) =>
    decideRetry({
      mode: "idempotent",
      retriesSoFar: 1,
      outcome: { kind: "status", status: 503, headers: {} },
      options,
      now: 0,
      ...over,
    });

  it("backs off by the retry number and says why", () => {
    expect(decide({})).toEqual({ action: "retry", delayMs: 500, reason: "status 503" });
    expect(decide({ outcome: { kind: "connection", sent: true } })).toEqual({
      action: "retry",
      delayMs: 500,
      reason: "connection lost",
    });
    expect(decide({ mode: "create", outcome: { kind: "connection", sent: false } })).toEqual({
      action: "retry",
      delayMs: 500,
      reason: "not sent",
    });
    expect(decide({ outcome: { kind: "status", status: 404, headers: {} } })).toEqual({
      action: "fail",
      reason: "status 404",
    });
  });

  // The backoff before this second retry is 500 ms.
  it.each([
    [503, "0", 500],
    [503, "2", 2000],
    [429, "0", 0],
    [503, "60", 60_000],
  ])(
    "after a %i asking to wait %s s waits %i ms: what the service asks, after a 503 never below the backoff",
    (status, retryAfter, delayMs) => {
      const outcome = { kind: "status" as const, status, headers: { "retry-after": retryAfter } };
      expect(decide({ outcome })).toMatchObject({ action: "retry", delayMs });
    },
  );

  it("fails when the service asks to wait longer than it waits for", () => {
    expect(decide({ outcome: { kind: "status", status: 503, headers: { "retry-after": "61" } } })).toEqual({
      action: "fail",
      reason: "server asks to wait 61000 ms, over maxRetryAfterMs",
    });
  });

  it("leaves a create that may have gone through to its caller: it is not sent again", () => {
    expect(decide({ mode: "create" })).toEqual({
      action: "fail",
      reason: "status 503 on a non-idempotent request",
    });
    expect(decide({ mode: "create", outcome: { kind: "status", status: 429, headers: {} } })).toEqual({
      action: "retry",
      delayMs: 500,
      reason: "rate limited before processing",
    });
    expect(decide({ mode: "create", outcome: { kind: "connection", sent: true } })).toEqual({
      action: "fail",
      reason: "response lost on a non-idempotent request",
    });
  });

  it("retries an address where nothing answers once, however large the budget", () => {
    const unreachable = { kind: "connection" as const, sent: false, unreachable: true };
    const budget = { ...options, maxRetries: 8 };
    expect(decide({ mode: "create", retriesSoFar: 0, options: budget, outcome: unreachable })).toEqual({
      action: "retry",
      delayMs: 250,
      reason: "not sent",
    });
    expect(decide({ mode: "idempotent", retriesSoFar: 1, options: budget, outcome: unreachable })).toEqual({
      action: "fail",
      reason: "nothing answers at the address",
    });
    expect(
      decide({ retriesSoFar: 0, options: { ...budget, unreachableRetries: 0 }, outcome: unreachable }),
    ).toEqual({ action: "fail", reason: "nothing answers at the address" });
  });

  it("at the end of the budget fails, whatever the outcome", () => {
    const last = { mode: "create" as const, retriesSoFar: 2 };
    for (const outcome of [
      { kind: "connection" as const, sent: true },
      { kind: "status" as const, status: 503, headers: {} },
      { kind: "connection" as const, sent: false },
      { kind: "status" as const, status: 429, headers: {} },
      { kind: "status" as const, status: 400, headers: {} },
    ]) {
      expect(decide({ ...last, outcome })).toEqual({ action: "fail", reason: "retries exhausted" });
    }
    expect(decide({ ...last, mode: "idempotent" })).toEqual({ action: "fail", reason: "retries exhausted" });
    expect(decide({ mode: "never" })).toEqual({ action: "fail", reason: "request is not retryable" });
  });
});

describe("RateLimiter, exactly", () => {
  it("spreads the last requests evenly: the time left over what remains plus one", () => {
    const rl = new RateLimiter(clockAt(1_000_000), 0.1);
    rl.update({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": "4", "x-ratelimit-reset": "1050" });
    expect([rl.reserve(), rl.reserve(), rl.reserve()]).toEqual([0, 10_000, 22_500]);
    expect(rl.remaining).toBe(1);
  });

  it("paces at the threshold itself, not only below it", () => {
    const rl = new RateLimiter(clockAt(1_000_000), 0.1);
    rl.update({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": "10", "x-ratelimit-reset": "1011" });
    rl.reserve();
    expect(rl.reserve()).toBe(1000);
    const healthy = new RateLimiter(clockAt(1_000_000), 0.1);
    healthy.update({
      "x-ratelimit-limit": "100",
      "x-ratelimit-remaining": "11",
      "x-ratelimit-reset": "1011",
    });
    expect([healthy.reserve(), healthy.reserve()]).toEqual([0, 0]);
  });

  it("paces without a known limit only when nothing remains, and not once the window reset passed", () => {
    const clock = clockAt(1_000_000);
    const rl = new RateLimiter(clock, 0.1);
    rl.update({ "x-ratelimit-remaining": "1", "x-ratelimit-reset": "1010" });
    expect(rl.limit).toBeUndefined();
    expect(rl.reserve()).toBe(0);
    rl.update({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1010" });
    expect(rl.reserve()).toBe(10_000);
    clock.t = 1_010_000;
    expect(rl.reserve()).toBe(0);
  });

  it("ignores headers it cannot read and keeps what it knew", () => {
    const rl = new RateLimiter(clockAt(1_000_000), 0.1);
    rl.update({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": "5", "x-ratelimit-reset": "1020" });
    rl.update({ "x-ratelimit-limit": "x", "x-ratelimit-remaining": "y", "x-ratelimit-reset": "1040" });
    rl.update({ "x-ratelimit-limit": "50" });
    expect([rl.limit, rl.remaining, rl.resetAt]).toEqual([100, 5, 1_020_000]);
    rl.update({ "x-ratelimit-limit": "x", "x-ratelimit-remaining": "3", "x-ratelimit-reset": "soon" });
    expect([rl.limit, rl.remaining, rl.resetAt]).toEqual([100, 3, 1_020_000]);
  });

  it("keeps the later of two holds, and reads a 429 without Retry-After as window counters", () => {
    const rl = new RateLimiter(clockAt(1_000_000), 0.1);
    rl.update({ "retry-after": "5" }, 429);
    rl.update({ "retry-after": "2" }, 429);
    expect(rl.blockedUntil).toBe(1_005_000);
    const plain = new RateLimiter(clockAt(1_000_000), 0.1);
    plain.update(
      { "x-ratelimit-limit": "10", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1003" },
      429,
    );
    expect(plain.reserve()).toBe(3000);
    const other = new RateLimiter(clockAt(1_000_000), 0.1);
    other.update({ "retry-after": "5", "x-ratelimit-remaining": "7" }, 503);
    expect([other.blockedUntil, other.remaining]).toEqual([0, 7]);
  });

  it("has a default cap of the longest Retry-After the client waits for", () => {
    const rl = new RateLimiter(clockAt(1_000_000), 0.1);
    rl.update({ "retry-after": "600" }, 429);
    expect(rl.reserve()).toBe(DEFAULT_RETRY_OPTIONS.maxRetryAfterMs);
  });
});

describe("the last details of waiting", () => {
  const now = Date.parse("2024-01-01T00:00:00Z");

  it("reads only whole or decimal seconds as a delay", () => {
    expect(parseRetryAfter("1.25", now)).toBe(1250);
    expect(parseRetryAfter("x3", now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
  });

  it("the real clock sleeps with a promise, also for a negative time", async () => {
    const sleeping = systemClock.sleep(-5);
    expect(sleeping).toBeInstanceOf(Promise);
    await expect(sleeping).resolves.toBeUndefined();
    expect(typeof systemClock.now()).toBe("number");
  });

  it("paces again by the window as soon as a 429's hold ends", () => {
    const c = { t: 1_000_000, now: () => c.t, sleep: async () => {} };
    const rl = new RateLimiter(c, 0.1);
    rl.update({ "retry-after": "2" }, 429);
    rl.update({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1010" });
    c.t = 1_002_000;
    expect(rl.reserve()).toBe(8000);
  });
});
