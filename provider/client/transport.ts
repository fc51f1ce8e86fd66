/**
 * The HTTP layer: one shared keep-alive undici dispatcher per process, explicit timeouts, auth
 * headers, retries ({@link decideRetry}), rate-limit pacing, and parsing every answer with zod at
 * the boundary. Group files (`domains.ts`, ...) call {@link Transport.request} and nothing else.
 */
import type { Agent, Dispatcher } from "undici";
import type { z } from "zod";
import {
  ApiConnectionError,
  ApiError,
  type ApiErrorInit,
  ApiTimeoutError,
  RateLimitError,
  ResponseValidationError,
  createStatusError,
  pathOf,
  stripCredentials,
} from "./errors";
import { buildQuery, type QueryValue } from "./path";
import { dataOf, pageOf, type Page } from "./schemas";
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
    // Loaded here, on the first request of the process, not with the module: a provider process
    // that only checks and diffs (a preview with nothing to change) never pays for loading it.
    const { Agent: UndiciAgent } = require("undici") as typeof import("undici");
    agent = new UndiciAgent({
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
  /** Why, e.g. `status 503`, `connection lost`, `rate limited before processing`. */
  reason: string;
  /** The status of the failed attempt, `undefined` when no response arrived. */
  status: number | undefined;
  /** The retry about to be made (1 for the first), or, for a read-back, the retries so far + 1. */
  retry: number;
  /** `RetryOptions.maxRetries`. */
  maxRetries: number;
}

/**
 * Information passed to the `onPace` hook when a request is held back before it is sent: the
 * rate-limit budget is nearly spent (`remaining` of `limit` until `resetAt`), or a 429's
 * `Retry-After` holds every request (`blocked`).
 */
export interface PaceEvent extends RequestEvent {
  delayMs: number;
  /** A 429's `Retry-After` holds requests until `blockedUntil` (epoch ms). */
  blocked: boolean;
  blockedUntil: number;
  limit: number | undefined;
  remaining: number | undefined;
  /** Epoch milliseconds of the window reset, as the service announced it. */
  resetAt: number | undefined;
}

/**
 * Observability hooks; they must not throw (errors thrown are ignored). The URLs they get carry
 * no credentials.
 *
 * @example
 * createClient({ token, hooks: { onRetry: (e) => console.error(`retrying ${e.method} ${e.url}`) } });
 */
export interface ClientHooks {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  onRetry?: (event: RetryEvent) => void;
  /** A request waits before its first or a later attempt because of rate-limit pacing. */
  onPace?: (event: PaceEvent) => void;
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
// Errors that mean nothing answers at the address at all: a wrong base URL far more often than a
// blip, so retried at most `unreachableRetries` times.
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

/** `https://host:port` of a URL, for messages (the URL is already free of credentials). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

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

/**
 * Response headers as one lower-cased string per name (repeated headers joined with `, `). undici
 * hands over a fresh object with lower-cased names; only repeated headers (arrays) need work.
 */
function normaliseHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  for (const k in raw) {
    const v = raw[k];
    if (typeof v === "string") continue;
    if (v === undefined) delete raw[k];
    else raw[k] = v.join(", ");
  }
  return raw as Record<string, string>;
}

/** The raw answer of one attempt: status, headers and the body as text. */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

// Timers longer than this overflow to 1 ms in Node; such a deadline means "no deadline".
const MAX_TIMER_MS = 2_147_483_647;

function fireTotalTimeout(attempt: Attempt): void {
  attempt.timeout();
}

/**
 * One HTTP attempt as a bare undici dispatch handler: it buffers the body and settles a promise,
 * without the stream, async-resource and AbortSignal machinery of `undici.request` (a measurable
 * share of the client's CPU per request). The connect, headers and body timeouts are undici's own;
 * the total deadline is one timer per attempt, cleared when the attempt settles.
 */
class Attempt implements Dispatcher.DispatchHandler {
  private status = 0;
  private headers: Record<string, string> | undefined = undefined;
  private chunks: Buffer[] = [];
  private controller: Dispatcher.DispatchController | undefined = undefined;
  private timer: NodeJS.Timeout | undefined = undefined;
  private settled = false;
  private timeoutReason: Error | undefined = undefined;

  constructor(
    private readonly resolve: (res: RawResponse) => void,
    private readonly reject: (err: unknown) => void,
    totalMs: number,
  ) {
    if (totalMs >= 0 && totalMs <= MAX_TIMER_MS) {
      this.timer = setTimeout(fireTotalTimeout, totalMs, this);
      this.timer.unref();
    }
  }

  /** The total deadline passed: abort the exchange (now, or as soon as undici starts it). */
  timeout(): void {
    this.timer = undefined;
    if (this.settled) return;
    const reason = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    this.timeoutReason = reason;
    this.fail(reason);
    this.controller?.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.timeoutReason) controller.abort(this.timeoutReason);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    if (statusCode < 200) return; // 1xx informational answers precede the real one
    this.status = statusCode;
    this.headers = normaliseHeaders(headers);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    const { chunks } = this;
    let text = "";
    if (chunks.length > 0) {
      text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8");
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a UTF-8 BOM, as undici's text() drops it
    }
    this.chunks = [];
    this.resolve({ status: this.status, headers: this.headers ?? {}, text });
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, err: Error): void {
    this.fail(err);
  }

  private fail(err: unknown): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.chunks = [];
    // Failing after the headers arrived means the request surely reached the service.
    this.reject(
      this.headers !== undefined
        ? Object.assign(new Error("body read failed"), { cause: err, afterHeaders: true })
        : err,
    );
  }
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
  throw validationError(result.error, value, ctx);
}

/** The {@link ResponseValidationError} for a failed parse, naming each bad field. */
function validationError(
  error: z.ZodError,
  value: unknown,
  ctx: Omit<ApiErrorInit, "body">,
): ResponseValidationError {
  const issues = error.issues.map((i) => {
    const p = formatIssuePath(i.path);
    const missing = i.code === "invalid_type" && /received undefined/.test(i.message);
    return { path: p, message: missing ? "required field is missing" : i.message };
  });
  return new ResponseValidationError(issues, { ...ctx, body: value });
}

/** Where requests go: the base URL split once into what undici's `dispatch` takes. */
interface Target {
  origin: string;
  /** Path prefix of the base URL, e.g. `/v2` (no trailing slash). */
  basePath: string;
}

function targetOf(baseUrl: string): Target | undefined {
  try {
    const u = new URL(baseUrl);
    if (u.protocol !== "http:" && u.protocol !== "https:") return undefined;
    return { origin: u.origin, basePath: u.pathname.replace(/\/+$/, "") };
  } catch {
    return undefined;
  }
}

/** Sends requests for one API version (v2 or v1). */
export class Transport {
  private readonly secrets: string[];
  /** The service's clock minus ours, from the latest response's `Date` header. */
  private serviceOffsetMs: number | undefined;
  private readonly target: Target | undefined;
  // Request headers as flat name/value arrays, built once: [auth][has body].
  private readonly headerSets: readonly [readonly [string[], string[]], readonly [string[], string[]]];

  constructor(readonly config: TransportConfig) {
    const c = config.credentials;
    this.secrets = [];
    if (c.kind === "bearer") this.secrets.push(c.token);
    if (c.kind === "basic") {
      this.secrets.push(c.password, Buffer.from(`${c.username}:${c.password}`).toString("base64"));
    }
    if (c.kind === "service-token") this.secrets.push(c.token, `${c.email}:${c.token}`);
    this.secrets = this.secrets.filter((s) => s.length >= 4);
    this.target = targetOf(config.baseUrl);
    const set = (auth: boolean): readonly [string[], string[]] => [
      this.headersFor({ auth }),
      this.headersFor({ auth, body: true }),
    ];
    this.headerSets = [set(false), set(true)];
  }

  /**
   * The service's time now (or at local time `localMs`), estimated from the `Date` headers of its
   * answers; our own clock until it has answered. The estimate errs early (the header is
   * truncated to the second and written before the answer travels), never late.
   */
  serviceTime(localMs: number = Date.now()): Date {
    return new Date(localMs + (this.serviceOffsetMs ?? 0));
  }

  private noteServiceDate(date: string | undefined, receivedMs: number): void {
    const serviceMs = date === undefined ? NaN : Date.parse(date);
    if (Number.isFinite(serviceMs)) this.serviceOffsetMs = serviceMs - receivedMs;
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

  private headersFor(spec: { body?: unknown; auth?: boolean }): string[] {
    const headers = ["accept", "application/json", "user-agent", this.config.userAgent];
    if (spec.body !== undefined) headers.push("content-type", "application/json");
    const c = this.config.credentials;
    if (spec.auth !== false) {
      if (c.kind === "bearer") headers.push("authorization", `Bearer ${c.token}`);
      else if (c.kind === "basic") {
        headers.push(
          "authorization",
          `Basic ${Buffer.from(`${c.username}:${c.password}`).toString("base64")}`,
        );
      } else if (c.kind === "service-token") headers.push("x-service-token", `${c.email}:${c.token}`);
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

  private paceEvent(method: string, url: string, attempt: number, delayMs: number): PaceEvent {
    const limiter = this.config.rateLimiter;
    return {
      method,
      url,
      attempt,
      delayMs,
      blocked: limiter.blockedUntil > this.config.clock.now(),
      blockedUntil: limiter.blockedUntil,
      limit: limiter.limit,
      remaining: limiter.remaining,
      resetAt: limiter.resetAt,
    };
  }

  /** One attempt: dispatches the request on the shared (or injected) dispatcher. */
  private attempt(
    method: string,
    requestPath: string,
    headers: string[],
    body: string | undefined,
  ): Promise<RawResponse> {
    const { config, target } = this;
    return new Promise<RawResponse>((resolve, reject) => {
      if (target === undefined) {
        reject(Object.assign(new TypeError(`Invalid base URL`), { code: "ERR_INVALID_URL" }));
        return;
      }
      const handler = new Attempt(resolve, reject, config.timeouts.totalMs);
      const dispatcher = config.dispatcher ?? getSharedDispatcher(config.timeouts.connectMs);
      try {
        dispatcher.dispatch(
          {
            origin: target.origin,
            path: requestPath,
            method: method as Dispatcher.HttpMethod,
            headers,
            body: body ?? null,
            headersTimeout: config.timeouts.headersMs,
            bodyTimeout: config.timeouts.bodyMs,
          },
          handler,
        );
      } catch (err) {
        handler.onResponseError(undefined, err as Error);
      }
    });
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

  /**
   * {@link request} by its parts: the method, the path, the schema of the answer (none for a
   * bodiless one) and what else the request needs (`body`, `query`, `retryMode`, ...).
   *
   * @example
   * await transport.call("DELETE", path`/${1}/domains/${"example.com"}`, undefined, { retryMode: "idempotent" });
   */
  call<S extends z.ZodType | undefined = undefined>(
    method: RequestSpec<S>["method"],
    requestPath: string,
    schema?: S,
    rest: Omit<RequestSpec<S>, "method" | "path" | "schema"> = {},
  ): Promise<Output<S>> {
    return this.request({ ...rest, method, path: requestPath, ...(schema ? { schema } : {}) });
  }

  /**
   * {@link call} for an answer `{ data: T }` whose `data` is `item`: that data.
   *
   * @example
   * const domain = await transport.data("GET", path`/${1}/domains/${"example.com"}`, DomainSchema);
   */
  async data<S extends z.ZodType>(
    method: RequestSpec<S>["method"],
    requestPath: string,
    item: S,
    rest: Omit<RequestSpec<S>, "method" | "path" | "schema"> = {},
  ): Promise<z.output<S>> {
    const answer = await this.call(method, requestPath, dataOf(item), rest);
    return answer.data as z.output<S>;
  }

  /**
   * One page of a paginated list of `item` (`{ data: [T], pagination }`), read with `query`.
   *
   * @example
   * const page = await transport.page(path`/${1}/domains`, DomainSchema, { page: 2 });
   */
  page<S extends z.ZodType>(
    requestPath: string,
    item: S,
    query: Record<string, QueryValue> | undefined,
  ): Promise<Page<z.output<S>>> {
    return this.call("GET", requestPath, pageOf(item), { query });
  }

  /**
   * Like {@link request} but also returns the status and headers. The steps, one method each:
   * {@link pace} (rate-limit pacing), {@link attemptOnce} (one dispatch and the classification of
   * its answer: {@link classify}, {@link connectionFailure}) and `decideRetry` (retry or fail;
   * `retry.ts`).
   */
  async send<S extends z.ZodType | undefined = undefined>(
    spec: RequestSpec<S>,
  ): Promise<ApiResponse<Output<S>>> {
    const { config } = this;
    const call = this.prepare(spec);
    let retries = 0;

    for (let attempt = 0; ; attempt++) {
      await this.pace(call, attempt);
      if (config.hooks.onRequest) this.emit("onRequest", { method: call.method, url: call.safeUrl, attempt });
      const result = await this.attemptOnce(call, spec, attempt, retries);
      if (result.kind === "success") return result.response;
      const { failure, outcome } = result;

      const decision = decideRetry({
        mode: call.mode,
        retriesSoFar: retries,
        outcome,
        options: config.retry,
        now: config.clock.now(),
        random: config.random,
      });
      failure.retries = retries;
      if (decision.action === "fail") throw failure;
      this.emit("onRetry", {
        method: call.method,
        url: call.safeUrl,
        attempt,
        delayMs: decision.delayMs,
        reason: decision.reason,
        status: outcome.kind === "status" ? outcome.status : undefined,
        retry: retries + 1,
        maxRetries: config.retry.maxRetries,
      });
      await config.clock.sleep(decision.delayMs);
      retries++;
    }
  }

  /** What every attempt of one request shares: the URL (and its scrubbed form), headers, body. */
  private prepare(spec: RequestSpec<z.ZodType | undefined>): PreparedCall {
    const query = spec.query === undefined ? "" : buildQuery(spec.query);
    const url = this.config.baseUrl + spec.path + query;
    return {
      method: spec.method,
      requestPath: (this.target?.basePath ?? "") + spec.path + query,
      // Scrubbed too: hooks may log the URL, and a credential must not reach a log even if a
      // caller put one in a path.
      safeUrl: this.scrub(stripCredentials(url)),
      mode: spec.retryMode ?? retryModeFor(spec.method),
      headers: this.headerSets[spec.auth === false ? 0 : 1][spec.body === undefined ? 0 : 1],
      payload: spec.body === undefined ? undefined : JSON.stringify(spec.body),
    };
  }

  /** Waits as long as rate-limit pacing asks before the next attempt (and says so). */
  private async pace(call: PreparedCall, attempt: number): Promise<void> {
    const delayMs = this.config.rateLimiter.reserve();
    if (delayMs <= 0) return;
    if (this.config.hooks.onPace)
      this.emit("onPace", this.paceEvent(call.method, call.safeUrl, attempt, delayMs));
    await this.config.clock.sleep(delayMs);
  }

  /** One attempt, classified: the parsed success, or the failure with what the retry decision needs. */
  private async attemptOnce<S extends z.ZodType | undefined>(
    call: PreparedCall,
    spec: RequestSpec<S>,
    attempt: number,
    retries: number,
  ): Promise<AttemptResult<Output<S>>> {
    const started = this.config.clock.now();
    try {
      const res = await this.attempt(call.method, call.requestPath, call.headers, call.payload);
      return this.classify(call, spec, res, { attempt, retries, started });
    } catch (err) {
      // A body that does not match its schema is final (an ApiError); anything else is the
      // connection's failure.
      if (err instanceof ApiError) throw err;
      return this.connectionFailure(call, err, { attempt, retries, started });
    }
  }

  /** An answer: success (parsed with the schema, which throws when it does not match) or a status failure. */
  private classify<S extends z.ZodType | undefined>(
    call: PreparedCall,
    spec: RequestSpec<S>,
    res: RawResponse,
    at: AttemptInfo,
  ): AttemptResult<Output<S>> {
    const { config } = this;
    const { status, headers: resHeaders, text } = res;
    config.rateLimiter.update(resHeaders, status);
    this.noteServiceDate(resHeaders["date"], Date.now());
    const requestId = resHeaders["x-request-id"];
    const ok = (status >= 200 && status < 300) || (spec.successStatuses?.includes(status) ?? false);
    const ctx = {
      method: call.method,
      url: call.safeUrl,
      status,
      requestId,
      headers: resHeaders,
      retries: at.retries,
    };

    if (ok) {
      const data = spec.schema ? this.parseBody(spec.schema, text, ctx, at) : undefined;
      this.tellResponse(call, at, status, requestId);
      return { kind: "success", response: { status, headers: resHeaders, data: data as Output<S> } };
    }

    let body: unknown = text === "" ? undefined : text.slice(0, 500);
    try {
      if (text !== "") body = JSON.parse(text);
    } catch {
      // keep the text excerpt (e.g. an nginx HTML page)
    }
    const failure = createStatusError({ ...ctx, body: this.scrubValue(body) });
    if (failure instanceof RateLimitError) {
      failure.retryAfterMs = serverRequestedDelay(status, resHeaders, config.clock.now());
    }
    this.tellResponse(call, at, status, requestId, failure);
    return { kind: "failure", failure, outcome: { kind: "status", status, headers: resHeaders } };
  }

  /** A success body parsed with its schema; throws {@link ResponseValidationError} (after telling hooks). */
  private parseBody(
    schema: z.ZodType,
    text: string,
    ctx: {
      method: string;
      url: string;
      status: number;
      requestId: string | undefined;
      headers: Record<string, string>;
      retries: number;
    },
    at: AttemptInfo,
  ): unknown {
    const fail = (err: ResponseValidationError): never => {
      this.emit("onResponse", {
        ...ctx,
        attempt: at.attempt,
        durationMs: this.config.clock.now() - at.started,
        error: err,
      });
      throw err;
    };
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      return fail(
        new ResponseValidationError([{ path: "", message: "response body is not valid JSON" }], {
          ...ctx,
          body: text.slice(0, 200),
        }),
      );
    }
    // Fast path: a valid body is parsed once; the issue list is built only on failure.
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    return fail(validationError(parsed.error, json, ctx));
  }

  /** No answer: a timeout or a connection error, and whether the request may have reached the service. */
  private connectionFailure(call: PreparedCall, err: unknown, at: AttemptInfo): AttemptFailure {
    const { method, safeUrl } = call;
    const code = errorCode(err);
    const afterHeaders = (err as { afterHeaders?: boolean }).afterHeaders === true;
    const sent = afterHeaders || code === undefined || !NOT_SENT_CODES.has(code);
    const unreachable = code !== undefined && !sent && UNREACHABLE_CODES.has(code);
    const isTimeout = code !== undefined && (TIMEOUT_CODES.has(code) || code === "TIMEOUT");
    const rawMessage =
      err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    const reason = this.scrub(rawMessage);
    const init = { method, url: safeUrl, retries: at.retries, cause: err, sent };
    const where = `(${method} ${pathOf(safeUrl)})`;
    // What a person reads first: whether the request left, and where nothing answered.
    const notSent = sent
      ? ""
      : unreachable
        ? `; nothing answers at ${originOf(safeUrl)}, the request was not sent`
        : "; the request was not sent";
    const failure = isTimeout
      ? new ApiTimeoutError(
          `Request timed out${code ? ` [${code}]` : ""}: ${reason} ${where}${notSent}`,
          init,
        )
      : new ApiConnectionError(
          `Connection failed${code ? ` [${code}]` : ""}: ${reason} ${where}${notSent}`,
          init,
        );
    this.tellResponse(call, at, undefined, undefined, failure);
    return { kind: "failure", failure, outcome: { kind: "connection", sent, unreachable } };
  }

  /** Tells the `onResponse` hook how an attempt ended; builds no event when there is no hook. */
  private tellResponse(
    call: PreparedCall,
    at: AttemptInfo,
    status: number | undefined,
    requestId: string | undefined,
    error?: ApiError,
  ): void {
    if (!this.config.hooks.onResponse) return;
    this.emit("onResponse", {
      method: call.method,
      url: call.safeUrl,
      attempt: at.attempt,
      status,
      requestId,
      durationMs: this.config.clock.now() - at.started,
      ...(error ? { error } : {}),
    });
  }
}

/** What every attempt of one request shares. */
interface PreparedCall {
  method: string;
  requestPath: string;
  safeUrl: string;
  mode: ReturnType<typeof retryModeFor>;
  headers: string[];
  payload: string | undefined;
}

/** Which attempt this is, how many retries came before, when it started (for hook events). */
interface AttemptInfo {
  attempt: number;
  retries: number;
  started: number;
}

interface AttemptFailure {
  kind: "failure";
  failure: ApiError;
  outcome: Parameters<typeof decideRetry>[0]["outcome"];
}

type AttemptResult<T> = { kind: "success"; response: ApiResponse<T> } | AttemptFailure;
