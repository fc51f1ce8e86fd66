/**
 * Which operations of the service's specification a program can reach through the exported SDK
 * (issue 16). The operations come from the spec's endpoint tables (method and path); what the SDK
 * reaches is measured, not declared: each exported function is called, and each exported resource
 * class's provider is taken through check, create, read, diff, update and delete, against the
 * emulator, and the emulator's matched routes are collected per export. Setup (the objects a
 * scenario needs) goes through the client outside the measuring window and never counts.
 *
 * Used by `bench/operations.ts` (figures, docs/operations.md) and by the integration test that
 * fails when an operation is not reachable.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createClient, type DnsimpleClient } from "../../provider/client";
import { resourceKinds } from "../../provider/kinds";
import { configure, providerFor } from "../../provider/dynamic";
import { forgetClaimsOfThisProcess } from "../../provider/framework/ownership";

/** One operation of the spec. */
export interface SpecOperation {
  /** `v2` or `v1` (the legacy interface). */
  readonly version: "v1" | "v2";
  readonly method: string;
  /** As the spec writes it, relative to its version's base address. */
  readonly path: string;
  /** Method and path with parameters and the certificate authority's segment made uniform. */
  readonly key: string;
}

/** `GET /v2/:/domains/:` from a path whose parameters are `:name`; the CA segment is `{ca}`. */
export function operationKey(method: string, fullPath: string): string {
  const segments = fullPath.split("/").map((s) => {
    if (s.startsWith(":")) return ":";
    if (s === "publicca" || s === "letsencrypt") return "{ca}";
    return s;
  });
  return `${method.toUpperCase()} ${segments.join("/")}`;
}

/**
 * The operations of the spec's "Endpoints" section: every table row that starts with a method.
 * The update of a platform message, written as "POST .../messages with `:message` in the
 * parameters", is the POST to `.../messages/:message`.
 */
export function parseSpecOperations(markdown: string): SpecOperation[] {
  const start = markdown.indexOf("## Endpoints");
  const end = markdown.indexOf("\n## ", start + 1);
  if (start < 0) throw new Error("the spec has no '## Endpoints' section");
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const out: SpecOperation[] = [];
  let version: "v1" | "v2" = "v2";
  for (const line of section.split("\n")) {
    const heading = /^### Version (\d)/.exec(line);
    if (heading) version = heading[1] === "1" ? "v1" : "v2";
    const row = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*([^|]*)\|/.exec(line);
    if (!row) continue;
    const method = row[1]!;
    const cell = row[2]!;
    let p = /`([^`]+)`/.exec(cell)?.[1];
    if (!p) throw new Error(`no path in the spec row: ${line}`);
    const param = /with `(:[a-z_]+)` in the parameters/.exec(cell);
    if (param) p = `${p}/${param[1]}`;
    out.push({ version, method, path: p, key: operationKey(method, `/${version}${p}`) });
  }
  return out;
}

/** The spec beside the repository (`../shared/spec/api-spec.md`), or `DNSIMPLE_API_SPEC`. */
export function specFile(repoRoot: string): string {
  return process.env["DNSIMPLE_API_SPEC"] ?? path.join(repoRoot, "../shared/spec/api-spec.md");
}

export function readSpecOperations(file: string): SpecOperation[] {
  return parseSpecOperations(readFileSync(file, "utf8"));
}

type Props = Record<string, any>;

/** What a scenario works with. */
export interface Harness {
  readonly emulator: RunningEmulator;
  /** Setup client (v2 and v1); its requests never count. */
  readonly api: DnsimpleClient;
  /** The exported SDK, as a program imports it. */
  readonly sdk: Record<string, any>;
  readonly account: number;
  /** A contact of the account (registrant, certificate contact). */
  readonly contactId: number;
  /** The provider process's settings: the account (and its token) the providers act for. */
  useAccount(account: 1 | 2): void;
  /**
   * A resource's life as `up`, `refresh`, a changed `up` (when `update` is given) and `destroy`
   * run it: check, create, read, diff, update, delete. Returns the outputs after create.
   */
  lifecycle(kind: string, inputs: Props, options?: { update?: Props; keep?: boolean }): Promise<Props>;
}

/** One export's scenario: `setup` is not measured; `exercise` is, for `export`. */
export interface Scenario {
  readonly export: string;
  setup?(h: Harness): Promise<Props>;
  exercise(h: Harness, given: Props): Promise<void>;
}

const TOKEN = "reach-token-2f1c";
const TOKEN_2 = "reach-token-second-8a9e";
const V1_TOKEN = "reach-v1-token-51d0";
const EMAIL = "reach@example.com";
const SECOND_EMAIL = "second@example.com";
const CONTACT = 501;
const CONTACT_2 = 502;

const D = {
  registered: "reach-registered.com",
  expired: "reach-expired.com",
  hosted: "reach-hosted.com",
  push: "reach-push.com",
  push2: "reach-push-two.com",
  push3: "reach-push-three.com",
};

async function sslIssued(api: DnsimpleClient, domain: string, certificateId: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await api.certificates.get(1, domain, certificateId)).state === "issued") return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`certificate ${certificateId} was not issued`);
}

async function issuedCertificate(api: DnsimpleClient, name: string): Promise<number> {
  const order = await api.certificates.purchaseLetsencrypt(1, D.hosted, { name });
  await api.certificates.issueLetsencrypt(1, D.hosted, order.id);
  await sslIssued(api, D.hosted, order.certificate_id);
  return order.certificate_id;
}

const call =
  (name: string, ...args: unknown[]) =>
  (h: Harness) =>
    h.sdk[name](...args) as Promise<void>;

/** Every export that reaches an operation of the spec, with what it takes to run it. */
export const SCENARIOS: ReadonlyArray<Scenario> = [
  // Functions.
  { export: "whoami", exercise: call("whoami") },
  { export: "listAccounts", exercise: call("listAccounts") },
  { export: "listCharges", exercise: call("listCharges") },
  { export: "checkDomain", exercise: call("checkDomain", "reach-free.com") },
  { export: "getPrices", exercise: call("getPrices", "reach-free.com") },
  { export: "getPremiumPrice", exercise: call("getPremiumPrice", "cool-reach.io") },
  { export: "getResearchStatus", exercise: call("getResearchStatus", "reach-free.com") },
  {
    export: "getCertificateBundle",
    setup: async (h) => ({ id: await issuedCertificate(h.api, "bundle") }),
    exercise: (h, g) => h.sdk.getCertificateBundle(D.hosted, g.id),
  },
  { export: "listDomains", exercise: call("listDomains", { nameLike: "reach" }) },
  { export: "getDomain", exercise: call("getDomain", D.hosted) },
  {
    export: "listDsRecords",
    exercise: call("listDsRecords", D.hosted),
  },
  {
    export: "getDsRecord",
    setup: async (h) => ({
      id: (
        await h.api.dsRecords.create(1, D.hosted, {
          algorithm: "8",
          digest: "cd".repeat(32),
          digest_type: "2",
          keytag: "4343",
        })
      ).id,
    }),
    exercise: (h, g) => h.sdk.getDsRecord(D.hosted, g.id),
  },
  { export: "listEmailForwards", exercise: call("listEmailForwards", D.hosted) },
  {
    export: "getEmailForward",
    setup: async (h) => ({
      id: (
        await h.api.emailForwards.create(1, D.hosted, {
          alias_name: "reach",
          destination_email: "team@example.org",
        })
      ).id,
    }),
    exercise: (h, g) => h.sdk.getEmailForward(D.hosted, g.id),
  },
  {
    export: "listPushes",
    exercise: async (h) => {
      h.useAccount(2);
      try {
        await h.sdk.listPushes();
      } finally {
        h.useAccount(1);
      }
    },
  },
  { export: "listCertificates", exercise: call("listCertificates", D.hosted) },
  {
    export: "getCertificate",
    setup: async (h) => ({ id: await issuedCertificate(h.api, "single") }),
    exercise: (h, g) => h.sdk.getCertificate(D.hosted, g.id),
  },
  { export: "listPrimaryServers", exercise: call("listPrimaryServers") },
  {
    export: "getPrimaryServer",
    setup: async (h) => ({
      id: (await h.api.secondaryDns.createPrimary(1, { name: "reach-get", ip: "192.0.2.53" })).id,
    }),
    exercise: (h, g) => h.sdk.getPrimaryServer(g.id),
  },
  { export: "listWebhooks", exercise: call("listWebhooks") },
  {
    export: "getWebhook",
    setup: async (h) => ({
      id: (await h.api.webhooks.create(1, { url: "https://hooks.example.com/reach-get" })).id,
    }),
    exercise: (h, g) => h.sdk.getWebhook(g.id),
  },
  { export: "listPlatformMessages", exercise: call("listPlatformMessages") },
  {
    export: "listPlatformMetadata",
    setup: async (h) => ({ resource: `domain:${(await h.api.domains.get(1, D.hosted)).id}` }),
    exercise: (h, g) => h.sdk.listPlatformMetadata(g.resource),
  },
  { export: "listLegacyDomains", exercise: call("listLegacyDomains") },
  { export: "getLegacyDomain", exercise: call("getLegacyDomain", D.hosted) },
  // A name that is taken: the v1 check answers 200 (an available name is a 404, not counted).
  { export: "checkLegacyDomain", exercise: call("checkLegacyDomain", D.registered) },
  { export: "listLegacyTemplates", exercise: call("listLegacyTemplates") },
  {
    export: "getLegacyTemplate",
    setup: async (h) => ({
      id: (await h.api.v1.createTemplate({ name: "Reach", short_name: "reach-get" })).id,
    }),
    exercise: (h, g) => h.sdk.getLegacyTemplate(g.id),
  },
  { export: "listLegacyServices", exercise: call("listLegacyServices") },
  {
    export: "getLegacyService",
    setup: async (h) => ({ id: (await h.api.v1.listServices())[0]!.id }),
    exercise: (h, g) => h.sdk.getLegacyService(g.id),
  },
  { export: "getLegacyNameServers", exercise: call("getLegacyNameServers", D.registered) },
  { export: "listLegacyCertificates", exercise: call("listLegacyCertificates", D.hosted) },
  {
    export: "getLegacyCertificate",
    setup: async (h) => ({
      id: (await h.api.v1.purchaseCertificate(D.hosted, { name: "legacy-get", contact_id: CONTACT })).id,
    }),
    exercise: (h, g) => h.sdk.getLegacyCertificate(D.hosted, g.id),
  },
  { export: "getLegacySubscription", exercise: call("getLegacySubscription") },

  // Resources of desired state.
  {
    export: "Domain",
    exercise: (h) => h.lifecycle("Domain", { name: "reach-domain.com" }).then(() => undefined),
  },
  { export: "Dnssec", exercise: (h) => h.lifecycle("Dnssec", { domain: D.hosted }).then(() => undefined) },
  {
    export: "DsRecord",
    exercise: (h) =>
      h
        .lifecycle("DsRecord", {
          domain: D.hosted,
          algorithm: "13",
          digest: "ef".repeat(32),
          digestType: "2",
          keytag: "1234",
        })
        .then(() => undefined),
  },
  {
    export: "EmailForward",
    exercise: (h) =>
      h
        .lifecycle("EmailForward", {
          domain: D.hosted,
          aliasName: "sales",
          destinationEmail: "team@example.org",
        })
        .then(() => undefined),
  },
  {
    export: "Webhook",
    exercise: (h) => h.lifecycle("Webhook", { url: "https://hooks.example.com/reach" }).then(() => undefined),
  },
  {
    export: "SecondaryZone",
    exercise: (h) => h.lifecycle("SecondaryZone", { name: "reach-secondary.com" }).then(() => undefined),
  },
  {
    export: "PrimaryServer",
    setup: async (h) => {
      await h.api.secondaryDns.createZone(1, { name: "reach-linked.com" });
      return {};
    },
    exercise: (h) =>
      h
        .lifecycle(
          "PrimaryServer",
          { name: "reach-primary", ip: "192.0.2.1", linkedZones: ["reach-linked.com"] },
          { update: { name: "reach-primary", ip: "192.0.2.1", linkedZones: [] } },
        )
        .then(() => undefined),
  },
  {
    export: "DomainPush",
    exercise: (h) =>
      h.lifecycle("DomainPush", { domain: D.push, targetAccount: SECOND_EMAIL }).then(() => undefined),
  },
  {
    export: "DomainPushAnswer",
    setup: async (h) => {
      const accept = await h.api.pushes.initiate(1, D.push2, { new_account_identifier: SECOND_EMAIL });
      const reject = await h.api.pushes.initiate(1, D.push3, { new_account_identifier: SECOND_EMAIL });
      return { accept: accept.id, reject: reject.id };
    },
    exercise: async (h, g) => {
      h.useAccount(2);
      try {
        await h.lifecycle("DomainPushAnswer", {
          pushId: String(g.accept),
          accept: true,
          contactId: String(CONTACT_2),
        });
        await h.lifecycle("DomainPushAnswer", { pushId: String(g.reject), accept: false });
      } finally {
        h.useAccount(1);
      }
    },
  },
  {
    export: "LetsEncryptCertificate",
    exercise: (h) =>
      h
        .lifecycle("LetsEncryptCertificate", { domain: D.hosted, name: "www", pollIntervalSeconds: 0.01 })
        .then(() => undefined),
  },
  {
    export: "PlatformMessage",
    setup: async (h) => ({ resource: `domain:${(await h.api.domains.get(1, D.hosted)).id}` }),
    exercise: (h, g) =>
      h
        .lifecycle(
          "PlatformMessage",
          { resource: g.resource, title: "Hello", message: "From the reach scenario" },
          { update: { resource: g.resource, title: "Hello again", message: "Changed" } },
        )
        .then(() => undefined),
  },
  {
    export: "PlatformMetadata",
    setup: async (h) => ({ resource: `domain:${(await h.api.domains.get(1, D.hosted)).id}` }),
    exercise: (h, g) =>
      h
        .lifecycle("PlatformMetadata", { resource: g.resource, key: "owner", value: "reach" })
        .then(() => undefined),
  },
  {
    export: "DomainRegistration",
    setup: async (h) => {
      h.emulator.app.store.updateSettings((s) => (s.delays.registration = 100));
      return {};
    },
    exercise: async (h) => {
      try {
        await h.lifecycle("DomainRegistration", {
          domain: "reach-new.com",
          registrantId: String(CONTACT),
          pollIntervalSeconds: 0.02,
        });
      } finally {
        h.emulator.app.store.updateSettings((s) => (s.delays.registration = 0));
      }
    },
  },
  {
    export: "DomainTransfer",
    setup: async (h) => {
      h.emulator.app.store.updateSettings((s) => (s.delays.transfer = 60_000));
      return {};
    },
    exercise: async (h) => {
      // Still pending when the wait ends: kept as pending, then destroy cancels the transfer.
      const provider = providerFor("DomainTransfer");
      const { inputs } = await provider.check!(
        {},
        {
          domain: "reach-transfer.com",
          registrantId: String(CONTACT),
          authCode: "reach-auth",
          timeoutSeconds: 0.05,
          pollIntervalSeconds: 0.01,
        },
      );
      const pending = (await provider.create!(inputs).catch((e: unknown) => e)) as {
        id?: string;
        properties?: Props;
      };
      h.emulator.app.store.updateSettings((s) => (s.delays.transfer = 0));
      if (!pending.id || !pending.properties) throw new Error("the transfer did not stay pending");
      await provider.read!(pending.id, pending.properties);
      await provider.delete!(pending.id, pending.properties);
    },
  },
  {
    export: "Template",
    exercise: (h) =>
      h
        .lifecycle(
          "Template",
          { name: "Reach", shortName: "reach-template" },
          { update: { name: "Reach", shortName: "reach-template", description: "changed" } },
        )
        .then(() => undefined),
  },
  {
    export: "NameServerDelegation",
    exercise: (h) =>
      h
        .lifecycle("NameServerDelegation", {
          domain: D.registered,
          nameServers: ["ns1.example.net", "ns2.example.net"],
        })
        .then(() => undefined),
  },
  {
    export: "RegistryNameServer",
    exercise: (h) =>
      h
        .lifecycle("RegistryNameServer", {
          domain: D.registered,
          name: "ns1.reach-registered.com",
          ip: "192.0.2.10",
        })
        .then(() => undefined),
  },
  {
    export: "LegacyDomain",
    exercise: (h) => h.lifecycle("LegacyDomain", { name: "reach-legacy.com" }).then(() => undefined),
  },

  // One-shot actions.
  {
    export: "DomainRenewal",
    exercise: (h) => h.lifecycle("DomainRenewal", { domain: D.registered, years: 1 }).then(() => undefined),
  },
  {
    export: "DomainRestore",
    exercise: (h) => h.lifecycle("DomainRestore", { domain: D.expired }).then(() => undefined),
  },
  {
    export: "DomainTransferOutAuthorization",
    exercise: (h) =>
      h.lifecycle("DomainTransferOutAuthorization", { domain: D.registered }).then(() => undefined),
  },
  {
    export: "LetsEncryptCertificateRenewal",
    setup: async (h) => ({ id: await issuedCertificate(h.api, "renew") }),
    exercise: (h, g) =>
      h
        .lifecycle("LetsEncryptCertificateRenewal", { domain: D.hosted, certificateId: String(g.id) })
        .then(() => undefined),
  },
  {
    export: "OAuthAccessToken",
    exercise: (h) =>
      h
        .lifecycle("OAuthAccessToken", {
          clientId: "reach-app",
          clientSecret: "reach-client-secret",
          code: "reach-oauth-code",
          redirectUri: "https://app.example.com/cb",
          state: "reach-state",
        })
        .then(() => undefined),
  },
  {
    export: "LegacyDomainRegistration",
    exercise: (h) =>
      h
        .lifecycle("LegacyDomainRegistration", {
          domain: "reach-legacy-reg.com",
          registrantId: String(CONTACT),
        })
        .then(() => undefined),
  },
  {
    export: "LegacyDomainTransfer",
    exercise: (h) =>
      h
        .lifecycle("LegacyDomainTransfer", {
          domain: "reach-legacy-transfer.com",
          registrantId: String(CONTACT),
          authCode: "reach-auth",
        })
        .then(() => undefined),
  },
  {
    export: "LegacyDomainRenewal",
    exercise: (h) => h.lifecycle("LegacyDomainRenewal", { domain: D.registered }).then(() => undefined),
  },
  {
    export: "LegacyDomainTransferOut",
    exercise: (h) => h.lifecycle("LegacyDomainTransferOut", { domain: D.registered }).then(() => undefined),
  },
  {
    export: "LegacyDomainTokenReset",
    exercise: (h) => h.lifecycle("LegacyDomainTokenReset", { domain: D.registered }).then(() => undefined),
  },
  {
    export: "LegacyCertificatePurchase",
    exercise: (h) =>
      h
        .lifecycle("LegacyCertificatePurchase", {
          domain: D.hosted,
          name: "legacy",
          contactId: String(CONTACT),
        })
        .then(() => undefined),
  },
  {
    export: "LegacyCertificateConfiguration",
    setup: async (h) => ({
      id: (await h.api.v1.purchaseCertificate(D.hosted, { name: "configure", contact_id: CONTACT })).id,
    }),
    exercise: (h, g) =>
      h
        .lifecycle("LegacyCertificateConfiguration", { domain: D.hosted, certificateId: String(g.id) })
        .then(() => undefined),
  },
  {
    export: "LegacyCertificateSubmission",
    setup: async (h) => {
      const c = await h.api.v1.purchaseCertificate(D.hosted, { name: "submit", contact_id: CONTACT });
      const configured = await h.api.v1.configureCertificate(D.hosted, c.id);
      return { id: c.id, approver: configured.approver_emails![0] };
    },
    exercise: (h, g) =>
      h
        .lifecycle("LegacyCertificateSubmission", {
          domain: D.hosted,
          certificateId: String(g.id),
          approverEmail: g.approver,
        })
        .then(() => undefined),
  },
  {
    export: "LegacySubscription",
    exercise: (h) =>
      h
        .lifecycle("LegacySubscription", {
          plan: "Silver",
          creditCard: {
            number: "4111111111111111",
            firstName: "Reach",
            lastName: "Test",
            billingAddress: "1 Main St",
            billingZip: "12345",
            month: "12",
            year: "2030",
            cvv: "123",
          },
        })
        .then(() => undefined),
  },
  {
    export: "LegacyUser",
    exercise: (h) =>
      h
        .lifecycle("LegacyUser", { email: "new-user@example.com", password: "reach-password-1" })
        .then(() => undefined),
  },
];

/** What `measureReach` found. */
export interface ReachReport {
  readonly operations: ReadonlyArray<SpecOperation>;
  /** Per operation key: the exports that reached it, sorted. */
  readonly reachedBy: ReadonlyMap<string, ReadonlyArray<string>>;
  /** Per export: the operations of the spec it reached. */
  readonly operationsOf: ReadonlyMap<string, ReadonlyArray<string>>;
  readonly unreachable: ReadonlyArray<SpecOperation>;
  /** Scenarios that failed: export and message. */
  readonly failures: ReadonlyArray<{ export: string; message: string }>;
  /** Scenario names that are not exports of the SDK (or whose resource kind is not registered). */
  readonly notExported: ReadonlyArray<string>;
}

const ENV_KEYS = [
  "DNSIMPLE_TOKEN",
  "DNSIMPLE_ACCOUNT",
  "DNSIMPLE_BASE_URL",
  "DNSIMPLE_V1_EMAIL",
  "DNSIMPLE_V1_TOKEN",
  "DNSIMPLE_V1_BASE_URL",
  "DNSIMPLE_CREATE_JOURNAL_DIR",
  "DNSIMPLE_MAX_RETRIES",
] as const;

/**
 * Runs every scenario against a fresh emulator and reports which operations each export reached.
 *
 * @example
 * const report = await measureReach(readSpecOperations(specFile(root)));
 * console.log(report.unreachable.length);
 */
export async function measureReach(
  operations: ReadonlyArray<SpecOperation>,
  scenarios: ReadonlyArray<Scenario> = SCENARIOS,
): Promise<ReachReport> {
  const sdk = require("../../sdk/nodejs") as Record<string, any>;
  const emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    email: EMAIL,
    v1Token: V1_TOKEN,
    seed: {
      accounts: [{ id: 2, email: SECOND_EMAIL, token: TOKEN_2 }],
      contacts: [
        { account: 1, id: CONTACT, email: "owner@example.com" },
        { account: 2, id: CONTACT_2, email: "owner2@example.com" },
      ],
      domains: [
        {
          account: 1,
          name: D.registered,
          state: "registered",
          registrantId: CONTACT,
          expiresOn: "2030-01-01",
        },
        { account: 1, name: D.expired, state: "expired", registrantId: CONTACT, expiresOn: "2020-01-01" },
        { account: 1, name: D.hosted },
        { account: 1, name: D.push },
        { account: 1, name: D.push2 },
        { account: 1, name: D.push3 },
      ],
      oauthCodes: [
        {
          code: "reach-oauth-code",
          clientId: "reach-app",
          clientSecret: "reach-client-secret",
          redirectUri: "https://app.example.com/cb",
          state: "reach-state",
          accountId: 1,
        },
      ],
      registrar: { premium: { "cool-reach.io": "1200.00" } },
    },
  });
  const journal = mkdtempSync(path.join(tmpdir(), "reach-journal-"));
  const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  const settings = (token: string, account: number): Record<string, string> => ({
    "dnsimple:token": token,
    "dnsimple:account": String(account),
    "dnsimple:baseUrl": emulator.v2Url,
    "dnsimple:v1Email": EMAIL,
    "dnsimple:v1Token": V1_TOKEN,
    "dnsimple:maxRetries": "0",
    "dnsimple:progressInterval": "0",
    // The table names each export's own operations; the check of credentials, made once per
    // process by whichever resource comes first (framework/credentials.ts), is no export's.
    "dnsimple:verifyCredentials": "false",
  });
  // Providers read `configure`; functions read the environment (no stack config here).
  const useAccount = (account: 1 | 2) => {
    const s = settings(account === 1 ? TOKEN : TOKEN_2, account);
    configure({ get: (key) => s[key] });
    process.env["DNSIMPLE_TOKEN"] = s["dnsimple:token"];
    process.env["DNSIMPLE_ACCOUNT"] = s["dnsimple:account"];
  };
  Object.assign(process.env, {
    DNSIMPLE_BASE_URL: emulator.v2Url,
    DNSIMPLE_V1_EMAIL: EMAIL,
    DNSIMPLE_V1_TOKEN: V1_TOKEN,
    DNSIMPLE_V1_BASE_URL: emulator.v1Url,
    DNSIMPLE_CREATE_JOURNAL_DIR: journal,
  });
  useAccount(1);

  const api = createClient({
    token: TOKEN,
    baseUrl: emulator.v2Url,
    v1: { email: EMAIL, token: V1_TOKEN, baseUrl: emulator.v1Url },
    retry: { maxRetries: 0 },
  });
  const h: Harness = {
    emulator,
    api,
    sdk,
    account: 1,
    contactId: CONTACT,
    useAccount,
    async lifecycle(kind, inputs, options = {}) {
      const provider = providerFor(kind);
      const checked = await provider.check!({}, inputs);
      if (checked.failures?.length) throw new Error(`${kind}: ${JSON.stringify(checked.failures)}`);
      const created = await provider.create!(checked.inputs);
      let state: Props = created.outs;
      const read = await provider.read!(created.id, state);
      state = read.props ?? state;
      await provider.diff!(created.id, state, checked.inputs);
      if (options.update) {
        const next = await provider.check!(state, options.update);
        const diff = await provider.diff!(created.id, state, next.inputs);
        if (diff.changes && !(diff.replaces ?? []).length) {
          state = (await provider.update!(created.id, state, next.inputs)).outs ?? state;
        }
      }
      if (!options.keep) await provider.delete!(created.id, state);
      return created.outs;
    },
  };

  const seen = new Map<string, Set<string>>();
  let current: string | undefined;
  const stop = emulator.observe((x) => {
    if (current === undefined || x.route === undefined || x.status >= 400) return;
    const [method, route] = x.route.split(" ") as [string, string];
    const set = seen.get(current) ?? new Set<string>();
    set.add(operationKey(method, route));
    seen.set(current, set);
  });

  const failures: Array<{ export: string; message: string }> = [];
  const notExported: string[] = [];
  try {
    for (const scenario of scenarios) {
      const exported = sdk[scenario.export];
      const isClass = typeof exported === "function" && /^[A-Z]/.test(scenario.export);
      if (typeof exported !== "function" || (isClass && !resourceKinds.includes(scenario.export))) {
        notExported.push(scenario.export);
        continue;
      }
      forgetClaimsOfThisProcess();
      try {
        const given = (await scenario.setup?.(h)) ?? {};
        current = scenario.export;
        await scenario.exercise(h, given);
      } catch (error) {
        failures.push({
          export: scenario.export,
          message: error instanceof Error ? error.message : String(error),
        });
      } finally {
        current = undefined;
      }
    }
  } finally {
    stop();
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(journal, { recursive: true, force: true });
    await emulator.close();
  }

  const specKeys = new Set(operations.map((o) => o.key));
  const reachedBy = new Map<string, string[]>();
  const operationsOf = new Map<string, string[]>();
  for (const [exportName, keys] of seen) {
    const ofSpec = [...keys].filter((k) => specKeys.has(k)).sort();
    operationsOf.set(exportName, ofSpec);
    for (const key of ofSpec) reachedBy.set(key, [...(reachedBy.get(key) ?? []), exportName].sort());
  }
  return {
    operations,
    reachedBy,
    operationsOf,
    unreachable: operations.filter((o) => !reachedBy.has(o.key)),
    failures,
    notExported,
  };
}
