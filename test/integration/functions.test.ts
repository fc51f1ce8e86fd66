/**
 * The SDK's functions against the emulator over real HTTP, with settings from the environment as
 * a program would have them.
 */
import { request } from "undici";
import { startEmulator, type RunningEmulator } from "../../emulator";
import {
  checkDomain,
  getCertificate,
  getCertificateBundle,
  getDomain,
  getDsRecord,
  getEmailForward,
  getPrimaryServer,
  getWebhook,
  infoOf,
  listDomains,
  listDsRecords,
  listEmailForwards,
  listPlatformMessages,
  listPlatformMetadata,
  listPrimaryServers,
  listWebhooks,
  getPremiumPrice,
  getPrices,
  getResearchStatus,
  getLegacyCertificate,
  getLegacyDomain,
  getLegacyService,
  listAccounts,
  listCertificates,
  listCharges,
  listLegacyCertificates,
  listLegacyDomains,
  listLegacyServices,
  listPushes,
  whoami,
} from "../../sdk/nodejs/functions";
import { createClient } from "../../provider/client";
import { CONTACT } from "../emulator/fixtures";

const TOKEN = "functions-token-6d0f";
let emulator: RunningEmulator;
const saved = { ...process.env };

async function v2(method: "GET" | "POST", path: string, body?: unknown): Promise<any> {
  const response = await request(`${emulator.v2Url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return JSON.parse(await response.body.text());
}

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    seed: {
      registrar: { taken: ["taken-fn.com"], premium: { "cool-fn.io": "1200.00" } },
      charges: [
        { account: 1, invoicedAt: new Date().toISOString().replace(/\.\d+Z$/, "Z"), totalAmount: "14.50" },
      ],
    } as never,
  });
  process.env.DNSIMPLE_TOKEN = TOKEN;
  process.env.DNSIMPLE_ACCOUNT = "1";
  process.env.DNSIMPLE_BASE_URL = emulator.v2Url;
});

afterAll(async () => {
  process.env = saved;
  await emulator?.close();
});

describe("functions", () => {
  it("whoami names the account of an account token", async () => {
    const me = await whoami();
    expect(me.user).toBeNull();
    expect(me.account).toMatchObject({
      id: 1,
      email: expect.any(String),
      planIdentifier: expect.any(String),
    });
  });

  it("listAccounts lists the accounts with camelCase fields", async () => {
    const accounts = await listAccounts();
    expect(accounts.map((a) => a.id)).toEqual([1]);
    expect(accounts[0]).not.toHaveProperty("plan_identifier");
  });

  it("checkDomain: available, taken, premium", async () => {
    expect(await checkDomain("free-fn.com")).toEqual({
      domain: "free-fn.com",
      available: true,
      premium: false,
    });
    expect((await checkDomain("taken-fn.com")).available).toBe(false);
    expect((await checkDomain("cool-fn.io")).premium).toBe(true);
  });

  it("getPrices gives numbers, premium included", async () => {
    const prices = await getPrices("cool-fn.io");
    expect(prices).toMatchObject({ domain: "cool-fn.io", premium: true, registrationPrice: 1200 });
    expect((await getPrices("plain-fn.com")).registrationPrice).toBeGreaterThan(0);
  });

  it("the deprecated getPremiumPrice still works", async () => {
    expect(await getPremiumPrice("cool-fn.io")).toEqual({ premiumPrice: "1200.00", action: "registration" });
  });

  it("getResearchStatus answers for a name", async () => {
    const status = await getResearchStatus("research-fn.com");
    expect(status).toMatchObject({ domain: "research-fn.com", availability: expect.any(String), errors: [] });
  });

  it("getCertificateBundle returns the PEMs of an issued certificate", async () => {
    await v2("POST", "/1/domains", { name: "cert-fn.com" });
    const order = (await v2("POST", "/1/domains/cert-fn.com/certificates/letsencrypt", {})).data;
    await v2("POST", `/1/domains/cert-fn.com/certificates/letsencrypt/${order.id}/issue`);
    for (let i = 0; i < 50; i++) {
      const cert = (await v2("GET", `/1/domains/cert-fn.com/certificates/${order.certificate_id}`)).data;
      if (cert.state === "issued") break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const bundle = await getCertificateBundle("cert-fn.com", order.certificate_id);
    expect(bundle.server).toContain("BEGIN CERTIFICATE");
    expect(bundle.chain.length).toBeGreaterThan(0);
  });

  it("listCharges returns every charge of the window", async () => {
    const charges = await listCharges();
    expect(charges.length).toBeGreaterThanOrEqual(1);
    expect(charges[0]).toMatchObject({ totalAmount: expect.any(String), items: expect.any(Array) });
  });

  it("the account option overrides the setting; errors never carry the token", async () => {
    const error = await checkDomain("x-fn.com", { account: 999 }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).not.toContain(TOKEN);
  });

  it("names the setting when the token is missing", async () => {
    delete process.env.DNSIMPLE_TOKEN;
    try {
      await expect(whoami()).rejects.toThrow(/dnsimple:token.*DNSIMPLE_TOKEN/);
    } finally {
      process.env.DNSIMPLE_TOKEN = TOKEN;
    }
  });
});

describe("functions of the client's other objects answer the fields they list, camelCase", () => {
  const DOMAIN = "fields-fn.com";
  const legacy = () =>
    createClient({
      token: TOKEN,
      baseUrl: emulator.v2Url,
      v1: { email: emulator.email, token: emulator.v1Token, baseUrl: emulator.v1Url },
    }).v1;

  beforeAll(() => {
    process.env.DNSIMPLE_V1_EMAIL = emulator.email;
    process.env.DNSIMPLE_V1_TOKEN = emulator.v1Token;
    process.env.DNSIMPLE_V1_BASE_URL = emulator.v1Url;
  });

  it("listCertificates and getCertificate: a domain's certificates, never a private key", async () => {
    await v2("POST", "/1/domains", { name: DOMAIN });
    const order = (await v2("POST", `/1/domains/${DOMAIN}/certificates/letsencrypt`, { name: "www" })).data;
    const listed = await listCertificates(DOMAIN);
    expect(listed).toEqual([
      expect.objectContaining({ id: order.certificate_id, commonName: `www.${DOMAIN}`, autoRenew: false }),
    ]);
    expect(Object.keys(listed[0]!)).not.toContain("privateKey");
    expect(await getCertificate(DOMAIN, order.certificate_id)).toEqual(listed[0]);
  });

  it("listPushes: the pushes waiting for this account (none here)", async () => {
    await expect(listPushes()).resolves.toEqual([]);
  });

  it("listLegacyDomains and getLegacyDomain: the v1 domains, never their token", async () => {
    const made = await legacy().createDomain({ name: "legacy-fn.com" });
    const listed = (await listLegacyDomains()).find((d) => d.name === "legacy-fn.com");
    expect(listed).toMatchObject({ id: made.id, unicodeName: "legacy-fn.com" });
    expect(Object.keys(listed!)).not.toContain("token");
    expect(await getLegacyDomain("legacy-fn.com")).toEqual(listed);
  });

  it("listLegacyServices and getLegacyService: the one-click services", async () => {
    const services = await listLegacyServices();
    expect(services.length).toBeGreaterThan(0);
    expect(services[0]).toMatchObject({ id: expect.any(Number), shortName: expect.any(String) });
    expect(await getLegacyService(services[0]!.id)).toEqual(services[0]);
  });

  it("listLegacyCertificates and getLegacyCertificate: a v1 domain's certificates, never a private key", async () => {
    const v1 = legacy();
    await v1.createDomain({ name: "legacy-cert-fn.com" });
    const contact = (await v2("POST", "/1/contacts", CONTACT)).data;
    const cert = await v1.purchaseCertificate("legacy-cert-fn.com", { name: "www", contact_id: contact.id });
    const listed = await listLegacyCertificates("legacy-cert-fn.com");
    expect(listed).toEqual([
      expect.objectContaining({ id: cert.id, state: "purchased", contactId: contact.id }),
    ]);
    expect(Object.keys(listed[0]!)).not.toContain("privateKey");
    expect(await getLegacyCertificate("legacy-cert-fn.com", cert.id)).toEqual(listed[0]);
  });
});

describe("functions of a kind return the object as its resource shows it (`<Kind>Info`)", () => {
  const DOMAIN = "info-fn.com";
  beforeAll(async () => {
    await v2("POST", "/1/domains", { name: DOMAIN });
  });

  it("getDomain and listDomains: the Domain's outputs and its name", async () => {
    const domain = await getDomain(DOMAIN);
    expect(domain).toEqual({
      name: DOMAIN,
      domainId: expect.any(Number),
      registrantId: null,
      unicodeName: DOMAIN,
      state: "hosted",
      autoRenew: false,
      privateWhois: false,
      trustee: false,
      expiresAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await listDomains({ nameLike: "info-fn" })).toEqual([domain]);
  });

  it("getEmailForward and listEmailForwards: the EmailForward's outputs, the alias's local part included", async () => {
    const created = await v2("POST", `/1/domains/${DOMAIN}/email_forwards`, {
      alias_name: "sales",
      destination_email: "team@example.org",
    });
    const forward = await getEmailForward(DOMAIN, created.data.id);
    expect(forward).toEqual({
      emailForwardId: created.data.id,
      domainId: created.data.domain_id,
      aliasName: "sales",
      aliasEmail: `sales@${DOMAIN}`,
      destinationEmail: "team@example.org",
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await listEmailForwards(DOMAIN)).toEqual([forward]);
  });

  it("getDsRecord and listDsRecords: the DsRecord's outputs", async () => {
    const created = await v2("POST", `/1/domains/${DOMAIN}/ds_records`, {
      algorithm: "8",
      digest: "cd".repeat(32),
      digest_type: "2",
      keytag: "4343",
    });
    const record = await getDsRecord(DOMAIN, created.data.id);
    expect(record).toMatchObject({
      dsRecordId: created.data.id,
      algorithm: "8",
      digestType: "2",
      keytag: "4343",
    });
    expect(record).not.toHaveProperty("id");
    expect(await listDsRecords(DOMAIN)).toEqual([record]);
  });

  it("getPrimaryServer and listPrimaryServers: the PrimaryServer's outputs, linked zones sorted", async () => {
    const created = await v2("POST", "/1/secondary_dns/primaries", {
      name: "ns1.info-fn.net",
      ip: "192.0.2.53",
    });
    const server = await getPrimaryServer(created.data.id);
    expect(server).toEqual({
      primaryServerId: created.data.id,
      name: "ns1.info-fn.net",
      ip: "192.0.2.53",
      port: 53,
      linkedZones: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await listPrimaryServers()).toContainEqual(server);
  });

  it("getWebhook and listWebhooks: the Webhook's outputs and its url", async () => {
    const created = await v2("POST", "/1/webhooks", { url: "https://hooks.example.com/info-fn" });
    const hook = await getWebhook(created.data.id);
    expect(hook).toEqual({
      url: "https://hooks.example.com/info-fn",
      webhookId: created.data.id,
      suppressedAt: null,
    });
    expect(await listWebhooks()).toContainEqual(hook);
  });

  it("listPlatformMessages and listPlatformMetadata: the PlatformMessage's and PlatformMetadata's outputs", async () => {
    const domain = await getDomain(DOMAIN);
    const resource = `domain:${domain.domainId}`;
    const message = await v2("POST", "/1/platform/messages", {
      resource,
      title: "Hello",
      message: "From a test",
    });
    expect(await listPlatformMessages()).toContainEqual({
      messageId: message.data.id,
      ownerType: message.data.owner_type,
      ownerId: message.data.owner_id,
      resource,
      title: "Hello",
      message: "From a test",
      url: "",
      expiresAt: "",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const entry = await v2("POST", `/1/platform/metadata/${resource}`, {
      resource,
      key: "team",
      value: "ops",
    });
    expect(await listPlatformMetadata(resource)).toEqual([
      {
        resource,
        key: "team",
        value: "ops",
        metadataId: entry.data.id,
        ownerType: entry.data.owner_type,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
  });

  it("shows only what the kind declares, whatever its mapping adds", () => {
    const definition = {
      kind: "Widget",
      schema: { outputs: { widgetId: null }, info: { inputs: ["name"] } },
      info: { of: (w: { id: number; name: string }) => ({ widgetId: w.id, name: w.name, token: "s3cret" }) },
    };
    expect(infoOf(definition, { id: 3, name: "first" })).toEqual({ widgetId: 3, name: "first" });
    expect(() => infoOf({ ...definition, info: undefined }, { id: 3, name: "first" })).toThrow(
      "Widget declares no info for the SDK's functions",
    );
  });
});
