/**
 * v2 contacts: list, create, get, update (PATCH), delete (400 while a domain or order uses it).
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import { Input, badRequest, noContent, notFound, ok, type Reply } from "../http";
import { paginate, sortRows } from "../listing";
import type { ContactRow } from "../model";
import { now } from "../store";
import { contactView } from "../views";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 .()-]{5,}$/;

const TEXT_FIELDS = [
  "label",
  "first_name",
  "last_name",
  "job_title",
  "organization_name",
  "email",
  "phone",
  "fax",
  "address1",
  "address2",
  "city",
  "state_province",
  "postal_code",
  "country",
] as const;
const REQUIRED = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "address1",
  "city",
  "state_province",
  "postal_code",
  "country",
];

/** Validates contact fields; `partial` for updates (only given fields are checked). */
function readContact(body: unknown, partial: boolean): Partial<Record<(typeof TEXT_FIELDS)[number], string>> {
  const input = new Input(body);
  const out: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = {};
  for (const f of TEXT_FIELDS) {
    const required = !partial && REQUIRED.includes(f);
    if (partial && !(f in input.obj)) continue;
    const v = required ? input.str(f, true) : input.str(f);
    if (v !== undefined) out[f] = v;
    else if (partial && REQUIRED.includes(f)) input.fail(f, "can't be blank");
  }
  if (out.email !== undefined && !EMAIL.test(out.email)) input.fail("email", "is an invalid email address");
  if (!partial && out.email === undefined) input.fail("email", "is an invalid email address");
  if (out.phone !== undefined && !PHONE.test(out.phone))
    input.fail("phone", "is probably not a phone number");
  if (!partial && out.phone === undefined) input.fail("phone", "is probably not a phone number");
  if (out.country !== undefined) {
    if (out.country.length !== 2) input.fail("country", "is the wrong length (should be 2 characters)");
    else if (!/^[A-Za-z]{2}$/.test(out.country)) input.fail("country", "is not a valid country");
    else out.country = out.country.toUpperCase();
  }
  if (out.organization_name && !out.job_title && !partial) input.fail("job_title", "can't be blank");
  input.done();
  return out;
}

/** A contact of the request's account, or a 404. */
export function findContact(ctx: Ctx, ref: string, accountId = ctx.accountId): ContactRow {
  const c = /^\d+$/.test(ref) ? ctx.store.contacts.get(Number(ref)) : undefined;
  if (c === undefined || c.account_id !== accountId) throw notFound("Contact", ref);
  return c;
}

function list(ctx: Ctx): Reply {
  const rows = ctx.store.contacts.filter((c) => c.account_id === ctx.accountId);
  const sorted = sortRows<ContactRow>(
    ctx.query,
    rows,
    { id: (c) => c.id, label: (c) => c.label, email: (c) => c.email },
    "id:asc",
  );
  return paginate(ctx.query, sorted, contactView);
}

function create(ctx: Ctx): Reply {
  const f = readContact(ctx.body, false);
  const t = now();
  const c = ctx.store.contacts.insert({
    account_id: ctx.accountId,
    label: f.label ?? "",
    first_name: f.first_name ?? "",
    last_name: f.last_name ?? "",
    job_title: f.job_title ?? "",
    organization_name: f.organization_name ?? "",
    email: f.email ?? "",
    phone: f.phone ?? "",
    fax: f.fax ?? "",
    address1: f.address1 ?? "",
    address2: f.address2 ?? "",
    city: f.city ?? "",
    state_province: f.state_province ?? "",
    postal_code: f.postal_code ?? "",
    country: f.country ?? "",
    created_at: t,
    updated_at: t,
  });
  ctx.events.emit(ctx.accountId, "contact.create", { contact: contactView(c) });
  return ok(contactView(c), 201);
}

function get(ctx: Ctx): Reply {
  return ok(contactView(findContact(ctx, param(ctx, "contact"))));
}

function update(ctx: Ctx): Reply {
  const c = findContact(ctx, param(ctx, "contact"));
  const f = readContact(ctx.body, true);
  ctx.store.contacts.update(c, { ...f, updated_at: now() });
  ctx.events.emit(ctx.accountId, "contact.update", { contact: contactView(c) });
  return ok(contactView(c));
}

function remove(ctx: Ctx): Reply {
  const c = findContact(ctx, param(ctx, "contact"));
  const inUse =
    ctx.store.domains.find((d) => d.registrant_id === c.id) !== undefined ||
    ctx.store.orders.find(
      (o) =>
        o.registrant_id === c.id && !["registered", "transferred", "cancelled", "failed"].includes(o.state),
    ) !== undefined;
  if (inUse) throw badRequest("The contact cannot be deleted because it's currently in use");
  ctx.store.contacts.delete(c.id);
  ctx.events.emit(ctx.accountId, "contact.delete", { contact: contactView(c) });
  return noContent();
}

export function registerContactRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/contacts", list);
  r.add("POST", "/v2/:account/contacts", create);
  r.add("GET", "/v2/:account/contacts/:contact", get);
  r.add("PATCH", "/v2/:account/contacts/:contact", update);
  r.add("DELETE", "/v2/:account/contacts/:contact", remove);
}
