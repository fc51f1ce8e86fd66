/**
 * The admin surface under `/__admin/` (no authentication, not logged, never faulted): reset, the
 * request log, accounts/users/tokens, OAuth codes, faults, rate limit, delays, registrar answers,
 * seeding, jobs and webhook deliveries. Documented in emulator/README.md.
 */
import { HttpError, asObject, type Reply } from "../http";
import { DEFAULT_RATE_LIMIT, parseFaultConfig, parseRateLimit } from "../faults";
import {
  addAccount,
  addOAuthCode,
  addToken,
  addUser,
  applySeed,
  setDelays,
  setRegistrar,
  type Seed,
  type SeedAccount,
  type SeedOAuthCode,
  type SeedToken,
  type SeedUser,
} from "../seed";
import type { DeliverySettings, Events } from "../events";
import type { Faults, RateLimiter } from "../faults";
import type { Jobs } from "../jobs";
import type { Store } from "../store";
import { accountView } from "../views";

function batchView(app: AdminApp): { maxItems: number; plans: string[] | null } {
  const { max_items, plans } = app.store.settings.batch;
  return { maxItems: max_items, plans: plans === null ? null : [...plans] };
}

/** What an admin handler receives. */
/** What the admin surface reaches of the emulator (its server, which serves these routes). */
export interface AdminApp {
  readonly store: Store;
  readonly events: Events;
  readonly jobs: Jobs;
  readonly faults: Faults;
  readonly rateLimiter: RateLimiter;
  /** The request log, listed and cleared here. */
  readonly log: unknown[];
  reset(): void;
  routes(): string[];
}

export interface AdminCtx {
  app: AdminApp;
  params: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
}

type AdminHandler = (ctx: AdminCtx) => Reply | Promise<Reply>;

function json(body: unknown, status = 200): Reply {
  return { status, body };
}

/** Runs `fn`, turning a thrown Error into 400 `{message}`. */
function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, { message: err instanceof Error ? err.message : String(err) });
  }
}

function body(ctx: AdminCtx): Record<string, unknown> {
  const o = asObject(ctx.body);
  if (o === null) throw new HttpError(400, { message: "body must be a JSON object" });
  return o;
}

export function registerAdminRoutes(
  add: (method: string, pattern: string, handler: AdminHandler) => void,
): void {
  add("GET", "/__admin/health", () => json({ ok: true }));
  add("POST", "/__admin/reset", ({ app }) => {
    app.reset();
    return json({ ok: true });
  });
  add("GET", "/__admin/state", ({ app }) => json(app.store.snapshot()));
  add("GET", "/__admin/routes", ({ app }) => json(app.routes()));
  add("GET", "/__admin/stats", ({ app, query }) => {
    // With `?gc=1` and node --expose-gc, collect first so the figure is the live set.
    const gc = (globalThis as { gc?: () => void }).gc;
    if (query.get("gc") === "1" && gc) gc();
    const m = process.memoryUsage();
    const s = app.store;
    return json({
      rssBytes: m.rss,
      heapUsedBytes: m.heapUsed,
      counts: {
        domains: s.domains.size,
        zones: s.zones.size,
        records: s.records.size,
        contacts: s.contacts.size,
      },
    });
  });

  add("GET", "/__admin/requests", ({ app }) => json(app.log));
  add("DELETE", "/__admin/requests", ({ app }) => {
    app.log.length = 0;
    return { status: 204 };
  });

  add("GET", "/__admin/accounts", ({ app }) =>
    json(
      app.store.accounts
        .all()
        .map((a) => ({ ...accountView(a), outstanding_payments: a.outstanding_payments })),
    ),
  );
  add("POST", "/__admin/accounts", (ctx) => {
    const b = body(ctx) as unknown as SeedAccount;
    const id = guarded(() => addAccount(ctx.app.store, b));
    const a = ctx.app.store.accounts.get(id);
    return json(
      a === undefined ? null : { ...accountView(a), outstanding_payments: a.outstanding_payments },
      201,
    );
  });
  add("PATCH", "/__admin/accounts/:id", (ctx) => {
    const a = ctx.app.store.accounts.get(Number(ctx.params["id"]));
    if (a === undefined) throw new HttpError(404, { message: `account ${ctx.params["id"]} not found` });
    const b = body(ctx);
    if (b["outstandingPayments"] !== undefined) {
      if (typeof b["outstandingPayments"] !== "boolean")
        throw new HttpError(400, { message: "outstandingPayments must be a boolean" });
      ctx.app.store.accounts.update(a, { outstanding_payments: b["outstandingPayments"] });
    }
    if (typeof b["name"] === "string") ctx.app.store.accounts.update(a, { name: b["name"] });
    if (typeof b["planIdentifier"] === "string")
      ctx.app.store.accounts.update(a, { plan_identifier: b["planIdentifier"] });
    return json({ ...accountView(a), outstanding_payments: a.outstanding_payments });
  });
  add("POST", "/__admin/users", (ctx) => {
    const id = guarded(() => addUser(ctx.app.store, body(ctx) as unknown as SeedUser));
    const u = ctx.app.store.users.get(id);
    return json({ id, email: u?.email, accounts: u?.account_ids }, 201);
  });
  add("POST", "/__admin/tokens", (ctx) => {
    guarded(() => addToken(ctx.app.store, body(ctx) as unknown as SeedToken));
    return json({ ok: true }, 201);
  });
  add("POST", "/__admin/oauth-codes", (ctx) => {
    const code = guarded(() => addOAuthCode(ctx.app.store, body(ctx) as unknown as SeedOAuthCode));
    return json({ code }, 201);
  });

  add("GET", "/__admin/faults", ({ app }) => json(app.faults.current()));
  add("PUT", "/__admin/faults", (ctx) => {
    const config = guarded(() => parseFaultConfig(ctx.body));
    ctx.app.faults.configure(config);
    return json(ctx.app.faults.current());
  });
  add("DELETE", "/__admin/faults", ({ app }) => {
    app.faults.configure(null);
    return { status: 204 };
  });

  add("GET", "/__admin/rate-limit", ({ app }) => json(app.rateLimiter.current()));
  add("PUT", "/__admin/rate-limit", (ctx) => {
    ctx.app.rateLimiter.configure(guarded(() => parseRateLimit(ctx.body)));
    return json(ctx.app.rateLimiter.current());
  });
  add("DELETE", "/__admin/rate-limit", ({ app }) => {
    app.rateLimiter.configure({ ...DEFAULT_RATE_LIMIT });
    return { status: 204 };
  });

  add("GET", "/__admin/delays", ({ app }) => json(app.store.settings.delays));
  add("PUT", "/__admin/delays", (ctx) => {
    guarded(() => setDelays(ctx.app.store, body(ctx)));
    return json(ctx.app.store.settings.delays);
  });
  add("GET", "/__admin/registrar", ({ app }) => json(app.store.settings.registrar));
  add("PUT", "/__admin/registrar", (ctx) => {
    guarded(() => setRegistrar(ctx.app.store, body(ctx)));
    return json(ctx.app.store.settings.registrar);
  });
  add("GET", "/__admin/batch", ({ app }) => json(batchView(app)));
  add("PUT", "/__admin/batch", (ctx) => {
    const b = body(ctx);
    const max = b["maxItems"];
    if (max !== undefined) {
      if (typeof max !== "number" || !Number.isInteger(max) || max < 1 || max > 100_000)
        throw new HttpError(400, { message: "maxItems must be a whole number from 1 to 100000" });
      ctx.app.store.updateSettings((s) => (s.batch.max_items = max));
    }
    const plans = b["plans"];
    if (plans !== undefined) {
      if (plans !== null && !(Array.isArray(plans) && plans.every((p) => typeof p === "string")))
        throw new HttpError(400, {
          message: "plans must be null (every plan) or a list of plan identifiers",
        });
      ctx.app.store.updateSettings((s) => (s.batch.plans = plans === null ? null : [...(plans as string[])]));
    }
    return json(batchView(ctx.app));
  });
  add("POST", "/__admin/seed", (ctx) => {
    guarded(() => applySeed(ctx.app.store, body(ctx) as Seed, ctx.app.events));
    return json({ ok: true });
  });

  add("GET", "/__admin/jobs", ({ app }) => json(app.jobs.pending()));
  add("POST", "/__admin/jobs/run", ({ app }) => json({ ran: app.jobs.runDue(Number.MAX_SAFE_INTEGER) }));

  add("GET", "/__admin/webhook-deliveries", ({ app }) =>
    json({ pending: app.events.pending, deliveries: app.events.deliveries }),
  );
  add("DELETE", "/__admin/webhook-deliveries", ({ app }) => {
    app.events.deliveries.length = 0;
    return { status: 204 };
  });
  add("PUT", "/__admin/webhook-settings", (ctx) => {
    const b = body(ctx);
    const next: DeliverySettings = { ...ctx.app.events.settings };
    for (const k of ["maxAttempts", "retryBaseMs", "suppressAfter", "timeoutMs"] as const) {
      const v = b[k];
      if (v === undefined) continue;
      if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
        throw new HttpError(400, { message: `${k} must be a non-negative number` });
      next[k] = v;
    }
    ctx.app.events.settings = next;
    return json(next);
  });
}
