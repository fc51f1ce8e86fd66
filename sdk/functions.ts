/**
 * Plain async functions over the service, for use inside a Pulumi program (or any Node program).
 * They run in the program's process: settings come from the stack config `dnsimple:*` (read raw,
 * so secret values are neither logged nor warned about) or the environment (`DNSIMPLE_TOKEN`,
 * `DNSIMPLE_ACCOUNT`, `DNSIMPLE_BASE_URL`, `DNSIMPLE_SANDBOX`), the same as the resources. The
 * token is never logged or put into results or error messages.
 *
 * They are read-only: calling them during `preview` changes nothing.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const check = await dnsimple.checkDomain("example.com");
 * if (check.available) { ... }
 * ```
 */
import type * as pulumi from "@pulumi/pulumi";
import { secret } from "@pulumi/pulumi/output";
import { getConfig } from "@pulumi/pulumi/runtime/config";
import type { DnsimpleClient } from "../provider/client";
import {
  MissingSettingError,
  type ProviderSettings,
  requireAccount,
  requireToken,
  resolveSettings,
} from "../provider/resources/settings";

/** Options every function accepts. */
export interface FunctionOptions {
  /** The account to ask about, overriding `dnsimple:account` / `DNSIMPLE_ACCOUNT`. */
  account?: string | number;
}

/** An account. */
export interface AccountInfo {
  id: number;
  email: string;
  name?: string | undefined;
  planIdentifier: string;
  createdAt: string;
  updatedAt: string;
}

/** A user. */
export interface UserInfo {
  id: number;
  email: string;
  createdAt: string;
  updatedAt: string;
}

/** Who the credentials belong to: an account token yields `account`, a user token `user`. */
export interface WhoamiResult {
  account: AccountInfo | null;
  user: UserInfo | null;
}

/** Availability of a name. */
export interface CheckDomainResult {
  domain: string;
  available: boolean;
  premium: boolean;
}

/** Prices of a name, in the account's currency. */
export interface DomainPricesResult {
  domain: string;
  premium: boolean;
  registrationPrice: number;
  renewalPrice: number;
  transferPrice: number;
  restorePrice?: number | undefined;
}

/** Domain research: availability as the research service sees it. */
export interface ResearchStatusResult {
  requestId: string;
  domain: string;
  /** `available`, `unavailable` or `unknown`. */
  availability: string;
  errors: string[];
}

/** An issued certificate's PEM bundle. */
export interface CertificateBundleResult {
  /** The server certificate (PEM). */
  server: string;
  /** Intermediate certificates (PEM). */
  chain: string[];
  /** The root certificate (PEM), when the service gives one. */
  root: string | null;
}

/** One line of a charge. */
export interface ChargeItem {
  description: string;
  amount: string;
  productId: number | null;
  productType: string;
  productReference: string | null;
}

/** A charge; amounts are decimal strings such as `"14.50"`. */
export interface ChargeResult {
  invoicedAt: string;
  totalAmount: string;
  balanceAmount: string;
  reference: string;
  state: string;
  items: ChargeItem[];
}

/** The premium price of a name for one action. */
export interface PremiumPriceResult {
  premiumPrice: string;
  action: string;
}

/** Settings from the stack config (raw values: secrets are not logged) or the environment. */
function settings(): ProviderSettings {
  return resolveSettings({ get: (key) => getConfig(key) });
}

let cached: { key: string; client: DnsimpleClient } | undefined;

/**
 * The client, built on first use. It is loaded only then: a program that declares resources but
 * calls no function never pays for loading the client and its schemas.
 */
async function client(s: ProviderSettings): Promise<DnsimpleClient> {
  const token = requireToken(s);
  const key = JSON.stringify([token, s.baseUrl, s.sandbox, s.v1Email, s.v1Token, s.v1BaseUrl]);
  if (cached?.key !== key) {
    const { createClient } = await import("../provider/client");
    const v1Token = s.v1Token ?? token;
    cached = {
      key,
      client: createClient({
        token,
        ...(s.baseUrl !== undefined ? { baseUrl: s.baseUrl } : {}),
        sandbox: s.sandbox,
        userAgentSuffix: "pulumi-function",
        // Legacy v1 functions: the same settings as the v1 resources.
        ...(s.v1Email
          ? {
              v1: {
                email: s.v1Email,
                token: v1Token,
                ...(s.v1BaseUrl !== undefined ? { baseUrl: s.v1BaseUrl } : {}),
              },
            }
          : {}),
      }),
    };
  }
  return cached.client;
}

async function context(
  options: FunctionOptions | undefined,
): Promise<{ api: DnsimpleClient; account: string }> {
  const s = settings();
  const api = await client(s);
  return { api, account: requireAccount(s, options?.account) };
}

function accountInfo(a: {
  id: number;
  email: string;
  name?: string | undefined;
  plan_identifier: string;
  created_at: string;
  updated_at: string;
}): AccountInfo {
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    planIdentifier: a.plan_identifier,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
  };
}

/**
 * Who the configured token belongs to.
 *
 * @example
 * ```ts
 * const me = await dnsimple.whoami();
 * export const accountEmail = me.account?.email;
 * ```
 */
export async function whoami(): Promise<WhoamiResult> {
  const identity = await (await client(settings())).identity.whoami();
  return {
    account: identity.account ? accountInfo(identity.account) : null,
    user: identity.user
      ? {
          id: identity.user.id,
          email: identity.user.email,
          createdAt: identity.user.created_at,
          updatedAt: identity.user.updated_at,
        }
      : null,
  };
}

/**
 * The accounts the configured token can use.
 *
 * @example
 * ```ts
 * const accounts = await dnsimple.listAccounts();
 * export const accountIds = accounts.map((a) => a.id);
 * ```
 */
export async function listAccounts(): Promise<AccountInfo[]> {
  return (await (await client(settings())).accounts.list()).map(accountInfo);
}

/**
 * Whether a name can be registered, and whether it is premium.
 *
 * @example
 * ```ts
 * const { available, premium } = await dnsimple.checkDomain("example.com");
 * ```
 */
export async function checkDomain(domain: string, options?: FunctionOptions): Promise<CheckDomainResult> {
  const { api, account } = await context(options);
  const c = await api.registrar.check(account, domain);
  return { domain: c.domain, available: c.available, premium: c.premium };
}

/**
 * Registration, renewal, transfer and restore prices of a name (premium names included).
 *
 * @example
 * ```ts
 * const prices = await dnsimple.getPrices("example.io");
 * new dnsimple.DomainRegistration("io", {
 *   domain: "example.io", registrantId: 42,
 *   ...(prices.premium ? { premiumPrice: prices.registrationPrice.toFixed(2) } : {}),
 * });
 * ```
 */
export async function getPrices(domain: string, options?: FunctionOptions): Promise<DomainPricesResult> {
  const { api, account } = await context(options);
  const p = await api.registrar.prices(account, domain);
  return {
    domain: p.domain,
    premium: p.premium,
    registrationPrice: p.registration_price,
    renewalPrice: p.renewal_price,
    transferPrice: p.transfer_price,
    restorePrice: p.restore_price,
  };
}

/**
 * The premium price of a name for one action.
 *
 * @deprecated The service deprecated this operation; use {@link getPrices}, which covers every
 * action and ordinary names too.
 * @example
 * ```ts
 * const { premiumPrice } = await dnsimple.getPremiumPrice("cool.io", "registration");
 * ```
 */
export async function getPremiumPrice(
  domain: string,
  action: "registration" | "renewal" | "transfer" = "registration",
  options?: FunctionOptions,
): Promise<PremiumPriceResult> {
  const { api, account } = await context(options);
  const p = await api.registrar.premiumPrice(account, domain, action);
  return { premiumPrice: p.premium_price, action: p.action };
}

/**
 * Domain research: the research service's view of a name's availability.
 *
 * @example
 * ```ts
 * const status = await dnsimple.getResearchStatus("example.com");
 * export const availability = status.availability;
 * ```
 */
export async function getResearchStatus(
  domain: string,
  options?: FunctionOptions,
): Promise<ResearchStatusResult> {
  const { api, account } = await context(options);
  const r = await api.research.status(account, domain);
  return { requestId: r.request_id, domain: r.domain, availability: r.availability, errors: r.errors };
}

/**
 * The PEM bundle (server certificate, chain, root) of an issued certificate. The private key is
 * not returned: use the `privateKey` secret output of `LetsEncryptCertificate`.
 *
 * @example
 * ```ts
 * const bundle = await dnsimple.getCertificateBundle("example.com", 101967);
 * export const chain = bundle.chain;
 * ```
 */
export async function getCertificateBundle(
  domain: string | number,
  certificateId: number,
  options?: FunctionOptions,
): Promise<CertificateBundleResult> {
  const { api, account } = await context(options);
  const b = await api.certificates.download(account, domain, certificateId);
  return { server: b.server, chain: b.chain, root: b.root };
}

/**
 * The private key of a certificate, as a Pulumi secret: it is stored encrypted wherever it goes
 * (an export, another resource's input) and never printed.
 *
 * @example
 * ```ts
 * const key = dnsimple.getCertificatePrivateKey("example.com", 101967);
 * ```
 */
export function getCertificatePrivateKey(
  domain: string | number,
  certificateId: number,
  options?: FunctionOptions,
): pulumi.Output<string> {
  return secret(
    (async () => {
      const { api, account } = await context(options);
      return (await api.certificates.privateKey(account, domain, certificateId)).private_key;
    })(),
  );
}

/** Filters of {@link listCharges}. */
export interface ListChargesOptions extends FunctionOptions {
  /** `YYYY-MM-DD`; the service's default window is the last year. */
  startDate?: string;
  /** `YYYY-MM-DD`. */
  endDate?: string;
}

/**
 * Every charge of the account in a date window (all pages).
 *
 * @example
 * ```ts
 * const charges = await dnsimple.listCharges({ startDate: "2024-01-01" });
 * export const total = charges.reduce((sum, c) => sum + Number(c.totalAmount), 0);
 * ```
 */
export async function listCharges(options?: ListChargesOptions): Promise<ChargeResult[]> {
  const { api, account } = await context(options);
  const out: ChargeResult[] = [];
  for await (const c of api.billing.iterateCharges(account, {
    ...(options?.startDate !== undefined ? { startDate: options.startDate } : {}),
    ...(options?.endDate !== undefined ? { endDate: options.endDate } : {}),
  })) {
    out.push({
      invoicedAt: c.invoiced_at,
      totalAmount: c.total_amount,
      balanceAmount: c.balance_amount,
      reference: c.reference,
      state: c.state,
      items: c.items.map((i) => ({
        description: i.description,
        amount: i.amount,
        productId: i.product_id,
        productType: i.product_type,
        productReference: i.product_reference,
      })),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Listings and reads of everything else the service has (issue 16: every operation reachable).
// Results are camelCase; secrets (v1 domain tokens, private keys) are never included.
// ---------------------------------------------------------------------------------------------

/** `created_at` → `createdAt`, recursively for plain objects and arrays. */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** The named fields of `source`, camelCase: an explicit list, so nothing unlisted (a secret) leaks. */
function pick<K extends string>(
  source: Record<string, unknown>,
  keys: readonly K[],
): { [P in K as Camel<P>]: unknown } {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = source[key];
    out[camel(key)] = value === undefined ? null : value;
  }
  return out as { [P in K as Camel<P>]: unknown };
}

async function allOf<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A domain of the account. */
export interface DomainInfo {
  id: number;
  accountId: number;
  registrantId: number | null;
  name: string;
  unicodeName: string;
  /** `hosted`, `registered`, `expired`, … */
  state: string;
  autoRenew: boolean;
  privateWhois: boolean;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const DOMAIN_FIELDS = [
  "id",
  "account_id",
  "registrant_id",
  "name",
  "unicode_name",
  "state",
  "auto_renew",
  "private_whois",
  "expires_at",
  "created_at",
  "updated_at",
] as const;

/** Filters of {@link listDomains}. */
export interface ListDomainsOptions extends FunctionOptions {
  /** Only names containing this text. */
  nameLike?: string;
  /** Only domains of this registrant (contact id). */
  registrantId?: number;
}

/**
 * Every domain of the account (all pages), optionally filtered.
 *
 * @example
 * ```ts
 * const expiring = (await dnsimple.listDomains()).filter((d) => d.state === "registered");
 * ```
 */
export async function listDomains(options?: ListDomainsOptions): Promise<DomainInfo[]> {
  const { api, account } = await context(options);
  const domains = await allOf(
    api.domains.iterate(account, {
      ...(options?.nameLike !== undefined ? { nameLike: options.nameLike } : {}),
      ...(options?.registrantId !== undefined ? { registrantId: options.registrantId } : {}),
    }),
  );
  return domains.map((d) => pick(d, DOMAIN_FIELDS) as DomainInfo);
}

/**
 * One domain, by name or id.
 *
 * @example
 * ```ts
 * const { expiresAt } = await dnsimple.getDomain("example.com");
 * ```
 */
export async function getDomain(domain: string | number, options?: FunctionOptions): Promise<DomainInfo> {
  const { api, account } = await context(options);
  return pick(await api.domains.get(account, domain), DOMAIN_FIELDS) as DomainInfo;
}

/** A delegation signer record. */
export interface DsRecordInfo {
  id: number;
  domainId: number;
  algorithm: string;
  digest: string | null;
  digestType: string | null;
  keytag: string | null;
  publicKey: string | null;
  createdAt: string;
  updatedAt: string;
}

const DS_FIELDS = [
  "id",
  "domain_id",
  "algorithm",
  "digest",
  "digest_type",
  "keytag",
  "public_key",
  "created_at",
  "updated_at",
] as const;

/**
 * The DS records of a domain (all pages).
 *
 * @example
 * ```ts
 * const ds = await dnsimple.listDsRecords("example.com");
 * ```
 */
export async function listDsRecords(
  domain: string | number,
  options?: FunctionOptions,
): Promise<DsRecordInfo[]> {
  const { api, account } = await context(options);
  return (await allOf(api.dsRecords.iterate(account, domain))).map((r) => pick(r, DS_FIELDS) as DsRecordInfo);
}

/**
 * One DS record of a domain.
 *
 * @example
 * ```ts
 * const record = await dnsimple.getDsRecord("example.com", 24);
 * ```
 */
export async function getDsRecord(
  domain: string | number,
  id: number,
  options?: FunctionOptions,
): Promise<DsRecordInfo> {
  const { api, account } = await context(options);
  return pick(await api.dsRecords.get(account, domain, id), DS_FIELDS) as DsRecordInfo;
}

/** An email forward. */
export interface EmailForwardInfo {
  id: number;
  domainId: number;
  aliasEmail: string;
  destinationEmail: string;
  createdAt: string;
  updatedAt: string;
}

const FORWARD_FIELDS = [
  "id",
  "domain_id",
  "alias_email",
  "destination_email",
  "created_at",
  "updated_at",
] as const;

/**
 * The email forwards of a domain (all pages).
 *
 * @example
 * ```ts
 * const forwards = await dnsimple.listEmailForwards("example.com");
 * ```
 */
export async function listEmailForwards(
  domain: string | number,
  options?: FunctionOptions,
): Promise<EmailForwardInfo[]> {
  const { api, account } = await context(options);
  return (await allOf(api.emailForwards.iterate(account, domain))).map(
    (f) => pick(f, FORWARD_FIELDS) as EmailForwardInfo,
  );
}

/**
 * One email forward of a domain.
 *
 * @example
 * ```ts
 * const forward = await dnsimple.getEmailForward("example.com", 17702);
 * ```
 */
export async function getEmailForward(
  domain: string | number,
  id: number,
  options?: FunctionOptions,
): Promise<EmailForwardInfo> {
  const { api, account } = await context(options);
  return pick(await api.emailForwards.get(account, domain, id), FORWARD_FIELDS) as EmailForwardInfo;
}

/** A push waiting for this account's answer. */
export interface PushInfo {
  id: number;
  domainId: number;
  contactId: number | null;
  /** The target account (this one). */
  accountId: number;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
}

/**
 * The pushes waiting for this account's answer (answer them with `DomainPushAnswer`).
 *
 * @example
 * ```ts
 * const pending = await dnsimple.listPushes({ account: 2 });
 * ```
 */
export async function listPushes(options?: FunctionOptions): Promise<PushInfo[]> {
  const { api, account } = await context(options);
  return (await allOf(api.pushes.iterate(account))).map(
    (p) =>
      pick(p, [
        "id",
        "domain_id",
        "contact_id",
        "account_id",
        "created_at",
        "updated_at",
        "accepted_at",
      ] as const) as PushInfo,
  );
}

/** A certificate (never its private key). */
export interface CertificateInfo {
  id: number;
  domainId: number;
  contactId: number | null;
  name: string;
  commonName: string;
  years: number;
  /** The signing request (public). */
  csr: string | null;
  /** `new`, `requesting`, `issued`, … */
  state: string;
  autoRenew: boolean;
  alternateNames: string[];
  authorityIdentifier: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
}

const CERTIFICATE_FIELDS = [
  "id",
  "domain_id",
  "contact_id",
  "name",
  "common_name",
  "years",
  "csr",
  "state",
  "auto_renew",
  "alternate_names",
  "authority_identifier",
  "created_at",
  "updated_at",
  "expires_at",
] as const;

/**
 * The certificates of a domain (all pages).
 *
 * @example
 * ```ts
 * const issued = (await dnsimple.listCertificates("example.com")).filter((c) => c.state === "issued");
 * ```
 */
export async function listCertificates(
  domain: string | number,
  options?: FunctionOptions,
): Promise<CertificateInfo[]> {
  const { api, account } = await context(options);
  return (await allOf(api.certificates.iterate(account, domain))).map(
    (c) => pick(c, CERTIFICATE_FIELDS) as CertificateInfo,
  );
}

/**
 * One certificate of a domain.
 *
 * @example
 * ```ts
 * const { state, expiresAt } = await dnsimple.getCertificate("example.com", 101967);
 * ```
 */
export async function getCertificate(
  domain: string | number,
  certificateId: number,
  options?: FunctionOptions,
): Promise<CertificateInfo> {
  const { api, account } = await context(options);
  return pick(
    await api.certificates.get(account, domain, certificateId),
    CERTIFICATE_FIELDS,
  ) as CertificateInfo;
}

/** A primary server of secondary DNS. */
export interface PrimaryServerInfo {
  id: number;
  accountId: number;
  name: string;
  ip: string;
  port: number;
  linkedSecondaryZones: string[];
  createdAt: string;
  updatedAt: string;
}

const PRIMARY_FIELDS = [
  "id",
  "account_id",
  "name",
  "ip",
  "port",
  "linked_secondary_zones",
  "created_at",
  "updated_at",
] as const;

/**
 * The primary servers of the account (all pages).
 *
 * @example
 * ```ts
 * const primaries = await dnsimple.listPrimaryServers();
 * ```
 */
export async function listPrimaryServers(options?: FunctionOptions): Promise<PrimaryServerInfo[]> {
  const { api, account } = await context(options);
  return (await allOf(api.secondaryDns.iteratePrimaries(account))).map(
    (s) => pick(s, PRIMARY_FIELDS) as PrimaryServerInfo,
  );
}

/**
 * One primary server.
 *
 * @example
 * ```ts
 * const { linkedSecondaryZones } = await dnsimple.getPrimaryServer(4);
 * ```
 */
export async function getPrimaryServer(id: number, options?: FunctionOptions): Promise<PrimaryServerInfo> {
  const { api, account } = await context(options);
  return pick(await api.secondaryDns.getPrimary(account, id), PRIMARY_FIELDS) as PrimaryServerInfo;
}

/** A webhook. */
export interface WebhookInfo {
  id: number;
  url: string;
  suppressedAt: string | null;
}

/**
 * The webhooks of the account.
 *
 * @example
 * ```ts
 * const urls = (await dnsimple.listWebhooks()).map((w) => w.url);
 * ```
 */
export async function listWebhooks(options?: FunctionOptions): Promise<WebhookInfo[]> {
  const { api, account } = await context(options);
  return (await api.webhooks.list(account)).map(
    (w) => pick(w, ["id", "url", "suppressed_at"] as const) as WebhookInfo,
  );
}

/**
 * One webhook.
 *
 * @example
 * ```ts
 * const { suppressedAt } = await dnsimple.getWebhook(274);
 * ```
 */
export async function getWebhook(id: number, options?: FunctionOptions): Promise<WebhookInfo> {
  const { api, account } = await context(options);
  return pick(await api.webhooks.get(account, id), ["id", "url", "suppressed_at"] as const) as WebhookInfo;
}

/** A platform message (private beta). */
export interface PlatformMessageInfo {
  id: number;
  resource: string;
  title: string | null;
  message: string | null;
  url: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const MESSAGE_FIELDS = [
  "id",
  "resource",
  "title",
  "message",
  "url",
  "expires_at",
  "created_at",
  "updated_at",
] as const;

/**
 * The platform messages of the account (private beta).
 *
 * @example
 * ```ts
 * const messages = await dnsimple.listPlatformMessages();
 * ```
 */
export async function listPlatformMessages(options?: FunctionOptions): Promise<PlatformMessageInfo[]> {
  const { api, account } = await context(options);
  return (await api.platform.messages.list(account)).map(
    (m) => pick(m, MESSAGE_FIELDS) as PlatformMessageInfo,
  );
}

/** A platform metadata entry (private beta). */
export interface PlatformMetadataInfo {
  id: number;
  resource: string;
  key: string;
  value: string;
  createdAt: string;
  updatedAt: string;
}

const METADATA_FIELDS = ["id", "resource", "key", "value", "created_at", "updated_at"] as const;

/**
 * The metadata entries of a resource (`domain:<id>`, `record:<id>`, …; private beta).
 *
 * @example
 * ```ts
 * const tags = await dnsimple.listPlatformMetadata(`domain:${domain.domainId}`);
 * ```
 */
export async function listPlatformMetadata(
  resource: string,
  options?: FunctionOptions,
): Promise<PlatformMetadataInfo[]> {
  const { api, account } = await context(options);
  return (await api.platform.metadata.list(account, resource)).map(
    (m) => pick(m, METADATA_FIELDS) as PlatformMetadataInfo,
  );
}

// --- Legacy API v1: needs `dnsimple:v1Email` and `dnsimple:v1Token` (or DNSIMPLE_V1_EMAIL/TOKEN) ---

async function v1(): Promise<DnsimpleClient["v1"]> {
  const s = settings();
  if (!s.v1Email) {
    throw new MissingSettingError(
      "dnsimple:v1Email",
      "DNSIMPLE_V1_EMAIL",
      "dnsimple:v1Email <email> (and `pulumi config set --secret dnsimple:v1Token <v1 token>`)",
    );
  }
  return (await client(s)).v1;
}

/** A v1 domain (never its token). */
export interface LegacyDomainInfo {
  id: number;
  userId: number | null;
  registrantId: number | null;
  name: string;
  unicodeName: string;
  state: string;
  lockable: boolean | null;
  autoRenew: boolean;
  whoisProtected: boolean | null;
  recordCount: number | null;
  serviceCount: number | null;
  expiresOn: string | null;
  createdAt: string;
  updatedAt: string;
}

const LEGACY_DOMAIN_FIELDS = [
  "id",
  "user_id",
  "registrant_id",
  "name",
  "unicode_name",
  "state",
  "lockable",
  "auto_renew",
  "whois_protected",
  "record_count",
  "service_count",
  "expires_on",
  "created_at",
  "updated_at",
] as const;

/**
 * Every domain of the v1 user (legacy API v1).
 *
 * @example
 * ```ts
 * const names = (await dnsimple.listLegacyDomains()).map((d) => d.name);
 * ```
 */
export async function listLegacyDomains(): Promise<LegacyDomainInfo[]> {
  return (await (await v1()).listDomains()).map((d) => pick(d, LEGACY_DOMAIN_FIELDS) as LegacyDomainInfo);
}

/**
 * One v1 domain by name or id (legacy API v1).
 *
 * @example
 * ```ts
 * const { state } = await dnsimple.getLegacyDomain("example.com");
 * ```
 */
export async function getLegacyDomain(domain: string | number): Promise<LegacyDomainInfo> {
  return pick(await (await v1()).getDomain(domain), LEGACY_DOMAIN_FIELDS) as LegacyDomainInfo;
}

/** Availability of a name through API v1. */
export interface LegacyCheckDomainResult {
  name: string;
  available: boolean;
  /** `available` or `unavailable`. */
  status: string;
  price: string | null;
  currency: string | null;
  minimumNumberOfYears: number | null;
}

/**
 * Whether a name can be registered, with its price (legacy API v1; prefer `checkDomain`).
 *
 * @example
 * ```ts
 * const { available, price } = await dnsimple.checkLegacyDomain("example.com");
 * ```
 */
export async function checkLegacyDomain(name: string): Promise<LegacyCheckDomainResult> {
  const c = await (await v1()).checkDomain(name);
  return pick(c, [
    "name",
    "available",
    "status",
    "price",
    "currency",
    "minimum_number_of_years",
  ] as const) as LegacyCheckDomainResult;
}

/** A v1 DNS template. */
export interface LegacyTemplateInfo {
  id: number;
  name: string;
  shortName: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

const TEMPLATE_FIELDS = ["id", "name", "short_name", "description", "created_at", "updated_at"] as const;

/**
 * The v1 DNS templates.
 *
 * @example
 * ```ts
 * const templates = await dnsimple.listLegacyTemplates();
 * ```
 */
export async function listLegacyTemplates(): Promise<LegacyTemplateInfo[]> {
  return (await (await v1()).listTemplates()).map((t) => pick(t, TEMPLATE_FIELDS) as LegacyTemplateInfo);
}

/**
 * One v1 DNS template, by id or short name.
 *
 * @example
 * ```ts
 * const template = await dnsimple.getLegacyTemplate("google-apps");
 * ```
 */
export async function getLegacyTemplate(template: string | number): Promise<LegacyTemplateInfo> {
  return pick(await (await v1()).getTemplate(template), TEMPLATE_FIELDS) as LegacyTemplateInfo;
}

/** A v1 one-click service. */
export interface LegacyServiceInfo {
  id: number;
  name: string;
  shortName: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The v1 one-click services.
 *
 * @example
 * ```ts
 * const services = await dnsimple.listLegacyServices();
 * ```
 */
export async function listLegacyServices(): Promise<LegacyServiceInfo[]> {
  return (await (await v1()).listServices()).map((s) => pick(s, TEMPLATE_FIELDS) as LegacyServiceInfo);
}

/**
 * One v1 service by id.
 *
 * @example
 * ```ts
 * const service = await dnsimple.getLegacyService(1);
 * ```
 */
export async function getLegacyService(id: number): Promise<LegacyServiceInfo> {
  return pick(await (await v1()).getService(id), TEMPLATE_FIELDS) as LegacyServiceInfo;
}

/**
 * The name servers a domain is delegated to (legacy API v1).
 *
 * @example
 * ```ts
 * const ns = await dnsimple.getLegacyNameServers("example.com");
 * ```
 */
export async function getLegacyNameServers(domain: string | number): Promise<string[]> {
  return (await v1()).getNameServers(domain);
}

/** A v1 certificate (never its private key). */
export interface LegacyCertificateInfo {
  id: number;
  domainId: number;
  contactId: number | null;
  name: string;
  /** `purchased`, `configured`, `submitted`, `issued`. */
  state: string;
  csr: string | null;
  /** The issued certificate (PEM), null until issued. */
  sslCertificate: string | null;
  approverEmail: string | null;
  approverEmails: string[] | null;
  expiresOn: string | null;
  createdAt: string;
  updatedAt: string;
}

const LEGACY_CERTIFICATE_FIELDS = [
  "id",
  "domain_id",
  "contact_id",
  "name",
  "state",
  "csr",
  "ssl_certificate",
  "approver_email",
  "approver_emails",
  "expires_on",
  "created_at",
  "updated_at",
] as const;

/**
 * The v1 certificates of a domain (never their private keys).
 *
 * @example
 * ```ts
 * const certs = await dnsimple.listLegacyCertificates("example.com");
 * ```
 */
export async function listLegacyCertificates(domain: string | number): Promise<LegacyCertificateInfo[]> {
  return (await (await v1()).listCertificates(domain)).map(
    (c) => pick(c, LEGACY_CERTIFICATE_FIELDS) as LegacyCertificateInfo,
  );
}

/**
 * One v1 certificate (never its private key).
 *
 * @example
 * ```ts
 * const { state } = await dnsimple.getLegacyCertificate("example.com", 4576);
 * ```
 */
export async function getLegacyCertificate(
  domain: string | number,
  certificateId: number,
): Promise<LegacyCertificateInfo> {
  return pick(
    await (await v1()).getCertificate(domain, certificateId),
    LEGACY_CERTIFICATE_FIELDS,
  ) as LegacyCertificateInfo;
}

/** The v1 subscription. */
export interface LegacySubscriptionInfo {
  id: number;
  planName: string;
  /** `subscribed`, … */
  state: string;
  domainLimit: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * The v1 user's subscription, or null when there is none (the service answers 402).
 *
 * @example
 * ```ts
 * const subscription = await dnsimple.getLegacySubscription();
 * export const plan = subscription?.planName;
 * ```
 */
export async function getLegacySubscription(): Promise<LegacySubscriptionInfo | null> {
  try {
    return pick(await (await v1()).getSubscription(), [
      "id",
      "plan_name",
      "state",
      "domain_limit",
      "created_at",
      "updated_at",
    ] as const) as LegacySubscriptionInfo;
  } catch (error) {
    if ((error as { status?: unknown }).status === 402) return null;
    throw error;
  }
}

/** A DNS zone of the account. */
export interface ZoneInfo {
  id: number;
  accountId: number;
  name: string;
  /** Whether it is a reverse-DNS zone. */
  reverse: boolean;
  /** Whether it is a secondary zone (served from transfers off primary servers). */
  secondary: boolean;
  /** Whether the zone's DNS service is on; null when the service does not say. */
  active: boolean | null;
  lastTransferredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const ZONE_FIELDS = [
  "id",
  "account_id",
  "name",
  "reverse",
  "secondary",
  "active",
  "last_transferred_at",
  "created_at",
  "updated_at",
] as const;

/**
 * One zone, by name.
 *
 * @example
 * ```ts
 * const { id, active } = await dnsimple.getZone("example.com");
 * ```
 */
export async function getZone(name: string, options?: FunctionOptions): Promise<ZoneInfo> {
  const { api, account } = await context(options);
  return pick(await api.zones.get(account, name), ZONE_FIELDS) as ZoneInfo;
}

/**
 * Every zone of the account (all pages), optionally only names containing `nameLike`.
 *
 * @example
 * ```ts
 * const secondaries = (await dnsimple.listZones()).filter((z) => z.secondary);
 * ```
 */
export async function listZones(options?: FunctionOptions & { nameLike?: string }): Promise<ZoneInfo[]> {
  const { api, account } = await context(options);
  const zones = await allOf(
    api.zones.iterate(account, options?.nameLike !== undefined ? { nameLike: options.nameLike } : {}),
  );
  return zones.map((z) => pick(z, ZONE_FIELDS) as ZoneInfo);
}

/** What changing a domain's registrant to a contact requires. */
export interface RegistrantChangeCheckResult {
  domainId: number;
  contactId: number;
  /** Whether the registry sees the change as a change of owner (it may lock transfers for 60 days). */
  registryOwnerChange: boolean;
  /** The TLD's extended attributes the new registrant must give (`required`), with their options. */
  extendedAttributes: Array<{
    name: string;
    title: string | null;
    description: string | null;
    required: boolean;
    options: Array<{ title: string | null; value: string; description: string | null }>;
  }>;
}

/**
 * What a registrant change of `domainId` (name or id) to contact `contactId` requires, before
 * starting it (with `DomainRegistration.registrantId`).
 *
 * @example
 * ```ts
 * const check = await dnsimple.getRegistrantChangeCheck({ domainId: "example.com", contactId: 42 });
 * export const needs = check.extendedAttributes.filter((a) => a.required).map((a) => a.name);
 * ```
 */
export async function getRegistrantChangeCheck(
  args: { domainId: string | number; contactId: string | number },
  options?: FunctionOptions,
): Promise<RegistrantChangeCheckResult> {
  const { api, account } = await context(options);
  const check = await api.registrar.checkRegistrantChange(account, {
    domain_id: args.domainId,
    contact_id: args.contactId,
  });
  return {
    domainId: check.domain_id,
    contactId: check.contact_id,
    registryOwnerChange: check.registry_owner_change,
    extendedAttributes: check.extended_attributes.map((a) => ({
      name: a.name,
      title: a.title ?? null,
      description: a.description ?? null,
      required: a.required,
      options: (a.options ?? []).map((o) => ({
        title: o.title ?? null,
        value: o.value,
        description: o.description ?? null,
      })),
    })),
  };
}
