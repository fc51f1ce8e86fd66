/**
 * The safety scenarios of issue 11, shared by the end-to-end tests (ownership.test.ts,
 * outputs.test.ts) and bench/ownership.ts (which records the figures):
 *
 * - hand-made objects: an object identical to a declaration is made through the API before
 *   `up`; without `adopt` it is untouched by `up` and survives `destroy`, with `adopt` it is
 *   taken over and deleted by `destroy`;
 * - outputs: every kind declared with its required inputs only has every output its SDK class
 *   names.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { v2 } from "./extended-api";
import { collect, createE2eStack, type Declaration, REPO_ROOT } from "./harness";
import { inPool } from "./in-pool";

const DIGEST = "1f987cc6583e92df0890718c42fd5e2d7d56d1e1e2bcd1f3d8e3a6b4c3d2e1f0";
const PUBLIC_KEY = "AwEAAcMnWBKLuvG/LwnPVykcmpvnntwxfshHlHRhlY0F3oz8AMcuF8gw";

/** One kind's hand-made twin: how to make it through the API and how to find it again. */
interface HandMadeCase {
  kind: string;
  /** The program's declaration (without `adopt`). */
  declaration: Declaration;
  /** Makes the identical object through the API (a person at the web UI, another tool). */
  make(api: ReturnType<typeof v2>): Promise<void>;
  /** The ids of the objects of this kind in the service that look like the declaration. */
  find(api: ReturnType<typeof v2>): Promise<string[]>;
  /** The service refuses a second one: without adopt, `up` must fail with the adopt hint. */
  unique: boolean;
}

/**
 * Where the hand-made scenario runs (test/live/target.ts): the emulator, or an account of the
 * service in live mode. Every name is made with `named` (the run's prefix), so that the objects
 * of one run are told apart from everything else in the account, and swept after it.
 */
export interface HandMadeTarget {
  baseUrl: string;
  token: string;
  account: string;
  named(what: string): string;
}

/** The names of the scenario's objects, all carrying the run's prefix. */
function handMadeNames(named: (what: string) => string) {
  return {
    zone: named("handmade-e2e.com"),
    dnssecDomain: named("handmade-dnssec.com"),
    hook: `https://hooks.example.com/${named("handmade")}`,
    contactLabel: named("handmade"),
    primary: named("handmade-primary"),
    secondary: named("handmade-secondary.net"),
    domain: named("handmade-domain.com"),
  };
}

/** Every kind of the scenario, with its hand-made twin in `account`. */
export function handMadeCases(account: string, named: (what: string) => string): HandMadeCase[] {
  const { zone: ZONE, dnssecDomain, hook, contactLabel, primary, secondary, domain } = handMadeNames(named);
  const a = `/${account}`;
  return [
    {
      kind: "ZoneRecord",
      declaration: {
        type: "ZoneRecord",
        name: "www",
        args: { zoneName: ZONE, name: "www", type: "A", content: "192.0.2.10" },
      },
      make: async (api) => {
        await api("POST", `${a}/zones/${ZONE}/records`, { name: "www", type: "A", content: "192.0.2.10" });
      },
      find: async (api) =>
        (await api("GET", `${a}/zones/${ZONE}/records?name=www&type=A`)).body.data.map((r: any) =>
          String(r.id),
        ),
      unique: false,
    },
    {
      kind: "DsRecord",
      declaration: {
        type: "DsRecord",
        name: "ds",
        args: { domain: ZONE, algorithm: "13", digestType: "2", keytag: "2371", digest: DIGEST },
      },
      make: async (api) => {
        await api("POST", `${a}/domains/${ZONE}/ds_records`, {
          algorithm: "13",
          digest_type: "2",
          keytag: "2371",
          digest: DIGEST,
        });
      },
      find: async (api) =>
        (await api("GET", `${a}/domains/${ZONE}/ds_records`)).body.data
          .filter((r: any) => String(r.digest).toLowerCase() === DIGEST)
          .map((r: any) => String(r.id)),
      unique: false,
    },
    {
      kind: "Webhook",
      declaration: { type: "Webhook", name: "hook", args: { url: hook } },
      make: async (api) => {
        await api("POST", `${a}/webhooks`, { url: hook });
      },
      find: async (api) =>
        (await api("GET", `${a}/webhooks`)).body.data
          .filter((w: any) => w.url === hook)
          .map((w: any) => String(w.id)),
      unique: false,
    },
    {
      kind: "Contact",
      declaration: {
        type: "Contact",
        name: "contact",
        args: {
          label: contactLabel,
          firstName: "Hand",
          lastName: "Made",
          email: "hand@example.org",
          phone: "+1.5555550100",
          address1: "1 Main St",
          city: "Springfield",
          stateProvince: "IL",
          postalCode: "62701",
          country: "US",
        },
      },
      make: async (api) => {
        await api("POST", `${a}/contacts`, {
          label: contactLabel,
          first_name: "Hand",
          last_name: "Made",
          email: "hand@example.org",
          phone: "+1.5555550100",
          address1: "1 Main St",
          city: "Springfield",
          state_province: "IL",
          postal_code: "62701",
          country: "US",
        });
      },
      find: async (api) =>
        (await api("GET", `${a}/contacts?sort=id:desc&per_page=100`)).body.data
          .filter((c: any) => c.label === contactLabel)
          .map((c: any) => String(c.id)),
      unique: false,
    },
    {
      kind: "EmailForward",
      declaration: {
        type: "EmailForward",
        name: "forward",
        args: { domain: ZONE, aliasName: "sales", destinationEmail: "team@example.org" },
      },
      make: async (api) => {
        await api("POST", `${a}/domains/${ZONE}/email_forwards`, {
          alias_name: "sales",
          destination_email: "team@example.org",
        });
      },
      find: async (api) =>
        (await api("GET", `${a}/domains/${ZONE}/email_forwards`)).body.data
          .filter((f: any) => f.alias_email.startsWith("sales@"))
          .map((f: any) => String(f.id)),
      unique: true,
    },
    {
      kind: "PrimaryServer",
      declaration: {
        type: "PrimaryServer",
        name: "primary",
        args: { name: primary, ip: "192.0.2.77" },
      },
      make: async (api) => {
        await api("POST", `${a}/secondary_dns/primaries`, {
          name: primary,
          ip: "192.0.2.77",
          port: 53,
        });
      },
      find: async (api) =>
        (await api("GET", `${a}/secondary_dns/primaries?per_page=100`)).body.data
          .filter((p: any) => p.name === primary)
          .map((p: any) => String(p.id)),
      unique: true,
    },
    {
      kind: "SecondaryZone",
      declaration: { type: "SecondaryZone", name: "secondary", args: { name: secondary } },
      make: async (api) => {
        await api("POST", `${a}/secondary_dns/zones`, { name: secondary });
      },
      find: async (api) => {
        const zone = await api("GET", `${a}/zones/${secondary}`);
        return zone.status === 200 ? [String(zone.body.data.id)] : [];
      },
      unique: true,
    },
    {
      kind: "Domain",
      declaration: { type: "Domain", name: "domain", args: { name: domain } },
      make: async (api) => {
        await api("POST", `${a}/domains`, { name: domain });
      },
      find: async (api) => {
        const answer = await api("GET", `${a}/domains/${domain}`);
        return answer.status === 200 ? [String(answer.body.data.id)] : [];
      },
      unique: true,
    },
    {
      kind: "Dnssec",
      declaration: { type: "Dnssec", name: "dnssec", args: { domain: dnssecDomain } },
      make: async (api) => {
        await api("POST", `${a}/domains/${dnssecDomain}/dnssec`);
      },
      find: async (api) => {
        const status = await api("GET", `${a}/domains/${dnssecDomain}/dnssec`);
        return status.status === 200 && status.body.data.enabled ? [dnssecDomain] : [];
      },
      unique: true,
    },
  ];
}

export interface HandMadeOutcome {
  kind: string;
  unique: boolean;
  /** Without adopt. */
  before: string[];
  afterUp: string[];
  upFailedWithAdoptHint: boolean;
  /** The program's own object (kinds the service lets exist twice), else undefined. */
  ownId: string | undefined;
  afterDestroy: string[];
  /** With adopt. */
  adoptedId: string | undefined;
  afterAdoptDestroy: string[];
}

function stateIds(exported: string): Map<string, string> {
  const deployment = JSON.parse(exported).deployment;
  const ids = new Map<string, string>();
  for (const r of deployment.resources ?? []) {
    if (typeof r.urn === "string" && r.id) ids.set(r.urn.split("::").pop() as string, String(r.id));
  }
  return ids;
}

/**
 * Deletes, best effort, what the scenario leaves on purpose (the hand-made objects a stack without
 * adopt must not delete) and its two domains (their records, forwards and DS records go with
 * them). Ids are read from the prefixed names: nothing else of the account is touched.
 */
async function removeHandMade(
  api: ReturnType<typeof v2>,
  account: string,
  names: ReturnType<typeof handMadeNames>,
): Promise<void> {
  const a = `/${account}`;
  const hooks = (await api("GET", `${a}/webhooks`)).body?.data ?? [];
  for (const h of hooks) if (h.url === names.hook) await api("DELETE", `${a}/webhooks/${h.id}`);
  const contacts = (await api("GET", `${a}/contacts?sort=id:desc&per_page=100`)).body?.data ?? [];
  for (const c of contacts) if (c.label === names.contactLabel) await api("DELETE", `${a}/contacts/${c.id}`);
  const primaries = (await api("GET", `${a}/secondary_dns/primaries?per_page=100`)).body?.data ?? [];
  for (const p of primaries)
    if (p.name === names.primary) await api("DELETE", `${a}/secondary_dns/primaries/${p.id}`);
  for (const domain of [names.secondary, names.domain, names.dnssecDomain, names.zone])
    await api("DELETE", `${a}/domains/${domain}`);
}

/** Cases run side by side: each waits on the engine most of the time. */
const CASES_AT_A_TIME = 3;

/**
 * Runs the hand-made scenario for every case against `target`: one stack per case and mode (so a
 * refused create of one kind does not stop the others), a few cases at a time. Only the public
 * API is used, so it runs against the service as well (live mode). What the scenario made by hand
 * and what survived on purpose is deleted at the end (what a killed run leaves, the sweeper
 * finds by the prefix).
 */
export async function runHandMadeScenario(
  target: HandMadeTarget,
  log: (line: string) => void = () => undefined,
): Promise<{
  outcomes: HandMadeOutcome[];
  takenOver: number;
  deleted: number;
}> {
  const { baseUrl, token, account } = target;
  const api = v2(baseUrl, token);
  const names = handMadeNames(target.named);
  const outcomes: HandMadeOutcome[] = [];
  try {
    for (const name of [names.zone, names.dnssecDomain]) {
      const made = await api("POST", `/${account}/domains`, { name });
      if (made.status !== 201) throw new Error(`could not make domain ${name}: ${made.status}`);
    }
    // The cases touch objects of different kinds (each finds only its own): a few at a time.
    await inPool(handMadeCases(account, target.named), CASES_AT_A_TIME, async (c, index) => {
      await c.make(api);
      const before = await c.find(api);
      // Without adopt: the program's own object, or the adopt hint; destroy leaves the hand-made one.
      const plain = await createE2eStack({ baseUrl, token, account });
      let upFailedWithAdoptHint = false;
      let ownId: string | undefined;
      let afterUp: string[] = [];
      let afterDestroy: string[] = [];
      try {
        await plain.declare([c.declaration]);
        try {
          await plain.stack.up(collect(plain));
          ownId = stateIds(await plain.exportState()).get(c.declaration.name);
        } catch (error) {
          upFailedWithAdoptHint = /set `adopt: true`/.test(String((error as Error).message));
        }
        afterUp = await c.find(api);
        await plain.stack.destroy(collect(plain));
        afterDestroy = await c.find(api);
      } finally {
        await plain.cleanup();
      }
      // With adopt: taken over, and deleted by destroy.
      const adopting = await createE2eStack({ baseUrl, token, account });
      let adoptedId: string | undefined;
      let afterAdoptDestroy: string[] = [];
      try {
        await adopting.declare([{ ...c.declaration, args: { ...c.declaration.args, adopt: true } }]);
        await adopting.stack.up(collect(adopting));
        adoptedId = stateIds(await adopting.exportState()).get(c.declaration.name);
        await adopting.stack.destroy(collect(adopting));
        afterAdoptDestroy = await c.find(api);
      } finally {
        await adopting.cleanup();
      }
      const outcome = {
        kind: c.kind,
        unique: c.unique,
        before,
        afterUp,
        upFailedWithAdoptHint,
        ownId,
        afterDestroy,
        adoptedId,
        afterAdoptDestroy,
      };
      log(JSON.stringify(outcome));
      outcomes[index] = outcome;
    });
  } finally {
    await removeHandMade(api, account, names);
  }
  // Taken over: the program's object is the hand-made one; deleted: the hand-made one is gone
  // after the destroy of a stack that did not adopt it.
  const takenOver = outcomes.filter((o) => o.ownId !== undefined && o.before.includes(o.ownId)).length;
  const deleted = outcomes.filter((o) => o.before.some((id) => !o.afterDestroy.includes(id))).length;
  return { outcomes, takenOver, deleted };
}

/** Every resource class of the SDK and the properties it declares (`declare readonly`). */
export function sdkDeclaredProperties(): Map<string, string[]> {
  // Every class with its base and own declared properties; a base class's properties count too.
  const found = new Map<string, { exported: boolean; base: string; own: string[] }>();
  // Hand-written classes (compat) and the generated ones in sdk/resources.
  const dirs = [path.join(REPO_ROOT, "sdk"), path.join(REPO_ROOT, "sdk", "resources")];
  const files = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .map((f) => path.join(dir, f)),
  );
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const pattern =
      /(export )?(?:abstract )?class (\w+) extends ([\w.]+) \{([\s\S]*?)(?:constructor\(|\n\})/g;
    for (const match of source.matchAll(pattern)) {
      found.set(match[2] as string, {
        exported: match[1] !== undefined,
        base: match[3] as string,
        own: [...(match[4] as string).matchAll(/declare readonly (\w+)/g)].map((m) => m[1] as string),
      });
    }
  }
  const resolve = (name: string): string[] | undefined => {
    const c = found.get(name);
    if (!c) return undefined;
    if (c.base === "KindResource") return c.own;
    const inherited = resolve(c.base);
    return inherited && [...inherited, ...c.own];
  };
  const classes = new Map<string, string[]>();
  for (const [name, c] of found) {
    const props = c.exported ? resolve(name) : undefined;
    if (props) classes.set(name, props);
  }
  return classes;
}

const V1_EMAIL = "dev@example.com";
const V1_TOKEN = "dev-v1-token";
const REGISTERED = "outputs-v1.com";
/** Registered domains the one-shot actions act on (renewals, token reset; a transfer out). */
const ACTIONS_DOMAIN = "outputs-actions.com";
const LEAVING = "outputs-leaving.com";
const EXPIRED = "outputs-expired.com";

/** Every kind with its required inputs only (and what it needs to exist: a domain, a contact). */
function requiredOnlyProgram(domainResource: string): Declaration[] {
  const zone = { $ref: "domain.name" };
  return [
    { type: "Domain", name: "domain", args: { name: "outputs-e2e.com" } },
    { type: "ZoneRecord", name: "record", args: { zoneName: zone, type: "A", content: "192.0.2.1" } },
    {
      type: "ZoneRecords",
      name: "recordSet",
      args: { zoneName: zone, records: [{ name: "mail", type: "TXT", content: "v=spf1 -all" }] },
    },
    { type: "DsRecord", name: "ds", args: { domain: zone, algorithm: "13", publicKey: PUBLIC_KEY } },
    {
      type: "EmailForward",
      name: "forward",
      args: { domain: zone, aliasName: "info", destinationEmail: "team@example.org" },
    },
    { type: "Webhook", name: "hook", args: { url: "https://hooks.example.com/outputs" } },
    { type: "Zone", name: "zone", args: { name: zone } },
    { type: "SecondaryZone", name: "secondary", args: { name: "outputs-secondary.net" } },
    { type: "PrimaryServer", name: "primary", args: { name: "outputs-primary", ip: "192.0.2.2" } },
    {
      type: "Contact",
      name: "contact",
      args: {
        firstName: "Out",
        lastName: "Puts",
        email: "out@example.org",
        phone: "+1.5555550100",
        address1: "1 Main St",
        city: "Springfield",
        stateProvince: "IL",
        postalCode: "62701",
        country: "US",
      },
    },
    { type: "Dnssec", name: "dnssec", args: { domain: zone } },
    {
      type: "DomainRegistration",
      name: "registration",
      args: { domain: "outputs-reg.com", registrantId: 10 },
    },
    {
      type: "DomainTransfer",
      name: "transfer",
      args: {
        domain: "outputs-xfer.com",
        registrantId: { $ref: "contact.contactId" },
        authCode: "xfer-code-1",
      },
    },
    { type: "LetsEncryptCertificate", name: "certificate", args: { domain: zone, name: "www" } },
    { type: "Domain", name: "pushed", args: { name: "outputs-push.com" } },
    {
      type: "DomainPush",
      name: "push",
      args: { domain: { $ref: "pushed.name" }, targetAccount: "target@example.org" },
    },
    {
      type: "DomainPushAnswer",
      name: "answer",
      args: { account: 2, pushId: { $ref: "push.pushId" }, contactId: 20 },
    },
    { type: "PlatformMessage", name: "message", args: { resource: domainResource, title: "Hello" } },
    {
      type: "PlatformMetadata",
      name: "metadata",
      args: { resource: domainResource, key: "team", value: "dns" },
    },
    {
      type: "NameServerDelegation",
      name: "delegation",
      args: { domain: REGISTERED, nameServers: ["ns1.example.net", "ns2.example.net"] },
    },
    {
      type: "DomainDelegation",
      name: "v2Delegation",
      args: { domain: ACTIONS_DOMAIN, nameServers: ["ns1.example.net", "ns2.example.net"] },
    },
    { type: "Template", name: "template", args: { name: "Mail", shortName: "outputs-mail" } },
    {
      type: "RegistryNameServer",
      name: "glue",
      args: { domain: REGISTERED, name: `ns1.${REGISTERED}`, ip: "192.0.2.53" },
    },
    // One-shot actions and the v1 hosted domain.
    { type: "DomainRenewal", name: "renewal", args: { domain: ACTIONS_DOMAIN } },
    { type: "DomainRestore", name: "restore", args: { domain: EXPIRED } },
    { type: "DomainTransferOutAuthorization", name: "authorizeOut", args: { domain: ACTIONS_DOMAIN } },
    {
      type: "LetsEncryptCertificateRenewal",
      name: "certificateRenewal",
      args: { domain: zone, certificateId: { $ref: "certificate.certificateId" } },
    },
    {
      type: "OAuthAccessToken",
      name: "oauth",
      args: {
        clientId: "outputs-app",
        clientSecret: "outputs-client-secret",
        code: "outputs-code",
        redirectUri: "https://app.example.org/cb",
        state: "outputs-state",
      },
    },
    { type: "LegacyDomain", name: "legacyDomain", args: { name: "outputs-legacy.com" } },
    {
      type: "LegacyDomainRegistration",
      name: "legacyRegistration",
      args: { domain: "outputs-v1reg.com", registrantId: "10" },
    },
    {
      type: "LegacyDomainTransfer",
      name: "legacyTransfer",
      // The service asks for the auth code of this TLD.
      args: { domain: "outputs-v1xfer.com", registrantId: "10", authCode: "xfer-code-2" },
    },
    { type: "LegacyDomainRenewal", name: "legacyRenewal", args: { domain: ACTIONS_DOMAIN } },
    { type: "LegacyDomainTransferOut", name: "legacyTransferOut", args: { domain: LEAVING } },
    { type: "LegacyDomainTokenReset", name: "legacyTokenReset", args: { domain: ACTIONS_DOMAIN } },
    {
      type: "LegacyCertificatePurchase",
      name: "legacyPurchase",
      args: { domain: zone, name: "www", contactId: "10" },
    },
    {
      type: "LegacyCertificateConfiguration",
      name: "legacyConfiguration",
      args: { domain: zone, certificateId: { $ref: "legacyPurchase.certificateId" } },
    },
    {
      type: "LegacyCertificatePurchase",
      name: "legacyPurchaseToSubmit",
      args: { domain: zone, name: "submit", contactId: "10" },
    },
    {
      type: "LegacyCertificateConfiguration",
      name: "legacyConfigurationToSubmit",
      args: { domain: zone, certificateId: { $ref: "legacyPurchaseToSubmit.certificateId" } },
    },
    {
      type: "LegacyCertificateSubmission",
      name: "legacySubmission",
      args: {
        domain: zone,
        certificateId: { $ref: "legacyPurchaseToSubmit.certificateId" },
        approverEmail: "admin@outputs-e2e.com",
      },
      options: { dependsOn: ["legacyConfigurationToSubmit"] },
    },
    {
      type: "LegacySubscription",
      name: "legacySubscription",
      args: {
        plan: "Silver",
        creditCard: {
          number: "4111111111111111",
          firstName: "Out",
          lastName: "Puts",
          billingAddress: "1 Main St",
          billingZip: "62701",
          month: "12",
          year: "2030",
          cvv: "123",
        },
      },
    },
    {
      type: "LegacyUser",
      name: "legacyUser",
      args: { email: "new-user@example.org", password: "outputs-pw-1" },
    },
  ];
}

export interface OutputsOutcome {
  /** By kind: the declared outputs that are missing from the resource's state after `up`. */
  missing: Record<string, string[]>;
  kindsChecked: number;
  outputsChecked: number;
}

/** `up` of every kind with required inputs only; the outputs each resource has in state. */
export async function runOutputsScenario(): Promise<OutputsOutcome> {
  const token = "e2e-outputs-token-81d0";
  const emulator: RunningEmulator = await startEmulator({
    port: 0,
    token: "unused-account-token",
    accountId: 1,
    seed: {
      accounts: [{ id: 2, email: "target@example.org" }],
      users: [{ email: "ops@example.org", password: "pw", accounts: [1, 2], token }],
      // The registrant of the orders: a contact that is a registrant cannot be deleted by destroy.
      contacts: [
        { account: 1, id: 10, firstName: "Reg", lastName: "Owner", email: "owner@example.org" },
        { account: 2, id: 20, firstName: "New", lastName: "Owner", email: "new@example.org" },
      ],
      domains: [
        { account: 1, name: REGISTERED, state: "registered", registrantId: 20, expiresOn: "2030-01-01" },
        { account: 1, name: ACTIONS_DOMAIN, state: "registered", registrantId: 10, expiresOn: "2030-01-01" },
        { account: 1, name: LEAVING, state: "registered", registrantId: 10, expiresOn: "2030-01-01" },
        { account: 1, name: EXPIRED, state: "expired", registrantId: 10, expiresOn: "2020-01-01" },
      ],
      oauthCodes: [
        {
          code: "outputs-code",
          clientId: "outputs-app",
          clientSecret: "outputs-client-secret",
          redirectUri: "https://app.example.org/cb",
          state: "outputs-state",
          accountId: 1,
        },
      ],
    } as never,
  });
  const api = v2(emulator.v2Url, token);
  const e2e = await createE2eStack({
    baseUrl: emulator.v2Url,
    token,
    account: 1,
    env: { DNSIMPLE_V1_EMAIL: V1_EMAIL, DNSIMPLE_V1_TOKEN: V1_TOKEN },
  });
  try {
    const domainResource = `domain:${(await api("GET", `/1/domains/${REGISTERED}`)).body.data.id}`;
    const program = requiredOnlyProgram(domainResource);
    await e2e.declare(program);
    await e2e.stack.up(collect(e2e));
    const resources = JSON.parse(await e2e.exportState()).deployment.resources as Array<{
      urn: string;
      type: string;
      outputs?: Record<string, unknown>;
    }>;
    const declared = sdkDeclaredProperties();
    const missing: Record<string, string[]> = {};
    let outputsChecked = 0;
    for (const { type } of program) {
      const resource = resources.find((r) => r.type.endsWith(`:${type}`));
      const names = declared.get(type) ?? [];
      outputsChecked += names.length;
      const outputs = resource?.outputs ?? {};
      const absent = names.filter((name) => outputs[name] === undefined);
      if (!resource) absent.unshift("(resource missing)");
      if (absent.length > 0) missing[type] = absent;
    }
    // Not what is measured here (and the emulator goes away with the run).
    await e2e.stack.destroy(collect(e2e)).catch(() => undefined);
    return { missing, kindsChecked: new Set(program.map((d) => d.type)).size, outputsChecked };
  } finally {
    await e2e.cleanup();
    await emulator.close();
  }
}
