/**
 * v2 email forwards: input `alias_name` (local part) and `destination_email`; output `alias_email`.
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import { findDomain } from "../domain-ops";
import { Input, noContent, notFound, ok, type Reply } from "../http";
import { paginate, sortRows } from "../listing";
import type { EmailForwardRow } from "../model";
import { now } from "../store";
import { emailForwardView } from "../views";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCAL = /^(?:\*|[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}|\.\*)$/;

function find(ctx: Ctx, domainId: number, ref: string): EmailForwardRow {
  const f = /^\d+$/.test(ref) ? ctx.store.emailForwards.get(Number(ref)) : undefined;
  if (f === undefined || f.domain_id !== domainId || f.account_id !== ctx.accountId)
    throw notFound("Email forward", ref);
  return f;
}

function list(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const rows = ctx.store.emailForwards.filter((f) => f.domain_id === d.id);
  const sorted = sortRows<EmailForwardRow>(
    ctx.query,
    rows,
    {
      id: (f) => f.id,
      alias_email: (f) => f.alias_email,
      destination_email: (f) => f.destination_email,
      from: (f) => f.alias_email,
      to: (f) => f.destination_email,
    },
    "id:asc",
  );
  return paginate(ctx.query, sorted, emailForwardView);
}

function create(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const input = new Input(ctx.body);
  let alias = input.str("alias_name", true);
  const destination = input.str("destination_email", true);
  if (alias !== undefined) {
    if (alias.includes("@")) alias = alias.slice(0, alias.indexOf("@"));
    if (!LOCAL.test(alias)) input.fail("alias_name", "is invalid");
  }
  if (destination !== undefined && !EMAIL.test(destination))
    input.fail("destination_email", "is an invalid email address");
  input.done();
  const aliasEmail = `${alias}@${d.name}`;
  if (ctx.store.emailForwards.find((f) => f.domain_id === d.id && f.alias_email === aliasEmail)) {
    input.fail("alias_name", "has already been taken");
    input.done();
  }
  const t = now();
  const f = ctx.store.emailForwards.insert({
    account_id: ctx.accountId,
    domain_id: d.id,
    alias_email: aliasEmail,
    destination_email: destination ?? "",
    active: true,
    created_at: t,
    updated_at: t,
  });
  ctx.events.emit(ctx.accountId, "email_forward.create", { email_forward: emailForwardView(f) });
  return ok(emailForwardView(f), 201);
}

function remove(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const f = find(ctx, d.id, param(ctx, "forward"));
  ctx.store.emailForwards.delete(f.id);
  ctx.events.emit(ctx.accountId, "email_forward.delete", { email_forward: emailForwardView(f) });
  return noContent();
}

export function registerEmailForwardRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/domains/:domain/email_forwards", list);
  r.add("POST", "/v2/:account/domains/:domain/email_forwards", create);
  r.add("GET", "/v2/:account/domains/:domain/email_forwards/:forward", (ctx) => {
    const d = findDomain(ctx, param(ctx, "domain"));
    return ok(emailForwardView(find(ctx, d.id, param(ctx, "forward"))));
  });
  r.add("DELETE", "/v2/:account/domains/:domain/email_forwards/:forward", remove);
}
