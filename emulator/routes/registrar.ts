/**
 * v2 registrar: check, premium price, prices, register, transfer (and cancel), renew, restore,
 * authorize transfer out, plus auto-renewal, transfer lock, WHOIS privacy and delegation.
 * Purchases answer 402 for an account with outstanding payments; with a delay of 0 they complete at
 * once (201), otherwise they answer 202 and move from pending to done when the delay has passed.
 */
import { param, type Ctx, type RouteRegistry } from "../context";
import { createDomain, findDomain, lookupDomain, normalizeDomainName, tldOf } from "../domain-ops";
import type { Events } from "../events";
import { HttpError, Input, badRequest, noContent, notFound, ok, validationError, type Reply } from "../http";
import type { Jobs } from "../jobs";
import type { DomainRow, OrderKind, OrderRow } from "../model";
import { now, type Store } from "../store";
import { domainView, orderView } from "../views";
import { addCharge } from "./billing";

const PRICES: Record<string, number> = {
  com: 14.5,
  net: 16.0,
  org: 15.0,
  io: 39.0,
  dev: 15.0,
  app: 17.0,
  pizza: 20.0,
};
const DEFAULT_PRICE = 20.0;

const LABELS: Record<OrderKind, string> = {
  registration: "Domain registration",
  transfer: "Domain transfer",
  renewal: "Domain renewal",
  restore: "Domain restore",
};

/** The registrar's `:domain`: a valid name with a supported TLD, or a 400. */
function registrarName(ctx: Ctx): string {
  const raw = param(ctx, "domain");
  const byId = /^\d+$/.test(raw) ? lookupDomain(ctx.store, raw) : undefined;
  const name = byId && byId.account_id === ctx.accountId ? byId.name : normalizeDomainName(raw);
  if (name === null) throw badRequest(`\`${raw}\` is not a valid domain name`);
  const tld = tldOf(name);
  if (ctx.store.settings.registrar.unsupported_tlds.includes(tld))
    throw badRequest(`TLD .${tld.toUpperCase()} is not supported`);
  return name;
}

function premiumPrice(store: Store, name: string): number | null {
  const p = store.settings.registrar.premium[name];
  return p === undefined ? null : Number(p);
}

function basePrice(name: string): number {
  return PRICES[tldOf(name)] ?? DEFAULT_PRICE;
}

function isTaken(store: Store, name: string): boolean {
  if (store.settings.registrar.taken.includes(name)) return true;
  const d = store.domains.byKey(name);
  return d !== undefined && d.state !== "hosted";
}

function requireGoodStanding(ctx: Ctx): void {
  const account = ctx.store.accounts.get(ctx.accountId);
  if (account?.outstanding_payments) {
    throw new HttpError(402, {
      message: `This action cannot be completed because you have purchase invoices that need to be paid for: account ${account.id}`,
    });
  }
}

function checkPremium(store: Store, input: Input, name: string): void {
  const premium = premiumPrice(store, name);
  if (premium === null) return;
  const given = input.str("premium_price");
  if (given === undefined || Number(given) !== premium) {
    throw badRequest(
      `\`${name}\` is a premium domain: confirm the price by sending premium_price "${premium.toFixed(2)}"`,
    );
  }
}

function registrantOf(ctx: Ctx, input: Input): number | undefined {
  const id = input.int("registrant_id", true);
  if (id !== undefined) {
    const c = ctx.store.contacts.get(id);
    if (c === undefined || c.account_id !== ctx.accountId)
      input.fail("registrant_id", "is not a contact of the account");
  }
  return id;
}

function addYears(from: string | null, years: number): { at: string; on: string } {
  const base = from !== null && Date.parse(from) > Date.now() ? new Date(from) : new Date();
  base.setUTCFullYear(base.getUTCFullYear() + years);
  const at = base.toISOString().replace(/\.\d{3}Z$/, "Z");
  return { at, on: at.slice(0, 10) };
}

/** Finishes a pending order (job handler; also called at once when the delay is 0). */
export function completeOrder(store: Store, events: Events, orderId: number): void {
  const o = store.orders.get(orderId);
  if (o === undefined) return;
  const d = store.domains.get(o.domain_id);
  if (d === undefined) return;
  const t = now();
  const finish = (state: string, event: string, amount: number, product: string): void => {
    store.orders.update(o, { state, updated_at: t });
    store.domains.update(d, { updated_at: t });
    addCharge(
      store,
      o.account_id,
      `${LABELS[o.kind].replace("Domain ", "")} ${d.name}`,
      amount,
      product,
      d.id,
      d.name,
    );
    events.emit(
      o.account_id,
      event,
      o.kind === "renewal" || o.kind === "restore"
        ? { auto: false, domain: domainView(d) }
        : { domain: domainView(d) },
    );
  };
  const price = premiumPrice(store, d.name) ?? basePrice(d.name);
  switch (o.kind) {
    case "registration":
    case "transfer": {
      if (o.state !== "registering" && o.state !== "transferring" && o.state !== "new") return;
      const exp = addYears(null, o.period);
      store.domains.update(d, {
        state: "registered",
        registrant_id: o.registrant_id,
        auto_renew: o.auto_renew,
        private_whois: o.whois_privacy,
        trustee: o.trustee,
        expires_at: exp.at,
        expires_on: exp.on,
        transfer_lock: true,
      });
      if (o.kind === "registration")
        finish("registered", "domain.register", price * o.period, "domain-registration");
      else finish("transferred", "domain.transfer", price, "domain-transfer");
      return;
    }
    case "renewal": {
      if (o.state !== "new" && o.state !== "renewing") return;
      const exp = addYears(d.expires_at, o.period);
      store.domains.update(d, { state: "registered", expires_at: exp.at, expires_on: exp.on });
      finish("renewed", "domain.renew", price * o.period, "domain-renewal");
      return;
    }
    case "restore": {
      if (o.state !== "new" && o.state !== "restoring") return;
      const exp = addYears(null, 1);
      store.domains.update(d, { state: "registered", expires_at: exp.at, expires_on: exp.on });
      finish("restored", "domain.restore", price * 2, "domain-restore");
      return;
    }
  }
}

/**
 * How long an order stays pending: `delays[kind]`, or for a registration the delay of the registry
 * of its name when `registrar.registrationDelays` names one (the longest matching suffix wins).
 */
function orderDelay(store: Store, kind: OrderKind, name: string): number {
  const base = store.settings.delays[kind];
  if (kind !== "registration") return base;
  let best: string | undefined;
  for (const suffix of Object.keys(store.settings.registrar.registration_delays)) {
    if (
      (name === suffix || name.endsWith(`.${suffix}`)) &&
      (best === undefined || suffix.length > best.length)
    )
      best = suffix;
  }
  return best === undefined ? base : (store.settings.registrar.registration_delays[best] ?? base);
}

function startOrder(
  ctx: Ctx,
  domain: DomainRow,
  fields: Partial<OrderRow> & { kind: OrderKind },
  pendingState: string,
): Reply {
  const t = now();
  const delay = orderDelay(ctx.store, fields.kind, domain.name);
  const order = ctx.store.orders.insert({
    account_id: ctx.accountId,
    domain_id: domain.id,
    domain_name: domain.name,
    registrant_id: null,
    period: 1,
    state: pendingState,
    auto_renew: false,
    whois_privacy: false,
    trustee: false,
    status_description: null,
    created_at: t,
    updated_at: t,
    ...fields,
  });
  const started = {
    registration: "domain.register:started",
    transfer: "domain.transfer:started",
    renewal: "domain.renew:started",
    restore: "domain.restore:started",
  }[fields.kind];
  ctx.events.emit(ctx.accountId, started, { domain: domainView(domain) });
  if (delay <= 0) {
    completeOrder(ctx.store, ctx.events, order.id);
    return ok(orderView(order), 201);
  }
  ctx.jobs.schedule("order", order.id, delay);
  return ok(orderView(order), 202);
}

/** The account's domain for a new registration or transfer: existing hosted one, or a new one. */
function domainForPurchase(ctx: Ctx, name: string): DomainRow {
  const existing = ctx.store.domains.byKey(name);
  if (existing !== undefined) {
    if (existing.account_id !== ctx.accountId || existing.state !== "hosted") {
      throw badRequest(`The domain ${name} is already in DNSimple and cannot be added`);
    }
    const pending = ctx.store.orders.find(
      (o) => o.domain_id === existing.id && (o.state === "registering" || o.state === "transferring"),
    );
    if (pending) throw badRequest(`The domain ${name} has a ${pending.kind} in progress`);
    return existing;
  }
  return createDomain(ctx.store, ctx.events, ctx.accountId, name);
}

function register(ctx: Ctx): Reply {
  const name = registrarName(ctx);
  requireGoodStanding(ctx);
  const input = new Input(ctx.body);
  const registrantId = registrantOf(ctx, input);
  const whois = input.bool("whois_privacy") ?? false;
  const autoRenew = input.bool("auto_renew") ?? false;
  const trustee = input.bool("trustee") ?? false;
  input.strMap("extended_attributes");
  input.str("linked_provider");
  input.done();
  if (isTaken(ctx.store, name)) throw badRequest(`The domain ${name} is not available for registration`);
  checkPremium(ctx.store, input, name);
  const domain = domainForPurchase(ctx, name);
  return startOrder(
    ctx,
    domain,
    {
      kind: "registration",
      registrant_id: registrantId ?? null,
      whois_privacy: whois,
      auto_renew: autoRenew,
      trustee,
    },
    "registering",
  );
}

function transfer(ctx: Ctx): Reply {
  const name = registrarName(ctx);
  requireGoodStanding(ctx);
  const input = new Input(ctx.body);
  const registrantId = registrantOf(ctx, input);
  const authCode = input.str("auth_code");
  const whois = input.bool("whois_privacy") ?? false;
  const autoRenew = input.bool("auto_renew") ?? false;
  const trustee = input.bool("trustee") ?? false;
  input.strMap("extended_attributes");
  input.done();
  const existing = ctx.store.domains.byKey(name);
  if (existing !== undefined && (existing.account_id !== ctx.accountId || existing.state !== "hosted")) {
    throw badRequest(`The domain ${name} is already in DNSimple and cannot be added`);
  }
  if (authCode === undefined || authCode === "") {
    throw validationError({ base: ["You must provide an authorization code for the domain"] });
  }
  checkPremium(ctx.store, input, name);
  const domain = domainForPurchase(ctx, name);
  return startOrder(
    ctx,
    domain,
    {
      kind: "transfer",
      registrant_id: registrantId ?? null,
      whois_privacy: whois,
      auto_renew: autoRenew,
      trustee,
    },
    "transferring",
  );
}

function renew(ctx: Ctx): Reply {
  const name = registrarName(ctx);
  requireGoodStanding(ctx);
  const domain = findDomain(ctx, name);
  const input = new Input(ctx.body);
  const period = input.int("period") ?? 1;
  if (period < 1 || period > 10) input.fail("period", "must be between 1 and 10");
  input.done();
  if (domain.state !== "registered")
    throw new HttpError(400, { message: `${name} may not be renewed at this time`, errors: {} });
  if (ctx.store.orders.find((o) => o.domain_id === domain.id && o.kind === "renewal" && o.state === "new")) {
    throw new HttpError(400, { message: `${name} may not be renewed at this time`, errors: {} });
  }
  checkPremium(ctx.store, input, name);
  return startOrder(ctx, domain, { kind: "renewal", period }, "new");
}

function restore(ctx: Ctx): Reply {
  const name = registrarName(ctx);
  requireGoodStanding(ctx);
  const domain = findDomain(ctx, name);
  const input = new Input(ctx.body);
  input.str("premium_price");
  input.done();
  if (domain.state !== "expired") throw badRequest(`${name} cannot be restored because it is not expired`);
  if (ctx.store.orders.find((o) => o.domain_id === domain.id && o.kind === "restore" && o.state === "new")) {
    throw badRequest(`${name} already has a restore in progress`);
  }
  return startOrder(ctx, domain, { kind: "restore" }, "new");
}

function getOrder(kind: OrderKind, idParam: string) {
  return (ctx: Ctx): Reply => ok(orderView(findOrder(ctx, kind, idParam)));
}

function findOrder(ctx: Ctx, kind: OrderKind, idParam: string): OrderRow {
  const raw = param(ctx, "domain");
  const ref = param(ctx, idParam);
  const o = /^\d+$/.test(ref) ? ctx.store.orders.get(Number(ref)) : undefined;
  const name = normalizeDomainName(raw);
  const domainMatches = o !== undefined && (o.domain_name === name || String(o.domain_id) === raw);
  if (o === undefined || o.kind !== kind || o.account_id !== ctx.accountId || !domainMatches)
    throw notFound(LABELS[kind], ref);
  return o;
}

function cancelTransfer(ctx: Ctx): Reply {
  const o = findOrder(ctx, "transfer", "transfer");
  if (o.state !== "transferring")
    throw badRequest(`The transfer of ${o.domain_name} cannot be cancelled because it is ${o.state}`);
  const answer = orderView(o);
  ctx.store.orders.update(o, {
    state: "cancelled",
    status_description: "Canceled by customer",
    updated_at: now(),
  });
  ctx.store.jobs.deleteWhere((j) => j.kind === "order" && j.ref_id === o.id);
  const d = ctx.store.domains.get(o.domain_id);
  if (d) ctx.events.emit(ctx.accountId, "domain.transfer:cancelled", { domain: domainView(d) });
  return ok(answer, 202);
}

function registeredDomain(ctx: Ctx): DomainRow {
  const d = findDomain(ctx, registrarName(ctx));
  if (d.state !== "registered") throw badRequest(`The domain ${d.name} is not registered with DNSimple`);
  return d;
}

function check(ctx: Ctx): Reply {
  const name = registrarName(ctx);
  return ok({
    domain: name,
    available: !isTaken(ctx.store, name),
    premium: premiumPrice(ctx.store, name) !== null,
    // The current description requires it (DomainCheckResult); the recorded answer predates it.
    // No TLD the emulator sells needs the trustee service.
    trustee: false,
  });
}

function premium(ctx: Ctx): Reply {
  const name = registrarName(ctx);
  const action = ctx.query.get("action") ?? "registration";
  if (!["registration", "renewal", "transfer"].includes(action))
    throw badRequest(`Invalid action \`${action}\``);
  const price = premiumPrice(ctx.store, name);
  if (price === null) throw badRequest(`\`${name}\` is not a premium domain for ${action}`);
  return ok({ premium_price: price.toFixed(2), action });
}

function prices(ctx: Ctx): Reply {
  const name = registrarName(ctx);
  const p = premiumPrice(ctx.store, name);
  const base = p ?? basePrice(name);
  return ok({
    domain: name,
    premium: p !== null,
    registration_price: base,
    renewal_price: base,
    transfer_price: base,
    restore_price: base * 2,
    trustee_price: base,
  });
}

function whoisPrivacyView(d: DomainRow, enabled: boolean | null): Record<string, unknown> {
  return {
    id: d.id,
    domain_id: d.id,
    expires_on: d.expires_on,
    enabled,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

export function registerRegistrarRoutes(r: RouteRegistry, jobs: Jobs, events: Events, store: Store): void {
  jobs.register("order", (id) => completeOrder(store, events, id));
  const base = "/v2/:account/registrar/domains/:domain";
  r.add("GET", `${base}/check`, check);
  r.add("GET", `${base}/premium_price`, premium);
  r.add("GET", `${base}/prices`, prices);
  r.add("POST", `${base}/registrations`, register);
  r.add("GET", `${base}/registrations/:registration`, getOrder("registration", "registration"));
  r.add("POST", `${base}/transfers`, transfer);
  r.add("GET", `${base}/transfers/:transfer`, getOrder("transfer", "transfer"));
  r.add("DELETE", `${base}/transfers/:transfer`, cancelTransfer);
  r.add("POST", `${base}/renewals`, renew);
  r.add("GET", `${base}/renewals/:renewal`, getOrder("renewal", "renewal"));
  r.add("POST", `${base}/restores`, restore);
  r.add("GET", `${base}/restores/:restore`, getOrder("restore", "restore"));
  r.add("POST", `${base}/authorize_transfer_out`, (ctx) => {
    const d = registeredDomain(ctx);
    ctx.store.domains.update(d, { transfer_lock: false, transfer_out_authorized: true, updated_at: now() });
    return noContent();
  });
  const autoRenewal = (on: boolean) => (ctx: Ctx) => {
    const d = registeredDomain(ctx);
    ctx.store.domains.update(d, { auto_renew: on, updated_at: now() });
    ctx.events.emit(ctx.accountId, on ? "domain.auto_renewal_enable" : "domain.auto_renewal_disable", {
      domain: domainView(d),
    });
    return noContent();
  };
  r.add("PUT", `${base}/auto_renewal`, autoRenewal(true));
  r.add("DELETE", `${base}/auto_renewal`, autoRenewal(false));
  r.add("GET", `${base}/transfer_lock`, (ctx) => ok({ enabled: registeredDomain(ctx).transfer_lock }));
  const lock = (on: boolean) => (ctx: Ctx) => {
    const d = registeredDomain(ctx);
    ctx.store.domains.update(d, { transfer_lock: on });
    return ok({ enabled: on }, on ? 201 : 200);
  };
  r.add("POST", `${base}/transfer_lock`, lock(true));
  r.add("DELETE", `${base}/transfer_lock`, lock(false));
  r.add("PUT", `${base}/whois_privacy`, (ctx) => {
    const d = registeredDomain(ctx);
    ctx.store.domains.update(d, { private_whois: true, updated_at: now() });
    return ok(whoisPrivacyView(d, true));
  });
  r.add("DELETE", `${base}/whois_privacy`, (ctx) => {
    const d = registeredDomain(ctx);
    ctx.store.domains.update(d, { private_whois: false, updated_at: now() });
    return ok(whoisPrivacyView(d, false));
  });
  r.add("GET", `${base}/delegation`, (ctx) => ok(registeredDomain(ctx).name_servers));
  r.add("PUT", `${base}/delegation`, (ctx) => {
    const d = registeredDomain(ctx);
    const list = ctx.body;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((x) => typeof x === "string" && normalizeDomainName(x) !== null)
    ) {
      throw badRequest("The body must be a non-empty array of name server host names");
    }
    if (list.length > 13) throw badRequest("At most 13 name servers are allowed");
    ctx.store.domains.update(d, {
      name_servers: (list as string[]).map((x) => normalizeDomainName(x) as string),
      updated_at: now(),
    });
    ctx.events.emit(ctx.accountId, "domain.delegation_change", {
      domain: domainView(d),
      name_servers: d.name_servers,
    });
    return ok(d.name_servers);
  });
}
