/**
 * The HTTP layer: one shared keep-alive undici dispatcher per process, explicit timeouts, auth
 * headers, retries ({@link decideRetry}), rate-limit pacing, and parsing every answer with zod at
 * the boundary. Group files (`domains.ts`, ...) call {@link Transport.request} and nothing else.
 */
import { Agent, request as undiciRequest, type Dispatcher } from "undici";
import type { z } from "zod";
import {
  ApiConnectionError,
  ApiError,
  ApiTimeoutError,
  RateLimitError,
  ResponseValidationError,
  createStatusError,
  pathOf,
  stripCredentials,
} from "./errors";
import { buildQuery, type QueryValue } from "./path";
import {
  RateLimiter,
  decideRetry,
  retryModeFor,
  serverRequestedDelay,
  type Clock,
  type RetryMode,
  type RetryOptions,
} from "./retry";

/** Timeouts of one attempt, in milliseconds. */
export interface TimeoutOptions {
  /** TCP/TLS connect. Default 10 000. */
  connectMs: number;
  /** From sending the request until the response headers arrive. Default 30 000. */
  headersMs: number;
  /** Maximum gap between body chunks. Default 30 000. */
  bodyMs: number;
  /** Whole attempt, connect to last byte. Default 60 000. */
  totalMs: number;
}

/** The documented timeout defaults. */
export const DEFAULT_TIMEOUTS: Readonly<TimeoutOptions> = Object.freeze({
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  totalMs: 60_000,
});

// The only module-level state of the client: keep-alive dispatchers shared by every client in the
// process, keyed by connect timeout (undici sets that per dispatcher, the others per request).
const sharedDispatchers = new Map<number, Agent>();

/**
 * The process-wide keep-alive dispatcher (created on first use).
 *
 * @example
 * const agent = getSharedDispatcher(); // the same object on every call
 */
export function getSharedDispatcher(connectTimeoutMs: number = DEFAULT_TIMEOUTS.connectMs): Agent {
  let agent = sharedDispatchers.get(connectTimeoutMs);
  if (!agent) {
    agent = new Agent({
      connect: { timeout: connectTimeoutMs },
      keepAliveTimeout: 10_000,
      keepAliveMaxTimeout: 60_000,
      connections: 64,
      pipelining: 1,
    });
    sharedDispatchers.set(connectTimeoutMs, agent);
  }
  return agent;
}

/** Information passed to the `onRequest` hook before each attempt. */
export interface RequestEvent {
  method: string;
  /** URL without credentials. */
  url: string;
  /** 0 for the first attempt. */
  attempt: number;
}

/** Information passed to the `onResponse` hook after each attempt. */
export interface ResponseEvent extends RequestEvent {
  /** HTTP status, `undefined` when no response arrived. */
  status: number | undefined;
  durationMs: number;
  requestId: string | undefined;
  /** Set when the attempt failed (with a status or without a response). */
  error?: ApiError;
}

/** Information passed to the `onRetry` hook before waiting. */
export interface RetryEvent extends RequestEvent {
  delayMs: number;
  reason: string;
}

/** Observability hooks; they must not throw (errors thrown are ignored). */
export interface ClientHooks {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  onRetry?: (event: RetryEvent) => void;
}

/** How requests authenticate. */
export type Credentials =
  | { kind: "bearer"; token: string }
  | { kind: "basic"; username: string; password: string }
  | { kind: "service-token"; email: string; token: string }
  | { kind: "none" };

/** Everything a transport needs; built by `createClient`. */
export interface TransportConfig {
  baseUrl: string;
  credentials: Credentials;
  userAgent: string;
  retry: RetryOptions;
  timeouts: TimeoutOptions;
  clock: Clock;
  random: () => number;
  hooks: ClientHooks;
  dispatcher?: Dispatcher | undefined;
  /** Shared between the v2 and v1 transports of one client. */
  rateLimiter: RateLimiter;
}

/** One request as the group files describe it. */
export interface RequestSpec<S extends z.ZodType | undefined> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Encoded path relative to the base URL (build it with `path` or `buildPath`). */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  /** Schema of the whole success body; omit for bodiless answers (the body is ignored). */
  schema?: S;
  /** `false` sends no credentials (OAuth token exchange, v1 user sign-up). Default `true`. */
  auth?: boolean;
  /** Overrides the method's default retry mode. */
  retryMode?: RetryMode;
  /**
   * For a POST that creates: reads back whether the object exists after an ambiguous failure
   * (lost response, 5xx). Return the object (as the success body would have been parsed) when it
   * exists, `undefined` when it does not. Without it, such a POST is never retried.
   */
  lookup?: () => Promise<Output<S> | undefined>;
  /** Non-2xx statuses that count as success and are parsed with `schema` (e.g. v1 check 404). */
  successStatuses?: readonly number[];
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A parsed response with its status and headers. */
export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string>;
  data: T;
}

// Errors whose request surely never reached the server.
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && typeof e === "object" && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code !== "UND_ERR_ABORTED") return code;
    const name = (e as { name?: unknown }).name;
    if (name === "TimeoutError") return "TIMEOUT";
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function normaliseHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

/** Formats a zod issue path like `data[0].name`. */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out;
}

/**
 * Parses a body with a schema, throwing {@link ResponseValidationError} naming each bad field.
 *
 * @example
 * parseWith(DomainSchema, json, { method: "GET", url, status: 200 });
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  ctx: { method: string; url: string; status?: number; requestId?: string | undefined },
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => {
    const p = formatIssuePath(i.path);
    const missing = i.code === "invalid_type" && /received undefined/.test(i.message);
    return { path: p, message: missing ? "required field is missing" : i.message };
  });
  throw new ResponseValidationError(issues, { ...ctx, body: value });
}

/** Sends requests for one API version (v2 or v1). */
export class Transport {
  private readonly secrets: string[];

  constructor(readonly config: TransportConfig) {
    const c = config.credentials;
    this.secrets = [];
    if (c.kind === "bearer") this.secrets.push(c.token);
    if (c.kind === "basic") {
      this.secrets.push(c.password, Buffer.from(`${c.username}:${c.password}`).toString("base64"));
    }
    if (c.kind === "service-token") this.secrets.push(c.token, `${c.email}:${c.token}`);
    this.secrets = this.secrets.filter((s) => s.length >= 4);
  }

  /** Removes every known credential from a text. */
  scrub(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s).join("[REDACTED]");
    return out;
  }

  /** Removes every known credential from any JSON value (a service may echo what it was sent). */
  scrubValue(value: unknown): unknown {
    if (value === undefined || this.secrets.length === 0) return value;
    if (typeof value === "string") return this.scrub(value);
    const text = JSON.stringify(value);
    const clean = this.scrub(text);
    return clean === text ? value : (JSON.parse(clean) as unknown);
  }

  private headersFor(spec: { body?: unknown; auth?: boolean }): Record<string, string> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": this.config.userAgent,
    };
    if (spec.body !== undefined) headers["content-type"] = "application/json";
    const c = this.config.credentials;
    if (spec.auth !== false) {
      if (c.kind === "bearer") headers["authorization"] = `Bearer ${c.token}`;
      else if (c.kind === "basic") {
        headers["authorization"] = `Basic ${Buffer.from(`${c.username}:${c.password}`).toString("base64")}`;
      } else if (c.kind === "service-token") headers["x-service-token"] = `${c.email}:${c.token}`;
    }
    return headers;
  }

  private emit<K extends keyof ClientHooks>(
    name: K,
    event: Parameters<NonNullable<ClientHooks[K]>>[0],
  ): void {
    const hook = this.config.hooks[name] as ((e: typeof event) => void) | undefined;
    if (!hook) return;
    try {
      hook(event);
    } catch {
      // Hooks are for observation; a failing hook must not fail the request.
    }
  }

  /**
   * Sends a request with retries and returns the parsed success body.
   *
   * @example
   * const body = await transport.request({ method: "GET", path: path`/${1}/domains`, schema: DomainListSchema });
   */
  async request<S extends z.ZodType | undefined = undefined>(spec: RequestSpec<S>): Promise<Output<S>> {
    return (await this.send(spec)).data;
  }

  /** Like {@link request} but also returns the status and headers. */
  async send<S extends z.ZodType | undefined = undefined>(
    spec: RequestSpec<S>,
  ): Promise<ApiResponse<Output<S>>> {
    const { config } = this;
    const url = config.baseUrl + spec.path + buildQuery(spec.query);
    const safeUrl = stripCredentials(url);
    const method = spec.method;
    const mode = spec.retryMode ?? retryModeFor(method);
    const headers = this.headersFor(spec);
    const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    let retries = 0;

    for (let attempt = 0; ; attempt++) {
      const pace = config.rateLimiter.reserve();
      if (pace > 0) await config.clock.sleep(pace);
      this.emit("onRequest", { method, url: safeUrl, attempt });
      const started = config.clock.now();
      let failure: ApiError;
      let outcome: Parameters<typeof decideRetry>[0]["outcome"];

      try {
        const res = await undiciRequest(url, {
          method,
          headers,
          body: payload ?? null,
          dispatcher: config.dispatcher ?? getSharedDispatcher(config.timeouts.connectMs),
          headersTimeout: config.timeouts.headersMs,
          bodyTimeout: config.timeouts.bodyMs,
          signal: AbortSignal.timeout(config.timeouts.totalMs),
        });
        const resHeaders = normaliseHeaders(res.headers);
        let text: string;
        try {
          text = await res.body.text();
        } catch (err) {
          throw Object.assign(new Error("body read failed"), { cause: err, afterHeaders: true });
        }
        config.rateLimiter.update(resHeaders, res.statusCode);
        const requestId = resHeaders["x-request-id"];
        const status = res.statusCode;
        const ok = (status >= 200 && status < 300) || (spec.successStatuses?.includes(status) ?? false);
        const ctx = { method, url: safeUrl, status, requestId, headers: resHeaders, retries };

        if (ok) {
          let data: unknown = undefined;
          if (spec.schema) {
            let json: unknown;
            try {
              json = text === "" ? undefined : JSON.parse(text);
            } catch {
              const err = new ResponseValidationError(
                [{ path: "", message: "response body is not valid JSON" }],
                { ...ctx, body: text.slice(0, 200) },
              );
              this.emit("onResponse", {
                ...ctx,
                attempt,
                durationMs: config.clock.now() - started,
                error: err,
              });
              throw err;
            }
            try {
              data = parseWith(spec.schema, json, ctx);
            } catch (err) {
              if (err instanceof ApiError) {
                err.retries = retries;
                this.emit("onResponse", {
                  ...ctx,
                  attempt,
                  durationMs: config.clock.now() - started,
                  error: err,
                });
              }
              throw err;
            }
          }
          this.emit("onResponse", {
            method,
            url: safeUrl,
            attempt,
            status,
            requestId,
            durationMs: config.clock.now() - started,
          });
          return { status, headers: resHeaders, data: data as Output<S> };
        }

        let body: unknown = text === "" ? undefined : text.slice(0, 500);
        try {
          if (text !== "") body = JSON.parse(text);
        } catch {
          // keep the text excerpt (e.g. an nginx HTML page)
        }
        failure = createStatusError({ ...ctx, body: this.scrubValue(body) });
        if (failure instanceof RateLimitError) {
          failure.retryAfterMs = serverRequestedDelay(status, resHeaders, config.clock.now());
        }
        outcome = { kind: "status", status, headers: resHeaders };
        this.emit("onResponse", {
          method,
          url: safeUrl,
          attempt,
          status,
          requestId,
          durationMs: config.clock.now() - started,
          error: failure,
        });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        const code = errorCode(err);
        const afterHeaders = (err as { afterHeaders?: boolean }).afterHeaders === true;
        const sent = afterHeaders || code === undefined || !NOT_SENT_CODES.has(code);
        const isTimeout = code !== undefined && (TIMEOUT_CODES.has(code) || code === "TIMEOUT");
        const rawMessage =
          err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
        const reason = this.scrub(rawMessage);
        const init = { method, url: safeUrl, retries, cause: err };
        const where = `(${method} ${pathOf(safeUrl)})`;
        failure = isTimeout
          ? new ApiTimeoutError(`Request timed out${code ? ` [${code}]` : ""}: ${reason} ${where}`, init)
          : new ApiConnectionError(`Connection failed${code ? ` [${code}]` : ""}: ${reason} ${where}`, init);
        outcome = { kind: "connection", sent };
        this.emit("onResponse", {
          method,
          url: safeUrl,
          attempt,
          status: undefined,
          requestId: undefined,
          durationMs: config.clock.now() - started,
          error: failure,
        });
      }

      const decision = decideRetry({
        mode,
        retriesSoFar: retries,
        outcome,
        hasLookup: spec.lookup !== undefined,
        options: config.retry,
        now: config.clock.now(),
        random: config.random,
      });
      failure.retries = retries;
      if (decision.action === "fail") throw failure;
      this.emit("onRetry", {
        method,
        url: safeUrl,
        attempt,
        delayMs: decision.delayMs,
        reason: decision.reason,
      });
      await config.clock.sleep(decision.delayMs);
      if (decision.action === "lookup" && spec.lookup) {
        let found: Output<S> | undefined;
        try {
          found = await spec.lookup();
        } catch {
          // The read-back failed too: we cannot know whether the POST took effect.
          throw failure;
        }
        if (found !== undefined) return { status: 200, headers: {}, data: found };
      }
      retries++;
    }
  }
}
