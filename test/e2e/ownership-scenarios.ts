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
import { z } from "zod";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createClient } from "../../provider/client";
import { allDefinitions } from "../../provider/kinds";
import type { ResourceDefinition } from "../../provider/framework/definition";
import { refusesDuplicate } from "../../provider/framework/ownership";
import type { ResourceContext, State } from "../../provider/framework/definition";
import { kebab } from "../../sdk/nodejs/common";
import { v2 } from "./extended-api";
import { collect, createE2eStack, type Declaration, REPO_ROOT } from "./harness";
import { inPool } from "./in-pool";

const PUBLIC_KEY = "AwEAAcMnWBKLuvG/LwnPVykcmpvnntwxfshHlHRhlY0F3oz8AMcuF8gw";

/**
 * The kinds a person makes by hand in the scenario: every adoptable kind an account holds without
 * an order or the v1 API (registrations, transfers and certificates are orders; they cost money
 * at the service).
 */
const HAND_MADE_KINDS = [
  "ZoneRecord",
  "DsRecord",
  "Webhook",
  "Contact",
  "EmailForward",
  "PrimaryServer",
  "SecondaryZone",
  "Domain",
  "Dnssec",
];

/** One kind's hand-made twin, made from its definition: made through the API, found by its identity. */
interface HandMadeCase {
  kind: string;
  /** The program's declaration (without `adopt`). */
  declaration: Declaration;
  /** The domain the twin lives in, made before it (for kinds whose zone is not their own name). */
  parent: string | undefined;
  /** Makes the identical object through the API (a person at the web UI, another tool). */
  make(ctx: ResourceContext): Promise<void>;
  /** The ids of the objects of this kind in the service that match the declaration's identity. */
  find(ctx: ResourceContext): Promise<string[]>;
  /** Deletes one of them (the scenario's cleanup). */
  remove(ctx: ResourceContext, id: string): Promise<void>;
  /** The service keeps it unique: without adopt, `up` must fail with the adopt hint. */
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

/**
 * A kind's twin from its definition: the valid example (`examples.valid`) cut to its identity and
 * what a create needs (required inputs and those that replace: a person need not set the rest),
 * with the example's domain (`example.com`) replaced by one of the run's own; made with the
 * definition's `create` and found with its `findMatching`, as the provider finds a look-alike.
 */
function handMadeCase(named: (what: string) => string, definition: ResourceDefinition): HandMadeCase {
  const { kind, schema } = definition;
  const domain = named(`handmade-${kebab(kind)}.com`);
  const args = Object.fromEntries(
    Object.entries(schema!.examples.valid)
      .filter(
        ([field]) =>
          !definition.inputs[field]!.safeParse(undefined).success ||
          definition.replaceOnChange.includes(field),
      )
      .map(([field, value]) => [
        field,
        typeof value === "string" ? value.replace("example.com", domain) : value,
      ]),
  );
  const inputs = z.object(definition.inputs).parse(args) as State;
  const zoneField = schema!.review.zone;
  return {
    kind,
    declaration: { type: kind, name: "twin", args },
    parent: zoneField !== undefined && zoneField !== "name" ? domain : undefined,
    make: async (ctx) => {
      await definition.create(ctx, inputs, { since: new Date() });
    },
    find: async (ctx) => (await definition.findMatching!(ctx, inputs)).map((found) => found.id),
    remove: (ctx, id) => definition.delete(ctx, id, inputs),
    unique: refusesDuplicate(definition, inputs),
  };
}

/** Every kind of the scenario, with its hand-made twin, named with the run's prefix. */
export function handMadeCases(named: (what: string) => string): HandMadeCase[] {
  return allDefinitions()
    .filter((definition) => HAND_MADE_KINDS.includes(definition.kind))
    .map((definition) => handMadeCase(named, definition));
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
 * adopt must not delete) and the twins' domains (their records, forwards and DS records go with
 * them). Only what matches a twin's prefixed identity is touched.
 */
async function removeHandMade(
  cases: HandMadeCase[],
  ctx: ResourceContext,
  api: ReturnType<typeof v2>,
): Promise<void> {
  for (const c of cases) {
    for (const id of await c.find(ctx).catch(() => [])) await c.remove(ctx, id).catch(() => undefined);
    if (c.parent) await api("DELETE", `/${ctx.account}/domains/${c.parent}`);
  }
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
  const cases = handMadeCases(target.named);
  const ctx: ResourceContext = { client: createClient({ token, baseUrl }), account };
  const outcomes: HandMadeOutcome[] = [];
  try {
    for (const name of cases.flatMap((c) => c.parent ?? [])) {
      const made = await api("POST", `/${account}/domains`, { name });
      if (made.status !== 201) throw new Error(`could not make domain ${name}: ${made.status}`);
    }
    // The cases touch objects of different kinds (each finds only its own): a few at a time.
    await inPool(cases, CASES_AT_A_TIME, async (c, index) => {
      await c.make(ctx);
      const before = await c.find(ctx);
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
        afterUp = await c.find(ctx);
        await plain.stack.destroy(collect(plain));
        afterDestroy = await c.find(ctx);
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
        afterAdoptDestroy = await c.find(ctx);
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
    await removeHandMade(cases, ctx, api);
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
  // Hand-written classes (compat) and the generated ones in sdk/nodejs/resources.
  const dirs = [path.join(REPO_ROOT, "sdk", "nodejs"), path.join(REPO_ROOT, "sdk", "nodejs", "resources")];
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
