/**
 * Webhook events: every change the emulator makes is POSTed to the account's webhooks in the
 * service's payload shape (`name`, `api_version`, `request_identifier`, `data`, `account`, `actor`).
 * A delivery that does not get a 2xx is retried with exponential backoff; after `suppressAfter`
 * consecutive failures the webhook gets `suppressed_at` and receives nothing more.
 *
 * @example
 *   events.emit(accountId, "domain.create", { domain: domainView(d) });
 */
import { randomUUID } from "node:crypto";
import * as http from "node:http";
import * as https from "node:https";
import type { Store } from "./store";
import { now } from "./store";
import type { WebhookRow } from "./model";

/** Delivery tuning, settable through `PUT /__admin/webhook-settings`. */
export interface DeliverySettings {
  /** Attempts per event, first included. */
  maxAttempts: number;
  /** Backoff before retry n is `retryBaseMs * 2^(n-1)`. */
  retryBaseMs: number;
  /** Consecutive failed attempts that suppress a webhook. */
  suppressAfter: number;
  /** Per-attempt timeout. */
  timeoutMs: number;
}

export const DEFAULT_DELIVERY: DeliverySettings = {
  maxAttempts: 10,
  retryBaseMs: 1000,
  suppressAfter: 15,
  timeoutMs: 5000,
};

/** One attempt, as listed by `GET /__admin/webhook-deliveries`. */
export interface DeliveryRecord {
  webhook_id: number;
  url: string;
  event: string;
  request_identifier: string;
  attempt: number;
  /** HTTP status, or 0 when the connection failed or the delivery was skipped. */
  status: number;
  ok: boolean;
  /** Not sent: the URL is outside this machine and external delivery is off. */
  skipped?: boolean;
  at: string;
}

const MAX_RECORDS = 10_000;

/** Emits events and delivers them. */
export class Events {
  settings: DeliverySettings = { ...DEFAULT_DELIVERY };
  readonly deliveries: DeliveryRecord[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private closed = false;
  /** Bumped by clear(): answers to attempts from before a reset are ignored. */
  private generation = 0;

  /**
   * @param deliverExternally POST to hosts other than this machine's loopback addresses. Off by
   *   default: a local emulator must not send traffic to the real URLs programs register.
   */
  constructor(
    private readonly store: Store,
    private readonly deliverExternally = false,
  ) {}

  /** Queues `name` for every active webhook of `accountId`. */
  emit(accountId: number, name: string, data: Record<string, unknown>, excludeWebhookId?: number): void {
    if (this.closed) return;
    const hooks = this.store.webhooks.filter(
      (w) => w.account_id === accountId && w.suppressed_at === null && w.id !== excludeWebhookId,
    );
    if (hooks.length === 0) return;
    const account = this.store.accounts.get(accountId);
    const payload = {
      name,
      api_version: "v2",
      request_identifier: randomUUID(),
      data,
      account: {
        id: accountId,
        display: account?.name ?? String(accountId),
        identifier: account?.identifier ?? String(accountId),
      },
      actor: { id: String(accountId), entity: "account", pretty: account?.email ?? String(accountId) },
    };
    const body = JSON.stringify(payload);
    for (const hook of hooks) this.attempt(hook.id, name, payload.request_identifier, body, 1);
  }

  /** Number of attempts not finished yet (tests wait for zero). */
  get pending(): number {
    return this.inFlight + this.timers.size;
  }

  clear(): void {
    this.generation++;
    this.inFlight = 0;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.deliveries.length = 0;
  }

  close(): void {
    this.closed = true;
    this.clear();
  }

  private attempt(webhookId: number, event: string, requestId: string, body: string, n: number): void {
    const hook = this.store.webhooks.get(webhookId);
    if (hook === undefined || hook.suppressed_at !== null || this.closed) return;
    if (!this.deliverExternally && !isLoopbackUrl(hook.url)) {
      this.record({
        webhook_id: hook.id,
        url: hook.url,
        event,
        request_identifier: requestId,
        attempt: n,
        status: 0,
        ok: false,
        skipped: true,
        at: now(),
      });
      return;
    }
    this.inFlight++;
    const generation = this.generation;
    post(hook.url, body, this.settings.timeoutMs, (status) => {
      if (this.closed || generation !== this.generation) return;
      this.inFlight--;
      const ok = status >= 200 && status < 300;
      this.record({
        webhook_id: hook.id,
        url: hook.url,
        event,
        request_identifier: requestId,
        attempt: n,
        status,
        ok,
        at: now(),
      });
      const current = this.store.webhooks.get(webhookId);
      if (current === undefined) return;
      if (ok) {
        if (current.consecutive_failures !== 0) {
          this.store.webhooks.update(current, { consecutive_failures: 0 });
          this.persist();
        }
        return;
      }
      this.fail(current);
      if (current.suppressed_at !== null || n >= this.settings.maxAttempts) return;
      const delay = this.settings.retryBaseMs * 2 ** (n - 1);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.attempt(webhookId, event, requestId, body, n + 1);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    });
  }

  private fail(hook: WebhookRow): void {
    const failures = hook.consecutive_failures + 1;
    const suppress = failures >= this.settings.suppressAfter && hook.suppressed_at === null;
    this.store.webhooks.update(hook, {
      consecutive_failures: failures,
      ...(suppress ? { suppressed_at: now() } : {}),
    });
    this.persist();
  }

  private persist(): void {
    try {
      this.store.save();
    } catch {
      // Retried with the next change.
    }
  }

  private record(r: DeliveryRecord): void {
    this.deliveries.push(r);
    if (this.deliveries.length > MAX_RECORDS + 1000)
      this.deliveries.splice(0, this.deliveries.length - MAX_RECORDS);
  }
}

/** True for URLs on this machine: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || host === "[::1]" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function post(url: string, body: string, timeoutMs: number, done: (status: number) => void): void {
  let finished = false;
  const finish = (status: number): void => {
    if (finished) return;
    finished = true;
    done(status);
  };
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    setImmediate(() => finish(0));
    return;
  }
  const lib = target.protocol === "https:" ? https : http;
  try {
    const req = lib.request(
      target,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "DNSimple-Webhook-Notifier/emulator",
        },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on("end", () => finish(res.statusCode ?? 0));
        res.on("error", () => finish(0));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => finish(0));
    req.end(body);
  } catch {
    setImmediate(() => finish(0));
  }
}
