/**
 * The SDK's functions against the emulator over real HTTP, with settings from the environment as
 * a program would have them.
 */
import { request } from "undici";
import { startEmulator, type RunningEmulator } from "../../emulator";
import {
  checkDomain,
  getCertificateBundle,
  getPremiumPrice,
  getPrices,
  getResearchStatus,
  listAccounts,
  listCharges,
  whoami,
} from "../../sdk/functions";

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
