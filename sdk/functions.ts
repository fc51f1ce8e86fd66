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
import type {
  Account,
  Certificate,
  CertificateBundle,
  Charge,
  DnsimpleClient,
  DomainCheck,
  DomainPremiumPrice,
  DomainPrices,
  DomainResearch,
  ExtendedAttribute,
  Push,
  RegistrantChangeCheck,
  User,
  V1Certificate,
  V1Domain,
  V1DomainCheck,
  V1Service,
  V1Subscription,
  Zone,
} from "../provider/client";
import type { ProviderSettings } from "../provider/resources/settings";
import type {
  DomainInfo,
  DsRecordInfo,
  EmailForwardInfo,
  PlatformMessageInfo,
  PlatformMetadataInfo,
  PrimaryServerInfo,
  TemplateInfo,
  WebhookInfo,
} from "./resources";

// A function that reads objects of a kind returns what the resource shows (`<Kind>Info`, generated
// from the kind's definition, made by its `info`: see infoOf). The other results are the client's
// objects with listed fields only (so nothing unlisted, a secret, leaks), camelCase. A field list is
// made for the client's type and carries its result type (for types only): the one source of each
// result type. The declarations write that type out, so they name no client type (whose
// declarations load zod's: see README, Requirements).

/** `created_at` → `createdAt`. */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** The named fields of the client's type `T` (not the index signature of its loose objects). */
type Field<T> = keyof { [K in keyof T as string extends K ? never : K]: unknown } & string;

/** The fields `F` of `T`, camelCase, with `T`'s types, as {@link rename} returns them. */
type Renamed<T, F extends readonly Field<T>[]> = {
  [K in keyof T as K extends F[number] ? Camel<K> : never]: T[K];
};

/** The fields `F` of `T`, camelCase, as {@link pick} returns them: a missing (optional) field is null. */
type Picked<T, F extends readonly Field<T>[]> = {
  [K in keyof T as K extends F[number] ? Camel<K> : never]-?:
    Exclude<T[K], undefined> | (undefined extends T[K] ? null : never);
};

/** `T` written out as an object type (not as an alias of it). */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

declare const RESULT: unique symbol;
/** A field list `F` that carries the type `R` of its result. */
type Fields<F, R> = F & { readonly [RESULT]?: R };
/** The result type that a field list carries. */
type ResultOf<L> = L extends { readonly [RESULT]?: infer R } ? R : never;

/** Fields of the client's type `T`, for {@link pick}. */
const fieldsOf =
  <T>() =>
  <const F extends readonly Field<T>[]>(...keys: F) =>
    keys as Fields<F, Simplify<Picked<T, F>>>;

/** Fields of the client's type `T`, for {@link rename}. */
const fieldsAsIsOf =
  <T>() =>
  <const F extends readonly Field<T>[]>(...keys: F) =>
    keys as Fields<F, Simplify<Renamed<T, F>>>;

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** The fields `keys` of `source`, camelCase, values as they are (an absent optional one undefined). */
function rename<T, F extends readonly Field<T>[]>(source: T, keys: F): Renamed<T, F> {
  return Object.fromEntries(keys.map((key) => [camel(key), source[key]])) as Renamed<T, F>;
}

/** The fields `keys` of `source`, camelCase, a missing value as null. */
function pick<T, F extends readonly Field<T>[]>(source: T, keys: F): Picked<T, F> {
  return Object.fromEntries(keys.map((key) => [camel(key), source[key] ?? null])) as Picked<T, F>;
}

/** Options every function accepts. */
export interface FunctionOptions {
  /** The account to ask about, overriding `dnsimple:account` / `DNSIMPLE_ACCOUNT`. */
  account?: string | number;
}

const ACCOUNT_FIELDS = fieldsAsIsOf<Account>()(
  "id",
  "email",
  "name",
  "plan_identifier",
  "created_at",
  "updated_at",
);
/** An account. */
export type AccountInfo = ResultOf<typeof ACCOUNT_FIELDS>;

const USER_FIELDS = fieldsOf<User>()("id", "email", "created_at", "updated_at");
/** A user. */
export type UserInfo = ResultOf<typeof USER_FIELDS>;

/** Who the credentials belong to: an account token yields `account`, a user token `user`. */
export interface WhoamiResult {
  account: AccountInfo | null;
  user: UserInfo | null;
}

const CHECK_FIELDS = fieldsOf<DomainCheck>()("domain", "available", "premium");
/** Availability of a name. */
export type CheckDomainResult = ResultOf<typeof CHECK_FIELDS>;

const PRICES_FIELDS = fieldsAsIsOf<DomainPrices>()(
  "domain",
  "premium",
  "registration_price",
  "renewal_price",
  "transfer_price",
  "restore_price",
);
/** Prices of a name, in the account's currency. */
export type DomainPricesResult = ResultOf<typeof PRICES_FIELDS>;

const RESEARCH_FIELDS = fieldsOf<DomainResearch>()("request_id", "domain", "availability", "errors");
/** Domain research: availability (`available`, `unavailable` or `unknown`) as the research service sees it. */
export type ResearchStatusResult = ResultOf<typeof RESEARCH_FIELDS>;

const BUNDLE_FIELDS = fieldsOf<CertificateBundle>()("server", "chain", "root");
/** An issued certificate's PEM bundle: server certificate, intermediate chain, root (null when not given). */
export type CertificateBundleResult = ResultOf<typeof BUNDLE_FIELDS>;

const CHARGE_ITEM_FIELDS = fieldsOf<Charge["items"][number]>()(
  "description",
  "amount",
  "product_id",
  "product_type",
  "product_reference",
);
/** One line of a charge. */
export type ChargeItem = ResultOf<typeof CHARGE_ITEM_FIELDS>;

const CHARGE_FIELDS = fieldsOf<Charge>()(
  "invoiced_at",
  "total_amount",
  "balance_amount",
  "reference",
  "state",
);
/** A charge; amounts are decimal strings such as `"14.50"`. */
export type ChargeResult = ResultOf<typeof CHARGE_FIELDS> & { items: ChargeItem[] };

const PREMIUM_PRICE_FIELDS = fieldsOf<DomainPremiumPrice>()("premium_price", "action");
/** The premium price of a name for one action. */
export type PremiumPriceResult = ResultOf<typeof PREMIUM_PRICE_FIELDS>;

/** Settings from the stack config (raw values: secrets are not logged) or the environment. */
/**
 * The settings' module, loaded when a function first runs: its declarations are zod schemas, and
 * a program that calls no function never pays for loading zod (the SDK's entry loads none).
 */
const settingsModule = () =>
  require("../provider/resources/settings") as typeof import("../provider/resources/settings");

let settings = (): ProviderSettings => settingsModule().resolveSettings({ get: (key) => getConfig(key) });

/**
 * For the provider plugin, which runs these functions for invokes from Python and YAML programs:
 * the settings it was configured with instead of the program's stack config. Not exported from
 * the package, and left out of its declarations (`stripInternal`): its type names the settings'
 * declarations, whose zod types a program's type check would otherwise load.
 *
 * @internal
 */
export function readSettingsFrom(source: () => ProviderSettings): void {
  settings = source;
}

let cached: { key: string; client: DnsimpleClient } | undefined;

/**
 * The client, built on first use. It is loaded only then: a program that declares resources but
 * calls no function never pays for loading the client and its schemas.
 */
async function client(s: ProviderSettings): Promise<DnsimpleClient> {
  settingsModule().requireToken(s);
  const key = JSON.stringify(s);
  if (cached?.key !== key) {
    // The one factory (framework/client-factory.ts): retries, hooks, secrets and v1 credentials.
    const { clientFromSettings } = await import("../provider/resources/framework/client-factory");
    cached = { key, client: clientFromSettings(s, { userAgentSuffix: "pulumi-function" }) };
  }
  return cached.client;
}

async function context(
  options: FunctionOptions | undefined,
): Promise<{ api: DnsimpleClient; account: string }> {
  const s = settings();
  const api = await client(s);
  return { api, account: settingsModule().requireAccount(s, options?.account) };
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
    account: identity.account ? rename(identity.account, ACCOUNT_FIELDS) : null,
    user: identity.user ? pick(identity.user, USER_FIELDS) : null,
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
  return (await (await client(settings())).accounts.list()).map((a) => rename(a, ACCOUNT_FIELDS));
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
  return pick(await api.registrar.check(account, domain), CHECK_FIELDS);
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
  return rename(await api.registrar.prices(account, domain), PRICES_FIELDS);
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
  return pick(await api.registrar.premiumPrice(account, domain, action), PREMIUM_PRICE_FIELDS);
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
  return pick(await api.research.status(account, domain), RESEARCH_FIELDS);
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
  return pick(await api.certificates.download(account, domain, certificateId), BUNDLE_FIELDS);
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
    out.push({ ...pick(c, CHARGE_FIELDS), items: c.items.map((i) => pick(i, CHARGE_ITEM_FIELDS)) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Listings and reads of everything else the service has (issue 16: every operation reachable).
// Results are camelCase; secrets (v1 domain tokens, private keys) are never included.
// ---------------------------------------------------------------------------------------------

/**
 * What a function returns for an object of a kind: the `info` its definition declares (what the
 * resource shows as outputs), as the generated `<Kind>Info` types say, and nothing else the
 * mapping may add (the generator checked that what is declared holds no secret). Callers load the
 * definition on first use, as the client is loaded. Exported for the tests, not from the package.
 */
export function infoOf<A, R extends object>(
  definition: {
    readonly kind: string;
    readonly schema: { readonly outputs: object; readonly info?: { readonly inputs: ReadonlyArray<string> } };
    readonly info: { of(found: A): R } | undefined;
  },
  found: A,
): R {
  const { info, schema } = definition;
  if (!info || !schema.info) throw new Error(`${definition.kind} declares no info for the SDK's functions`);
  const shown = new Set([...schema.info.inputs, ...Object.keys(schema.outputs)]);
  return Object.fromEntries(Object.entries(info.of(found)).filter(([key]) => shown.has(key))) as R;
}

async function allOf<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

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
  const { domainResource } = await import("../provider/resources/domain");
  return domains.map((d) => infoOf(domainResource, d));
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
  const { domainResource } = await import("../provider/resources/domain");
  return infoOf(domainResource, await api.domains.get(account, domain));
}

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
  const { dsRecordResource } = await import("../provider/resources/ds-record");
  return (await allOf(api.dsRecords.iterate(account, domain))).map((r) => infoOf(dsRecordResource, r));
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
  const { dsRecordResource } = await import("../provider/resources/ds-record");
  return infoOf(dsRecordResource, await api.dsRecords.get(account, domain, id));
}

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
  const { emailForwardResource } = await import("../provider/resources/email-forward");
  return (await allOf(api.emailForwards.iterate(account, domain))).map((f) =>
    infoOf(emailForwardResource, f),
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
  const { emailForwardResource } = await import("../provider/resources/email-forward");
  return infoOf(emailForwardResource, await api.emailForwards.get(account, domain, id));
}

const PUSH_FIELDS = fieldsOf<Push>()(
  "id",
  "domain_id",
  "contact_id",
  "account_id",
  "created_at",
  "updated_at",
  "accepted_at",
);
/** A push waiting for this account's answer (`accountId` is the target account: this one). */
export type PushInfo = ResultOf<typeof PUSH_FIELDS>;

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
  return (await allOf(api.pushes.iterate(account))).map((p) => pick(p, PUSH_FIELDS));
}

const CERTIFICATE_FIELDS = fieldsOf<Certificate>()(
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
);
/** A certificate (never its private key; `csr` is the public signing request). */
export type CertificateInfo = ResultOf<typeof CERTIFICATE_FIELDS>;

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
  return (await allOf(api.certificates.iterate(account, domain))).map((c) => pick(c, CERTIFICATE_FIELDS));
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
  return pick(await api.certificates.get(account, domain, certificateId), CERTIFICATE_FIELDS);
}

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
  const { primaryServerResource } = await import("../provider/resources/primary-server");
  return (await allOf(api.secondaryDns.iteratePrimaries(account))).map((s) =>
    infoOf(primaryServerResource, s),
  );
}

/**
 * One primary server.
 *
 * @example
 * ```ts
 * const { linkedZones } = await dnsimple.getPrimaryServer(4);
 * ```
 */
export async function getPrimaryServer(id: number, options?: FunctionOptions): Promise<PrimaryServerInfo> {
  const { api, account } = await context(options);
  const { primaryServerResource } = await import("../provider/resources/primary-server");
  return infoOf(primaryServerResource, await api.secondaryDns.getPrimary(account, id));
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
  const { webhookResource } = await import("../provider/resources/webhook");
  return (await api.webhooks.list(account)).map((w) => infoOf(webhookResource, w));
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
  const { webhookResource } = await import("../provider/resources/webhook");
  return infoOf(webhookResource, await api.webhooks.get(account, id));
}

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
  const { platformMessageResource } = await import("../provider/resources/platform-message");
  return (await api.platform.messages.list(account)).map((m) => infoOf(platformMessageResource, m));
}

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
  const { platformMetadataResource } = await import("../provider/resources/platform-metadata");
  return (await api.platform.metadata.list(account, resource)).map((m) =>
    infoOf(platformMetadataResource, m),
  );
}

// --- Legacy API v1: needs `dnsimple:v1Email` and `dnsimple:v1Token` (or DNSIMPLE_V1_EMAIL/TOKEN) ---

async function v1(): Promise<DnsimpleClient["v1"]> {
  const s = settings();
  if (!s.v1Email) {
    throw new (settingsModule().MissingSettingError)(
      "dnsimple:v1Email",
      "DNSIMPLE_V1_EMAIL",
      "dnsimple:v1Email <email> (and `pulumi config set --secret dnsimple:v1Token <v1 token>`)",
    );
  }
  return (await client(s)).v1;
}

const LEGACY_DOMAIN_FIELDS = fieldsOf<V1Domain>()(
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
);
/** A v1 domain (never its token). */
export type LegacyDomainInfo = ResultOf<typeof LEGACY_DOMAIN_FIELDS>;

/**
 * Every domain of the v1 user (legacy API v1).
 *
 * @example
 * ```ts
 * const names = (await dnsimple.listLegacyDomains()).map((d) => d.name);
 * ```
 */
export async function listLegacyDomains(): Promise<LegacyDomainInfo[]> {
  return (await (await v1()).listDomains()).map((d) => pick(d, LEGACY_DOMAIN_FIELDS));
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
  return pick(await (await v1()).getDomain(domain), LEGACY_DOMAIN_FIELDS);
}

const LEGACY_CHECK_FIELDS = fieldsOf<V1DomainCheck>()(
  "name",
  "available",
  "status",
  "price",
  "currency",
  "minimum_number_of_years",
);
/** Availability of a name through API v1 (`status`: `available` or `unavailable`). */
export type LegacyCheckDomainResult = ResultOf<typeof LEGACY_CHECK_FIELDS>;

/**
 * Whether a name can be registered, with its price (legacy API v1; prefer `checkDomain`).
 *
 * @example
 * ```ts
 * const { available, price } = await dnsimple.checkLegacyDomain("example.com");
 * ```
 */
export async function checkLegacyDomain(name: string): Promise<LegacyCheckDomainResult> {
  return pick(await (await v1()).checkDomain(name), LEGACY_CHECK_FIELDS);
}

const SERVICE_FIELDS = fieldsOf<V1Service>()(
  "id",
  "name",
  "short_name",
  "description",
  "created_at",
  "updated_at",
);
/** A v1 one-click service. */
export type LegacyServiceInfo = ResultOf<typeof SERVICE_FIELDS>;

/**
 * The v1 DNS templates.
 *
 * @example
 * ```ts
 * const templates = await dnsimple.listLegacyTemplates();
 * ```
 */
export async function listLegacyTemplates(): Promise<TemplateInfo[]> {
  const { templateResource } = await import("../provider/resources/template");
  return (await (await v1()).listTemplates()).map((t) => infoOf(templateResource, t));
}

/**
 * One v1 DNS template, by id or short name.
 *
 * @example
 * ```ts
 * const template = await dnsimple.getLegacyTemplate("google-apps");
 * ```
 */
export async function getLegacyTemplate(template: string | number): Promise<TemplateInfo> {
  const { templateResource } = await import("../provider/resources/template");
  return infoOf(templateResource, await (await v1()).getTemplate(template));
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
  return (await (await v1()).listServices()).map((s) => pick(s, SERVICE_FIELDS));
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
  return pick(await (await v1()).getService(id), SERVICE_FIELDS);
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

const LEGACY_CERTIFICATE_FIELDS = fieldsOf<V1Certificate>()(
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
);
/** A v1 certificate (never its private key; `sslCertificate` null until issued). */
export type LegacyCertificateInfo = ResultOf<typeof LEGACY_CERTIFICATE_FIELDS>;

/**
 * The v1 certificates of a domain (never their private keys).
 *
 * @example
 * ```ts
 * const certs = await dnsimple.listLegacyCertificates("example.com");
 * ```
 */
export async function listLegacyCertificates(domain: string | number): Promise<LegacyCertificateInfo[]> {
  return (await (await v1()).listCertificates(domain)).map((c) => pick(c, LEGACY_CERTIFICATE_FIELDS));
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
  return pick(await (await v1()).getCertificate(domain, certificateId), LEGACY_CERTIFICATE_FIELDS);
}

const SUBSCRIPTION_FIELDS = fieldsOf<V1Subscription>()(
  "id",
  "plan_name",
  "state",
  "domain_limit",
  "created_at",
  "updated_at",
);
/** The v1 subscription. */
export type LegacySubscriptionInfo = ResultOf<typeof SUBSCRIPTION_FIELDS>;

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
    return pick(await (await v1()).getSubscription(), SUBSCRIPTION_FIELDS);
  } catch (error) {
    if ((error as { status?: unknown }).status === 402) return null;
    throw error;
  }
}

const ZONE_FIELDS = fieldsOf<Zone>()(
  "id",
  "account_id",
  "name",
  "reverse",
  "secondary",
  "active",
  "last_transferred_at",
  "created_at",
  "updated_at",
);
/** A DNS zone of the account (`active` null when the service does not say). */
export type ZoneInfo = ResultOf<typeof ZONE_FIELDS>;

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
  return pick(await api.zones.get(account, name), ZONE_FIELDS);
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
  return zones.map((z) => pick(z, ZONE_FIELDS));
}

const CHANGE_CHECK_FIELDS = fieldsOf<RegistrantChangeCheck>()(
  "domain_id",
  "contact_id",
  "registry_owner_change",
);
const ATTRIBUTE_FIELDS = fieldsOf<ExtendedAttribute>()("name", "title", "description", "required");
const OPTION_FIELDS = fieldsOf<NonNullable<ExtendedAttribute["options"]>[number]>()(
  "title",
  "value",
  "description",
);
/** What a registrant change needs: whether the registry sees a change of owner (transfers may then lock for 60 days), the TLD's extended attributes. */
export type RegistrantChangeCheckResult = ResultOf<typeof CHANGE_CHECK_FIELDS> & {
  extendedAttributes: Array<
    ResultOf<typeof ATTRIBUTE_FIELDS> & {
      options: ResultOf<typeof OPTION_FIELDS>[];
    }
  >;
};

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
    ...pick(check, CHANGE_CHECK_FIELDS),
    extendedAttributes: check.extended_attributes.map((a) => ({
      ...pick(a, ATTRIBUTE_FIELDS),
      options: (a.options ?? []).map((o) => pick(o, OPTION_FIELDS)),
    })),
  };
}
