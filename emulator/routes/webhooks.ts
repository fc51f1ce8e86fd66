/**
 * v2 webhooks: HTTPS URLs only (plain `http://` with `--allow-http-webhooks`); list without pagination.
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import { Input, noContent, notFound, ok, type Reply } from "../http";
import { sortRows } from "../listing";
import type { WebhookRow } from "../model";
import { now } from "../store";
import { webhookView } from "../views";

/**
 * The contract lets `:webhook` be an integer or a string. The service reads a string id the way its
 * framework casts one to an integer: the leading digits count (`"12"`, `"012"`, `"12-billing"` are
 * webhook 12); a string without leading digits names no webhook (404, as for an unknown number).
 */
export function webhookIdOf(ref: string): number | undefined {
  const digits = /^\s*(\d+)/.exec(ref)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

function find(ctx: Ctx): WebhookRow {
  const ref = param(ctx, "webhook");
  const id = webhookIdOf(ref);
  const w = id === undefined ? undefined : ctx.store.webhooks.get(id);
  if (w === undefined || w.account_id !== ctx.accountId) throw notFound("Webhook", ref);
  return w;
}

function create(ctx: Ctx): Reply {
  const input = new Input(ctx.body);
  const url = input.str("url", true);
  if (url !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      input.fail("url", "is not a valid URL");
    }
    if (parsed !== null) {
      const httpOk = ctx.options.allowHttpWebhooks && parsed.protocol === "http:";
      if (parsed.protocol !== "https:" && !httpOk) input.fail("url", "must use HTTPS");
    }
  }
  input.done();
  const w = ctx.store.webhooks.insert({
    account_id: ctx.accountId,
    url: url as string,
    suppressed_at: null,
    consecutive_failures: 0,
    created_at: now(),
  });
  // The new webhook itself is not told about its own creation; the account's other webhooks are.
  ctx.events.emit(ctx.accountId, "webhook.create", { webhook: { id: w.id, url: w.url } }, w.id);
  return ok(webhookView(w), 201);
}

function remove(ctx: Ctx): Reply {
  const w = find(ctx);
  ctx.store.webhooks.delete(w.id);
  ctx.events.emit(ctx.accountId, "webhook.delete", { webhook: { id: w.id, url: w.url } });
  return noContent();
}

export function registerWebhookRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/webhooks", (ctx) => {
    const rows = ctx.store.webhooks.filter((w) => w.account_id === ctx.accountId);
    return ok(sortRows<WebhookRow>(ctx.query, rows, { id: (w) => w.id }, "id:asc").map(webhookView));
  });
  r.add("POST", "/v2/:account/webhooks", create);
  r.add("GET", "/v2/:account/webhooks/:webhook", (ctx) => ok(webhookView(find(ctx))));
  r.add("DELETE", "/v2/:account/webhooks/:webhook", remove);
}
