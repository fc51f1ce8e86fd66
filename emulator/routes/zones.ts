/**
 * v2 zones and zone records: zones list/get/file/distribution/activation; records list (filters
 * `name_like`, `name`, `type`; sort), create, get, update (PATCH), delete.
 */
import { isIP } from "node:net";
import { param, type Ctx, type RouteRegistry } from "../context";
import { Input, badRequest, noContent, notFound, ok, type Reply } from "../http";
import { paginate, sortRows } from "../listing";
import type { RecordRow, ZoneRow } from "../model";
import { now } from "../store";
import { recordView, zoneView } from "../views";

const TYPES = [
  "A",
  "AAAA",
  "ALIAS",
  "CAA",
  "CNAME",
  "DNSKEY",
  "DS",
  "HINFO",
  "MX",
  "NAPTR",
  "NS",
  "POOL",
  "PTR",
  "SOA",
  "SPF",
  "SRV",
  "SSHFP",
  "TXT",
  "URL",
];
const CREATABLE = TYPES.filter((t) => t !== "SOA");
const REGIONS = ["global", "SV1", "ORD", "IAD", "AMS", "TKO", "SYD", "CDG", "FRA"];

/** A zone of the request's account by name, or a 404. */
export function findZone(ctx: Ctx, ref: string): ZoneRow {
  const z = /^\d+$/.test(ref)
    ? ctx.store.zones.find((x) => x.id === Number(ref))
    : ctx.store.zones.byKey(ref.toLowerCase());
  if (z === undefined || z.account_id !== ctx.accountId) throw notFound("Zone", ref);
  return z;
}

function findRecord(ctx: Ctx, zone: ZoneRow, ref: string): RecordRow {
  const r = /^\d+$/.test(ref) ? ctx.store.records.get(Number(ref)) : undefined;
  if (r === undefined || r.zone !== zone.name || r.account_id !== ctx.accountId)
    throw notFound("Record", ref);
  return r;
}

function listZones(ctx: Ctx): Reply {
  const needle = ctx.query.get("name_like")?.toLowerCase() ?? null;
  const rows = ctx.store.zones.filter(
    (z) => z.account_id === ctx.accountId && (needle === null || z.name.includes(needle)),
  );
  return paginate(
    ctx.query,
    sortRows<ZoneRow>(ctx.query, rows, { id: (z) => z.id, name: (z) => z.name }, "name:asc"),
    (z) => zoneView(z),
  );
}

function zoneFile(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  const lines = [`$ORIGIN ${z.name}.`];
  for (const r of ctx.store.records.filter((x) => x.zone === z.name)) {
    const owner = r.name === "" ? `${z.name}.` : `${r.name}.${z.name}.`;
    const prio = r.priority === null ? "" : `${r.priority} `;
    lines.push(`${owner}\t${r.ttl}\tIN\t${r.type}\t${prio}${r.content}`);
  }
  return ok({ zone: `${lines.join("\n")}\n` });
}

function setActive(active: boolean) {
  return (ctx: Ctx): Reply => {
    const z = findZone(ctx, param(ctx, "zone"));
    z.active = active;
    z.updated_at = now();
    ctx.store.touch();
    return ok(zoneView(z));
  };
}

function listRecords(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  const nameLike = ctx.query.get("name_like");
  const name = ctx.query.get("name");
  const type = ctx.query.get("type")?.toUpperCase() ?? null;
  const rows = ctx.store.records.filter(
    (r) =>
      r.zone === z.name &&
      (nameLike === null || r.name.includes(nameLike)) &&
      (name === null || r.name === name) &&
      (type === null || r.type === type),
  );
  const sorted = sortRows<RecordRow>(
    ctx.query,
    rows,
    { id: (r) => r.id, name: (r) => r.name, content: (r) => r.content, type: (r) => r.type },
    "id:asc",
  );
  return paginate(ctx.query, sorted, recordView);
}

function readRecord(
  body: unknown,
  creating: boolean,
): Partial<Pick<RecordRow, "name" | "type" | "content" | "ttl" | "priority" | "regions">> {
  const input = new Input(body);
  const out: Partial<Pick<RecordRow, "name" | "type" | "content" | "ttl" | "priority" | "regions">> = {};
  const name = input.str("name");
  if (name !== undefined) out.name = name.toLowerCase().replace(/\.$/, "");
  else if (creating && !input.has("name")) out.name = "";
  if (creating) {
    const type = input.str("type", true);
    if (type !== undefined) {
      if (!CREATABLE.includes(type.toUpperCase())) input.fail("record_type", "unsupported");
      else out.type = type.toUpperCase();
    }
  }
  const content = creating ? input.str("content", true) : input.str("content");
  if (content !== undefined) out.content = content;
  const ttl = input.int("ttl");
  if (ttl !== undefined) {
    if (ttl < 1 || ttl > 2_147_483_647) input.fail("ttl", "is not a number");
    else out.ttl = ttl;
  }
  if (input.has("priority")) {
    const prio = input.int("priority");
    if (prio !== undefined) out.priority = prio;
  }
  const regions = input.strArray("regions");
  if (regions !== undefined) {
    if (regions.length === 0 || !regions.every((r) => REGIONS.includes(r)))
      input.fail("regions", "is invalid");
    else out.regions = regions;
  }
  if (out.type === "A" && out.content !== undefined && isIP(out.content) !== 4)
    input.fail("content", "is not a valid IPv4 address");
  if (out.type === "AAAA" && out.content !== undefined && isIP(out.content) !== 6)
    input.fail("content", "is not a valid IPv6 address");
  input.done();
  return out;
}

function createRecord(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  if (z.secondary) throw badRequest("Records cannot be created in a secondary zone");
  const f = readRecord(ctx.body, true);
  const t = now();
  const type = f.type ?? "A";
  if (type === "CNAME" && (f.name ?? "") === "")
    throw badRequest("A CNAME record cannot be created at the zone apex");
  const r = ctx.store.records.insert({
    account_id: ctx.accountId,
    zone: z.name,
    parent_id: null,
    name: f.name ?? "",
    content: f.content ?? "",
    ttl: f.ttl ?? 3600,
    priority: f.priority ?? (type === "MX" || type === "SRV" ? 0 : null),
    type,
    regions: f.regions ?? ["global"],
    system_record: false,
    created_at: t,
    updated_at: t,
  });
  ctx.store.touch();
  ctx.events.emit(ctx.accountId, "zone_record.create", { zone_record: recordView(r) });
  return ok(recordView(r), 201);
}

function getRecord(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  return ok(recordView(findRecord(ctx, z, param(ctx, "record"))));
}

function updateRecord(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  const r = findRecord(ctx, z, param(ctx, "record"));
  if (r.system_record) throw badRequest("System records cannot be updated");
  const f = readRecord(ctx.body, false);
  Object.assign(r, f, { updated_at: now() });
  ctx.store.touch();
  ctx.events.emit(ctx.accountId, "zone_record.update", { zone_record: recordView(r) });
  return ok(recordView(r));
}

function deleteRecord(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  const r = findRecord(ctx, z, param(ctx, "record"));
  if (r.system_record) throw badRequest("System records cannot be deleted");
  ctx.store.records.delete(r.id);
  ctx.store.touch();
  ctx.events.emit(ctx.accountId, "zone_record.delete", { zone_record: recordView(r) });
  return noContent();
}

export function registerZoneRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/zones", listZones);
  r.add("GET", "/v2/:account/zones/:zone", (ctx) => ok(zoneView(findZone(ctx, param(ctx, "zone")))));
  r.add("GET", "/v2/:account/zones/:zone/file", zoneFile);
  r.add("GET", "/v2/:account/zones/:zone/distribution", (ctx) => {
    findZone(ctx, param(ctx, "zone"));
    return ok({ distributed: true });
  });
  r.add("PUT", "/v2/:account/zones/:zone/activation", setActive(true));
  r.add("DELETE", "/v2/:account/zones/:zone/activation", setActive(false));
  r.add("GET", "/v2/:account/zones/:zone/records", listRecords);
  r.add("POST", "/v2/:account/zones/:zone/records", createRecord);
  r.add("GET", "/v2/:account/zones/:zone/records/:record", getRecord);
  r.add("PATCH", "/v2/:account/zones/:zone/records/:record", updateRecord);
  r.add("DELETE", "/v2/:account/zones/:zone/records/:record", deleteRecord);
  r.add("GET", "/v2/:account/zones/:zone/records/:record/distribution", (ctx) => {
    findRecord(ctx, findZone(ctx, param(ctx, "zone")), param(ctx, "record"));
    return ok({ distributed: true });
  });
}
