/**
 * The emulator: a `node:http` server that authenticates, rate-limits, injects faults, routes to the
 * route files, saves state once per changing request and logs every API request.
 *
 * @example
 *   const emu = await startEmulator({ port: 0 });
 *   await fetch(`${emu.v2Url}/whoami`, { headers: { authorization: `Bearer ${emu.token}` } });
 *   await emu.close();
 */
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthMode, Ctx, Handler, Principal, RouteRegistry } from "./context";
import { Events } from "./events";
import { Faults, RateLimiter, type FaultConfig, type FaultDecision, type RateLimitConfig } from "./faults";
import { HttpError, parseJson, readBody, type Reply } from "./http";
import { Jobs } from "./jobs";
import type { Delays } from "./model";
import { Router } from "./router";
import { registerAdminRoutes, type AdminCtx } from "./routes/admin";
import { registerAllRoutes } from "./routes";
import { applySeed, ensureDefaults, type Seed } from "./seed";
import { Store } from "./store";

/** Options of {@link startEmulator}; every field is optional. */
export interface EmulatorOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Persist state in this JSON file; without it, state lives in memory. */
  dataFile?: string;
  /** Account token of the default account (default `dev-token`). */
  token?: string;
  /** Id of the default account (default 1). */
  accountId?: number;
  /** Email of the default account and of its user (default `dev@example.com`). */
  email?: string;
  /** Password of the default user for basic auth (default `dev-password`). */
  password?: string;
  /** v1 API token of the default user, sent as `X-Service-Token: email:token` (default `dev-v1-token`). */
  v1Token?: string;
  /** Let webhooks use `http://` URLs (tests deliver to 127.0.0.1). */
  allowHttpWebhooks?: boolean;
  /** Deliver webhook events to hosts outside this machine (off: only loopback URLs get POSTs). */
  deliverExternalWebhooks?: boolean;
  /** A seed file (JSON, see README) applied on start when the state is new and on reset. */
  seedFile?: string;
  /** A seed object, applied like `seedFile`. */
  seed?: Seed;
  rateLimit?: RateLimitConfig;
  faults?: FaultConfig;
  delays?: Partial<Delays>;
  /** Keep at most this many request-log entries (default 50,000). */
  requestLogLimit?: number;
  /**
   * After every request and timer step, check that any change of state went through a table
   * write (which is what gets it saved); a change made by assigning to a row fails the request
   * with a 500 and a message on stderr. Costs a serialisation of the state per request: for tests
   * (default: on when `EMULATOR_VERIFY_WRITES=1`, which the test projects set).
   */
  verifyWrites?: boolean;
  /**
   * Serve the admin surface, `/__admin/*` (faults, delays, seeds, resets, the request log;
   * default on). Off, those paths are API paths like any other: unknown, 404, as on the real
   * service, so a suite that must not depend on them (a live run, issue 29) can be tried here.
   */
  admin?: boolean;
}

/** One API request as listed by `GET /__admin/requests`. */
export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  status: number;
  account?: number;
  requestId: string;
}

/**
 * One API answer as sent, for observers (tests check every answer against the service's OpenAPI).
 * `route` is the matched `METHOD pattern` (absent for unknown paths, faults and rate limiting).
 */
export interface ObservedExchange {
  method: string;
  path: string;
  query: string;
  route?: string;
  /** The request body as parsed (JSON), when there was one. */
  requestBody?: unknown;
  userAgent?: string;
  status: number;
  /** The response body as sent (an object for JSON answers, undefined when empty). */
  body: unknown;
}

/** A started emulator. */
export interface RunningEmulator {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `url + "/v2"` */
  v2Url: string;
  /** `url + "/v1"` */
  v1Url: string;
  port: number;
  token: string;
  accountId: number;
  email: string;
  password: string;
  v1Token: string;
  /** Direct access for in-process tests and benchmarks. */
  app: Emulator;
  /** Stops listening, closes connections and timers, saves state. */
  close(): Promise<void>;
  /** `POST /__admin/reset` in process. */
  reset(): void;
  /** The request log (API requests only). */
  requests(): RequestLogEntry[];
  clearRequests(): void;
  /**
   * Calls `listener` with every API answer sent from now on; returns the function that stops it.
   *
   * @example
   *   const stop = emu.observe((x) => seen.push(x));
   */
  observe(listener: (exchange: ObservedExchange) => void): () => void;
}

interface RouteEntry {
  handler: Handler;
  auth: AuthMode;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The emulator's state and request pipeline, without the listening socket. */
export class Emulator {
  readonly store: Store;
  readonly events: Events;
  readonly jobs: Jobs;
  readonly faults = new Faults();
  readonly rateLimiter = new RateLimiter();
  readonly log: RequestLogEntry[] = [];
  /** Listeners of every API answer (see {@link RunningEmulator.observe}). */
  readonly observers = new Set<(exchange: ObservedExchange) => void>();
  private readonly api = new Router<RouteEntry>();
  private readonly admin = new Router<(ctx: AdminCtx) => Reply | Promise<Reply>>();
  private readonly logLimit: number;
  readonly defaults: Required<
    Pick<EmulatorOptions, "token" | "accountId" | "email" | "password" | "v1Token">
  >;

  constructor(readonly options: EmulatorOptions = {}) {
    this.store = Store.open(options.dataFile, {
      verifyWrites: options.verifyWrites ?? process.env["EMULATOR_VERIFY_WRITES"] === "1",
    });
    this.events = new Events(this.store, this.options.deliverExternalWebhooks ?? false);
    this.jobs = new Jobs(this.store);
    this.logLimit = options.requestLogLimit ?? 50_000;
    this.defaults = {
      token: options.token ?? "dev-token",
      accountId: options.accountId ?? 1,
      email: options.email ?? "dev@example.com",
      password: options.password ?? "dev-password",
      v1Token: options.v1Token ?? "dev-v1-token",
    };
    const registry: RouteRegistry = {
      add: (method, pattern, handler, auth = pattern.startsWith("/v1/") ? "v1" : "v2") => {
        this.api.add(method, pattern, { handler, auth });
      },
    };
    registerAllRoutes(registry, this.jobs, this.events, this.store);
    registerAdminRoutes((method, pattern, handler) => this.admin.add(method, pattern, handler));
    const fresh = this.store.accounts.size === 0;
    ensureDefaults(this.store, this.defaults);
    if (fresh) this.applyStartSeed();
    this.applyStartDelays();
    if (options.rateLimit) this.rateLimiter.configure(options.rateLimit);
    if (options.faults) this.faults.configure(options.faults);
    this.store.save();
    this.jobs.resume();
  }

  private applyStartSeed(): void {
    if (this.options.seedFile !== undefined) {
      applySeed(this.store, JSON.parse(fs.readFileSync(this.options.seedFile, "utf8")) as Seed);
    }
    if (this.options.seed !== undefined) applySeed(this.store, this.options.seed);
  }

  private applyStartDelays(): void {
    const delays = this.options.delays;
    if (delays) this.store.updateSettings((s) => Object.assign(s.delays, delays));
  }

  /** Back to the starting state: defaults plus the seed; faults, rate limit and logs cleared. */
  reset(): void {
    this.jobs.clear();
    this.events.clear();
    this.store.clear();
    ensureDefaults(this.store, this.defaults);
    this.applyStartSeed();
    this.applyStartDelays();
    this.faults.configure(this.options.faults ?? null);
    this.rateLimiter.configure(this.options.rateLimit ?? { limit: 100_000, windowSeconds: 3600 });
    this.log.length = 0;
    this.store.save();
  }

  /** Every API route as `METHOD pattern`. */
  routes(): string[] {
    return this.api.routes();
  }

  /** The `node:http` request listener. */
  readonly listener = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    this.handle(req, res).catch(() => {
      // Last resort: never let a request crash the process.
      if (!res.headersSent) {
        try {
          res.writeHead(500, { "content-type": JSON_TYPE });
          res.end('{"message":"Internal server error"}');
        } catch {
          res.destroy();
        }
      } else {
        res.destroy();
      }
    });
  };

  /**
   * One request through the pipeline, a named step each: admin requests go their own way; an API
   * request is logged, meets its injected fault, is authenticated and rate limited, then routed
   * (account check, body, handler, save) and answered.
   */
  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const { method, path, search } = target(req);
    if (this.options.admin !== false && (path.startsWith("/__admin/") || path === "/__admin")) {
      await this.handleAdmin(req, res, method, path, search);
      return;
    }
    const x = new Exchange(req, res, method, path, search, this.observers, this.faults);
    this.pushLog(x.entry);
    if (await this.meetConnectionFault(x)) return;
    const principal = path.startsWith("/v1/") ? this.resolveV1(req) : this.resolveV2(req);
    const withinLimit = this.takeRateLimit(x, principal);
    if (this.answerStatusFault(x)) return;
    if (!withinLimit) {
      this.refuseOverLimit(x);
      return;
    }
    await this.route(x, principal);
  }

  /** A dropped connection ends the exchange here (true); latency makes it wait. */
  private async meetConnectionFault(x: Exchange): Promise<boolean> {
    const { fault, req } = x;
    if (fault.kind === "drop") {
      req.socket.destroy();
      return true;
    }
    if (fault.kind === "latency") {
      // A slow service has the whole request before it is slow: a caller that gives up (or dies)
      // meanwhile loses the answer, not the change.
      if (hasBody(req, x.method)) {
        x.bodyRead = readBody(req);
        x.bodyRead.catch(() => undefined);
      }
      await sleep(fault.ms);
    }
    return false;
  }

  /** Takes one request from the caller's budget and sets the rate-limit headers; false when spent. */
  private takeRateLimit(x: Exchange, principal: Principal | null): boolean {
    const rl = this.rateLimiter.take(principal?.key ?? `anonymous:${x.req.socket.remoteAddress ?? ""}`);
    x.headers["x-ratelimit-limit"] = String(rl.limit);
    x.headers["x-ratelimit-remaining"] = String(rl.remaining);
    x.headers["x-ratelimit-reset"] = String(rl.reset);
    x.resetAt = rl.reset;
    return rl.allowed;
  }

  /** An injected status (429, 5xx) answers instead of the route (true). */
  private answerStatusFault(x: Exchange): boolean {
    const { fault } = x;
    if (fault.kind !== "status") return false;
    drain(x.req);
    const extra: Record<string, string> = {};
    if (fault.status === 429) {
      extra["retry-after"] = String(fault.retryAfterSeconds);
      x.headers["x-ratelimit-remaining"] = "0";
    }
    x.send({
      status: fault.status,
      body: fault.status === 429 ? { message: "quota exceeded" } : { message: faultMessage(fault.status) },
      headers: extra,
    });
    return true;
  }

  /** The 429 of a spent budget, with the seconds until it refills. */
  private refuseOverLimit(x: Exchange): void {
    drain(x.req);
    x.send({
      status: 429,
      body: { message: "quota exceeded" },
      headers: { "retry-after": String(Math.max(1, x.resetAt - Math.floor(Date.now() / 1000))) },
    });
  }

  /** Finds the route, checks the account, reads the body, runs the handler, saves, answers. */
  private async route(x: Exchange, principal: Principal | null): Promise<void> {
    try {
      const match = this.api.match(x.method, x.path);
      if (match === null) throw new HttpError(404, { message: "Not Found" });
      if (match === "method-not-allowed") {
        drain(x.req);
        x.send({ status: 405 });
        return;
      }
      x.route = match.route;
      const { handler, auth } = match.handler;
      if (auth !== "none" && principal === null)
        throw new HttpError(401, { message: "Authentication failed" });
      const accountId = this.accountOf(x, auth, match.params, principal);
      const ctx: Ctx = {
        store: this.store,
        events: this.events,
        jobs: this.jobs,
        options: { allowHttpWebhooks: this.options.allowHttpWebhooks ?? false },
        method: x.method,
        path: x.path,
        query: new URLSearchParams(x.search),
        params: match.params,
        body: (await readRequestBody(x)) ?? {},
        principal,
        accountId,
        requestId: x.requestId,
      };
      const reply = await handler(ctx);
      this.store.checkWrites(match.route);
      this.store.save();
      x.send(reply);
    } catch (err) {
      this.saveAfterFailure();
      if (err instanceof HttpError) {
        if (err.status === 413) x.res.setHeader("connection", "close");
        x.send({ status: err.status, body: err.body, headers: err.headers });
      } else {
        x.send({ status: 500, body: { message: "Internal server error" } });
      }
    }
  }

  /** The account a request acts for: the path's (one the credential may use), or v1's first. */
  private accountOf(
    x: Exchange,
    auth: AuthMode,
    params: Record<string, string>,
    principal: Principal | null,
  ): number {
    if (auth === "v2" && params["account"] !== undefined) {
      const raw = params["account"];
      if (!/^\d+$/.test(raw) || !(principal as Principal).accountIds.includes(Number(raw))) {
        throw new HttpError(404, { message: `Account \`${raw}\` not found` });
      }
      x.entry.account = Number(raw);
      return Number(raw);
    }
    if (auth === "v1" && principal !== null) {
      const accountId = principal.accountIds[0] ?? 0;
      x.entry.account = accountId;
      return accountId;
    }
    return 0;
  }

  /** A failed request may still have written tables before it failed: that is saved too. */
  private saveAfterFailure(): void {
    if (!this.store.isDirty) return;
    try {
      this.store.save();
    } catch {
      // Reported only if the request itself did not fail for another reason.
    }
  }

  private async handleAdmin(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
    path: string,
    search: string,
  ): Promise<void> {
    let status = 200;
    let body: unknown;
    try {
      const match = this.admin.match(method, path);
      if (match === null || match === "method-not-allowed") {
        throw new HttpError(match === null ? 404 : 405, { message: `No admin route ${method} ${path}` });
      }
      const parsed = hasBody(req, method) ? parseJson(await readBody(req)) : (drain(req), {});
      const reply = await match.handler({
        app: this,
        params: match.params,
        body: parsed,
        query: new URLSearchParams(search),
      });
      this.store.checkWrites(`${method} ${path}`);
      this.store.save();
      status = reply.status;
      body = reply.body;
    } catch (err) {
      if (err instanceof HttpError) {
        status = err.status;
        body = err.body;
      } else {
        status = 400;
        body = { message: err instanceof Error ? err.message : String(err) };
      }
    }
    if (body === undefined) {
      res.writeHead(status);
      res.end();
    } else {
      const text = JSON.stringify(body);
      res.writeHead(status, { "content-type": JSON_TYPE, "content-length": String(Buffer.byteLength(text)) });
      res.end(text);
    }
  }

  private pushLog(entry: RequestLogEntry): void {
    this.log.push(entry);
    // Trim in chunks: splicing one entry per request would copy the whole log every time.
    if (this.log.length > this.logLimit + 1000) this.log.splice(0, this.log.length - this.logLimit);
  }

  private resolveV2(req: http.IncomingMessage): Principal | null {
    const auth = req.headers.authorization;
    if (auth === undefined) return null;
    const space = auth.indexOf(" ");
    if (space === -1) return null;
    const scheme = auth.slice(0, space).toLowerCase();
    const value = auth.slice(space + 1).trim();
    if (scheme === "bearer") {
      const token = this.store.tokens.byKey(value);
      if (token === undefined) return null;
      if (token.account_id !== null) {
        const account = this.store.accounts.get(token.account_id);
        if (account === undefined) return null;
        return {
          kind: "account",
          accountIds: [account.id],
          account,
          user: null,
          key: `account:${account.id}`,
        };
      }
      const user = token.user_id === null ? undefined : this.store.users.get(token.user_id);
      if (user === undefined) return null;
      return { kind: "user", accountIds: user.account_ids, account: null, user, key: `user:${user.id}` };
    }
    if (scheme === "basic") {
      const decoded = Buffer.from(value, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon === -1) return null;
      const user = this.store.users.byKey(decoded.slice(0, colon).toLowerCase());
      if (user === undefined || user.password !== decoded.slice(colon + 1)) return null;
      return { kind: "user", accountIds: user.account_ids, account: null, user, key: `user:${user.id}` };
    }
    return null;
  }

  private resolveV1(req: http.IncomingMessage): Principal | null {
    const raw = req.headers["x-service-token"] ?? req.headers["x-dnsimple-token"];
    const header = Array.isArray(raw) ? raw[0] : raw;
    if (header === undefined) return null;
    const colon = header.lastIndexOf(":");
    if (colon === -1) return null;
    const user = this.store.users.byKey(header.slice(0, colon).trim().toLowerCase());
    if (user === undefined || user.v1_token === "" || user.v1_token !== header.slice(colon + 1).trim())
      return null;
    return { kind: "user", accountIds: user.account_ids, account: null, user, key: `v1user:${user.id}` };
  }

  close(): void {
    this.jobs.close();
    this.events.close();
    try {
      this.store.save();
    } catch {
      // Nothing more to do when the disk refuses the final save.
    }
  }
}

/** Method, path and query string of a request. */
function target(req: http.IncomingMessage): { method: string; path: string; search: string } {
  const rawUrl = req.url ?? "/";
  const q = rawUrl.indexOf("?");
  return {
    method: req.method ?? "GET",
    path: q === -1 ? rawUrl : rawUrl.slice(0, q),
    search: q === -1 ? "" : rawUrl.slice(q + 1),
  };
}

/** The parsed JSON body (kept on the exchange for observers), or undefined for methods without one. */
async function readRequestBody(x: Exchange): Promise<unknown> {
  if (!hasBody(x.req, x.method)) {
    drain(x.req);
    return undefined;
  }
  x.requestBody = parseJson(await (x.bodyRead ?? readBody(x.req)));
  return x.requestBody;
}

/** One API request on its way through the pipeline: what it asked, its log entry, how it is answered. */
class Exchange {
  readonly requestId = randomUUID();
  readonly entry: RequestLogEntry;
  readonly headers: Record<string, string>;
  readonly fault: FaultDecision;
  /** The matched `METHOD pattern`, once routed. */
  route: string | undefined;
  requestBody: unknown = undefined;
  /** The body, already being read when a latency fault made the request wait. */
  bodyRead: Promise<Buffer> | undefined;
  /** When the caller's rate-limit budget refills (epoch seconds). */
  resetAt = 0;

  constructor(
    readonly req: http.IncomingMessage,
    readonly res: http.ServerResponse,
    readonly method: string,
    readonly path: string,
    readonly search: string,
    private readonly observers: Set<(exchange: ObservedExchange) => void>,
    faults: Faults,
  ) {
    this.entry = { method, path, query: search, status: 0, requestId: this.requestId };
    this.headers = { "content-type": JSON_TYPE, "x-request-id": this.requestId };
    this.fault = faults.decide(method, path);
  }

  /** Tells observers, then writes the answer (or, under a drop-after fault, drops the connection). */
  send(reply: Reply): void {
    this.entry.status = reply.status;
    if (this.observers.size > 0) this.tellObservers(reply);
    if (this.fault.kind === "drop-after") {
      // The request was processed; the client never hears about it.
      this.req.socket.destroy();
      return;
    }
    const h = reply.headers ? { ...this.headers, ...reply.headers } : { ...this.headers };
    if (reply.body === undefined) {
      delete h["content-type"];
      this.res.writeHead(reply.status, h);
      this.res.end();
      return;
    }
    const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
    h["content-length"] = String(Buffer.byteLength(text));
    this.res.writeHead(reply.status, h);
    this.res.end(text);
  }

  private tellObservers(reply: Reply): void {
    const ua = this.req.headers["user-agent"];
    const exchange: ObservedExchange = {
      method: this.method,
      path: this.path,
      query: this.search,
      status: reply.status,
      body: reply.body,
    };
    if (this.route !== undefined) exchange.route = this.route;
    if (this.requestBody !== undefined) exchange.requestBody = this.requestBody;
    if (ua !== undefined) exchange.userAgent = ua;
    for (const observer of this.observers) observer(exchange);
  }
}

function faultMessage(status: number): string {
  switch (status) {
    case 502:
      return "Bad Gateway";
    case 503:
      return "Service Unavailable";
    case 504:
      return "Gateway Timeout";
    default:
      return "Internal Server Error";
  }
}

function hasBody(req: http.IncomingMessage, method: string): boolean {
  if (req.headers["content-length"] !== undefined) return req.headers["content-length"] !== "0";
  if (req.headers["transfer-encoding"] !== undefined) return true;
  return method === "POST" || method === "PUT" || method === "PATCH";
}

function drain(req: http.IncomingMessage): void {
  if (!req.readableEnded) req.resume();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Starts the emulator on 127.0.0.1.
 *
 * @example
 *   const emu = await startEmulator({ port: 0, dataFile: "/tmp/emu.json" });
 *   console.log(emu.v2Url); // http://127.0.0.1:PORT/v2
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const app = new Emulator(options);
  const server = http.createServer({ keepAliveTimeout: 5000 }, app.listener);
  server.on("clientError", (_err, socket) => {
    if (socket.writable)
      socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | null = null;
  return {
    url,
    v2Url: `${url}/v2`,
    v1Url: `${url}/v1`,
    port,
    ...app.defaults,
    app,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        app.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
    reset: () => app.reset(),
    requests: () => [...app.log],
    clearRequests: () => {
      app.log.length = 0;
    },
    observe: (listener) => {
      app.observers.add(listener);
      return () => app.observers.delete(listener);
    },
  };
}
