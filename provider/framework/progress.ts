/**
 * What the provider says while work takes time: waiting on an order or a certificate, retries,
 * rate-limit pacing, and (opt-in) one line per API request. At a calm rate: waiting messages at
 * most every `progressIntervalSeconds`, retry and pacing messages too, with a count of the ones
 * left out. Messages name what they are about, since a dynamic provider cannot attach them to its
 * resource (its methods are not told their URN).
 */
import type { ClientHooks, PaceEvent, ResponseEvent, RetryEvent } from "../client";
import { report, reportOnce } from "./engine-log";
import type { ProviderSettings } from "./settings";

/** `12 s`, `2 min 5 s`, `1 h 3 min`: elapsed or total times in messages. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** `250 ms`, `1.2 s`, `30 s`: a delay about to be waited. */
export function formatDelay(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  return formatDuration(ms);
}

/** `12:34:56 UTC`. */
function clockTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(11, 19)} UTC`;
}

/** The path and query of a URL (no scheme, host or credentials). */
function pathAndQuery(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/** Time source of {@link waitWithProgress}; injected in tests. */
export interface WaitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: WaitClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** What {@link waitWithProgress} waits for, in words. */
export interface WaitOptions<T> {
  /** Who waits: `DomainRegistration example.com`. */
  subject: string;
  /** What: `the registration`, `certificate 12 for www.example.com`. */
  what: string;
  /** For what to happen: `to complete`, `to be issued`. */
  goal: string;
  /** The state of a polled value, shown in messages. */
  stateOf: (value: T) => string;
  timeoutMs: number;
  intervalMs: number;
  /** Seconds between progress messages; 0 says nothing. */
  progressIntervalSeconds: number;
  clock?: WaitClock;
}

/**
 * Polls `poll` until `done` says so or `timeoutMs` has passed, and says so in the engine's
 * output: when the wait starts (what, how often, how long at most), every
 * `progressIntervalSeconds` while it lasts (state, time so far; shown live, left out of the
 * summary), and when it ends. Returns the last value and whether it finished.
 *
 * @example
 * const { value, finished } = await waitWithProgress(() => get(id), (o) => o.state !== "new", {
 *   subject: "DomainRegistration example.com", what: "the registration", goal: "to complete",
 *   stateOf: (o) => o.state, timeoutMs: 600_000, intervalMs: 10_000, progressIntervalSeconds: 30 });
 */
export async function waitWithProgress<T>(
  poll: () => Promise<T>,
  done: (value: T) => boolean,
  options: WaitOptions<T>,
): Promise<{ value: T; finished: boolean }> {
  const clock = options.clock ?? realClock;
  const { subject, what, goal, stateOf, timeoutMs, intervalMs } = options;
  const progressMs = options.progressIntervalSeconds * 1000;
  const started = clock.now();
  const deadline = started + timeoutMs;
  let value = await poll();
  if (done(value)) return { value, finished: true };
  const say = progressMs > 0;
  if (say) {
    await report(
      "info",
      `${subject}: waiting for ${what} ${goal} (state: ${stateOf(value)}); checking every ` +
        `${formatDelay(intervalMs)}, for up to ${formatDuration(timeoutMs)}`,
    );
  }
  let lastSaid = clock.now();
  for (;;) {
    const left = deadline - clock.now();
    if (left <= 0) return { value, finished: false };
    await clock.sleep(Math.min(intervalMs, left));
    value = await poll();
    const now = clock.now();
    if (done(value)) {
      if (say) {
        await report(
          "info",
          `${subject}: ${what} is ${stateOf(value)} after ` + `${formatDuration(now - started)} of waiting`,
        );
      }
      return { value, finished: true };
    }
    if (say && now - lastSaid >= progressMs) {
      lastSaid = now;
      await report(
        "info",
        `${subject}: still waiting for ${what} ${goal} (state: ${stateOf(value)}), ` +
          `${formatDuration(now - started)} so far`,
        { ephemeral: true },
      );
    }
  }
}

/**
 * Lets a message through at most once per interval and counts the ones held back, so the next
 * message can say how many there were.
 */
export class Throttle {
  private last: number | undefined;
  private heldBack = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `undefined` when the message is held back; else how many were held back since the last one. */
  take(): number | undefined {
    const now = this.now();
    if (this.last !== undefined && now - this.last < this.intervalMs) {
      this.heldBack++;
      return undefined;
    }
    this.last = now;
    const held = this.heldBack;
    this.heldBack = 0;
    return held;
  }
}

/** Pacing waits shorter than this are not worth a message. */
export const PACING_REPORT_THRESHOLD_MS = 1000;

/** One request log line: method, path and query, status, duration, request id. */
export function requestLine(event: ResponseEvent): string {
  const outcome =
    event.status !== undefined
      ? `${event.status}`
      : `no response (${event.error?.code ?? "connection failed"})`;
  const id = event.requestId !== undefined ? `, request id ${event.requestId}` : "";
  const attempt = event.attempt > 0 ? `, retry ${event.attempt}` : "";
  return `request ${event.method} ${pathAndQuery(event.url)}: ${outcome} in ${Math.round(event.durationMs)} ms${id}${attempt}`;
}

/** The retry message: what, why, which retry of how many, and how long until it. */
export function retryLine(event: RetryEvent, heldBack: number): string {
  const more = heldBack > 0 ? ` (${heldBack} more since the last message)` : "";
  return (
    `retrying ${event.method} ${pathAndQuery(event.url)} (${event.reason}), ` +
    `retry ${event.retry} of ${event.maxRetries}, in ${formatDelay(event.delayMs)}${more}`
  );
}

/** The pacing message: why the request waits, and for how long. */
export function pacingLine(event: PaceEvent, heldBack: number): string {
  const more = heldBack > 0 ? ` (${heldBack} more requests held back since the last message)` : "";
  const why = event.blocked
    ? `the API asked to wait (429 Retry-After) until ${clockTime(event.blockedUntil)}`
    : `pacing requests under the API rate limit (${event.remaining ?? "?"} of ${event.limit ?? "?"} left` +
      `${event.resetAt !== undefined ? ` until ${clockTime(event.resetAt)}` : ""})`;
  return `${why}: ${event.method} ${pathAndQuery(event.url)} waits ${formatDelay(event.delayMs)}${more}`;
}

// One pair per process, so the calm rate holds when `configure` rebuilds the client.
let throttles: { intervalMs: number; now: () => number; retries: Throttle; pacing: Throttle } | undefined;

function throttlesFor(intervalMs: number, now: () => number): NonNullable<typeof throttles> {
  if (!throttles || throttles.intervalMs !== intervalMs || throttles.now !== now) {
    throttles = {
      intervalMs,
      now,
      retries: new Throttle(intervalMs, now),
      pacing: new Throttle(intervalMs, now),
    };
  }
  return throttles;
}

/** For tests: forget how recently retries and pacing were mentioned. */
export function resetThrottles(): void {
  throttles = undefined;
}

/**
 * The client hooks of the provider process: the request log when `requestLog` is on; retry and
 * pacing messages at most once per progress interval (0 turns them off); a warning once per run
 * when pacing starts.
 *
 * @example
 * createClient({ token, hooks: clientHooks(getSettings()) });
 */
export function clientHooks(
  settings: Pick<ProviderSettings, "requestLog" | "progressIntervalSeconds">,
  now: () => number = Date.now,
): ClientHooks {
  const intervalMs = settings.progressIntervalSeconds * 1000;
  const hooks: ClientHooks = {};
  if (settings.requestLog) hooks.onResponse = (event) => void report("info", requestLine(event));
  const { retries, pacing } = throttlesFor(intervalMs, now);
  if (intervalMs > 0) {
    hooks.onRetry = (event) => {
      const held = retries.take();
      if (held !== undefined) void report("info", retryLine(event, held));
    };
  }
  hooks.onPace = (event) => {
    if (event.delayMs < PACING_REPORT_THRESHOLD_MS) return;
    const first = reportOnce(
      "rate-limit-pacing",
      event.blocked
        ? `the API refused requests for exceeding its rate limit (429); requests wait until it allows ` +
            `them again, so this run is slower than usual`
        : `the API rate limit is nearly spent; requests are spread out until it resets` +
            `${event.resetAt !== undefined ? ` at ${clockTime(event.resetAt)}` : ""}, so this run is slower than usual`,
    );
    if (intervalMs === 0) return;
    const held = pacing.take();
    if (!first && held !== undefined) void report("info", pacingLine(event, held));
  };
  return hooks;
}
