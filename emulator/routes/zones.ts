/**
 * v2 zones and zone records: zones list/get/file/distribution/activation; records list (filters
 * `name_like`, `name`, `type`; sort), create, get, update (PATCH), delete; the atomic batch of
 * creates, updates and deletes.
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import {
  HttpError,
  Input,
  asObject,
  badRequest,
  noContent,
  notFound,
  ok,
  validationError,
  type Reply,
} from "../http";
import { paginate, sortRows } from "../listing";
import type { Changes, RecordRow, ZoneRow } from "../model";
import { now } from "../store";
import { cnameConflict, recordErrors } from "../record-content";
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
    ctx.store.zones.update(z, { active, updated_at: now() });
    return ok(zoneView(z));
  };
}

function listRecords(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  const nameLike = ctx.query.get("name_like");
  const rawName = ctx.query.get("name");
  const name = rawName === "@" ? "" : rawName;
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

function readRecord(body: unknown, creating: boolean): RecordFields {
  const input = new Input(body);
  const out: RecordFields = {};
  const name = input.str("name");
  // The service stores the apex as "" and answers "", whether it was sent as "" or "@".
  if (name !== undefined) out.name = name === "@" ? "" : name.toLowerCase().replace(/\.$/, "");
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
  input.done();
  return out;
}

/** The service's 400 for a record whose name, content or priority it refuses (record-content.ts). */
function checkRecord(
  zone: string,
  record: { name: string; type: string; content: string; priority?: number | null | undefined },
): void {
  const errors = recordErrors(zone, { ...record, priority: record.priority ?? undefined });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

type RecordFields = Changes<Pick<RecordRow, "name" | "type" | "content" | "ttl" | "priority" | "regions">>;

/** The fields of a new record, or the service's 400 (the same rules for single and batch creates). */
function readNewRecord(zone: string, body: unknown): RecordFields & { type: string } {
  const f = readRecord(body, true);
  const type = f.type ?? "A";
  if (type === "CNAME" && (f.name ?? "") === "")
    throw badRequest("A CNAME record cannot be created at the zone apex");
  checkRecord(zone, { name: f.name ?? "", type, content: f.content ?? "", priority: f.priority });
  return { ...f, type };
}

function insertRecord(ctx: Ctx, z: ZoneRow, f: RecordFields & { type: string }, t: string): RecordRow {
  const r = ctx.store.records.insert({
    account_id: ctx.accountId,
    zone: z.name,
    parent_id: null,
    name: f.name ?? "",
    content: f.content ?? "",
    ttl: f.ttl ?? 3600,
    priority: f.priority ?? (f.type === "MX" || f.type === "SRV" ? 0 : null),
    type: f.type,
    regions: f.regions ?? ["global"],
    system_record: false,
    created_at: t,
    updated_at: t,
  });
  ctx.events.emit(ctx.accountId, "zone_record.create", { zone_record: recordView(r) });
  return r;
}

/** The records of the zone at `name` a new record must live with (system records aside). */
function recordsAt(ctx: Ctx, z: ZoneRow, name: string, ignore: ReadonlySet<number> = new Set()): RecordRow[] {
  return ctx.store.records.filter(
    (r) =>
      r.zone === z.name &&
      r.account_id === ctx.accountId &&
      r.name === name &&
      !r.system_record &&
      !ignore.has(r.id),
  );
}

/** The service's 400 for a record that would share its name with a CNAME. */
function checkCname(
  z: ZoneRow,
  f: { name?: string | undefined; type: string },
  atName: ReadonlyArray<{ type: string }>,
): void {
  const name = f.name ?? "";
  const conflict = cnameConflict(name === "" ? z.name : `${name}.${z.name}`, f.type, atName);
  if (conflict) throw validationError({ base: [conflict] });
}

function createRecord(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  if (z.secondary) throw badRequest("Records cannot be created in a secondary zone");
  const f = readNewRecord(z.name, ctx.body);
  checkCname(z, f, recordsAt(ctx, z, f.name ?? ""));
  const r = insertRecord(ctx, z, f, now());
  return ok(recordView(r), 201);
}

/** One failed operation of a batch, as the service reports it: its index, a message, field errors. */
interface BatchItemError {
  index: number;
  message: string;
  errors?: Record<string, string[]>;
}

function itemError(index: number, err: unknown): BatchItemError {
  if (err instanceof HttpError) {
    const errors = err.body["errors"];
    return {
      index,
      message: err.message,
      ...(errors !== null && typeof errors === "object"
        ? { errors: errors as Record<string, string[]> }
        : {}),
    };
  }
  throw err;
}

function batchList(body: Record<string, unknown>, key: string): unknown[] {
  const v = body[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw badRequest(`${key} must be an array`);
  return v;
}

function batchId(item: unknown): number | undefined {
  const o = asObject(item);
  const id = o?.["id"];
  if (typeof id === "number" && Number.isSafeInteger(id)) return id;
  if (typeof id === "string" && /^\d+$/.test(id)) return Number(id);
  return undefined;
}

/**
 * `POST /v2/:account/zones/:zone/batch`: creates, updates and deletes in one request, all or
 * nothing. Every operation is checked first with the rules of the single-record routes; any
 * failure answers 400 with each failed operation's `index` (per list) and nothing changes.
 * Applied in the order deletes, updates, creates (a CNAME can replace the record at its name).
 */
function batchRecords(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  const settings = ctx.store.settings.batch;
  const account = ctx.store.accounts.get(ctx.accountId);
  if (settings.plans !== null && !settings.plans.includes(account?.plan_identifier ?? "")) {
    throw new HttpError(403, {
      message: `Batch changes of zone records are not available on your plan (${account?.plan_identifier ?? "unknown"})`,
    });
  }
  if (z.secondary) throw badRequest("Records cannot be changed in a secondary zone");
  const body = asObject(ctx.body);
  if (body === null) throw badRequest("Request body must be a JSON object");
  const creates = batchList(body, "creates");
  const updates = batchList(body, "updates");
  const deletes = batchList(body, "deletes");
  const total = creates.length + updates.length + deletes.length;
  if (total > settings.max_items) {
    throw badRequest(`A batch can hold at most ${settings.max_items} operations, got ${total}`);
  }
  const errors: { creates: BatchItemError[]; updates: BatchItemError[]; deletes: BatchItemError[] } = {
    creates: [],
    updates: [],
    deletes: [],
  };
  const missing = (id: number | undefined) => `Record not found ID=${id ?? "null"}`;
  const existing = (id: number | undefined): RecordRow | undefined => {
    const r = id === undefined ? undefined : ctx.store.records.get(id);
    return r !== undefined && r.zone === z.name && r.account_id === ctx.accountId ? r : undefined;
  };
  const deleting = new Set<number>();
  const toDelete: RecordRow[] = [];
  deletes.forEach((item, index) => {
    const id = batchId(item);
    const r = existing(id);
    if (r === undefined || deleting.has(r.id)) errors.deletes.push({ index, message: missing(id) });
    else if (r.system_record) errors.deletes.push({ index, message: "System records cannot be deleted" });
    else {
      deleting.add(r.id);
      toDelete.push(r);
    }
  });
  const updating = new Set<number>();
  const toUpdate: Array<{ row: RecordRow; fields: RecordFields }> = [];
  updates.forEach((item, index) => {
    const id = batchId(item);
    const r = existing(id);
    if (r === undefined || deleting.has(r.id) || updating.has(r.id)) {
      errors.updates.push({ index, message: missing(id) });
      return;
    }
    if (r.system_record) {
      errors.updates.push({ index, message: "System records cannot be updated" });
      return;
    }
    try {
      const o = asObject(item) ?? {};
      const { id: _id, ...rest } = o;
      const fields = readRecord(rest, false);
      const type = r.type;
      if (type === "CNAME" && (fields.name ?? r.name) === "")
        throw badRequest("A CNAME record cannot be created at the zone apex");
      checkRecord(z.name, {
        name: fields.name ?? r.name,
        type,
        content: fields.content ?? r.content,
        priority: fields.priority ?? r.priority,
      });
      // A rename is checked against the zone as the batch leaves it: deletes first, then the
      // updates before this one (record-content.ts, cnameConflict).
      if (fields.name !== undefined && fields.name !== r.name) {
        const target = fields.name;
        const moved = toUpdate.filter((u) => (u.fields.name ?? u.row.name) === target).map((u) => u.row);
        const ignore = new Set([...deleting, r.id, ...toUpdate.map((u) => u.row.id)]);
        checkCname(z, { name: target, type }, [...recordsAt(ctx, z, target, ignore), ...moved]);
      }
      updating.add(r.id);
      toUpdate.push({ row: r, fields });
    } catch (err) {
      errors.updates.push(itemError(index, err));
    }
  });
  const toCreate: Array<RecordFields & { type: string }> = [];
  creates.forEach((item, index) => {
    try {
      const f = readNewRecord(z.name, item);
      // Against the zone as the batch leaves it: deletes first, then the creates before this one.
      const earlier = toCreate.filter((c) => (c.name ?? "") === (f.name ?? ""));
      const renamed = new Set(toUpdate.filter((u) => u.fields.name !== undefined).map((u) => u.row.id));
      const moved = toUpdate
        .filter((u) => (u.fields.name ?? u.row.name) === (f.name ?? ""))
        .map((u) => u.row);
      const stay = recordsAt(ctx, z, f.name ?? "", new Set([...deleting, ...renamed]));
      checkCname(z, f, [...stay, ...moved.filter((m) => !stay.includes(m)), ...earlier]);
      toCreate.push(f);
    } catch (err) {
      errors.creates.push(itemError(index, err));
    }
  });
  const failed = Object.fromEntries(Object.entries(errors).filter(([, list]) => list.length > 0));
  if (Object.keys(failed).length > 0)
    throw new HttpError(400, { message: "Validation failed", errors: failed });

  const t = now();
  for (const r of toDelete) {
    ctx.store.records.delete(r.id);
    ctx.events.emit(ctx.accountId, "zone_record.delete", { zone_record: recordView(r) });
  }
  const updated = toUpdate.map(({ row, fields }) => {
    ctx.store.records.update(row, { ...fields, updated_at: t });
    ctx.events.emit(ctx.accountId, "zone_record.update", { zone_record: recordView(row) });
    return recordView(row);
  });
  const created = toCreate.map((f) => recordView(insertRecord(ctx, z, f, t)));
  return ok({ creates: created, updates: updated, deletes: toDelete.map((r) => ({ id: r.id })) });
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
  checkRecord(z.name, {
    name: f.name ?? r.name,
    type: r.type,
    content: f.content ?? r.content,
    priority: f.priority ?? r.priority,
  });
  // CNAME exclusivity holds for a rename as for a create (record-content.ts, cnameConflict).
  if (f.name !== undefined && f.name !== r.name)
    checkCname(z, { name: f.name, type: r.type }, recordsAt(ctx, z, f.name, new Set([r.id])));
  ctx.store.records.update(r, { ...f, updated_at: now() });
  ctx.events.emit(ctx.accountId, "zone_record.update", { zone_record: recordView(r) });
  return ok(recordView(r));
}

function deleteRecord(ctx: Ctx): Reply {
  const z = findZone(ctx, param(ctx, "zone"));
  const r = findRecord(ctx, z, param(ctx, "record"));
  if (r.system_record) throw badRequest("System records cannot be deleted");
  ctx.store.records.delete(r.id);
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
  r.add("POST", "/v2/:account/zones/:zone/batch", batchRecords);
  r.add("GET", "/v2/:account/zones/:zone/records/:record", getRecord);
  r.add("PATCH", "/v2/:account/zones/:zone/records/:record", updateRecord);
  r.add("DELETE", "/v2/:account/zones/:zone/records/:record", deleteRecord);
  r.add("GET", "/v2/:account/zones/:zone/records/:record/distribution", (ctx) => {
    findRecord(ctx, findZone(ctx, param(ctx, "zone")), param(ctx, "record"));
    return ok({ distributed: true });
  });
}
