/**
 * v2 secondary DNS: primary servers (list, create, get, delete, link/unlink of secondary zones) and
 * secondary zone creation (deleted through the domain delete).
 */
import { isIP } from "node:net";
import { param, type Ctx, type RouteRegistry } from "../context";
import { createDomain, validateNewDomainName } from "../domain-ops";
import { Input, badRequest, noContent, notFound, ok, type Reply } from "../http";
import { paginate, sortRows } from "../listing";
import type { PrimaryServerRow } from "../model";
import { now } from "../store";
import { primaryServerView, zoneView } from "../views";

function find(ctx: Ctx): PrimaryServerRow {
  const ref = param(ctx, "primary");
  const p = /^\d+$/.test(ref) ? ctx.store.primaryServers.get(Number(ref)) : undefined;
  if (p === undefined || p.account_id !== ctx.accountId) throw notFound("Primary server", ref);
  return p;
}

function create(ctx: Ctx): Reply {
  const input = new Input(ctx.body);
  const name = input.str("name", true);
  const ip = input.str("ip", true);
  const port = input.int("port") ?? 53;
  if (ip !== undefined && isIP(ip) === 0) input.fail("ip", "is not a valid IP address");
  if (port < 1 || port > 65535) input.fail("port", "must be between 1 and 65535");
  input.done();
  if (ctx.store.primaryServers.find((p) => p.account_id === ctx.accountId && p.name === name)) {
    throw badRequest(`A primary server named ${name} already exists`);
  }
  const t = now();
  const p = ctx.store.primaryServers.insert({
    account_id: ctx.accountId,
    name: name as string,
    ip: ip as string,
    port,
    linked_secondary_zones: [],
    created_at: t,
    updated_at: t,
  });
  return ok(primaryServerView(p), 201);
}

function link(linking: boolean) {
  return (ctx: Ctx): Reply => {
    const p = find(ctx);
    const input = new Input(ctx.body);
    const zoneName = input.str("zone", true);
    input.done();
    const zone = ctx.store.zones.byKey((zoneName as string).toLowerCase());
    if (zone === undefined || zone.account_id !== ctx.accountId)
      throw badRequest(`Zone ${zoneName} not found`);
    if (!zone.secondary) throw badRequest(`Zone ${zone.name} is not a secondary zone`);
    const linked = p.linked_secondary_zones;
    if (!linking && !linked.includes(zone.name))
      throw badRequest(`Zone ${zone.name} is not linked to ${p.name}`);
    ctx.store.primaryServers.update(p, {
      linked_secondary_zones: linking
        ? linked.includes(zone.name)
          ? linked
          : [...linked, zone.name]
        : linked.filter((z) => z !== zone.name),
      updated_at: now(),
    });
    return ok(primaryServerView(p));
  };
}

function createSecondaryZone(ctx: Ctx): Reply {
  const input = new Input(ctx.body);
  input.str("name", true);
  input.done();
  const name = validateNewDomainName(ctx.store, input.obj["name"]);
  createDomain(ctx.store, ctx.events, ctx.accountId, name, {}, { secondary: true });
  const zone = ctx.store.zones.byKey(name);
  return ok(zone ? zoneView(zone) : null, 201);
}

export function registerSecondaryDnsRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/secondary_dns/primaries", (ctx) => {
    const rows = ctx.store.primaryServers.filter((p) => p.account_id === ctx.accountId);
    return paginate(
      ctx.query,
      sortRows<PrimaryServerRow>(ctx.query, rows, { id: (p) => p.id, name: (p) => p.name }, "id:asc"),
      primaryServerView,
    );
  });
  r.add("POST", "/v2/:account/secondary_dns/primaries", create);
  r.add("GET", "/v2/:account/secondary_dns/primaries/:primary", (ctx) => ok(primaryServerView(find(ctx))));
  r.add("DELETE", "/v2/:account/secondary_dns/primaries/:primary", (ctx) => {
    const p = find(ctx);
    ctx.store.primaryServers.delete(p.id);
    return noContent();
  });
  r.add("PUT", "/v2/:account/secondary_dns/primaries/:primary/link", link(true));
  r.add("PUT", "/v2/:account/secondary_dns/primaries/:primary/unlink", link(false));
  r.add("POST", "/v2/:account/secondary_dns/zones", createSecondaryZone);
}
