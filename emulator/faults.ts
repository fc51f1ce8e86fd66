/**
 * Injected faults and the rate-limit budget. Faults are chosen by a seeded generator so a test that
 * sets `seed` sees the same sequence every run.
 *
 * @example
 *   const faults = new Faults();
 *   faults.configure({ rate: 1, kinds: ["429"], count: 2 }); // the next two API requests get 429
 */

/** A kind of injected fault. */
/**
 * `drop` cuts the connection before the request is processed; `drop-after` processes it (the
 * change happens) and then cuts the connection instead of answering: a lost response.
 */
export type FaultKind = "429" | "500" | "502" | "503" | "504" | "drop" | "drop-after" | "latency";

export const FAULT_KINDS: readonly FaultKind[] = [
  "429",
  "500",
  "502",
  "503",
  "504",
  "drop",
  "drop-after",
  "latency",
];

/** Fault settings as given to `PUT /__admin/faults` or `--faults`. */
export interface FaultConfig {
  /** Probability (0..1) that a matching request gets a fault. */
  rate: number;
  /** Kinds to choose from, uniformly. */
  kinds: FaultKind[];
  /** Added delay for `latency` faults (milliseconds). */
  latencyMs: number;
  /** `Retry-After` seconds on injected 429s. */
  retryAfterSeconds: number;
  /** Only requests whose `METHOD /path` matches this regular expression are eligible. */
  routes: string | null;
  /** Seed of the generator; same seed, same sequence. */
  seed: number;
  /** Stop after injecting this many faults (null: no limit). */
  count: number | null;
}

/** The outcome for one request. */
export type FaultDecision =
  | { kind: "none" }
  | { kind: "latency"; ms: number }
  | { kind: "drop" }
  | { kind: "drop-after" }
  | { kind: "status"; status: number; retryAfterSeconds: number };

/** Parses and validates a fault config; throws an Error with a readable message. */
export function parseFaultConfig(input: unknown): FaultConfig {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new Error("faults must be a JSON object");
  }
  const o = input as Record<string, unknown>;
  const num = (k: string, def: number, min: number, max: number): number => {
    const v = o[k];
    if (v === undefined || v === null) return def;
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max) {
      throw new Error(`${k} must be a number between ${min} and ${max}`);
    }
    return v;
  };
  const rate = num("rate", 1, 0, 1);
  const kindsRaw = o["kinds"] ?? ["500"];
  if (!Array.isArray(kindsRaw) || kindsRaw.length === 0) throw new Error("kinds must be a non-empty array");
  const kinds = kindsRaw.map((k) => String(k)) as FaultKind[];
  for (const k of kinds) {
    if (!FAULT_KINDS.includes(k))
      throw new Error(`unknown fault kind ${k}; use one of ${FAULT_KINDS.join(", ")}`);
  }
  let routes: string | null = null;
  if (o["routes"] !== undefined && o["routes"] !== null) {
    if (typeof o["routes"] !== "string") throw new Error("routes must be a regular expression string");
    try {
      new RegExp(o["routes"]);
    } catch {
      throw new Error("routes is not a valid regular expression");
    }
    routes = o["routes"];
  }
  const countRaw = o["count"];
  const count = countRaw === undefined || countRaw === null ? null : num("count", 0, 0, 1e9);
  return {
    rate,
    kinds,
    latencyMs: num("latencyMs", 200, 0, 60_000),
    retryAfterSeconds: num("retryAfterSeconds", 1, 0, 86_400),
    routes,
    seed: num("seed", 1, 0, 2 ** 32),
    count,
  };
}

/** mulberry32: a tiny seeded generator. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Decides which requests get a fault. */
export class Faults {
  private config: FaultConfig | null = null;
  private routes: RegExp | null = null;
  private random: () => number = generator(1);
  private injected = 0;

  configure(config: FaultConfig | null): void {
    this.config = config;
    this.routes = config?.routes ? new RegExp(config.routes) : null;
    this.random = generator(config?.seed ?? 1);
    this.injected = 0;
  }

  current(): (FaultConfig & { injected: number }) | null {
    return this.config === null ? null : { ...this.config, injected: this.injected };
  }

  decide(method: string, path: string): FaultDecision {
    const c = this.config;
    if (c === null) return { kind: "none" };
    if (c.count !== null && this.injected >= c.count) return { kind: "none" };
    if (this.routes !== null && !this.routes.test(`${method} ${path}`)) return { kind: "none" };
    if (this.random() >= c.rate) return { kind: "none" };
    const kind = c.kinds[Math.floor(this.random() * c.kinds.length)] ?? "500";
    this.injected++;
    if (kind === "latency") return { kind: "latency", ms: c.latencyMs };
    if (kind === "drop") return { kind: "drop" };
    if (kind === "drop-after") return { kind: "drop-after" };
    return { kind: "status", status: Number(kind), retryAfterSeconds: c.retryAfterSeconds };
  }
}

/** Rate-limit settings: `limit` requests per `windowSeconds` for each credential. */
export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
}

/** The default budget: generous so ordinary test suites never hit it. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 100_000, windowSeconds: 3600 };

/** Parses `{limit, windowSeconds}`; throws an Error with a readable message. */
export function parseRateLimit(input: unknown): RateLimitConfig {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new Error("rate-limit must be a JSON object");
  }
  const o = input as Record<string, unknown>;
  const limit = o["limit"];
  const windowSeconds = o["windowSeconds"] ?? 3600;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 0) {
    throw new Error("limit must be a non-negative integer");
  }
  if (typeof windowSeconds !== "number" || !Number.isFinite(windowSeconds) || windowSeconds <= 0) {
    throw new Error("windowSeconds must be a positive number");
  }
  return { limit, windowSeconds };
}

interface Window {
  used: number;
  resetAtMs: number;
}

/** Fixed windows per credential key. */
export class RateLimiter {
  private config: RateLimitConfig = { ...DEFAULT_RATE_LIMIT };
  private readonly windows = new Map<string, Window>();

  configure(config: RateLimitConfig): void {
    this.config = { ...config };
    this.windows.clear();
  }

  current(): RateLimitConfig {
    return { ...this.config };
  }

  /** Counts one request for `key`; returns the headers to send and whether the budget is spent. */
  take(
    key: string,
    nowMs = Date.now(),
  ): { allowed: boolean; limit: number; remaining: number; reset: number } {
    let w = this.windows.get(key);
    if (w === undefined || nowMs >= w.resetAtMs) {
      w = { used: 0, resetAtMs: nowMs + this.config.windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    const allowed = w.used < this.config.limit;
    if (allowed) w.used++;
    return {
      allowed,
      limit: this.config.limit,
      remaining: Math.max(0, this.config.limit - w.used),
      reset: Math.ceil(w.resetAtMs / 1000),
    };
  }
}
