/**
 * v2 platform API (private beta): messages and key/value metadata on resources `domain:<id>`,
 * `record:<id>` or `platform_connection:<id>`. Timestamps are textual, as the service writes them.
 * A metadata write with an existing key on the same resource replaces the value.
 * Message update: `PATCH /:account/platform/messages/:message`, `POST /:account/platform/messages/:message`,
 * or `POST /:account/platform/messages` with `id` in the body.
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import { Input, badRequest, noContent, notFound, ok, type Reply } from "../http";
import { paginate } from "../listing";
import type { Changes, MetadataRow, PlatformMessageRow } from "../model";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `Wed, 29 Jun 2010 12:45:05.015709000 UTC +00:00` */
function textual(d = new Date()): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, "0");
  return `${DAYS[d.getUTCDay()]}, ${p(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(
    d.getUTCMinutes(),
  )}:${p(d.getUTCSeconds())}.${p(d.getUTCMilliseconds(), 3)}000000 UTC +00:00`;
}

/** Checks a `type:id` resource of the account; 400 for a malformed one, 404 when missing. */
function checkResource(ctx: Ctx, resource: string): string {
  const m = /^(domain|record|platform_connection):(\d+)$/.exec(resource);
  if (m === null)
    throw badRequest(
      `Invalid resource \`${resource}\`: use domain:<id>, record:<id> or platform_connection:<id>`,
    );
  const id = Number(m[2]);
  const exists =
    m[1] === "domain"
      ? ctx.store.domains.get(id)?.account_id === ctx.accountId
      : m[1] === "record"
        ? ctx.store.records.get(id)?.account_id === ctx.accountId
        : false;
  if (!exists) throw notFound("Resource", resource);
  return resource;
}

function owner(ctx: Ctx): { owner_type: string; owner_id: number } {
  const p = ctx.principal;
  if (p?.user) return { owner_type: "User", owner_id: p.user.id };
  return { owner_type: "Account", owner_id: ctx.accountId };
}

function messageView(m: PlatformMessageRow): Record<string, unknown> {
  const {
    id,
    owner_type,
    owner_id,
    account_id,
    resource,
    title,
    message,
    url,
    expires_at,
    created_at,
    updated_at,
  } = m;
  return {
    id,
    owner_type,
    owner_id,
    account_id,
    resource,
    title,
    message,
    url,
    expires_at,
    created_at,
    updated_at,
  };
}

function metadataView(m: MetadataRow): Record<string, unknown> {
  const { id, owner_type, owner_id, account_id, resource, key, value, created_at, updated_at } = m;
  return { id, owner_type, owner_id, account_id, resource, key, value, created_at, updated_at };
}

function findMessage(ctx: Ctx, ref: string): PlatformMessageRow {
  const m = /^\d+$/.test(ref) ? ctx.store.platformMessages.get(Number(ref)) : undefined;
  if (m === undefined || m.account_id !== ctx.accountId) throw notFound("Message", ref);
  return m;
}

function readMessage(ctx: Ctx, requireResource: boolean): Changes<PlatformMessageRow> {
  const input = new Input(ctx.body);
  const resource = input.str("resource", requireResource);
  const out: Changes<PlatformMessageRow> = {};
  for (const k of ["title", "message", "url"] as const) {
    const v = input.str(k);
    if (v !== undefined) out[k] = v;
  }
  const expires = input.str("expires_at");
  if (expires !== undefined && expires !== "" && Number.isNaN(Date.parse(expires)))
    input.fail("expires_at", "is not a valid datetime");
  if (typeof out.url === "string" && out.url !== "") {
    try {
      new URL(out.url);
    } catch {
      input.fail("url", "is not a valid URL");
    }
  }
  input.done();
  if (resource !== undefined) out.resource = checkResource(ctx, resource);
  if (expires !== undefined) out.expires_at = expires === "" ? null : textual(new Date(expires));
  return out;
}

function createOrUpdateMessage(ctx: Ctx): Reply {
  const body = new Input(ctx.body);
  const idRef = ctx.params["message"] ?? (body.has("id") ? String(body.obj["id"]) : undefined);
  if (idRef !== undefined) return updateMessage(ctx, idRef);
  const f = readMessage(ctx, true);
  const t = textual();
  const m = ctx.store.platformMessages.insert({
    ...owner(ctx),
    account_id: ctx.accountId,
    resource: f.resource as string,
    title: f.title ?? null,
    message: f.message ?? null,
    url: f.url ?? null,
    expires_at: f.expires_at ?? null,
    created_at: t,
    updated_at: t,
  });
  return ok(messageView(m), 201);
}

function updateMessage(ctx: Ctx, ref: string): Reply {
  const m = findMessage(ctx, ref);
  const f = readMessage(ctx, false);
  ctx.store.platformMessages.update(m, { ...f, updated_at: textual() });
  return ok(messageView(m));
}

function findMetadata(ctx: Ctx, resource: string, ref: string): MetadataRow {
  const m = /^\d+$/.test(ref) ? ctx.store.metadata.get(Number(ref)) : undefined;
  if (m === undefined || m.account_id !== ctx.accountId || m.resource !== resource)
    throw notFound("Metadata", ref);
  return m;
}

function writeMetadata(ctx: Ctx): Reply {
  const resource = checkResource(ctx, param(ctx, "resource"));
  const input = new Input(ctx.body);
  const given = input.str("resource");
  const key = input.str("key", true);
  const value = input.str("value", true);
  if (given !== undefined && given !== resource) input.fail("resource", "does not match the path");
  input.done();
  const t = textual();
  const existing = ctx.store.metadata.find(
    (m) => m.account_id === ctx.accountId && m.resource === resource && m.key === key,
  );
  if (existing) {
    ctx.store.metadata.update(existing, { value: value as string, updated_at: t });
    return ok(metadataView(existing), 201);
  }
  const m = ctx.store.metadata.insert({
    ...owner(ctx),
    account_id: ctx.accountId,
    resource,
    key: key as string,
    value: value as string,
    created_at: t,
    updated_at: t,
  });
  return ok(metadataView(m), 201);
}

export function registerPlatformRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/platform/messages", (ctx) =>
    paginate(
      ctx.query,
      ctx.store.platformMessages.filter((m) => m.account_id === ctx.accountId),
      messageView,
    ),
  );
  r.add("GET", "/v2/:account/platform/messages/:message", (ctx) =>
    ok(messageView(findMessage(ctx, param(ctx, "message")))),
  );
  r.add("POST", "/v2/:account/platform/messages", createOrUpdateMessage);
  r.add("POST", "/v2/:account/platform/messages/:message", createOrUpdateMessage);
  r.add("PATCH", "/v2/:account/platform/messages/:message", (ctx) =>
    updateMessage(ctx, param(ctx, "message")),
  );
  r.add("DELETE", "/v2/:account/platform/messages/:message", (ctx) => {
    const m = findMessage(ctx, param(ctx, "message"));
    ctx.store.platformMessages.delete(m.id);
    return noContent();
  });
  r.add("GET", "/v2/:account/platform/metadata/:resource", (ctx) => {
    const resource = checkResource(ctx, param(ctx, "resource"));
    return paginate(
      ctx.query,
      ctx.store.metadata.filter((m) => m.account_id === ctx.accountId && m.resource === resource),
      metadataView,
    );
  });
  r.add("GET", "/v2/:account/platform/metadata/:resource/:metadata", (ctx) =>
    ok(metadataView(findMetadata(ctx, param(ctx, "resource"), param(ctx, "metadata")))),
  );
  r.add("POST", "/v2/:account/platform/metadata/:resource", writeMetadata);
  r.add("DELETE", "/v2/:account/platform/metadata/:resource/:metadata", (ctx) => {
    const m = findMetadata(ctx, param(ctx, "resource"), param(ctx, "metadata"));
    ctx.store.metadata.delete(m.id);
    return noContent();
  });
}
