/**
 * The table of bad inputs: each row is a complete set of arguments for one resource kind that is
 * wrong in exactly one property, and must be rejected by `check` (before any API call) with a
 * message naming that property. Used by test/e2e/bad-input.test.ts and bench/bad-input.ts.
 */
import { LIVE, liveTarget, requestsLogged } from "../live/target";
import { inPool } from "./in-pool";
import { createStack, spawnEmulator, type Declaration } from "./reliability-lib";

export interface BadInput {
  kind: string;
  /** The property the failure must name (as the engine prints it, e.g. `linkedZones[0]`). */
  property: string;
  /** What is wrong, for the test name. */
  why: string;
  args: Record<string, unknown>;
}

const DIGEST = "1f987cc6583e92df0890718c42fd5e2d7d56d1e1e2bcd1f3d8e3a6b4c3d2e1f0";

/** Valid arguments of each kind; rows override one property. */
export const VALID: Record<string, Record<string, unknown>> = {
  Domain: { name: "bad-input.com" },
  DsRecord: { domain: "bad-input.com", algorithm: "13", digestType: "2", keytag: "2371", digest: DIGEST },
  EmailForward: { domain: "bad-input.com", aliasName: "sales", destinationEmail: "team@example.org" },
  Webhook: { url: "https://hooks.example.com/bad-input" },
  SecondaryZone: { name: "secondary.bad-input.net" },
  Zone: { name: "bad-input.com" },
  PrimaryServer: {
    name: "ns1.bad-input.net",
    ip: "192.0.2.1",
    port: 53,
    linkedZones: ["secondary.bad-input.net"],
  },
  Contact: {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+1.5555550100",
    address1: "1 Main St",
    city: "Springfield",
    stateProvince: "IL",
    postalCode: "62701",
    country: "US",
  },
  ZoneRecord: { zoneName: "bad-input.com", name: "www", type: "A", content: "192.0.2.1" },
  ZoneRecords: {
    zoneName: "bad-input.com",
    records: [
      { name: "www", type: "A", content: "192.0.2.1" },
      { name: "", type: "TXT", content: "v=spf1 -all", ttl: 600 },
    ],
  },
  Dnssec: { domain: "bad-input.com" },
  DomainRegistration: { domain: "bad-input-reg.com", registrantId: 1 },
  DomainTransfer: { domain: "bad-input-xfer.com", registrantId: 1, authCode: "xfer-auth-code-1" },
  LetsEncryptCertificate: { domain: "bad-input.com", name: "www" },
  DomainPush: { domain: "bad-input.com", targetAccount: "2" },
  DomainPushAnswer: { pushId: 1, contactId: 5 },
  PlatformMessage: { resource: "domain:1", title: "Hello" },
  PlatformMetadata: { resource: "domain:1", key: "owner", value: "team" },
  NameServerDelegation: { domain: "bad-input.com", nameServers: ["ns1.example.net"] },
  DomainDelegation: { domain: "bad-input.com", nameServers: ["ns1.example.net"] },
  Template: { name: "Mail setup", shortName: "mail-setup" },
  RegistryNameServer: { domain: "bad-input.com", name: "ns1.bad-input.com", ip: "192.0.2.53" },
  // One-shot actions and the v1 hosted domain.
  DomainRenewal: { domain: "bad-input.com", years: 1 },
  DomainRestore: { domain: "bad-input.com" },
  DomainTransferOutAuthorization: { domain: "bad-input.com" },
  LetsEncryptCertificateRenewal: { domain: "bad-input.com", certificateId: "1" },
  OAuthAccessToken: {
    clientId: "bad-input-app",
    clientSecret: "bad-input-client-secret",
    code: "bad-input-code",
    redirectUri: "https://app.example.com/cb",
    state: "bad-input-state",
  },
  LegacyDomain: { name: "bad-input-v1.com" },
  LegacyDomainRegistration: { domain: "bad-input-v1reg.com", registrantId: "1" },
  LegacyDomainTransfer: { domain: "bad-input-v1xfer.com", registrantId: "1", authCode: "xfer-auth-code-2" },
  LegacyDomainRenewal: { domain: "bad-input.com" },
  LegacyDomainTransferOut: { domain: "bad-input.com" },
  LegacyDomainTokenReset: { domain: "bad-input.com" },
  LegacyCertificatePurchase: { domain: "bad-input.com", name: "www", contactId: "1" },
  LegacyCertificateConfiguration: { domain: "bad-input.com", certificateId: "1" },
  LegacyCertificateSubmission: {
    domain: "bad-input.com",
    certificateId: "1",
    approverEmail: "admin@bad-input.com",
  },
  LegacySubscription: {
    plan: "Silver",
    creditCard: {
      number: "4111111111111111",
      firstName: "Ada",
      lastName: "Lovelace",
      billingAddress: "1 Main St",
      billingZip: "62701",
      month: "12",
      year: "2030",
      cvv: "123",
    },
  },
  LegacyUser: { email: "new-user@example.org", password: "bad-input-password-1" },
};

function row(kind: string, property: string, why: string, change: Record<string, unknown>): BadInput {
  const args: Record<string, unknown> = { ...VALID[kind], ...change };
  for (const [key, value] of Object.entries(change)) if (value === undefined) delete args[key];
  return { kind, property, why, args };
}

export const BAD_INPUTS: BadInput[] = [
  // One-shot actions and the v1 hosted domain
  row("DomainRenewal", "years", "more than 10 years", { years: 11 }),
  row("DomainRenewal", "orderAgain", "string instead of boolean", { orderAgain: "yes" }),
  row("DomainRestore", "domain", "spaces in the domain", { domain: "bad domain" }),
  row("DomainTransferOutAuthorization", "domain", "missing", { domain: undefined }),
  row("LetsEncryptCertificateRenewal", "certificateId", "not a number", { certificateId: "abc" }),
  row("OAuthAccessToken", "clientSecret", "missing", { clientSecret: undefined }),
  row("LegacyDomain", "name", "spaces in the name", { name: "bad domain" }),
  row("LegacyDomainRegistration", "registrantId", "not a number", { registrantId: "abc" }),
  row("LegacyDomainTransfer", "authCode", "empty auth code", { authCode: "" }),
  row("LegacyDomainRenewal", "domain", "empty domain", { domain: "" }),
  row("LegacyDomainTransferOut", "domain", "spaces in the domain", { domain: "bad domain" }),
  row("LegacyDomainTokenReset", "domain", "missing", { domain: undefined }),
  row("LegacyCertificatePurchase", "contactId", "not a number", { contactId: "x" }),
  row("LegacyCertificateConfiguration", "certificateId", "not a number", { certificateId: "x" }),
  row("LegacyCertificateSubmission", "approverEmail", "not an e-mail address", { approverEmail: "admin" }),
  row("LegacySubscription", "plan", "missing", { plan: undefined }),
  row("LegacyUser", "email", "not an e-mail address", { email: "not-an-email" }),
  // Domain
  row("Domain", "name", "empty name", { name: "" }),
  row("Domain", "name", "spaces in the name", { name: "not a domain.com" }),
  row("Domain", "name", "label starting with a hyphen", { name: "-bad-.com" }),
  row("Domain", "name", "a number instead of a string", { name: 42 }),
  row("Domain", "name", "not fully qualified", { name: "localhost" }),
  row("Domain", "name", "numeric top-level domain", { name: "example.123" }),
  row("Domain", "name", "label over 63 characters", { name: `${"a".repeat(64)}.com` }),
  row("Domain", "name", "missing", { name: undefined }),
  row("Domain", "allowDeleteRegistered", "string instead of boolean", { allowDeleteRegistered: "yes" }),
  row("Domain", "account", "non-numeric account", { account: "acme" }),
  row("Domain", "adopt", "string instead of boolean", { adopt: "true" }),
  row("Domain", "nmae", "unknown property (typo)", { nmae: "typo.com" }),
  row("Domain", "name", "a path after the name", { name: "a.com/../../1/domains" }),
  row("Domain", "name", "a query after the name", { name: "a.com?x=1" }),
  // DsRecord
  row("DsRecord", "algorithm", "unknown algorithm number", { algorithm: "99" }),
  row("DsRecord", "algorithm", "algorithm by name", { algorithm: "RSA" }),
  row("DsRecord", "digest", "digest not hexadecimal", { digest: "xyz-not-hex" }),
  row("DsRecord", "digest", "digest too short for SHA-256", { digest: "abcdef0123" }),
  row("DsRecord", "digestType", "unknown digest type", { digestType: "9" }),
  row("DsRecord", "keytag", "keytag over 65535", { keytag: "70000" }),
  row("DsRecord", "keytag", "negative keytag", { keytag: -1 }),
  row("DsRecord", "domain", "bad domain name", { domain: "bad domain" }),
  row("DsRecord", "publicKey", "empty public key", { publicKey: "" }),
  row("DsRecord", "digestType", "DS data without digestType", { digestType: undefined }),
  // EmailForward
  row("EmailForward", "aliasName", "empty alias", { aliasName: "" }),
  row("EmailForward", "aliasName", "full address as alias", { aliasName: "sales@bad-input.com" }),
  row("EmailForward", "aliasName", "space in alias", { aliasName: "sa les" }),
  row("EmailForward", "destinationEmail", "not an e-mail address", { destinationEmail: "not-an-email" }),
  row("EmailForward", "destinationEmail", "a number", { destinationEmail: 7 }),
  row("EmailForward", "domain", "empty domain", { domain: "" }),
  row("EmailForward", "domain", "negative domain id", { domain: -5 }),
  // Webhook
  row("Webhook", "url", "plain HTTP URL", { url: "http://hooks.example.com/x" }),
  row("Webhook", "url", "not a URL", { url: "not a url" }),
  row("Webhook", "url", "empty URL", { url: "" }),
  row("Webhook", "url", "FTP URL", { url: "ftp://hooks.example.com/x" }),
  row("Webhook", "url", "missing URL", { url: undefined }),
  row("Webhook", "account", "negative account", { account: -3 }),
  row("Webhook", "url", "credentials in the URL", { url: "https://user:hunter2-pass@hooks.example.com/x" }),
  // SecondaryZone
  row("SecondaryZone", "name", "empty label", { name: "sec..net" }),
  row("SecondaryZone", "name", "underscore in a label", { name: "bad_zone.net" }),
  row("SecondaryZone", "name", "boolean instead of a name", { name: true }),
  // Zone
  row("Zone", "name", "path characters in the name", { name: "bad-input.com/records" }),
  row("Zone", "active", "string instead of a boolean", { active: "yes" }),
  // PrimaryServer
  row("PrimaryServer", "ip", "IPv4 octet over 255", { ip: "999.1.1.1" }),
  row("PrimaryServer", "ip", "malformed IPv6", { ip: "fe80::zz" }),
  row("PrimaryServer", "ip", "empty address", { ip: "" }),
  row("PrimaryServer", "ip", "host name instead of an address", { ip: "ns1.example.com" }),
  row("PrimaryServer", "port", "port 0", { port: 0 }),
  row("PrimaryServer", "port", "port 65536", { port: 65536 }),
  row("PrimaryServer", "port", "port as a string", { port: "53" }),
  row("PrimaryServer", "port", "fractional port", { port: 53.5 }),
  row("PrimaryServer", "name", "empty name", { name: "" }),
  row("PrimaryServer", "linkedZones[0]", "bad zone name in the list", { linkedZones: ["bad zone"] }),
  row("PrimaryServer", "linkedZones", "a string instead of a list", {
    linkedZones: "secondary.bad-input.net",
  }),
  // Contact (issue 6)
  row("Contact", "email", "not an e-mail address", { email: "nope" }),
  row("Contact", "phone", "letters as phone", { phone: "abc" }),
  row("Contact", "country", "three-letter country", { country: "USA" }),
  row("Contact", "firstName", "empty first name", { firstName: "" }),
  row("Contact", "jobTitle", "organization without job title", { organizationName: "Acme" }),
  // ZoneRecord (issue 6)
  row("ZoneRecord", "type", "unknown record type", { type: "BOGUS" }),
  row("ZoneRecord", "ttl", "TTL 0", { ttl: 0 }),
  row("ZoneRecord", "ttl", "TTL as a string", { ttl: "3600" }),
  row("ZoneRecord", "priority", "negative priority", { priority: -1 }),
  row("ZoneRecord", "zoneName", "underscore in the zone", { zoneName: "bad_zone.com" }),
  row("ZoneRecord", "name", "space in the record name", { name: "w w" }),
  row("ZoneRecord", "name", "CNAME at the apex", { type: "CNAME", name: "", content: "target.example.net" }),
  row("ZoneRecord", "content", "empty content", { content: "" }),
  row("ZoneRecord", "ttl", "TTL past 2^31-1", { ttl: 1e12 }),
  row("ZoneRecord", "content", "TXT content longer than a record holds", {
    type: "TXT",
    content: "x".repeat(70_000),
  }),
  // ZoneRecords (issue 14)
  row("ZoneRecords", "zoneName", "underscore in the zone", { zoneName: "bad_zone.com" }),
  row("ZoneRecords", "records[0].ttl", "TTL 0 in a record of the list", {
    records: [{ name: "www", type: "A", content: "192.0.2.1", ttl: 0 }],
  }),
  row("ZoneRecords", "records[1]", "the same record twice", {
    records: [
      { name: "www", type: "A", content: "192.0.2.1" },
      { name: "WWW", type: "a", content: "192.0.2.1" },
    ],
  }),
  row("ZoneRecords", "records.www.content", "A record of the map whose content is not an IPv4 address", {
    records: { www: { name: "www", type: "A", content: "999.0.0.1" } },
  }),
  row("ZoneRecords", "records", "neither a list nor a map", { records: "www A 192.0.2.1" }),
  row("ZoneRecords", "authoritative", "authoritative as a string", { authoritative: "yes" }),
  // adopt on kinds with nothing to identify an existing object by (issue 11)
  row("LetsEncryptCertificate", "adopt", "adopt on a kind that cannot adopt", { adopt: true }),
  row("DomainPush", "adopt", "adopt on a kind that cannot adopt", { adopt: true }),
  // Dnssec (issue 6)
  row("Dnssec", "domain", "bad domain name", { domain: "nope" }),
  // Registrar, certificates, pushes, platform, legacy v1 (issue 6)
  row("DomainRegistration", "registrantId", "registrant id not numeric", { registrantId: "me" }),
  row("DomainRegistration", "premiumPrice", "price not a number", { premiumPrice: "cheap" }),
  row("DomainRegistration", "timeoutSeconds", "negative wait", { timeoutSeconds: -1 }),
  row("DomainRegistration", "transferLock", "string instead of a boolean", { transferLock: "on" }),
  row("DomainTransfer", "authCode", "empty auth code", { authCode: "" }),
  row("DomainTransfer", "domain", "bad domain name", { domain: "xfer..com" }),
  row("LetsEncryptCertificate", "signatureAlgorithm", "unknown algorithm", { signatureAlgorithm: "DSA" }),
  row("LetsEncryptCertificate", "name", "dotted host label", { name: "a.b c" }),
  row("DomainPush", "targetAccount", "empty target account", { targetAccount: "" }),
  row("DomainPushAnswer", "pushId", "push id not numeric", { pushId: "latest" }),
  row("PlatformMessage", "resource", "unknown resource reference", { resource: "zone:1" }),
  row("PlatformMessage", "expiresAt", "not a date-time", { expiresAt: "tomorrow-ish" }),
  row("PlatformMetadata", "key", "empty key", { key: "" }),
  row("NameServerDelegation", "nameServers", "empty list", { nameServers: [] }),
  row("DomainDelegation", "nameServers", "empty list", { nameServers: [] }),
  row("DomainDelegation", "nameServers", "more than 13 name servers", {
    nameServers: Array.from({ length: 14 }, (_, i) => `ns${i}.example.net`),
  }),
  row("DomainDelegation", "domain", "path characters in the domain", { domain: "bad-input.com/x" }),
  row("NameServerDelegation", "nameServers", "more than 6 name servers", {
    nameServers: ["ns1", "ns2", "ns3", "ns4", "ns5", "ns6", "ns7"].map((n) => `${n}.example.net`),
  }),
  row("Template", "shortName", "upper case and spaces", { shortName: "Mail Setup" }),
  row("RegistryNameServer", "ip", "not an address", { ip: "256.256.256.256" }),
  row("ZoneRecord", "content", "A record whose content is not an IPv4 address", { content: "999.0.0.1" }),
  row("ZoneRecord", "content", "AAAA record whose content is not an IPv6 address", {
    type: "AAAA",
    content: "not-an-ip",
  }),
];

/**
 * Bad inputs that `check` lets through today (a request reaches the API): bugs reported to the
 * owners, kept out of BAD_INPUTS so the suite stays green, and asserted with `it.failing`.
 */
export const KNOWN_GAPS: BadInput[] = [];

/** Every row as a resource of the generic program, named `bad<index>`. */
export function badInputProgram(rows: BadInput[] = BAD_INPUTS): Declaration[] {
  return rows.map((r, i) => ({ type: r.kind, name: resourceName(i), args: r.args }));
}

export const resourceName = (index: number) => `bad${String(index).padStart(2, "0")}`;

/**
 * Whether the engine output names `property` as the problem of resource `name`. The engine prints
 * one diagnostic per failure: `<type> resource '<name>': property <property> value {…} has a
 * problem: <reason>`.
 */
export function engineNamesProperty(output: string, name: string, property: string): boolean {
  const escaped = property.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`resource '${name}': property ${escaped} value`).test(output);
}

export interface PreviewOutcome {
  row: BadInput;
  name: string;
  /** Exit code of `pulumi preview` (non-zero expected). */
  code: number;
  text: string;
  /**
   * API calls in the target's request log when this preview finished (cumulative), where the log
   * can be read (the emulator's); undefined against the service.
   */
  callsSoFar: number | undefined;
  /** Requests the provider logged in this preview (`dnsimple:requestLog`): counted on any target. */
  requestsLogged: number;
}

/**
 * Where the previews run: an emulator of this process's own (its request log is read), or, in
 * live mode (scripts/test-live), the account of test/live/target.ts, where only the provider's
 * own request log counts calls. Nothing is made on it: every row fails in `check`.
 */
export interface PreviewTarget {
  baseUrl: string;
  token: string;
  account: string | number;
  /** Every API call the target has seen so far, where it can tell (the emulator). */
  requests?: () => Promise<unknown[]>;
  close(): Promise<void>;
}

export async function openPreviewTarget(token: string): Promise<PreviewTarget> {
  if (LIVE) {
    const live = await liveTarget();
    return { baseUrl: live.baseUrl, token: live.token, account: live.account, close: async () => {} };
  }
  const emulator = await spawnEmulator({ token });
  await emulator.clearRequests();
  return {
    baseUrl: emulator.v2Url,
    token,
    account: 1,
    requests: () => emulator.requests(),
    close: () => emulator.close(),
  };
}

/**
 * Whether row `index` is the first of its kind: those rows go through the engine in the normal
 * suite (bad-input.test.ts), the others in the longer suite (bad-input-engine.long.ts), so every
 * row is previewed once.
 */
export function isFirstOfItsKind(rows: readonly BadInput[], index: number): boolean {
  return rows.findIndex((other) => other.kind === rows[index]!.kind) === index;
}

/**
 * One `pulumi preview` per row: the engine stops at the first `check` failure of a program, so
 * rows cannot share one. Rows are spread over `workers` stacks that preview in parallel, each
 * from the generic program's folder (its own program process), never inline: the engine ends a
 * preview at the failed `check` while an inline program is still registering in this process,
 * and what it left running there broke the next inline preview (twice in nine clean runs: a bad
 * input that previewed without error, and gRPC calls to an engine already gone).
 */
export async function previewEachRow(
  target: PreviewTarget,
  rows: BadInput[] = BAD_INPUTS,
  workers = 3,
): Promise<PreviewOutcome[]> {
  const outcomes: PreviewOutcome[] = new Array(rows.length);
  const stacks = await Promise.all(
    Array.from({ length: Math.min(workers, rows.length) }, () =>
      // The token in the environment: no secret config, so no key derivation per preview.
      createStack({
        program: "generic",
        baseUrl: target.baseUrl,
        token: target.token,
        tokenIn: "env",
        account: target.account,
        // One line per request in the engine's output: how calls are counted on the service.
        config: { "dnsimple:requestLog": "true" },
      }),
    ),
  );
  // At most one row per stack at a time: a row takes an idle stack and gives it back.
  const idle = [...stacks];
  try {
    await inPool(rows, stacks.length, async (row, i) => {
      const stack = idle.pop()!;
      try {
        const name = resourceName(i);
        await stack.declare([{ type: row.kind, name, args: row.args }]);
        const { code, text } = await stack.cli(["preview"], { allowFailure: true });
        outcomes[i] = {
          row,
          name,
          code,
          text,
          callsSoFar: target.requests && (await target.requests()).length,
          requestsLogged: requestsLogged(text.split("\n")).size,
        };
      } finally {
        idle.push(stack);
      }
    });
  } finally {
    await Promise.all(stacks.map((s) => s.cleanup()));
  }
  return outcomes;
}
