/**
 * v2 DNSSEC (enable, get, disable with 428 when not enabled) and delegation signer records.
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import { findDomain } from "../domain-ops";
import { HttpError, Input, noContent, notFound, ok, type Reply } from "../http";
import { paginate, sortRows } from "../listing";
import type { DsRow } from "../model";
import { now } from "../store";
import { dnssecView, dsView, zoneView } from "../views";

function enable(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const t = now();
  if (!d.dnssec_enabled) {
    ctx.store.domains.update(d, { dnssec_enabled: true, dnssec_created_at: t, dnssec_updated_at: t });
    const zone = ctx.store.zones.byKey(d.name);
    ctx.events.emit(ctx.accountId, "dnssec.create", {
      dnssec: dnssecView(d),
      ...(zone ? { zone: zoneView(zone) } : {}),
    });
  }
  return ok(dnssecView(d), 201);
}

function disable(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  if (!d.dnssec_enabled)
    throw new HttpError(428, { message: "DNSSEC cannot be disabled because it is not enabled" });
  ctx.store.domains.update(d, { dnssec_enabled: false, dnssec_updated_at: now() });
  const zone = ctx.store.zones.byKey(d.name);
  ctx.events.emit(ctx.accountId, "dnssec.delete", {
    dnssec: dnssecView(d),
    ...(zone ? { zone: zoneView(zone) } : {}),
  });
  return noContent();
}

function findDs(ctx: Ctx, domainId: number, ref: string): DsRow {
  const r = /^\d+$/.test(ref) ? ctx.store.dsRecords.get(Number(ref)) : undefined;
  if (r === undefined || r.domain_id !== domainId || r.account_id !== ctx.accountId)
    throw notFound("Delegation signer record", ref);
  return r;
}

function listDs(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const rows = ctx.store.dsRecords.filter((r) => r.domain_id === d.id);
  return paginate(
    ctx.query,
    sortRows<DsRow>(ctx.query, rows, { id: (r) => r.id, created_at: (r) => r.created_at }, "id:asc"),
    dsView,
  );
}

function createDs(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const input = new Input(ctx.body);
  const algorithm = input.str("algorithm", true);
  const publicKey = input.str("public_key");
  const keyBased = publicKey !== undefined && publicKey !== "";
  const digest = input.str("digest", !keyBased);
  const digestType = input.str("digest_type", !keyBased);
  const keytag = input.str("keytag", !keyBased);
  if (algorithm !== undefined && !/^\d{1,3}$/.test(algorithm))
    input.fail("algorithm", "is not a valid algorithm number");
  if (digest !== undefined && digest !== "" && !/^[0-9A-Fa-f]+$/.test(digest))
    input.fail("digest", "must be hexadecimal");
  input.done();
  const t = now();
  const r = ctx.store.dsRecords.insert({
    account_id: ctx.accountId,
    domain_id: d.id,
    algorithm: algorithm ?? "",
    digest: digest === undefined || digest === "" ? null : digest.toUpperCase(),
    digest_type: digestType === undefined || digestType === "" ? null : digestType,
    keytag: keytag === undefined || keytag === "" ? null : keytag,
    public_key: keyBased ? (publicKey as string) : null,
    created_at: t,
    updated_at: t,
  });
  return ok(dsView(r), 201);
}

function deleteDs(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const r = findDs(ctx, d.id, param(ctx, "ds"));
  ctx.store.dsRecords.delete(r.id);
  return noContent();
}

export function registerDnssecRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/domains/:domain/dnssec", (ctx) =>
    ok(dnssecView(findDomain(ctx, param(ctx, "domain")))),
  );
  r.add("POST", "/v2/:account/domains/:domain/dnssec", enable);
  r.add("DELETE", "/v2/:account/domains/:domain/dnssec", disable);
  r.add("GET", "/v2/:account/domains/:domain/ds_records", listDs);
  r.add("POST", "/v2/:account/domains/:domain/ds_records", createDs);
  r.add("GET", "/v2/:account/domains/:domain/ds_records/:ds", (ctx) => {
    const d = findDomain(ctx, param(ctx, "domain"));
    return ok(dsView(findDs(ctx, d.id, param(ctx, "ds"))));
  });
  r.add("DELETE", "/v2/:account/domains/:domain/ds_records/:ds", deleteDs);
}
