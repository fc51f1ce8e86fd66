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
import * as pulumi from "@pulumi/pulumi";
import type { DnsimpleClient } from "../provider/client";
import {
  type ProviderSettings,
  requireAccount,
  requireToken,
  resolveSettings,
} from "../provider/resources/framework/settings";

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
  return resolveSettings({ get: (key) => pulumi.runtime.getConfig(key) });
}

let cached: { key: string; client: DnsimpleClient } | undefined;

/**
 * The client, built on first use. It is loaded only then: a program that declares resources but
 * calls no function never pays for loading the client and its schemas.
 */
async function client(s: ProviderSettings): Promise<DnsimpleClient> {
  const token = requireToken(s);
  const key = JSON.stringify([token, s.baseUrl, s.sandbox]);
  if (cached?.key !== key) {
    const { createClient } = await import("../provider/client");
    cached = {
      key,
      client: createClient({
        token,
        ...(s.baseUrl !== undefined ? { baseUrl: s.baseUrl } : {}),
        sandbox: s.sandbox,
        userAgentSuffix: "pulumi-function",
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
