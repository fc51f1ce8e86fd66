/**
 * Legacy API v1 under `/v1`: authenticated by `X-Service-Token: email:token`, objects wrapped under
 * their resource key, lists as arrays of wrapped objects, no pagination. Covers domains,
 * registration, transfer, renewal, transfer-out, check, token reset, templates, services, name
 * servers, registry name servers, certificates (purchase → configure → submit), subscription and
 * user provisioning (no authentication).
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { param, type Ctx, type RouteRegistry } from "../context";
import {
  createDomain,
  deleteDomainCascade,
  lookupDomain,
  normalizeDomainName,
  tldOf,
  validateNewDomainName,
  SERVICE_NAME_SERVERS,
} from "../domain-ops";
import { HttpError, Input, asObject, badRequest, validationError, type Reply } from "../http";
import type { CertificateRow, DomainRow, SubscriptionRow, TemplateRow } from "../model";
import { addAccount, addUser } from "../seed";
import { now } from "../store";
import { completeOrder } from "./registrar";

const SERVICES = [
  {
    id: 1,
    name: "Google Apps",
    short_name: "google-apps",
    description: "Google Mail Servers and Google Apps CNAME records.",
  },
  { id: 2, name: "Heroku", short_name: "heroku", description: "Heroku application hosting." },
  { id: 3, name: "Office 365", short_name: "office-365", description: "Microsoft Office 365 mail." },
].map((s) => ({ ...s, created_at: "2014-01-01T00:00:00Z", updated_at: "2014-01-01T00:00:00Z" }));

function v1NotFound(thing: string, how: string): HttpError {
  const text = `Couldn't find ${thing} with ${how}`;
  return new HttpError(404, { message: text, error: text });
}

function reply(status: number, body: unknown): Reply {
  return { status, body };
}

function userId(ctx: Ctx): number {
  return ctx.principal?.user?.id ?? 0;
}

function v1State(ctx: Ctx, d: DomainRow): string {
  const pending = ctx.store.orders.find(
    (o) => o.domain_id === d.id && (o.state === "registering" || o.state === "transferring"),
  );
  if (pending) return pending.kind === "registration" ? "registering" : "transferring_in";
  if (d.transfer_out_authorized && d.state === "registered") return "transferring_out";
  return d.state;
}

function domainV1(ctx: Ctx, d: DomainRow): Record<string, unknown> {
  return {
    domain: {
      id: d.id,
      user_id: userId(ctx),
      registrant_id: d.registrant_id,
      name: d.name,
      unicode_name: d.unicode_name,
      token: d.token,
      state: v1State(ctx, d),
      language: null,
      lockable: true,
      auto_renew: d.auto_renew,
      whois_protected: d.private_whois,
      record_count: ctx.store.records.filter((r) => r.zone === d.name).length,
      service_count: 0,
      expires_on: d.expires_on,
      created_at: d.created_at,
      updated_at: d.updated_at,
    },
  };
}

function findDomainV1(ctx: Ctx, ref = param(ctx, "domain")): DomainRow {
  const d = lookupDomain(ctx.store, ref);
  if (d === undefined || d.account_id !== ctx.accountId) {
    throw v1NotFound("Domain", /^\d+$/.test(ref) ? `id=${ref}` : `name = ${ref}`);
  }
  return d;
}

function templateV1(t: TemplateRow): Record<string, unknown> {
  const { id, user_id, name, short_name, description, created_at, updated_at } = t;
  return { dns_template: { id, user_id, name, short_name, description, created_at, updated_at } };
}

function findTemplate(ctx: Ctx, ref: string): TemplateRow {
  const t = ctx.store.templates.find(
    (x) => x.account_id === ctx.accountId && (String(x.id) === ref || x.short_name === ref),
  );
  if (t === undefined)
    throw v1NotFound("DnsTemplate", /^\d+$/.test(ref) ? `id=${ref}` : `short_name = ${ref}`);
  return t;
}

function certificateV1(c: CertificateRow): Record<string, unknown> {
  const v: Record<string, unknown> = {
    id: c.id,
    domain_id: c.domain_id,
    contact_id: c.contact_id,
    name: c.name,
    state: c.state,
    csr: c.csr,
    ssl_certificate: c.server_pem,
    private_key: c.private_key,
    approver_email: c.approver_email,
  };
  if (c.approver_emails !== null) v["approver_emails"] = c.approver_emails;
  Object.assign(v, {
    created_at: c.created_at,
    updated_at: c.updated_at,
    configured_at: c.configured_at,
    expires_on: c.expires_on,
  });
  return { certificate: v };
}

function findCertificate(ctx: Ctx, d: DomainRow): CertificateRow {
  const ref = param(ctx, "certificate");
  const c = /^\d+$/.test(ref) ? ctx.store.certificates.get(Number(ref)) : undefined;
  if (c === undefined || c.domain_id !== d.id || c.account_id !== ctx.accountId) {
    throw v1NotFound("Certificate", `id=${ref} [WHERE "certificates"."domain_id" = ${d.id}]`);
  }
  return c;
}

function subscriptionV1(s: SubscriptionRow): Record<string, unknown> {
  const { id, user_id, plan_name, state, domain_limit, created_at, updated_at } = s;
  return { subscription: { id, user_id, plan_name, state, domain_limit, created_at, updated_at } };
}

function requireStanding(ctx: Ctx): void {
  if (ctx.store.accounts.get(ctx.accountId)?.outstanding_payments) {
    throw new HttpError(402, {
      message: "This action cannot be completed because you have purchase invoices that need to be paid for",
    });
  }
}

function contactOf(ctx: Ctx, input: Input, key: string): number | undefined {
  const id = input.int(key, true);
  if (id !== undefined) {
    const c = ctx.store.contacts.get(id);
    if (c === undefined || c.account_id !== ctx.accountId) input.fail(key, "is not a contact of the account");
  }
  return id;
}

function nameFrom(input: Input): string {
  const raw = input.str("name", true);
  input.done();
  const name = normalizeDomainName(raw as string);
  if (name === null) throw validationError({ name: ["is an invalid domain"] });
  return name;
}

function purchaseDomain(ctx: Ctx, kind: "registration" | "transfer"): Reply {
  requireStanding(ctx);
  const input = new Input(ctx.body, "domain");
  const registrantId = contactOf(ctx, input, "registrant_id");
  const name = nameFrom(input);
  if (ctx.store.settings.registrar.unsupported_tlds.includes(tldOf(name)))
    throw badRequest(`TLD .${tldOf(name).toUpperCase()} is not supported`);
  let authinfo: string | undefined;
  if (kind === "transfer") {
    const order = asObject(asObject(ctx.body)?.["transfer_order"]);
    const a = order?.["authinfo"];
    authinfo = typeof a === "string" ? a : undefined;
    if (authinfo === undefined || authinfo === "")
      throw validationError({ base: ["You must provide an authorization code for the domain"] });
  }
  const existing = ctx.store.domains.byKey(name);
  if (existing !== undefined && (existing.account_id !== ctx.accountId || existing.state !== "hosted")) {
    throw badRequest(`The domain ${name} is already in DNSimple and cannot be added`);
  }
  if (kind === "registration" && ctx.store.settings.registrar.taken.includes(name)) {
    throw badRequest(`The domain ${name} is not available for registration`);
  }
  const domain = existing ?? createDomain(ctx.store, ctx.events, ctx.accountId, name);
  const t = now();
  const order = ctx.store.orders.insert({
    kind,
    account_id: ctx.accountId,
    domain_id: domain.id,
    domain_name: name,
    registrant_id: registrantId ?? null,
    period: 1,
    state: kind === "registration" ? "registering" : "transferring",
    auto_renew: false,
    whois_privacy: false,
    trustee: false,
    status_description: null,
    created_at: t,
    updated_at: t,
  });
  const delay = ctx.store.settings.delays[kind];
  if (delay <= 0) completeOrder(ctx.store, ctx.events, order.id);
  else ctx.jobs.schedule("order", order.id, delay);
  if (kind === "registration") return reply(201, domainV1(ctx, domain));
  return reply(201, {
    transfer_order: { id: order.id, domain_id: domain.id, state: "submitted", created_at: t, updated_at: t },
  });
}

function renewDomain(ctx: Ctx): Reply {
  requireStanding(ctx);
  const input = new Input(ctx.body, "domain");
  const renewPrivacy = input.bool("renew_whois_privacy") ?? false;
  const name = nameFrom(input);
  const d = findDomainV1(ctx, name);
  if (d.state !== "registered" && d.state !== "expired")
    throw new HttpError(400, { message: `${name} may not be renewed at this time`, errors: {} });
  const t = now();
  const order = ctx.store.orders.insert({
    kind: "renewal",
    account_id: ctx.accountId,
    domain_id: d.id,
    domain_name: name,
    registrant_id: d.registrant_id,
    period: 1,
    state: "new",
    auto_renew: d.auto_renew,
    whois_privacy: renewPrivacy,
    trustee: false,
    status_description: null,
    created_at: t,
    updated_at: t,
  });
  completeOrder(ctx.store, ctx.events, order.id);
  return reply(201, domainV1(ctx, d));
}

function check(ctx: Ctx): Reply {
  const raw = param(ctx, "name");
  const name = normalizeDomainName(raw);
  if (name === null) throw badRequest(`\`${raw}\` is not a valid domain name`);
  const reg = ctx.store.settings.registrar;
  const existing = ctx.store.domains.byKey(name);
  const taken = reg.taken.includes(name) || (existing !== undefined && existing.state !== "hosted");
  const price = reg.premium[name] ?? "14.00";
  const body = {
    name,
    status: taken ? "unavailable" : "available",
    price,
    currency: "USD",
    currency_symbol: "$",
    minimum_number_of_years: 1,
  };
  return reply(taken ? 200 : 404, body);
}

function setNameServers(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  const ns = asObject(asObject(ctx.body)?.["name_servers"]);
  if (ns === null) throw badRequest("Required parameter missing: name_servers");
  const names: string[] = [];
  for (const [key, value] of Object.entries(ns)) {
    if (value === null || value === "") continue;
    if (!/^ns\d+$/.test(key) || typeof value !== "string" || normalizeDomainName(value) === null) {
      throw validationError({ name_servers: [`${key} is not a valid name server`] });
    }
    names.push(normalizeDomainName(value) as string);
  }
  if (names.length === 0) throw validationError({ name_servers: ["can't be blank"] });
  if (names.length > 6) throw validationError({ name_servers: ["accepts at most 6 name servers"] });
  if (d.state !== "registered") throw badRequest(`The domain ${d.name} is not registered with DNSimple`);
  const restoring = names.every(
    (n) => SERVICE_NAME_SERVERS.includes(n) || /\.dnsimple(-edge)?\.(com|net|org)$/.test(n),
  );
  ctx.store.domains.update(d, {
    name_servers: restoring ? [...SERVICE_NAME_SERVERS] : names,
    updated_at: now(),
  });
  return reply(200, d.name_servers);
}

function purchaseCertificate(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  const input = new Input(ctx.body, "certificate");
  const name = input.str("name") ?? "";
  const contactId = contactOf(ctx, input, "contact_id");
  const csr = input.str("csr");
  if (name !== "" && name !== "*" && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(name))
    input.fail("name", "is invalid");
  if (csr !== undefined && csr !== "" && !csr.includes("BEGIN CERTIFICATE REQUEST"))
    input.fail("csr", "is not a valid certificate request");
  input.done();
  const t = now();
  const expires = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const c = ctx.store.certificates.insert({
    account_id: ctx.accountId,
    domain_id: d.id,
    contact_id: contactId ?? null,
    name,
    common_name: name === "" ? d.name : `${name}.${d.name}`,
    years: 1,
    csr:
      csr !== undefined && csr !== ""
        ? csr
        : `-----BEGIN CERTIFICATE REQUEST-----\n${randomBytes(300).toString("base64")}\n-----END CERTIFICATE REQUEST-----\n`,
    state: "purchased",
    auto_renew: false,
    alternate_names: [],
    authority_identifier: "comodo",
    signature_algorithm: "RSA",
    private_key: privateKey.export({ type: "sec1", format: "pem" }).toString(),
    server_pem: null,
    approver_email: null,
    approver_emails: null,
    configured_at: null,
    created_at: t,
    updated_at: t,
    expires_at: null,
    expires_on: expires,
  });
  return reply(201, certificateV1(c));
}

function configureCertificate(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  const c = findCertificate(ctx, d);
  if (c.state !== "purchased")
    throw badRequest(`Certificate ${c.id} cannot be configured because it is ${c.state}`);
  const t = now();
  ctx.store.certificates.update(c, {
    state: "configured",
    configured_at: t,
    updated_at: t,
    approver_emails: ["admin", "administrator", "hostmaster", "postmaster", "webmaster"].map(
      (l) => `${l}@${d.name}`,
    ),
  });
  return reply(200, certificateV1(c));
}

function submitCertificate(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  const c = findCertificate(ctx, d);
  const input = new Input(ctx.body, "certificate");
  const email = input.str("approver_email", true);
  input.done();
  if (c.state !== "configured")
    throw badRequest(`Certificate ${c.id} cannot be submitted because it is ${c.state}`);
  if (!(c.approver_emails ?? []).includes(email as string))
    throw validationError({ approver_email: ["is not one of the approver emails"] });
  ctx.store.certificates.update(c, {
    state: "submitted",
    approver_email: email as string,
    updated_at: now(),
  });
  return reply(200, certificateV1(c));
}

function readTemplate(
  ctx: Ctx,
  partial: boolean,
): { name?: string; short_name?: string; description?: string } {
  const input = new Input(ctx.body, "dns_template");
  const name = input.str("name", !partial);
  const short = input.str("short_name", !partial);
  const description = input.str("description");
  if (short !== undefined && !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(short))
    input.fail("short_name", "is invalid");
  input.done();
  if (short !== undefined) {
    const clash = ctx.store.templates.find(
      (t) =>
        t.account_id === ctx.accountId &&
        t.short_name === short &&
        String(t.id) !== ctx.params["template"] &&
        t.short_name !== ctx.params["template"],
    );
    if (clash) throw validationError({ short_name: ["has already been taken"] });
  }
  return {
    ...(name !== undefined ? { name } : {}),
    ...(short !== undefined ? { short_name: short } : {}),
    ...(description !== undefined ? { description } : {}),
  };
}

function createUser(ctx: Ctx): Reply {
  const input = new Input(ctx.body, "user");
  const email = input.str("email", true);
  const password = input.str("password", true);
  const confirmation = input.str("password_confirmation", true);
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) input.fail("email", "is invalid");
  if (password !== undefined && password.length < 8)
    input.fail("password", "is too short (minimum is 8 characters)");
  if (password !== undefined && confirmation !== undefined && password !== confirmation)
    input.fail("password_confirmation", "doesn't match Password");
  if (email !== undefined && ctx.store.users.byKey(email.toLowerCase()))
    input.fail("email", "has already been taken");
  input.done();
  const accountId = addAccount(ctx.store, { email: email as string });
  const token = randomBytes(10).toString("hex");
  const id = addUser(ctx.store, {
    email: email as string,
    password: password as string,
    accounts: [accountId],
    v1Token: token,
  });
  const u = ctx.store.users.get(id);
  if (u === undefined) throw new Error("user vanished");
  return reply(201, {
    user: {
      id: u.id,
      email: u.email,
      referral_token: u.referral_token,
      single_access_token: u.v1_token,
      default_contact_id: null,
      domain_count: 0,
      domain_limit: 10,
      login_count: 0,
      failed_login_count: 0,
      unsubscribed_at: null,
      created_at: u.created_at,
      updated_at: u.updated_at,
    },
  });
}

function listDomains(ctx: Ctx): Reply {
  const rows = ctx.store.domains.filter((d) => d.account_id === ctx.accountId);
  return reply(
    200,
    rows.map((d) => domainV1(ctx, d)),
  );
}

function addDomain(ctx: Ctx): Reply {
  const input = new Input(ctx.body, "domain");
  input.str("name", true);
  input.done();
  const name = validateNewDomainName(ctx.store, input.obj["name"]);
  return reply(201, domainV1(ctx, createDomain(ctx.store, ctx.events, ctx.accountId, name)));
}

function getDomain(ctx: Ctx): Reply {
  return reply(200, domainV1(ctx, findDomainV1(ctx)));
}

function deleteDomain(ctx: Ctx): Reply {
  deleteDomainCascade(ctx.store, ctx.events, findDomainV1(ctx));
  return reply(200, {});
}

function resetToken(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  ctx.store.domains.update(d, { token: randomBytes(16).toString("hex"), updated_at: now() });
  return reply(200, domainV1(ctx, d));
}

function authorizeTransferOut(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  if (d.state !== "registered") throw badRequest(`The domain ${d.name} is not registered with DNSimple`);
  const t = now();
  ctx.store.domains.update(d, { transfer_out_authorized: true, transfer_lock: false, updated_at: t });
  return reply(201, {
    transfer_out: { id: d.id, domain_id: d.id, state: "submitted", created_at: t, updated_at: t },
  });
}

function getNameServers(ctx: Ctx): Reply {
  return reply(200, findDomainV1(ctx).name_servers);
}

/** A glue record's host name, within the domain (`ns1` → `ns1.example.com`). */
function glueHost(d: DomainRow, name: string): string {
  const host = name.toLowerCase();
  return host.endsWith(`.${d.name}`) ? host : `${host}.${d.name}`;
}

function addRegistryNameServer(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  const input = new Input(ctx.body, "name_server");
  const name = input.str("name", true);
  const ip = input.str("ip", true);
  if (ip !== undefined && !/^(\d{1,3}\.){3}\d{1,3}$|:/.test(ip))
    input.fail("ip", "is not a valid IP address");
  input.done();
  if (d.state !== "registered") throw badRequest(`The domain ${d.name} is not registered with DNSimple`);
  const full = glueHost(d, name as string);
  ctx.store.domains.update(d, {
    registry_name_servers: d.registry_name_servers
      .filter((n) => n.name !== full)
      .concat({ name: full, ip: ip as string }),
  });
  return reply(201, { name: full, ip });
}

function removeRegistryNameServer(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  const full = glueHost(d, param(ctx, "name"));
  if (!d.registry_name_servers.some((n) => n.name === full))
    throw badRequest(`Name server ${full} is not registered`);
  ctx.store.domains.update(d, {
    registry_name_servers: d.registry_name_servers.filter((n) => n.name !== full),
  });
  return { status: 204 };
}

function listCertificates(ctx: Ctx): Reply {
  const d = findDomainV1(ctx);
  return reply(200, ctx.store.certificates.filter((c) => c.domain_id === d.id).map(certificateV1));
}

function getCertificate(ctx: Ctx): Reply {
  return reply(200, certificateV1(findCertificate(ctx, findDomainV1(ctx))));
}

function listTemplates(ctx: Ctx): Reply {
  return reply(200, ctx.store.templates.filter((t) => t.account_id === ctx.accountId).map(templateV1));
}

function createTemplate(ctx: Ctx): Reply {
  const f = readTemplate(ctx, false);
  const t = now();
  const row = ctx.store.templates.insert({
    account_id: ctx.accountId,
    user_id: userId(ctx),
    name: f.name ?? "",
    short_name: f.short_name ?? "",
    description: f.description ?? "",
    created_at: t,
    updated_at: t,
  });
  return reply(201, templateV1(row));
}

function getTemplate(ctx: Ctx): Reply {
  return reply(200, templateV1(findTemplate(ctx, param(ctx, "template"))));
}

function updateTemplate(ctx: Ctx): Reply {
  const t = findTemplate(ctx, param(ctx, "template"));
  ctx.store.templates.update(t, { ...readTemplate(ctx, true), updated_at: now() });
  return reply(200, templateV1(t));
}

function deleteTemplate(ctx: Ctx): Reply {
  const t = findTemplate(ctx, param(ctx, "template"));
  ctx.store.templates.delete(t.id);
  return reply(200, {});
}

function listServices(): Reply {
  return reply(
    200,
    SERVICES.map((s) => ({ service: s })),
  );
}

function getService(ctx: Ctx): Reply {
  const ref = param(ctx, "id");
  const s = SERVICES.find((x) => String(x.id) === ref || x.short_name === ref);
  if (s === undefined) throw v1NotFound("Service", `id=${ref}`);
  return reply(200, { service: s });
}

function getSubscription(ctx: Ctx): Reply {
  const s = ctx.store.subscriptions.find((x) => x.user_id === userId(ctx));
  if (s === undefined) throw new HttpError(402, { message: "You must have an active subscription" });
  return reply(200, subscriptionV1(s));
}

const CARD_FIELDS = [
  "number",
  "first_name",
  "last_name",
  "billing_address",
  "billing_zip",
  "month",
  "year",
  "cvv",
];

function subscribe(ctx: Ctx): Reply {
  const input = new Input(ctx.body, "subscription");
  const plan = input.str("plan", true);
  const card = asObject(input.obj["credit_card"]);
  if (card === null) input.fail("credit_card", "can't be blank");
  else {
    for (const k of CARD_FIELDS) {
      const v = card[k];
      if (typeof v !== "string" || v === "") input.fail(`credit_card.${k}`, "can't be blank");
    }
    if (typeof card["number"] === "string" && !/^\d{12,19}$/.test(card["number"].replace(/[\s-]/g, "")))
      input.fail("credit_card.number", "is invalid");
  }
  input.done();
  if (ctx.store.subscriptions.find((x) => x.user_id === userId(ctx)))
    throw badRequest("You already have a subscription");
  const t = new Date().toISOString();
  const s = ctx.store.subscriptions.insert({
    user_id: userId(ctx),
    plan_name: plan as string,
    state: "subscribed",
    domain_limit: 50,
    created_at: t,
    updated_at: t,
  });
  return reply(201, subscriptionV1(s));
}

/** The legacy API v1 routes: each a named handler, as the v2 groups have them. */
export function registerV1Routes(r: RouteRegistry): void {
  r.add("POST", "/v1/users", createUser, "none");
  r.add("POST", "/v1/domain_registrations", (ctx) => purchaseDomain(ctx, "registration"));
  r.add("POST", "/v1/domain_transfers", (ctx) => purchaseDomain(ctx, "transfer"));
  r.add("POST", "/v1/domain_renewals", renewDomain);
  r.add("GET", "/v1/domains/:name/check", check);
  r.add("GET", "/v1/domains", listDomains);
  r.add("POST", "/v1/domains", addDomain);
  r.add("GET", "/v1/domains/:domain", getDomain);
  r.add("DELETE", "/v1/domains/:domain", deleteDomain);
  r.add("POST", "/v1/domains/:domain/token", resetToken);
  r.add("POST", "/v1/domains/:domain/transfer_outs", authorizeTransferOut);
  r.add("GET", "/v1/domains/:domain/name_servers", getNameServers);
  r.add("POST", "/v1/domains/:domain/name_servers", setNameServers);
  r.add("POST", "/v1/domains/:domain/registry_name_servers", addRegistryNameServer);
  r.add("DELETE", "/v1/domains/:domain/registry_name_servers/:name", removeRegistryNameServer);
  r.add("GET", "/v1/domains/:domain/certificates", listCertificates);
  r.add("GET", "/v1/domains/:domain/certificates/:certificate", getCertificate);
  r.add("POST", "/v1/domains/:domain/certificates", purchaseCertificate);
  r.add("PUT", "/v1/domains/:domain/certificates/:certificate/configure", configureCertificate);
  r.add("PUT", "/v1/domains/:domain/certificates/:certificate/submit", submitCertificate);
  r.add("GET", "/v1/templates", listTemplates);
  r.add("POST", "/v1/templates", createTemplate);
  r.add("GET", "/v1/templates/:template", getTemplate);
  r.add("PUT", "/v1/templates/:template", updateTemplate);
  r.add("DELETE", "/v1/templates/:template", deleteTemplate);
  r.add("GET", "/v1/services", listServices);
  r.add("GET", "/v1/services/:id", getService);
  r.add("GET", "/v1/subscription", getSubscription);
  r.add("POST", "/v1/subscription", subscribe);
}
