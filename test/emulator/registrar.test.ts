import { startEmulator } from "../../emulator";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { addAccount, admin, useEmulator, v2, waitFor, type Client } from "./helpers";

const CONTACT = {
  first_name: "Jane",
  last_name: "Doe",
  email: "jane@example.com",
  phone: "+18001234567",
  address1: "1 Main Street",
  city: "Rome",
  state_province: "RM",
  postal_code: "00100",
  country: "IT",
};

async function contact(c: Client, account = 1): Promise<number> {
  const res = await c.post(`/${account}/contacts`, CONTACT);
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe("emulator registrar", () => {
  const emu = useEmulator();

  it("answers check, prices and premium price deterministically from the registrar settings", async () => {
    await admin(emu()).put("/registrar", {
      taken: ["taken.com"],
      premium: { "gold.io": "1200.00" },
      unsupportedTlds: ["pineapple"],
    });
    const c = v2(emu());
    expect((await c.get("/1/registrar/domains/free.com/check")).body.data).toEqual({
      domain: "free.com",
      available: true,
      premium: false,
      trustee: false,
    });
    expect((await c.get("/1/registrar/domains/taken.com/check")).body.data.available).toBe(false);
    expect((await c.get("/1/registrar/domains/gold.io/check")).body.data.premium).toBe(true);
    const prices = await c.get("/1/registrar/domains/gold.io/prices");
    expect(prices.body.data).toMatchObject({ domain: "gold.io", premium: true, registration_price: 1200 });
    const unsupported = await c.get("/1/registrar/domains/x.pineapple/prices");
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toEqual({ message: "TLD .PINEAPPLE is not supported" });
    expect((await c.get("/1/registrar/domains/gold.io/premium_price?action=renewal")).body.data).toEqual({
      premium_price: "1200.00",
      action: "renewal",
    });
    const notPremium = await c.get("/1/registrar/domains/free.com/premium_price");
    expect(notPremium.status).toBe(400);
    expect(notPremium.body).toEqual({ message: "`free.com` is not a premium domain for registration" });
  });

  it("registers at once with 201 when the delay is 0 and the domain becomes registered", async () => {
    const c = v2(emu());
    const registrant = await contact(c);
    const res = await c.post("/1/registrar/domains/new-one.com/registrations", {
      registrant_id: registrant,
      auto_renew: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      registrant_id: registrant,
      period: 1,
      state: "registered",
      auto_renew: true,
    });
    const d = await c.get("/1/domains/new-one.com");
    expect(d.body.data).toMatchObject({ state: "registered", registrant_id: registrant, auto_renew: true });
    expect(d.body.data.expires_on).toMatch(/^\d{4}-\d\d-\d\d$/);
    const again = await c.get(`/1/registrar/domains/new-one.com/registrations/${res.body.data.id}`);
    expect(again.body.data.state).toBe("registered");
    const charges = await c.get("/1/billing/charges");
    expect(charges.body.data).toHaveLength(1);
    expect(charges.body.data[0].items[0].product_type).toBe("domain-registration");
  });

  it("answers 202 and moves a registration from registering to registered after the configured delay", async () => {
    await admin(emu()).put("/delays", { registration: 60 });
    const c = v2(emu());
    const registrant = await contact(c);
    const res = await c.post("/1/registrar/domains/slow.com/registrations", { registrant_id: registrant });
    expect(res.status).toBe(202);
    expect(res.body.data.state).toBe("registering");
    expect((await c.get("/1/domains/slow.com")).body.data.state).toBe("hosted");
    await waitFor(
      async () =>
        (await c.get(`/1/registrar/domains/slow.com/registrations/${res.body.data.id}`)).body.data.state ===
        "registered",
    );
    expect((await c.get("/1/domains/slow.com")).body.data.state).toBe("registered");
  });

  it("answers 402 for an account with outstanding payments on every purchase", async () => {
    await admin(emu()).put("/registrar", {});
    await emu().app.store.accounts.get(1);
    await admin(emu()).patch("/accounts/1", { outstandingPayments: true });
    const c = v2(emu());
    const registrant = await contact(c);
    for (const [p, body] of [
      ["registrations", { registrant_id: registrant }],
      ["transfers", { registrant_id: registrant, auth_code: "x" }],
      ["renewals", {}],
      ["restores", {}],
    ] as const) {
      const res = await c.post(`/1/registrar/domains/owed.com/${p}`, body);
      expect(res.status).toBe(402);
      expect(res.body.message).toMatch(/purchase invoices that need to be paid/);
    }
  });

  it("refuses registrations for the contract's reasons with 400", async () => {
    await admin(emu()).put("/registrar", {
      taken: ["taken.com"],
      premium: { "gold.io": "1200.00" },
      unsupportedTlds: ["pineapple"],
    });
    await addAccount(emu(), 2, "token-2");
    const c = v2(emu());
    const registrant = await contact(c);
    const otherContact = await contact(v2(emu(), "token-2"), 2);
    const missing = await c.post("/1/registrar/domains/a.com/registrations", {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.registrant_id).toEqual(["can't be blank"]);
    expect(
      (await c.post("/1/registrar/domains/a.com/registrations", { registrant_id: otherContact })).status,
    ).toBe(400);
    expect(
      (await c.post("/1/registrar/domains/taken.com/registrations", { registrant_id: registrant })).status,
    ).toBe(400);
    expect(
      (await c.post("/1/registrar/domains/x.pineapple/registrations", { registrant_id: registrant })).status,
    ).toBe(400);
    expect(
      (await c.post("/1/registrar/domains/gold.io/registrations", { registrant_id: registrant })).status,
    ).toBe(400);
    const premium = await c.post("/1/registrar/domains/gold.io/registrations", {
      registrant_id: registrant,
      premium_price: "1200.00",
    });
    expect(premium.status).toBe(201);
    expect((await c.post("/1/registrar/domains/a.com/registrations", { registrant_id: "abc" })).status).toBe(
      400,
    );
  });

  it("transfers with an auth code, refuses without one, and cancels an in-progress transfer", async () => {
    await admin(emu()).put("/delays", { transfer: 5000 });
    const c = v2(emu());
    const registrant = await contact(c);
    const noCode = await c.post("/1/registrar/domains/moving.com/transfers", { registrant_id: registrant });
    expect(noCode.status).toBe(400);
    expect(noCode.body).toEqual({
      message: "Validation failed",
      errors: { base: ["You must provide an authorization code for the domain"] },
    });
    const t = await c.post("/1/registrar/domains/moving.com/transfers", {
      registrant_id: registrant,
      auth_code: "secret",
    });
    expect(t.status).toBe(202);
    expect(t.body.data).toMatchObject({ state: "transferring", status_description: null });
    const cancel = await c.del(`/1/registrar/domains/moving.com/transfers/${t.body.data.id}`);
    expect(cancel.status).toBe(202);
    expect(cancel.body.data).toMatchObject({ state: "transferring", status_description: null });
    const after = await c.get(`/1/registrar/domains/moving.com/transfers/${t.body.data.id}`);
    expect(after.body.data).toMatchObject({ state: "cancelled", status_description: "Canceled by customer" });
    expect((await c.del(`/1/registrar/domains/moving.com/transfers/${t.body.data.id}`)).status).toBe(400);
    expect((await admin(emu()).get("/jobs")).body).toEqual([]);
  });

  it("completes a transfer after its delay and refuses one for a domain already registered here", async () => {
    await admin(emu()).put("/delays", { transfer: 40 });
    const c = v2(emu());
    const registrant = await contact(c);
    const t = await c.post("/1/registrar/domains/incoming.com/transfers", {
      registrant_id: registrant,
      auth_code: "x",
    });
    await waitFor(
      async () =>
        (await c.get(`/1/registrar/domains/incoming.com/transfers/${t.body.data.id}`)).body.data.state ===
        "transferred",
    );
    expect((await c.get("/1/domains/incoming.com")).body.data.state).toBe("registered");
    const dup = await c.post("/1/registrar/domains/incoming.com/transfers", {
      registrant_id: registrant,
      auth_code: "x",
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe("The domain incoming.com is already in DNSimple and cannot be added");
  });

  it("renews a registered domain (extending expiry), refuses a hosted one, and restores an expired one", async () => {
    await admin(emu()).put("/delays", { renewal: 30, restore: 30 });
    await admin(emu()).post("/seed", {
      domains: [
        { account: 1, name: "reg.com", state: "registered", expiresOn: "2031-05-01" },
        { account: 1, name: "old.com", state: "expired", expiresOn: "2020-01-01" },
        { account: 1, name: "hosted.com" },
      ],
    });
    const c = v2(emu());
    const tooEarly = await c.post("/1/registrar/domains/hosted.com/renewals", { period: 1 });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body).toEqual({ message: "hosted.com may not be renewed at this time", errors: {} });
    expect((await c.post("/1/registrar/domains/reg.com/renewals", { period: 11 })).status).toBe(400);
    const renewal = await c.post("/1/registrar/domains/reg.com/renewals", { period: 2 });
    expect(renewal.status).toBe(202);
    expect(renewal.body.data).toMatchObject({ period: 2, state: "new" });
    await waitFor(
      async () =>
        (await c.get(`/1/registrar/domains/reg.com/renewals/${renewal.body.data.id}`)).body.data.state ===
        "renewed",
    );
    expect((await c.get("/1/domains/reg.com")).body.data.expires_on).toBe("2033-05-01");

    expect((await c.post("/1/registrar/domains/reg.com/restores", {})).status).toBe(400);
    const restore = await c.post("/1/registrar/domains/old.com/restores", {});
    expect(restore.status).toBe(202);
    await waitFor(
      async () =>
        (await c.get(`/1/registrar/domains/old.com/restores/${restore.body.data.id}`)).body.data.state ===
        "restored",
    );
    expect((await c.get("/1/domains/old.com")).body.data.state).toBe("registered");
  });

  it("authorizes a transfer out only for a registered domain", async () => {
    await admin(emu()).post("/seed", {
      domains: [
        { account: 1, name: "reg.com", state: "registered", expiresOn: "2031-05-01" },
        { account: 1, name: "hosted.com" },
      ],
    });
    const c = v2(emu());
    const ok = await c.post("/1/registrar/domains/reg.com/authorize_transfer_out");
    expect(ok.status).toBe(204);
    expect((await c.post("/1/registrar/domains/hosted.com/authorize_transfer_out")).status).toBe(400);
    expect((await c.get("/1/registrar/domains/reg.com/transfer_lock")).body.data).toEqual({ enabled: false });
  });

  it("answers 404 for an order of another account or of another domain", async () => {
    await addAccount(emu(), 2, "token-2");
    const c = v2(emu());
    const registrant = await contact(c);
    const res = await c.post("/1/registrar/domains/mine.com/registrations", { registrant_id: registrant });
    const id = res.body.data.id;
    expect((await c.get(`/1/registrar/domains/other.com/registrations/${id}`)).status).toBe(404);
    expect((await v2(emu(), "token-2").get(`/2/registrar/domains/mine.com/registrations/${id}`)).status).toBe(
      404,
    );
    expect((await c.get(`/1/registrar/domains/mine.com/transfers/${id}`)).status).toBe(404);
  });
});

describe("emulator registrar persistence", () => {
  it("finishes a registration that was in flight when the emulator stopped", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "emu-reg-")), "state.json");
    const first = await startEmulator({ port: 0, dataFile: file, delays: { registration: 300 } });
    const c = v2(first);
    const registrant = (await c.post("/1/contacts", CONTACT)).body.data.id;
    const res = await c.post("/1/registrar/domains/inflight.com/registrations", {
      registrant_id: registrant,
    });
    expect(res.status).toBe(202);
    await first.close();
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(saved.tables.jobs.rows).toHaveLength(1);

    const second = await startEmulator({ port: 0, dataFile: file });
    try {
      const c2 = v2(second);
      expect(
        (await c2.get(`/1/registrar/domains/inflight.com/registrations/${res.body.data.id}`)).body.data.state,
      ).toBe("registering");
      await waitFor(
        async () => (await c2.get("/1/domains/inflight.com")).body.data.state === "registered",
        5000,
      );
      expect(
        (await c2.get(`/1/registrar/domains/inflight.com/registrations/${res.body.data.id}`)).body.data.state,
      ).toBe("registered");
    } finally {
      await second.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
