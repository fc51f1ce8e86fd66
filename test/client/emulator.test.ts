/**
 * The client against the real emulator on 127.0.0.1: every group's success and error paths, and
 * the emulator's fault injection (429 bursts with Retry-After, 502s, dropped connections, slow
 * answers). Each test resets the emulator.
 */
import { startEmulator } from "../../emulator";
import {
  collect,
  createClient,
  isApiError,
  isNotFound,
  outcomeUnknown,
  type ApiError,
  type ClientOptions,
} from "../../provider/client";

type Emu = Awaited<ReturnType<typeof startEmulator>>;
let emu: Emu;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  await admin("POST", "/__admin/reset");
});

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(emu.url + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

function client(extra: Partial<ClientOptions> = {}) {
  const calls: string[] = [];
  const c = createClient({
    token: emu.token,
    baseUrl: emu.v2Url,
    v1: { email: emu.email, token: emu.v1Token },
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    ...extra,
    hooks: { ...extra.hooks, onRequest: (e) => calls.push(`${e.method} ${new URL(e.url).pathname}`) },
  });
  return { c, calls };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error("expected the call to fail");
}

const A = 1;

async function contact(c: ReturnType<typeof client>["c"]) {
  return c.contacts.create(A, {
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    phone: "+18001234567",
    address1: "1 Main St",
    city: "Rome",
    state_province: "RM",
    postal_code: "00100",
    country: "IT",
  });
}

describe("identity and accounts", () => {
  it("whoami returns the account for an account token and the user for basic auth", async () => {
    const { c } = client();
    expect((await c.identity.whoami()).account?.id).toBe(A);
    const basic = createClient({
      basic: { username: emu.email, password: emu.password },
      baseUrl: emu.v2Url,
    });
    expect((await basic.identity.whoami()).user?.email).toBe(emu.email);
    expect((await c.accounts.list()).map((a) => a.id)).toContain(A);
  });

  it("a wrong token is a 401 that does not quote the token", async () => {
    const bad = createClient({ token: "wrong-token-value", baseUrl: emu.v2Url });
    const err = await failure(bad.identity.whoami());
    expect(err.code).toBe("unauthorized");
    expect(err.message).toBe("401 Authentication failed (GET /v2/whoami)");
    expect(JSON.stringify(err)).not.toContain("wrong-token-value");
  });
});

describe("domains", () => {
  it("create, get by name and id, list, delete; 404 afterwards", async () => {
    const { c } = client();
    const d = await c.domains.create(A, { name: "example.com" });
    expect(d).toMatchObject({ name: "example.com", state: "hosted", account_id: A, registrant_id: null });
    expect((await c.domains.get(A, "example.com")).id).toBe(d.id);
    expect((await c.domains.get(A, d.id)).name).toBe("example.com");
    const page = await c.domains.list(A, { nameLike: "example" });
    expect(page.data.map((x) => x.name)).toEqual(["example.com"]);
    expect(page.pagination.total_entries).toBe(1);
    await c.domains.delete(A, "example.com");
    const err = await failure(c.domains.get(A, "example.com"));
    expect(isNotFound(err)).toBe(true);
    expect(err.message).toBe("404 Domain `example.com` not found (GET /v2/1/domains/example.com)");
    expect(await c.domains.find(A, "example.com")).toBeUndefined();
  });

  it("a duplicate or invalid name is a 400 naming the problem", async () => {
    const { c } = client();
    await c.domains.create(A, { name: "dup.example" });
    const dup = await failure(c.domains.create(A, { name: "dup.example" }));
    expect(dup.code).toBe("bad_request");
    const blank = await failure(c.domains.create(A, { name: "" }));
    expect(blank.errors).toHaveProperty("name");
    expect(blank.message).toMatch(/^400 Validation failed: name: .+ \(POST \/v2\/1\/domains\)$/);
  });

  it("iterates 250 domains across pages of 100", async () => {
    const { c, calls } = client();
    for (let i = 0; i < 250; i++)
      await c.domains.create(A, { name: `d${String(i).padStart(3, "0")}.example` });
    calls.length = 0;
    const all = await collect(c.domains.iterate(A, { sort: "name:asc" }));
    expect(all).toHaveLength(250);
    expect(new Set(all.map((d) => d.id)).size).toBe(250);
    expect(all[0]!.name).toBe("d000.example");
    expect(calls).toHaveLength(3);
  });

  it("another account's domain is a 404", async () => {
    await admin("POST", "/__admin/accounts", { id: 2, email: "b@example.com", token: "token-b" });
    const b = createClient({ token: "token-b", baseUrl: emu.v2Url });
    await b.domains.create(2, { name: "theirs.example" });
    const { c } = client();
    expect(isNotFound(await failure(c.domains.get(A, "theirs.example")))).toBe(true);
    expect(isNotFound(await failure(c.domains.list(2)))).toBe(true);
  });

  it("domain research answers for a valid and an invalid name", async () => {
    const { c } = client();
    const ok = await c.research.status(A, "available-name.com");
    expect(ok.domain).toBe("available-name.com");
    const bad = await c.domains.researchStatus(A, "not..valid");
    expect(bad.availability).toBe("unknown");
  });
});

describe("domain sub-resources", () => {
  it("dnssec enable/get/disable, and 428 when disabling twice", async () => {
    const { c } = client();
    await c.domains.create(A, { name: "sec.example" });
    expect((await c.dnssec.enable(A, "sec.example")).enabled).toBe(true);
    expect((await c.dnssec.get(A, "sec.example")).enabled).toBe(true);
    await c.dnssec.disable(A, "sec.example");
    expect((await failure(c.dnssec.disable(A, "sec.example"))).code).toBe("precondition_required");
  });

  it("ds records CRUD and a validation error", async () => {
    const { c } = client();
    await c.domains.create(A, { name: "ds.example" });
    const ds = await c.dsRecords.create(A, "ds.example", {
      algorithm: "13",
      digest: "684a1f049d7d082b7f98691657da5a65764913df7f065f6f8c36edf62d66ca03",
      digest_type: "2",
      keytag: "2371",
    });
    expect((await c.dsRecords.get(A, "ds.example", ds.id)).keytag).toBe("2371");
    expect((await c.dsRecords.list(A, "ds.example")).data).toHaveLength(1);
    await c.dsRecords.delete(A, "ds.example", ds.id);
    expect(isNotFound(await failure(c.dsRecords.get(A, "ds.example", ds.id)))).toBe(true);
    const invalid = await failure(c.dsRecords.create(A, "ds.example", { algorithm: "" }));
    expect(invalid.code).toBe("bad_request");
  });

  it("email forwards CRUD; 404 for an unknown domain", async () => {
    const { c } = client();
    await c.domains.create(A, { name: "mail.example" });
    const f = await c.emailForwards.create(A, "mail.example", {
      alias_name: "john",
      destination_email: "j@example.org",
    });
    expect(f.alias_email).toBe("john@mail.example");
    expect((await c.emailForwards.get(A, "mail.example", f.id)).destination_email).toBe("j@example.org");
    expect(await collect(c.emailForwards.iterate(A, "mail.example"))).toHaveLength(1);
    await c.emailForwards.delete(A, "mail.example", f.id);
    expect(isNotFound(await failure(c.emailForwards.list(A, "nope.example")))).toBe(true);
  });

  it("pushes: initiate, list as the target, reject", async () => {
    await admin("POST", "/__admin/accounts", { id: 2, email: "b@example.com", token: "token-b" });
    const { c } = client();
    await c.domains.create(A, { name: "push.example" });
    const push = await c.pushes.initiate(A, "push.example", { new_account_identifier: "b@example.com" });
    expect(push.account_id).toBe(2);
    const b = createClient({ token: "token-b", baseUrl: emu.v2Url });
    expect((await b.pushes.list(2)).data.map((p) => p.id)).toContain(push.id);
    await b.pushes.reject(2, push.id);
    expect((await b.pushes.list(2)).data).toHaveLength(0);
  });

  it("certificates: Let's Encrypt purchase, issue, get, list, download 428 before issuance", async () => {
    const { c } = client();
    await c.domains.create(A, { name: "cert.example" });
    const order = await c.certificates.purchaseLetsencrypt(A, "cert.example", { name: "www" });
    const cert = await c.certificates.issueLetsencrypt(A, "cert.example", order.id);
    expect(cert.common_name).toBe("www.cert.example");
    expect((await c.certificates.get(A, "cert.example", cert.id)).id).toBe(cert.id);
    expect((await c.certificates.list(A, "cert.example")).data.length).toBeGreaterThan(0);
    await admin("POST", "/__admin/jobs/run");
    const issued = await c.certificates.get(A, "cert.example", cert.id);
    if (issued.state === "issued") {
      expect((await c.certificates.download(A, "cert.example", cert.id)).server).toContain(
        "BEGIN CERTIFICATE",
      );
      expect((await c.certificates.privateKey(A, "cert.example", cert.id)).private_key).toContain(
        "PRIVATE KEY",
      );
      const renewal = await c.certificates.purchaseLetsencryptRenewal(A, "cert.example", cert.id);
      expect(renewal.old_certificate_id).toBe(cert.id);
      const renewed = await c.certificates.issueLetsencryptRenewal(A, "cert.example", cert.id, renewal.id);
      expect(renewed.id).toBe(renewal.new_certificate_id);
    }
    expect(isNotFound(await failure(c.certificates.get(A, "cert.example", 999999)))).toBe(true);
  });
});

describe("registrar", () => {
  it("check, prices, register, renew, transfer, cancel, authorize transfer out", async () => {
    const { c } = client();
    const registrant = await contact(c);
    expect((await c.registrar.check(A, "fresh-name.com")).available).toBe(true);
    expect((await c.registrar.prices(A, "fresh-name.com")).registration_price).toBeGreaterThan(0);
    const reg = await c.registrar.register(A, "fresh-name.com", { registrant_id: registrant.id });
    expect((await c.registrar.getRegistration(A, "fresh-name.com", reg.id)).domain_id).toBe(reg.domain_id);
    const ren = await c.registrar.renew(A, "fresh-name.com", { period: 1 });
    expect((await c.registrar.getRenewal(A, "fresh-name.com", ren.id)).id).toBe(ren.id);
    await c.registrar.authorizeTransferOut(A, "fresh-name.com");
    await c.registrar.enableAutoRenewal(A, "fresh-name.com");
    await c.registrar.disableAutoRenewal(A, "fresh-name.com");
    await c.registrar.enableWhoisPrivacy(A, "fresh-name.com");
    expect((await c.domains.get(A, "fresh-name.com")).private_whois).toBe(true);
    await c.registrar.disableWhoisPrivacy(A, "fresh-name.com");
    expect((await c.domains.get(A, "fresh-name.com")).private_whois).toBe(false);
    await admin("PUT", "/__admin/delays", { transfer: 60_000 });
    const tr = await c.registrar.transfer(A, "incoming.com", {
      registrant_id: registrant.id,
      auth_code: "abc",
    });
    expect((await c.registrar.getTransfer(A, "incoming.com", tr.id)).state).toBe("transferring");
    expect((await c.registrar.cancelTransfer(A, "incoming.com", tr.id)).id).toBe(tr.id);
  });

  it("400 for an unsupported TLD, 402 with outstanding payments, premium price errors", async () => {
    await admin("PUT", "/__admin/registrar", {
      unsupportedTlds: ["pineapple"],
      premium: { "cool.io": "1200.00" },
    });
    const { c } = client();
    expect((await failure(c.registrar.prices(A, "x.pineapple"))).message).toMatch(/^400 TLD \.PINEAPPLE/);
    expect((await c.registrar.premiumPrice(A, "cool.io")).premium_price).toBe("1200.00");
    expect((await failure(c.registrar.premiumPrice(A, "plain-name.com"))).code).toBe("bad_request");
    const registrant = await contact(c);
    await admin("PATCH", "/__admin/accounts/1", { outstandingPayments: true });
    const err = await failure(c.registrar.register(A, "owe.com", { registrant_id: registrant.id }));
    expect(err.code).toBe("payment_required");
  });

  it("restore answers for an expired domain", async () => {
    await admin("POST", "/__admin/seed", {
      domains: [{ account: A, name: "lapsed.com", state: "expired", expiresOn: "2020-01-01" }],
    });
    const { c } = client();
    const r = await c.registrar.restore(A, "lapsed.com");
    expect((await c.registrar.getRestore(A, "lapsed.com", r.id)).domain_id).toBe(r.domain_id);
  });
});

describe("secondary DNS, webhooks, platform, billing, oauth, contacts, zones", () => {
  it("primaries CRUD with link/unlink and a secondary zone", async () => {
    const { c } = client();
    const zone = await c.secondaryDns.createZone(A, { name: "secondary.example" });
    expect(zone.secondary).toBe(true);
    const p = await c.secondaryDns.createPrimary(A, { name: "primary", ip: "192.0.2.10", port: 53 });
    expect((await c.secondaryDns.linkPrimary(A, p.id, "secondary.example")).linked_secondary_zones).toEqual([
      "secondary.example",
    ]);
    expect((await c.secondaryDns.unlinkPrimary(A, p.id, "secondary.example")).linked_secondary_zones).toEqual(
      [],
    );
    expect((await c.secondaryDns.getPrimary(A, p.id)).name).toBe("primary");
    expect((await c.secondaryDns.listPrimaries(A)).data).toHaveLength(1);
    await c.secondaryDns.deletePrimary(A, p.id);
    expect((await failure(c.secondaryDns.createPrimary(A, { name: "", ip: "" }))).code).toBe("bad_request");
  });

  it("webhooks CRUD; http URLs are refused", async () => {
    const { c } = client();
    const w = await c.webhooks.create(A, { url: "https://hooks.example/a" });
    expect((await c.webhooks.get(A, w.id)).url).toBe("https://hooks.example/a");
    expect((await c.webhooks.list(A)).map((x) => x.id)).toEqual([w.id]);
    await c.webhooks.delete(A, w.id);
    expect((await failure(c.webhooks.create(A, { url: "http://insecure.example" }))).code).toBe(
      "bad_request",
    );
  });

  it("platform messages and metadata", async () => {
    const { c } = client();
    const d = await c.domains.create(A, { name: "plat.example" });
    const m = await c.platform.messages.create(A, {
      resource: `domain:${d.id}`,
      title: "Hello",
      message: "m",
    });
    expect((await c.platform.messages.get(A, m.id)).title).toBe("Hello");
    expect(
      (await c.platform.messages.update(A, m.id, { resource: `domain:${d.id}`, title: "Bye" })).title,
    ).toBe("Bye");
    expect((await c.platform.messages.list(A)).map((x) => x.id)).toContain(m.id);
    await c.platform.messages.delete(A, m.id);
    const e1 = await c.platform.metadata.set(A, `domain:${d.id}`, { key: "team", value: "ops" });
    const e2 = await c.platform.metadata.set(A, `domain:${d.id}`, { key: "team", value: "dev" });
    const entries = await c.platform.metadata.list(A, `domain:${d.id}`);
    expect(entries.filter((e) => e.key === "team").map((e) => e.value)).toEqual(["dev"]);
    await c.platform.metadata.delete(A, `domain:${d.id}`, e2.id);
    expect(e1.key).toBe("team");
    expect((await failure(c.platform.messages.create(A, { resource: "domain:999999" }))).code).toBe(
      "not_found",
    );
  });

  it("billing charges with a bad date filter", async () => {
    await admin("POST", "/__admin/seed", {
      charges: [{ account: A, invoicedAt: "2024-01-01T00:00:00Z", totalAmount: "14.50" }],
    });
    const { c } = client();
    const charges = await collect(
      c.billing.iterateCharges(A, { startDate: "2023-01-01", endDate: "2025-01-01" }),
    );
    expect(charges.map((x) => x.total_amount)).toContain("14.50");
    expect((await failure(c.billing.listCharges(A, { startDate: "yesterday" }))).code).toBe("bad_request");
  });

  it("oauth exchange succeeds once and then fails with the OAuth error", async () => {
    const { code } = (await admin("POST", "/__admin/oauth-codes", {
      clientId: "cid",
      clientSecret: "csecret",
      redirectUri: "https://app/cb",
      state: "xyz",
      accountId: A,
    })) as { code: string };
    const { c } = client();
    const input = {
      client_id: "cid",
      client_secret: "csecret",
      code,
      redirect_uri: "https://app/cb",
      state: "xyz",
    };
    const tok = await c.oauth.exchangeToken(input);
    expect(tok.account_id).toBe(A);
    const again = await failure(c.oauth.exchangeToken(input));
    expect(again.status).toBe(400);
    expect(again.message).toContain("invalid_grant");
  });

  it("contacts CRUD", async () => {
    const { c } = client();
    const ct = await contact(c);
    expect((await c.contacts.update(A, ct.id, { label: "Billing" })).label).toBe("Billing");
    expect((await c.contacts.get(A, ct.id)).email).toBe("ada@example.com");
    expect(await collect(c.contacts.iterate(A))).toHaveLength(1);
    await c.contacts.delete(A, ct.id);
    expect(isNotFound(await failure(c.contacts.get(A, ct.id)))).toBe(true);
  });

  it("zones and records CRUD", async () => {
    const { c } = client();
    await c.domains.create(A, { name: "zone.example" });
    expect((await c.zones.get(A, "zone.example")).name).toBe("zone.example");
    expect(await c.zones.file(A, "zone.example")).toContain("zone.example");
    expect(typeof (await c.zones.distribution(A, "zone.example"))).toBe("boolean");
    expect((await c.zones.list(A)).data.map((z) => z.name)).toContain("zone.example");
    const r = await c.zones.records.create(A, "zone.example", {
      name: "www",
      type: "A",
      content: "192.0.2.1",
    });
    expect((await c.zones.records.update(A, "zone.example", r.id, { ttl: 600 })).ttl).toBe(600);
    expect((await c.zones.records.get(A, "zone.example", r.id)).content).toBe("192.0.2.1");
    expect((await c.zones.records.list(A, "zone.example", { type: "A" })).data).toHaveLength(1);
    expect(typeof (await c.zones.records.distribution(A, "zone.example", r.id))).toBe("boolean");
    await c.zones.records.delete(A, "zone.example", r.id);
    expect(isNotFound(await failure(c.zones.get(A, "missing.example")))).toBe(true);
  });
});

describe("v1", () => {
  it("domains, token reset, check (404 = available), name servers, templates, services", async () => {
    const { c } = client();
    const d = await c.v1.createDomain({ name: "legacy.example" });
    expect(d.state).toBe("hosted");
    expect((await c.v1.getDomain("legacy.example")).id).toBe(d.id);
    expect((await c.v1.listDomains()).map((x) => x.name)).toContain("legacy.example");
    const reset = await c.v1.resetDomainToken("legacy.example");
    expect(reset.token).not.toBe(d.token);
    expect((await c.v1.checkDomain("never-taken-name.com")).available).toBe(true);
    const t = await c.v1.createTemplate({ name: "Mail", short_name: "mail" });
    expect((await c.v1.getTemplate("mail")).id).toBe(t.id);
    expect((await c.v1.updateTemplate(t.id, { name: "Mail2", short_name: "mail" })).name).toBe("Mail2");
    expect((await c.v1.listTemplates()).length).toBeGreaterThan(0);
    await c.v1.deleteTemplate(t.id);
    const services = await c.v1.listServices();
    if (services[0]) expect((await c.v1.getService(services[0].id)).id).toBe(services[0].id);
    await c.v1.deleteDomain("legacy.example");
    expect(isNotFound(await failure(c.v1.getDomain("legacy.example")))).toBe(true);
  });

  it("subscription (402 before), certificates purchase/configure/submit, user sign-up without auth", async () => {
    const { c } = client();
    expect((await failure(c.v1.getSubscription())).code).toBe("payment_required");
    const card = {
      number: "4111111111111111",
      first_name: "A",
      last_name: "B",
      billing_address: "1 Main",
      billing_zip: "00100",
      month: "12",
      year: "2030",
      cvv: "123",
    };
    expect((await c.v1.createSubscription({ plan: "Silver", credit_card: card })).state).toBe("subscribed");
    const registrant = await contact(c);
    await c.v1.createDomain({ name: "v1cert.example" });
    const cert = await c.v1.purchaseCertificate("v1cert.example", { name: "www", contact_id: registrant.id });
    expect(cert.state).toBe("purchased");
    const configured = await c.v1.configureCertificate("v1cert.example", cert.id);
    expect(configured.state).toBe("configured");
    const approver = configured.approver_emails?.[0] ?? "admin@v1cert.example";
    expect((await c.v1.submitCertificate("v1cert.example", cert.id, approver)).state).toBe("submitted");
    expect((await c.v1.listCertificates("v1cert.example")).map((x) => x.id)).toContain(cert.id);
    expect((await c.v1.getCertificate("v1cert.example", cert.id)).id).toBe(cert.id);
    const anon = createClient({ token: "unused", baseUrl: emu.v2Url });
    const u = await anon.v1.createUser({
      email: "new@example.com",
      password: "pw-12345678",
      password_confirmation: "pw-12345678",
    });
    expect(u.email).toBe("new@example.com");
    expect(
      (await failure(anon.v1.createUser({ email: "", password: "a", password_confirmation: "b" }))).code,
    ).toBe("bad_request");
  });

  it("registration, renewal, transfer, transfer out and registry name servers", async () => {
    const { c } = client();
    const registrant = await contact(c);
    const d = await c.v1.registerDomain({ name: "v1reg.com", registrant_id: registrant.id });
    expect(d.name).toBe("v1reg.com");
    expect((await c.v1.renewDomain({ name: "v1reg.com" })).name).toBe("v1reg.com");
    expect((await c.v1.getNameServers("v1reg.com")).length).toBeGreaterThan(0);
    expect(await c.v1.setNameServers("v1reg.com", ["ns1.example.net", "ns2.example.net"])).toEqual([
      "ns1.example.net",
      "ns2.example.net",
    ]);
    const hosted = await failure(c.v1.setNameServers("hosted-only.example", ["ns1.example.net"]));
    expect(hosted.code).toMatch(/bad_request|not_found/);
    await c.v1.transferOut("v1reg.com");
    const ns = await c.v1.registerNameServer("v1reg.com", { name: "ns1.v1reg.com", ip: "192.0.2.53" });
    expect(ns.ip).toBe("192.0.2.53");
    await c.v1.deregisterNameServer("v1reg.com", "ns1.v1reg.com");
    const order = await c.v1.transferDomain({
      name: "v1in.com",
      registrant_id: registrant.id,
      authinfo: "x",
    });
    expect(order.id).toBeGreaterThan(0);
  });

  it("needs the v1 option for authenticated calls", async () => {
    const c = createClient({ token: emu.token, baseUrl: emu.v2Url });
    await expect(c.v1.listDomains()).rejects.toThrow(/v1 option/);
  });
});

describe("faults", () => {
  async function domainCount(): Promise<number> {
    const { c } = client();
    return (await c.domains.list(A)).pagination.total_entries;
  }

  it("a 429 burst with Retry-After is waited out", async () => {
    await admin("PUT", "/__admin/faults", { kinds: ["429"], count: 3, retryAfterSeconds: 1 });
    const waits: number[] = [];
    const { c, calls } = client({ hooks: { onRetry: (e) => waits.push(e.delayMs) } });
    const started = Date.now();
    await c.accounts.list();
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it("502s on reads are retried with backoff", async () => {
    const waits: number[] = [];
    const { c, calls } = client({ hooks: { onRetry: (e) => waits.push(e.delayMs) } });
    await c.domains.create(A, { name: "r.example" });
    await admin("PUT", "/__admin/faults", { kinds: ["502"], count: 2 });
    calls.length = 0;
    expect((await c.domains.get(A, "r.example")).name).toBe("r.example");
    expect(calls).toHaveLength(3);
    expect(waits).toHaveLength(2);
    await admin("PUT", "/__admin/faults", { kinds: ["502"] });
    const err = await failure(
      client({ retry: { maxRetries: 2, baseDelayMs: 1 } }).c.domains.get(A, "r.example"),
    );
    expect(err).toMatchObject({ code: "server_error", status: 502, retries: 2 });
  });

  it("creates are not resent after a 5xx: the outcome is unknown, nothing is duplicated", async () => {
    const { c, calls } = client();
    const before = await domainCount();
    await admin("PUT", "/__admin/faults", { kinds: ["502"], routes: "^POST .*/domains$", count: 1 });
    const err = await failure(c.domains.create(A, { name: "once.example" }));
    expect(outcomeUnknown(err)).toBe(true);
    expect(calls.filter((x) => x.startsWith("POST"))).toHaveLength(1);
    expect((await domainCount()) - before).toBeLessThanOrEqual(1);
  });

  it("enabling DNSSEC is sent again after a lost answer, as enabling twice is enabling once", async () => {
    const { c, calls } = client();
    await c.domains.create(A, { name: "lost-dnssec.example" });
    await admin("PUT", "/__admin/faults", { kinds: ["drop-after"], routes: "^POST .*/dnssec$", count: 1 });
    calls.length = 0;
    const status = await c.dnssec.enable(A, "lost-dnssec.example");
    expect(status.enabled).toBe(true);
    expect(calls.filter((x) => x.startsWith("POST"))).toHaveLength(2);
    expect(calls.filter((x) => x.startsWith("GET"))).toHaveLength(0);
  });

  it("a create without read-back is not resent after a dropped connection", async () => {
    const { c } = client();
    await admin("PUT", "/__admin/faults", { kinds: ["drop"], routes: "^POST .*/contacts$", count: 1 });
    const err = await failure(contact(c));
    expect(err.code).toBe("api_connection");
    expect((await c.contacts.list(A)).data).toHaveLength(0);
  });

  it("slow answers hit the timeout, then the retry succeeds", async () => {
    await admin("PUT", "/__admin/faults", { kinds: ["latency"], latencyMs: 3000, count: 1 });
    const retries: Array<{ reason: string; status: number | undefined }> = [];
    const { c, calls } = client({
      timeouts: { totalMs: 700 },
      hooks: { onRetry: (e) => retries.push({ reason: e.reason, status: e.status }) },
    });
    await c.accounts.list();
    expect(calls).toHaveLength(2);
    // The first attempt gave up waiting (no answer, no status), not a slow answer waited out.
    expect(retries).toEqual([{ reason: "connection lost", status: undefined }]);
    await admin("PUT", "/__admin/faults", { kinds: ["latency"], latencyMs: 3000, count: 1 });
    const once = client({ timeouts: { totalMs: 700 }, retry: { maxRetries: 0 } });
    expect((await failure(once.c.accounts.list())).code).toBe("api_timeout");
  });

  it("a spent rate-limit budget is waited out using the service's headers", async () => {
    await admin("PUT", "/__admin/rate-limit", { limit: 3, windowSeconds: 2 });
    const { c, calls } = client();
    for (let i = 0; i < 6; i++) await c.accounts.list();
    expect(calls.length).toBeGreaterThanOrEqual(6);
  }, 20_000);
});
