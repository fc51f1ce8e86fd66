/**
 * `createClient`: configuration (base URLs, credentials, user agent, retries, timeouts, hooks) and
 * the API groups as properties.
 */
import type { Dispatcher } from "undici";
import { AccountsApi, IdentityApi } from "./identity";
import { DomainsApi, type AccountId, type DomainResearch } from "./domains";
import { DnssecApi } from "./dnssec";
import { DsRecordsApi } from "./ds-records";
import { EmailForwardsApi } from "./email-forwards";
import { PushesApi } from "./pushes";
import { CertificatesApi } from "./certificates";
import { RegistrarApi } from "./registrar";
import { SecondaryDnsApi } from "./secondary-dns";
import { WebhooksApi } from "./webhooks";
import { PlatformApi } from "./platform";
import { BillingApi } from "./billing";
import { OAuthApi } from "./oauth";
import { ContactsApi } from "./contacts";
import { ZonesApi } from "./zones";
import { V1Api } from "./v1";
import { RateLimiter, resolveRetryOptions, systemClock, type Clock, type RetryOptions } from "./retry";
import {
  DEFAULT_TIMEOUTS,
  Transport,
  type ClientHooks,
  type Credentials,
  type TimeoutOptions,
} from "./transport";

/** Production v2 base URL. */
export const PRODUCTION_BASE_URL = "https://api.dnsimple.com/v2";
/** Sandbox v2 base URL. */
export const SANDBOX_BASE_URL = "https://api.sandbox.dnsimple.com/v2";

/** Options of {@link createClient}. Give `token` (bearer) or `basic`. */
export interface ClientOptions {
  /** API access token, sent as `Authorization: Bearer`. Never logged or put in messages. */
  token?: string | undefined;
  /** HTTP basic credentials (a user identity), instead of a token. */
  basic?: { username: string; password: string } | undefined;
  /** v2 base URL including `/v2`; overrides `sandbox`. Default production. */
  baseUrl?: string | undefined;
  /** Use the sandbox (`https://api.sandbox.dnsimple.com/v2`). */
  sandbox?: boolean | undefined;
  /** Appended to the user agent `pulumi-dnsimple-dynamic/<version>`. */
  userAgentSuffix?: string | undefined;
  /** Retry policy overrides; see `RetryOptions` for the defaults. */
  retry?: Partial<RetryOptions> | undefined;
  /** Timeout overrides; see `DEFAULT_TIMEOUTS`. */
  timeouts?: Partial<TimeoutOptions> | undefined;
  /** Legacy v1 API: credentials for `X-Service-Token: email:token`, and its base URL (default: the v2 base with `/v1`). */
  v1?: { baseUrl?: string | undefined; email: string; token: string } | undefined;
  /** Observability hooks (count requests, log). */
  hooks?: ClientHooks | undefined;
  /** Injected time source (tests). */
  clock?: Clock | undefined;
  /** Injected random source for jitter (tests). */
  random?: (() => number) | undefined;
  /** Use this dispatcher instead of the shared keep-alive agent. */
  dispatcher?: Dispatcher | undefined;
}

let cachedVersion: string | undefined;

/** The package version, read from package.json at run time (works from source and from dist). */
export function packageVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  for (const candidate of ["../../package.json", "../../../package.json"]) {
    try {
      const pkg = require(candidate) as { name?: string; version?: string };
      if (pkg.name === "pulumi-dnsimple-dynamic" && typeof pkg.version === "string") {
        cachedVersion = pkg.version;
        return pkg.version;
      }
    } catch {
      // try the next location
    }
  }
  cachedVersion = "0.0.0";
  return cachedVersion;
}

/** The user agent: `pulumi-dnsimple-dynamic/<version>` plus an optional suffix. */
export function userAgent(suffix?: string): string {
  const base = `pulumi-dnsimple-dynamic/${packageVersion()}`;
  return suffix ? `${base} ${suffix}` : base;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The resolved v2 and v1 base URLs for options. */
export function resolveBaseUrls(options: Pick<ClientOptions, "baseUrl" | "sandbox" | "v1">): {
  v2: string;
  v1: string;
} {
  const v2 = trimSlash(options.baseUrl ?? (options.sandbox ? SANDBOX_BASE_URL : PRODUCTION_BASE_URL));
  let parsed: URL;
  try {
    parsed = new URL(v2);
  } catch {
    throw new TypeError("baseUrl must be an absolute http(s) URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new TypeError("baseUrl must be an absolute http(s) URL");
  }
  const v1 = trimSlash(options.v1?.baseUrl ?? (/\/v2$/.test(v2) ? v2.replace(/\/v2$/, "/v1") : `${v2}/v1`));
  return { v2, v1 };
}

/** The client: one property per API group. */
export class DnsimpleClient {
  /** `GET /whoami`. */
  readonly identity: IdentityApi;
  /** `GET /accounts`. */
  readonly accounts: AccountsApi;
  /** Domains. */
  readonly domains: DomainsApi;
  /** DNSSEC of a domain. */
  readonly dnssec: DnssecApi;
  /** Delegation signer records of a domain. */
  readonly dsRecords: DsRecordsApi;
  /** Email forwards of a domain. */
  readonly emailForwards: EmailForwardsApi;
  /** Domain pushes between accounts. */
  readonly pushes: PushesApi;
  /** Certificates, including Let's Encrypt orders. */
  readonly certificates: CertificatesApi;
  /** Registrar: check, prices, register, transfer, renew, restore, transfer out. */
  readonly registrar: RegistrarApi;
  /** Secondary DNS: primary servers and secondary zones. */
  readonly secondaryDns: SecondaryDnsApi;
  /** Webhooks. */
  readonly webhooks: WebhooksApi;
  /** Platform messages and metadata (private beta). */
  readonly platform: PlatformApi;
  /** Billing charges. */
  readonly billing: BillingApi;
  /** Domain research. */
  readonly research: { status(account: AccountId, domain: string): Promise<DomainResearch> };
  /** OAuth authorization-code exchange. */
  readonly oauth: OAuthApi;
  /** Contacts. */
  readonly contacts: ContactsApi;
  /** Zones and (`zones.records`) zone records. */
  readonly zones: ZonesApi;
  /** Legacy v1 API (needs the `v1` option, except `createUser`). */
  readonly v1: V1Api;
  /** The v2 transport (for calls the groups do not cover). */
  readonly transport: Transport;
  /** The v1 transport. */
  readonly v1Transport: Transport;
  /** Rate-limit state seen on the last responses. */
  readonly rateLimit: RateLimiter;

  constructor(options: ClientOptions) {
    let credentials: Credentials;
    if (options.token !== undefined && options.token !== "")
      credentials = { kind: "bearer", token: options.token };
    else if (options.basic) credentials = { kind: "basic", ...options.basic };
    else throw new TypeError("createClient: a token or basic credentials are required");
    const urls = resolveBaseUrls(options);
    const clock = options.clock ?? systemClock;
    const retry = resolveRetryOptions(options.retry);
    this.rateLimit = new RateLimiter(clock, retry.paceBelow, retry.maxRetryAfterMs);
    const common = {
      userAgent: userAgent(options.userAgentSuffix),
      retry,
      timeouts: { ...DEFAULT_TIMEOUTS, ...(options.timeouts ?? {}) },
      clock,
      random: options.random ?? Math.random,
      hooks: options.hooks ?? {},
      dispatcher: options.dispatcher,
      rateLimiter: this.rateLimit,
    };
    this.transport = new Transport({ ...common, baseUrl: urls.v2, credentials });
    this.identity = new IdentityApi(this.transport);
    this.accounts = new AccountsApi(this.transport);
    this.domains = new DomainsApi(this.transport);
    this.dnssec = new DnssecApi(this.transport);
    this.dsRecords = new DsRecordsApi(this.transport);
    this.emailForwards = new EmailForwardsApi(this.transport);
    this.pushes = new PushesApi(this.transport);
    this.certificates = new CertificatesApi(this.transport);
    this.registrar = new RegistrarApi(this.transport);
    this.zones = new ZonesApi(this.transport);
    this.secondaryDns = new SecondaryDnsApi(this.transport);
    this.webhooks = new WebhooksApi(this.transport);
    this.platform = new PlatformApi(this.transport);
    this.billing = new BillingApi(this.transport);
    const domains = this.domains;
    this.research = { status: (account, domain) => domains.researchStatus(account, domain) };
    this.oauth = new OAuthApi(this.transport);
    this.contacts = new ContactsApi(this.transport);
    const v1 = options.v1;
    this.v1Transport = new Transport({
      ...common,
      baseUrl: urls.v1,
      credentials: v1 ? { kind: "service-token", email: v1.email, token: v1.token } : { kind: "none" },
    });
    this.v1 = new V1Api(this.v1Transport, v1 !== undefined);
  }
}

/**
 * Creates a client.
 *
 * @example
 * const client = createClient({ token: process.env.DNSIMPLE_TOKEN!, sandbox: true });
 * const domain = await client.domains.get(1234, "example.com");
 */
export function createClient(options: ClientOptions): DnsimpleClient {
  return new DnsimpleClient(options);
}
