/**
 * v2 pushes: initiate to another account by identifier, list pending pushes for the target, accept
 * with a contact of the target (the domain and what hangs off it move accounts), reject.
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import { findDomain } from "../domain-ops";
import { Input, badRequest, noContent, notFound, ok, validationError, type Reply } from "../http";
import { paginate } from "../listing";
import type { PushRow } from "../model";
import { now } from "../store";
import { pushView } from "../views";

function initiate(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const input = new Input(ctx.body);
  const identifier = input.str("new_account_identifier") ?? input.str("new_account_email");
  if (identifier === undefined || identifier === "") input.fail("new_account_identifier", "can't be blank");
  input.done();
  const needle = (identifier as string).toLowerCase();
  const target = ctx.store.accounts.find(
    (a) =>
      a.identifier.toLowerCase() === needle || a.email.toLowerCase() === needle || String(a.id) === needle,
  );
  if (target === undefined)
    throw validationError({ new_account_identifier: ["is not a valid account identifier"] });
  if (target.id === ctx.accountId)
    throw badRequest("The domain cannot be pushed to the account that already owns it");
  if (ctx.store.pushes.find((p) => p.domain_id === d.id && p.state === "pending")) {
    throw badRequest(`A push for the domain ${d.name} is already pending`);
  }
  const t = now();
  const push = ctx.store.pushes.insert({
    domain_id: d.id,
    account_id: target.id,
    from_account_id: ctx.accountId,
    contact_id: null,
    state: "pending",
    accepted_at: null,
    created_at: t,
    updated_at: t,
  });
  ctx.events.emit(ctx.accountId, "push.initiate", { push: pushView(push) });
  ctx.events.emit(target.id, "push.initiate", { push: pushView(push) });
  return ok(pushView(push), 201);
}

function findPending(ctx: Ctx): PushRow {
  const ref = param(ctx, "push");
  const p = /^\d+$/.test(ref) ? ctx.store.pushes.get(Number(ref)) : undefined;
  if (p === undefined || p.account_id !== ctx.accountId || p.state !== "pending")
    throw notFound("Domain push", ref);
  return p;
}

function accept(ctx: Ctx): Reply {
  const push = findPending(ctx);
  const input = new Input(ctx.body);
  const contactId = input.int("contact_id", true);
  input.done();
  const contact = ctx.store.contacts.get(contactId as number);
  if (contact === undefined || contact.account_id !== ctx.accountId) {
    throw validationError({ contact_id: ["is not a contact of the account"] });
  }
  const domain = ctx.store.domains.get(push.domain_id);
  if (domain === undefined) throw badRequest("The pushed domain no longer exists");
  const from = domain.account_id;
  const to = ctx.accountId;
  const t = now();
  const { store } = ctx;
  store.domains.update(domain, {
    account_id: to,
    ...(domain.state === "registered" ? { registrant_id: contact.id } : {}),
    updated_at: t,
  });
  const zone = store.zones.byKey(domain.name);
  if (zone) store.zones.update(zone, { account_id: to });
  for (const r of store.records.filter((x) => x.zone === domain.name))
    store.records.update(r, { account_id: to });
  for (const f of store.emailForwards.filter((x) => x.domain_id === domain.id))
    store.emailForwards.update(f, { account_id: to });
  for (const r of store.dsRecords.filter((x) => x.domain_id === domain.id))
    store.dsRecords.update(r, { account_id: to });
  for (const c of store.certificates.filter((x) => x.domain_id === domain.id))
    store.certificates.update(c, { account_id: to });
  store.pushes.update(push, { state: "accepted", contact_id: contact.id, accepted_at: t, updated_at: t });
  ctx.events.emit(to, "push.accept", { push: pushView(push) });
  ctx.events.emit(from, "push.accept", { push: pushView(push) });
  return noContent();
}

function reject(ctx: Ctx): Reply {
  const push = findPending(ctx);
  ctx.store.pushes.update(push, { state: "rejected", updated_at: now() });
  ctx.events.emit(ctx.accountId, "push.reject", { push: pushView(push) });
  ctx.events.emit(push.from_account_id, "push.reject", { push: pushView(push) });
  return noContent();
}

export function registerPushRoutes(r: RouteRegistry): void {
  r.add("POST", "/v2/:account/domains/:domain/pushes", initiate);
  r.add("GET", "/v2/:account/pushes", (ctx) =>
    paginate(
      ctx.query,
      ctx.store.pushes.filter((p) => p.account_id === ctx.accountId && p.state === "pending"),
      pushView,
    ),
  );
  r.add("POST", "/v2/:account/pushes/:push", accept);
  r.add("DELETE", "/v2/:account/pushes/:push", reject);
}
