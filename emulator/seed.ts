/**
 * Seeding: the default account/user/token every emulator has, and the seed format used by
 * `--seed FILE`, `POST /__admin/seed` and `startEmulator({ seed })`. Keys are camelCase; every
 * section is optional. See emulator/README.md for the format.
 *
 * @example
 *   applySeed(store, { accounts: [{ id: 2, email: "b@example.com", token: "token-b" }] });
 */
import { randomBytes } from "node:crypto";
import { createDomain, normalizeDomainName } from "./domain-ops";
import type { Events } from "./events";
import type { Delays } from "./model";
import { issueCertificate } from "./routes/certificates";
import { now, type Store } from "./store";

export interface SeedAccount {
  id?: number;
  email: string;
  name?: string;
  planIdentifier?: string;
  identifier?: string;
  /** Account token for this account. */
  token?: string;
  outstandingPayments?: boolean;
}

export interface SeedUser {
  id?: number;
  email: string;
  password?: string;
  accounts?: number[];
  /** User token (access to every account of the user). */
  token?: string;
  v1Token?: string;
}

export interface SeedToken {
  token: string;
  accountId?: number;
  userId?: number;
  scope?: string;
}

export interface SeedOAuthCode {
  code?: string;
  clientId: string;
  clientSecret: string;
  redirectUri?: string;
  state?: string;
  accountId: number;
  scope?: string;
  expiresInSeconds?: number;
}

export interface SeedDomain {
  account: number;
  name: string;
  state?: string;
  registrantId?: number | null;
  expiresOn?: string | null;
  autoRenew?: boolean;
}

export interface SeedContact {
  account: number;
  id?: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  label?: string;
}

/** An issued Let's Encrypt certificate of a domain seeded (or created) before it. */
export interface SeedCertificate {
  account: number;
  domain: string;
  id?: number;
  /** `www`, `*`, or `""` for the apex. */
  name?: string;
}

export interface SeedCharge {
  account: number;
  invoicedAt: string;
  totalAmount: string;
  reference?: string;
  state?: string;
  description?: string;
}

/** The seed format. */
export interface Seed {
  accounts?: SeedAccount[];
  users?: SeedUser[];
  tokens?: SeedToken[];
  oauthCodes?: SeedOAuthCode[];
  domains?: SeedDomain[];
  contacts?: SeedContact[];
  certificates?: SeedCertificate[];
  charges?: SeedCharge[];
  delays?: Partial<Delays>;
  registrar?: {
    taken?: string[];
    premium?: Record<string, string>;
    unsupportedTlds?: string[];
    /** Milliseconds a registration under the suffix stays pending (overrides `delays.registration`). */
    registrationDelays?: Record<string, number>;
  };
}

/** Defaults of the emulator's own account. */
export interface DefaultIdentity {
  token: string;
  accountId: number;
  email: string;
  password: string;
  v1Token: string;
}

function requireObject(v: unknown, what: string): Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new Error(`${what} must be an object`);
  return v as Record<string, unknown>;
}

/** Makes sure the default account, its user and tokens exist. */
export function ensureDefaults(store: Store, d: DefaultIdentity): void {
  if (store.accounts.get(d.accountId) === undefined) {
    addAccount(store, {
      id: d.accountId,
      email: d.email,
      name: "Example Account",
      planIdentifier: "teams-v1-monthly",
    });
  }
  if (store.tokens.byKey(d.token) === undefined) addToken(store, { token: d.token, accountId: d.accountId });
  const user = store.users.byKey(d.email.toLowerCase());
  if (user === undefined) {
    addUser(store, { email: d.email, password: d.password, accounts: [d.accountId], v1Token: d.v1Token });
  } else if (!user.account_ids.includes(d.accountId)) {
    store.users.update(user, { account_ids: [...user.account_ids, d.accountId] });
  }
}

/** Adds an account (and its token when given). */
export function addAccount(store: Store, a: SeedAccount): number {
  if (typeof a.email !== "string" || a.email === "") throw new Error("account email is required");
  if (a.id !== undefined && (!Number.isSafeInteger(a.id) || a.id < 1))
    throw new Error("account id must be a positive integer");
  if (a.id !== undefined && store.accounts.get(a.id) !== undefined)
    throw new Error(`account ${a.id} already exists`);
  const t = now();
  const row = store.accounts.insert({
    ...(a.id !== undefined ? { id: a.id } : {}),
    email: a.email,
    name: a.name ?? a.email.split("@")[0] ?? a.email,
    plan_identifier: a.planIdentifier ?? "dnsimple-personal",
    identifier: a.identifier ?? a.email,
    outstanding_payments: a.outstandingPayments ?? false,
    created_at: t,
    updated_at: t,
  });
  if (a.token !== undefined) addToken(store, { token: a.token, accountId: row.id });
  return row.id;
}

export function addUser(store: Store, u: SeedUser): number {
  if (typeof u.email !== "string" || u.email === "") throw new Error("user email is required");
  if (store.users.byKey(u.email.toLowerCase()) !== undefined)
    throw new Error(`user ${u.email} already exists`);
  for (const id of u.accounts ?? []) {
    if (store.accounts.get(id) === undefined) throw new Error(`account ${id} does not exist`);
  }
  const t = now();
  const row = store.users.insert({
    ...(u.id !== undefined ? { id: u.id } : {}),
    email: u.email,
    password: u.password ?? "",
    account_ids: [...(u.accounts ?? [])],
    v1_token: u.v1Token ?? "",
    referral_token: randomBytes(8).toString("hex"),
    default_contact_id: null,
    created_at: t,
    updated_at: t,
  });
  if (u.token !== undefined) addToken(store, { token: u.token, userId: row.id });
  return row.id;
}

export function addToken(store: Store, t: SeedToken): void {
  if (typeof t.token !== "string" || t.token === "") throw new Error("token is required");
  if (store.tokens.byKey(t.token) !== undefined) throw new Error("token already exists");
  if ((t.accountId === undefined) === (t.userId === undefined))
    throw new Error("give exactly one of accountId or userId");
  if (t.accountId !== undefined && store.accounts.get(t.accountId) === undefined) {
    throw new Error(`account ${t.accountId} does not exist`);
  }
  if (t.userId !== undefined && store.users.get(t.userId) === undefined)
    throw new Error(`user ${t.userId} does not exist`);
  store.tokens.insert({
    token: t.token,
    account_id: t.accountId ?? null,
    user_id: t.userId ?? null,
    scope: t.scope ?? null,
    created_at: now(),
  });
}

export function addOAuthCode(store: Store, c: SeedOAuthCode): string {
  if (typeof c.clientId !== "string" || typeof c.clientSecret !== "string") {
    throw new Error("clientId and clientSecret are required strings");
  }
  if (store.accounts.get(c.accountId) === undefined) throw new Error(`account ${c.accountId} does not exist`);
  const code = c.code ?? randomBytes(12).toString("hex");
  if (store.oauthCodes.byKey(code) !== undefined) throw new Error("code already exists");
  store.oauthCodes.insert({
    code,
    client_id: c.clientId,
    client_secret: c.clientSecret,
    redirect_uri: c.redirectUri ?? "",
    state: c.state ?? "",
    account_id: c.accountId,
    scope: c.scope ?? null,
    expires_at_ms: Date.now() + (c.expiresInSeconds ?? 600) * 1000,
    used: false,
  });
  return code;
}

/** Sets registrar answers: each key given replaces that list. */
export function setRegistrar(store: Store, r: NonNullable<Seed["registrar"]>): void {
  const names = (list: unknown, what: string): string[] => {
    if (!Array.isArray(list) || !list.every((x) => typeof x === "string"))
      throw new Error(`${what} must be an array of strings`);
    return list.map((x) => normalizeDomainName(x) ?? x.toLowerCase());
  };
  if (r.taken !== undefined) {
    const taken = names(r.taken, "taken");
    store.updateSettings((s) => (s.registrar.taken = taken));
  }
  if (r.unsupportedTlds !== undefined) {
    if (!Array.isArray(r.unsupportedTlds)) throw new Error("unsupportedTlds must be an array of strings");
    const tlds = r.unsupportedTlds.map((x) => String(x).toLowerCase().replace(/^\./, ""));
    store.updateSettings((s) => (s.registrar.unsupported_tlds = tlds));
  }
  if (r.premium !== undefined) {
    const p = requireObject(r.premium, "premium");
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(p)) {
      const price = typeof v === "number" ? v.toFixed(2) : String(v);
      if (!/^\d+(\.\d+)?$/.test(price)) throw new Error(`premium price of ${k} must be a decimal`);
      out[normalizeDomainName(k) ?? k.toLowerCase()] = price;
    }
    store.updateSettings((s) => (s.registrar.premium = out));
  }
  if (r.registrationDelays !== undefined) {
    const d = requireObject(r.registrationDelays, "registrationDelays");
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(d)) {
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
        throw new Error(`registrationDelays.${k} must be a whole number of milliseconds`);
      out[k.toLowerCase().replace(/^\./, "")] = v;
    }
    store.updateSettings((s) => (s.registrar.registration_delays = out));
  }
}

export function setDelays(store: Store, d: Partial<Delays>): void {
  const obj = requireObject(d, "delays");
  for (const [k, v] of Object.entries(obj)) {
    if (!(k in store.settings.delays)) throw new Error(`unknown delay ${k}`);
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      throw new Error(`delay ${k} must be a number of milliseconds`);
    store.updateSettings((s) => (s.delays[k as keyof Delays] = v));
  }
}

const NO_EVENTS = { emit: () => undefined } as unknown as Events;

/** Applies a seed; throws an Error naming the first bad entry. */
export function applySeed(store: Store, seedInput: Seed, events: Events = NO_EVENTS): void {
  const seed = requireObject(seedInput, "seed") as Seed;
  for (const a of seed.accounts ?? []) addAccount(store, a);
  for (const u of seed.users ?? []) addUser(store, u);
  for (const t of seed.tokens ?? []) addToken(store, t);
  for (const c of seed.oauthCodes ?? []) addOAuthCode(store, c);
  if (seed.delays) setDelays(store, seed.delays);
  if (seed.registrar) setRegistrar(store, seed.registrar);
  for (const c of seed.contacts ?? []) {
    if (store.accounts.get(c.account) === undefined) throw new Error(`account ${c.account} does not exist`);
    const t = now();
    store.contacts.insert({
      ...(c.id !== undefined ? { id: c.id } : {}),
      account_id: c.account,
      label: c.label ?? "",
      first_name: c.firstName ?? "Jane",
      last_name: c.lastName ?? "Doe",
      job_title: "",
      organization_name: "",
      email: c.email ?? "jane@example.com",
      phone: "+18001234567",
      fax: "",
      address1: "1 Main Street",
      address2: "",
      city: "Rome",
      state_province: "RM",
      postal_code: "00100",
      country: "IT",
      created_at: t,
      updated_at: t,
    });
  }
  for (const d of seed.domains ?? []) {
    if (store.accounts.get(d.account) === undefined) throw new Error(`account ${d.account} does not exist`);
    const name = normalizeDomainName(String(d.name));
    if (name === null) throw new Error(`invalid domain name ${d.name}`);
    if (store.domains.byKey(name) !== undefined) throw new Error(`domain ${name} already exists`);
    const expiresOn = d.expiresOn ?? null;
    createDomain(store, events, d.account, name, {
      state: d.state ?? "hosted",
      registrant_id: d.registrantId ?? null,
      auto_renew: d.autoRenew ?? false,
      expires_on: expiresOn,
      expires_at: expiresOn === null ? null : `${expiresOn}T00:00:00Z`,
    });
  }
  for (const c of seed.certificates ?? []) {
    const name = normalizeDomainName(String(c.domain));
    const domain = name === null ? undefined : store.domains.byKey(name);
    if (domain === undefined || domain.account_id !== c.account)
      throw new Error(`certificate of ${c.domain}: no such domain in account ${c.account}`);
    if (c.id !== undefined && store.certificates.get(c.id) !== undefined)
      throw new Error(`certificate ${c.id} already exists`);
    const label = c.name ?? "www";
    const t = now();
    const row = store.certificates.insert({
      ...(c.id !== undefined ? { id: c.id } : {}),
      account_id: c.account,
      domain_id: domain.id,
      contact_id: domain.registrant_id,
      name: label,
      common_name: label === "" ? domain.name : `${label}.${domain.name}`,
      years: 1,
      csr: null,
      state: "requesting",
      auto_renew: false,
      alternate_names: [],
      authority_identifier: "letsencrypt",
      signature_algorithm: "ECDSA",
      private_key: null,
      server_pem: null,
      approver_email: null,
      approver_emails: null,
      configured_at: null,
      created_at: t,
      updated_at: t,
      expires_at: null,
      expires_on: null,
    });
    issueCertificate(store, events, row.id);
  }
  for (const c of seed.charges ?? []) {
    if (store.accounts.get(c.account) === undefined) throw new Error(`account ${c.account} does not exist`);
    const id = store.charges.nextId();
    store.charges.insert({
      id,
      account_id: c.account,
      invoiced_at: c.invoicedAt,
      total_amount: c.totalAmount,
      balance_amount: "0.00",
      reference: c.reference ?? `${id}-${c.account}`,
      state: c.state ?? "collected",
      items: [
        {
          description: c.description ?? "Manual charge",
          amount: c.totalAmount,
          product_id: null,
          product_type: "manual",
          product_reference: null,
        },
      ],
    });
  }
}
