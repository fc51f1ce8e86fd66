/**
 * v2 registrant changes (`/registrar/registrant_changes`): check, create, get, list, cancel.
 *
 * A change to a contact that is the same person or organisation (same names and e-mail) completes
 * at once (201). A change of owner at the registry (`registry_owner_change`) takes
 * `delays.registrant_change` milliseconds: 202 in state `new`, `pending` after half of it,
 * `completed` at the end (0 completes at once with 201); it then starts the 60-day inter-registrar
 * transfer lock (`irt_lock_lifted_by`). Cancelling a `new` change is immediate (204); a `pending`
 * one answers 202 `cancelling` and becomes `cancelled` after half the delay. Creating answers 402
 * for an account with outstanding payments, like every registrar purchase.
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import { findDomain, tldOf } from "../domain-ops";
import type { Events } from "../events";
import { HttpError, Input, badRequest, noContent, notFound, ok, validationError, type Reply } from "../http";
import type { Jobs } from "../jobs";
import { paginate, sortRows } from "../listing";
import type { ContactRow, DomainRow, RegistrantChangeRow } from "../model";
import { now, type Store } from "../store";
import { contactView, domainView } from "../views";

type State = RegistrantChangeRow["state"];
const STATES: readonly State[] = ["new", "pending", "cancelling", "cancelled", "completed"];
const OPEN: readonly State[] = ["new", "pending"];

interface ExtendedAttribute {
  name: string;
  title: string;
  description: string;
  required: boolean;
  options: { title: string; value: string; description: string }[];
}

/** The TLDs whose registries ask for more than the contact (a small, fixed sample). */
const EXTENDED_ATTRIBUTES: Record<string, ExtendedAttribute[]> = {
  fi: [
    {
      name: "x-fi-registrant-idnumber",
      title: "Registrant ID number",
      description: "The personal identity number or the business ID of the registrant.",
      required: true,
      options: [],
    },
    {
      name: "x-fi-registrant-birth-date",
      title: "The registrant's birth date",
      description: "Format is: YYYY-MM-DD.",
      required: false,
      options: [],
    },
  ],
  uk: [
    {
      name: "uk_legal_type",
      title: "UK Legal Type",
      description: "Legal type of registrant contact",
      required: true,
      options: [
        { title: "UK Individual", value: "IND", description: "UK Individual (our default value)" },
        { title: "UK Limited Company", value: "LTD", description: "UK Limited Company" },
        { title: "Non-UK Corporation", value: "FCORP", description: "Non-UK Corporation" },
      ],
    },
  ],
};

export function registrantChangeView(c: RegistrantChangeRow): Record<string, unknown> {
  return {
    id: c.id,
    account_id: c.account_id,
    domain_id: c.domain_id,
    contact_id: c.contact_id,
    state: c.state,
    extended_attributes: c.extended_attributes,
    registry_owner_change: c.registry_owner_change,
    irt_lock_lifted_by: c.irt_lock_lifted_by,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** Webhook payload `registrant`: a contact with the legacy `email_address` key. */
function registrantPayload(c: ContactRow): Record<string, unknown> {
  const { email, ...rest } = contactView(c);
  return { ...rest, email_address: email };
}

function requireGoodStanding(ctx: Ctx): void {
  const account = ctx.store.accounts.get(ctx.accountId);
  if (account?.outstanding_payments) {
    throw new HttpError(402, {
      message: `This action cannot be completed because you have purchase invoices that need to be paid for: account ${account.id}`,
    });
  }
}

/** Reads `domain_id` and `contact_id`; 400 when missing, 404 (the recorded texts) when not found. */
function subjects(ctx: Ctx, input: Input): { domain: DomainRow; contact: ContactRow } {
  const domainRef = input.str("domain_id", true);
  const contactRef = input.str("contact_id", true);
  if (contactRef !== undefined && contactRef !== "" && !/^\d+$/.test(contactRef)) {
    input.fail("contact_id", "is not a number");
  }
  input.done();
  const domain = findDomain(ctx, String(domainRef));
  const contact = ctx.store.contacts.get(Number(contactRef));
  if (contact === undefined || contact.account_id !== ctx.accountId)
    throw notFound("Contact", String(contactRef));
  return { domain, contact };
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A change of owner at the registry: another person or organisation, or another e-mail. */
function isOwnerChange(store: Store, domain: DomainRow, contact: ContactRow): boolean {
  const current = domain.registrant_id === null ? undefined : store.contacts.get(domain.registrant_id);
  if (current === undefined) return true;
  return !(
    sameText(current.first_name, contact.first_name) &&
    sameText(current.last_name, contact.last_name) &&
    sameText(current.organization_name, contact.organization_name) &&
    sameText(current.email, contact.email)
  );
}

function requireRegistered(domain: DomainRow): void {
  if (domain.state !== "registered")
    throw badRequest(`The domain ${domain.name} is not registered with DNSimple`);
}

function check(ctx: Ctx): Reply {
  const { domain, contact } = subjects(ctx, new Input(ctx.body));
  requireRegistered(domain);
  return ok({
    domain_id: domain.id,
    contact_id: contact.id,
    extended_attributes: EXTENDED_ATTRIBUTES[tldOf(domain.name)] ?? [],
    registry_owner_change: isOwnerChange(ctx.store, domain, contact),
  });
}

/** 400 naming each missing required attribute or a value outside the attribute's options. */
function checkExtendedAttributes(name: string, given: Record<string, string>): void {
  const errors: string[] = [];
  for (const attribute of EXTENDED_ATTRIBUTES[tldOf(name)] ?? []) {
    const value = given[attribute.name];
    if (value === undefined || value === "") {
      if (attribute.required) errors.push(`${attribute.name} is required for .${tldOf(name)} domains`);
      continue;
    }
    if (attribute.options.length > 0 && !attribute.options.some((o) => o.value === value)) {
      errors.push(`${attribute.name} must be one of ${attribute.options.map((o) => o.value).join(", ")}`);
    }
  }
  if (errors.length > 0) throw validationError({ extended_attributes: errors });
}

function dateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Makes the contact the registrant; the job handler and an immediate change both end here. */
function complete(store: Store, events: Events, change: RegistrantChangeRow): void {
  const domain = store.domains.get(change.domain_id);
  const contact = store.contacts.get(change.contact_id);
  const t = now();
  if (domain === undefined || contact === undefined || domain.state !== "registered") {
    store.registrantChanges.update(change, { state: "cancelled", updated_at: t });
    return;
  }
  store.registrantChanges.update(change, {
    state: "completed",
    ...(change.registry_owner_change ? { irt_lock_lifted_by: dateInDays(60) } : {}),
    updated_at: t,
  });
  store.domains.update(domain, { registrant_id: contact.id, updated_at: t });
  events.emit(change.account_id, "domain.registrant_change", {
    domain: domainView(domain),
    registrant: registrantPayload(contact),
  });
}

function cancelled(store: Store, events: Events, change: RegistrantChangeRow): void {
  store.registrantChanges.update(change, { state: "cancelled", updated_at: now() });
  const domain = store.domains.get(change.domain_id);
  const contact = store.contacts.get(change.contact_id);
  if (domain && contact) {
    events.emit(change.account_id, "domain.registrant_change:cancelled", {
      domain: domainView(domain),
      registrant: registrantPayload(contact),
    });
  }
}

/** Half of the configured delay, at least 1 ms: each of `new` and `pending` lasts that long. */
function halfDelay(store: Store): number {
  return Math.max(1, Math.ceil(store.settings.delays.registrant_change / 2));
}

/** Moves a change one step on: new → pending → completed, cancelling → cancelled. */
export function advanceRegistrantChange(store: Store, events: Events, jobs: Jobs, id: number): void {
  const change = store.registrantChanges.get(id);
  if (change === undefined) return;
  switch (change.state) {
    case "new":
      store.registrantChanges.update(change, { state: "pending", updated_at: now() });
      jobs.schedule("registrant_change", change.id, halfDelay(store));
      return;
    case "pending":
      complete(store, events, change);
      return;
    case "cancelling":
      cancelled(store, events, change);
      return;
    default:
      return;
  }
}

function create(ctx: Ctx): Reply {
  requireGoodStanding(ctx);
  const input = new Input(ctx.body);
  const attributes = input.strMap("extended_attributes") ?? {};
  const { domain, contact } = subjects(ctx, input);
  requireRegistered(domain);
  const busy = ctx.store.orders.find(
    (o) => o.domain_id === domain.id && (o.state === "registering" || o.state === "transferring"),
  );
  if (busy) throw badRequest(`The domain ${domain.name} has a ${busy.kind} in progress`);
  const open = ctx.store.registrantChanges.find((c) => c.domain_id === domain.id && OPEN.includes(c.state));
  if (open) {
    throw badRequest(`The domain ${domain.name} already has a registrant change in progress (${open.id})`);
  }
  if (domain.registrant_id === contact.id) {
    throw badRequest(`Contact \`${contact.id}\` is already the registrant of ${domain.name}`);
  }
  checkExtendedAttributes(domain.name, attributes);
  const ownerChange = isOwnerChange(ctx.store, domain, contact);
  const t = now();
  const change = ctx.store.registrantChanges.insert({
    account_id: ctx.accountId,
    domain_id: domain.id,
    contact_id: contact.id,
    state: "new",
    extended_attributes: attributes,
    registry_owner_change: ownerChange,
    irt_lock_lifted_by: null,
    created_at: t,
    updated_at: t,
  });
  ctx.events.emit(ctx.accountId, "domain.registrant_change:started", {
    domain: domainView(domain),
    registrant: registrantPayload(contact),
  });
  if (!ownerChange || ctx.store.settings.delays.registrant_change <= 0) {
    complete(ctx.store, ctx.events, change);
    return ok(registrantChangeView(change), 201);
  }
  ctx.jobs.schedule("registrant_change", change.id, halfDelay(ctx.store));
  return ok(registrantChangeView(change), 202);
}

function findChange(ctx: Ctx): RegistrantChangeRow {
  const ref = param(ctx, "registrantchange");
  const change = /^\d+$/.test(ref) ? ctx.store.registrantChanges.get(Number(ref)) : undefined;
  if (change === undefined || change.account_id !== ctx.accountId) throw notFound("Registrant change", ref);
  return change;
}

/** `domain_id` and `contact_id` filters: an id (the domain's name works too). */
function idFilter(ctx: Ctx, key: "domain_id" | "contact_id"): number | undefined {
  const raw = ctx.query.get(key);
  if (raw === null || raw.trim() === "") return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  if (key === "domain_id") {
    const d = ctx.store.domains.byKey(raw.trim().toLowerCase().replace(/\.$/, ""));
    return d !== undefined && d.account_id === ctx.accountId ? d.id : -1;
  }
  throw badRequest(`Invalid ${key} \`${raw}\``);
}

function list(ctx: Ctx): Reply {
  const rawState = ctx.query.get("state");
  if (rawState !== null && rawState !== "" && !STATES.includes(rawState as State)) {
    throw badRequest(`Invalid state \`${rawState}\``);
  }
  const states: readonly State[] = rawState ? [rawState as State] : OPEN;
  const domainId = idFilter(ctx, "domain_id");
  const contactId = idFilter(ctx, "contact_id");
  const rows = ctx.store.registrantChanges.filter(
    (c) =>
      c.account_id === ctx.accountId &&
      states.includes(c.state) &&
      (domainId === undefined || c.domain_id === domainId) &&
      (contactId === undefined || c.contact_id === contactId),
  );
  const sorted = sortRows(ctx.query, rows, { id: (c) => c.id }, "id:asc");
  return paginate(ctx.query, sorted, registrantChangeView);
}

function cancel(ctx: Ctx): Reply {
  const change = findChange(ctx);
  if (
    change.state === "new" ||
    (change.state === "pending" && ctx.store.settings.delays.registrant_change <= 0)
  ) {
    ctx.store.jobs.deleteWhere((j) => j.kind === "registrant_change" && j.ref_id === change.id);
    cancelled(ctx.store, ctx.events, change);
    return noContent();
  }
  if (change.state === "pending") {
    ctx.store.jobs.deleteWhere((j) => j.kind === "registrant_change" && j.ref_id === change.id);
    ctx.store.registrantChanges.update(change, { state: "cancelling", updated_at: now() });
    ctx.jobs.schedule("registrant_change", change.id, halfDelay(ctx.store));
    return ok(registrantChangeView(change), 202);
  }
  throw badRequest(`The registrant change ${change.id} cannot be cancelled because it is ${change.state}`);
}

export function registerRegistrantChangeRoutes(
  r: RouteRegistry,
  jobs: Jobs,
  events: Events,
  store: Store,
): void {
  jobs.register("registrant_change", (id) => advanceRegistrantChange(store, events, jobs, id));
  const base = "/v2/:account/registrar/registrant_changes";
  r.add("GET", base, list);
  r.add("POST", base, create);
  r.add("POST", `${base}/check`, check);
  r.add("GET", `${base}/:registrantchange`, (ctx) => ok(registrantChangeView(findChange(ctx))));
  r.add("DELETE", `${base}/:registrantchange`, cancel);
}
