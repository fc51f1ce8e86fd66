/**
 * Retry policy, backoff math, `Retry-After` parsing and rate-limit pacing. Everything here is pure
 * or takes an injected {@link Clock}, so it can be tested without waiting.
 */

/**
 * The retry policy. Defaults ({@link DEFAULT_RETRY_OPTIONS}):
 *
 * | option | default | meaning |
 * |---|---|---|
 * | `maxRetries` | 8 | retries after the first attempt (0 disables retrying); the provider's `dnsimple:maxRetries` defaults to it |
 * | `baseDelayMs` | 250 | first backoff step |
 * | `factor` | 2 | growth per retry: `base * factor^n` |
 * | `maxDelayMs` | 30 000 | cap of one computed backoff |
 * | `jitter` | `"full"` | `"full"`: a uniform random delay in `[0, step]`; `"none"`: exactly the step |
 * | `maxRetryAfterMs` | 60 000 | a `Retry-After`/`X-RateLimit-Reset` wait longer than this is not waited for: the 429 is thrown |
 * | `retryStatuses` | 408, 429, 500, 502, 503, 504 | statuses retried for idempotent methods |
 * | `paceBelow` | 0.1 | when `X-RateLimit-Remaining` drops below this fraction of `X-RateLimit-Limit`, requests are spread evenly over the time left until `X-RateLimit-Reset` |
 * | `unreachableRetries` | 1 | retries, within `maxRetries`, after nothing answered at the address (connection refused, host name not found): one quick retry covers a restart, more only delay a wrong base URL's error |
 *
 * What is retried: GET, HEAD, PUT, PATCH and DELETE on the statuses above and on connection
 * errors and timeouts. POST is retried only when the request surely never reached the service
 * (connection refused, DNS failure, connect timeout) or was rejected with 429 before being
 * processed. After any other failure a POST fails with an error whose `outcomeUnknown` is true:
 * whether it took effect is for the caller to settle (the provider reads back what it would have
 * made: `settleLostAnswer` in provider/framework/ownership.ts).
 */
export interface RetryOptions {
  maxRetries: number;
  baseDelayMs: number;
  factor: number;
  maxDelayMs: number;
  jitter: "full" | "none";
  maxRetryAfterMs: number;
  retryStatuses: readonly number[];
  paceBelow: number;
  unreachableRetries: number;
}

/** The documented defaults of {@link RetryOptions}. */
export const DEFAULT_RETRY_OPTIONS: Readonly<RetryOptions> = Object.freeze({
  maxRetries: 8,
  baseDelayMs: 250,
  factor: 2,
  maxDelayMs: 30_000,
  jitter: "full",
  maxRetryAfterMs: 60_000,
  retryStatuses: Object.freeze([408, 429, 500, 502, 503, 504]),
  paceBelow: 0.1,
  unreachableRetries: 1,
});

/** Merges partial options over the defaults and validates them. */
export function resolveRetryOptions(partial?: Partial<RetryOptions>): RetryOptions {
  const o: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, ...(partial ?? {}) };
  for (const key of [
    "maxRetries",
    "baseDelayMs",
    "factor",
    "maxDelayMs",
    "maxRetryAfterMs",
    "unreachableRetries",
  ] as const) {
    if (!Number.isFinite(o[key]) || o[key] < 0) throw new RangeError(`retry.${key} must be >= 0`);
  }
  if (!(o.paceBelow >= 0 && o.paceBelow <= 1)) throw new RangeError("retry.paceBelow must be in [0, 1]");
  return o;
}

/** Time source and sleeper; injected in tests. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref?.()),
};

/**
 * Backoff before retry number `retry` (0-based): `min(maxDelayMs, baseDelayMs * factor^retry)`,
 * then full jitter multiplies by `random()` in `[0, 1)`.
 *
 * @example
 * backoffDelay(2, { ...DEFAULT_RETRY_OPTIONS, jitter: "none" }); // 1000
 */
export function backoffDelay(
  retry: number,
  options: RetryOptions,
  random: () => number = Math.random,
): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * Math.pow(options.factor, retry));
  return options.jitter === "full" ? Math.floor(random() * step) : step;
}

/**
 * Parses `Retry-After`: delay-seconds or an HTTP date. Returns milliseconds from `now`, never
 * negative, or `undefined` when absent or unparsable.
 *
 * @example
 * parseRetryAfter("3", 0); // 3000
 * parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:00 GMT")); // 60000
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.max(0, Math.round(Number(v) * 1000));
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Milliseconds until an `X-RateLimit-Reset` epoch (seconds), never negative; `undefined` when
 * absent or unparsable.
 */
export function parseRateLimitReset(value: string | undefined, now: number): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Math.max(0, Number(value) * 1000 - now);
}

/** How the server told us to wait on a 429/503: `Retry-After` first, then `X-RateLimit-Reset`. */
export function serverRequestedDelay(
  status: number,
  headers: Record<string, string>,
  now: number,
): number | undefined {
  const retryAfter = parseRetryAfter(headers["retry-after"], now);
  if (retryAfter !== undefined) return retryAfter;
  if (status === 429) return parseRateLimitReset(headers["x-ratelimit-reset"], now);
  return undefined;
}

/** How a request may be retried. */
export type RetryMode = "idempotent" | "create" | "never";

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The default mode for a method. */
export function retryModeFor(method: string): RetryMode {
  return IDEMPOTENT_METHODS.has(method) || IDEMPOTENT_METHODS.has(method.toUpperCase())
    ? "idempotent"
    : "create";
}

/** What happened on one attempt. */
export type AttemptOutcome =
  | { kind: "status"; status: number; headers: Record<string, string> }
  /**
   * `sent: false` means the request surely never reached the server; `unreachable: true` that
   * nothing answered at the address at all (connection refused, host name not found).
   */
  | { kind: "connection"; sent: boolean; unreachable?: boolean };

/** The retry decision for one failed attempt. */
export type RetryDecision =
  { action: "fail"; reason: string } | { action: "retry"; delayMs: number; reason: string };

/**
 * The retry decision for a failed attempt. `retriesSoFar` counts retries already made.
 *
 * @example
 * decideRetry({ mode: "idempotent", retriesSoFar: 0, outcome: { kind: "status", status: 502, headers: {} },
 *   options, now: 0, random: () => 1 }); // { action: "retry", delayMs: 250, ... }
 */
export function decideRetry(input: {
  mode: RetryMode;
  retriesSoFar: number;
  outcome: AttemptOutcome;
  options: RetryOptions;
  now: number;
  random?: () => number;
}): RetryDecision {
  const { mode, retriesSoFar, outcome, options, now } = input;
  if (mode === "never") return { action: "fail", reason: "request is not retryable" };
  const backoff = backoffDelay(retriesSoFar, options, input.random);
  if (retriesSoFar >= options.maxRetries) return { action: "fail", reason: "retries exhausted" };

  if (outcome.kind === "connection") {
    if (outcome.unreachable === true && retriesSoFar >= options.unreachableRetries) {
      return { action: "fail", reason: "nothing answers at the address" };
    }
    if (mode === "idempotent" || !outcome.sent) {
      return { action: "retry", delayMs: backoff, reason: outcome.sent ? "connection lost" : "not sent" };
    }
    return { action: "fail", reason: "response lost on a non-idempotent request" };
  }

  const { status, headers } = outcome;
  if (!options.retryStatuses.includes(status)) return { action: "fail", reason: `status ${status}` };
  const requested = serverRequestedDelay(status, headers, now);
  if (requested !== undefined && requested > options.maxRetryAfterMs) {
    return { action: "fail", reason: `server asks to wait ${requested} ms, over maxRetryAfterMs` };
  }
  // The server's own wait wins; backoff is the floor when it names none (or names zero).
  const delayMs = requested !== undefined ? Math.max(requested, status === 429 ? 0 : backoff) : backoff;
  if (mode === "idempotent") return { action: "retry", delayMs, reason: `status ${status}` };
  // A 429 is rejected before processing: safe to resend a POST.
  if (status === 429) return { action: "retry", delayMs, reason: "rate limited before processing" };
  return { action: "fail", reason: `status ${status} on a non-idempotent request` };
}

/**
 * Tracks the service's rate-limit headers and paces requests before the budget is spent: while
 * `remaining` is above `paceBelow × limit` requests go straight through; below it, the remaining
 * requests are spread evenly over the time until the reset; at zero, requests wait for the reset.
 * A 429 with `Retry-After` holds every request until then. No wait is longer than `maxWaitMs`: past
 * that the request goes out and the service's answer decides. One instance per client.
 */
export class RateLimiter {
  limit: number | undefined;
  remaining: number | undefined;
  /** Epoch milliseconds of the window reset. */
  resetAt: number | undefined;
  /** Epoch milliseconds until which a 429's `Retry-After` holds requests. */
  blockedUntil = 0;
  private nextSlot = 0;

  constructor(
    private readonly clock: Clock,
    private readonly paceBelow: number,
    private readonly maxWaitMs: number = DEFAULT_RETRY_OPTIONS.maxRetryAfterMs,
  ) {}

  /** Records the headers of any response (and its status, to notice 429s). */
  update(headers: Record<string, string>, status?: number): void {
    const now = this.clock.now();
    if (status === 429) {
      const wait = parseRetryAfter(headers["retry-after"], now);
      if (wait !== undefined) {
        this.blockedUntil = Math.max(this.blockedUntil, now + wait);
        // The window counters of a 429 say nothing reliable beyond "wait": forget them.
        this.remaining = undefined;
        return;
      }
    }
    const limit = Number(headers["x-ratelimit-limit"]);
    const remaining = Number(headers["x-ratelimit-remaining"]);
    const reset = Number(headers["x-ratelimit-reset"]);
    // An absent header is NaN here.
    if (!Number.isFinite(remaining)) return;
    if (Number.isFinite(limit)) this.limit = limit;
    this.remaining = remaining;
    if (Number.isFinite(reset)) this.resetAt = reset * 1000;
  }

  /** Milliseconds the next request should wait; reserves its slot. */
  reserve(): number {
    return Math.min(this.maxWaitMs, this.compute());
  }

  private compute(): number {
    const now = this.clock.now();
    if (this.blockedUntil > now) return this.blockedUntil - now;
    if (this.remaining === undefined || this.resetAt === undefined || this.resetAt <= now) return 0;
    const threshold = this.limit !== undefined ? this.limit * this.paceBelow : 0;
    if (this.remaining > threshold) return 0;
    const timeLeft = this.resetAt - now;
    if (this.remaining <= 0) return timeLeft;
    const interval = timeLeft / (this.remaining + 1);
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + interval;
    this.remaining -= 1;
    return slot - now;
  }
}
