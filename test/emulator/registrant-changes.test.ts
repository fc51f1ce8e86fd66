import { addAccount, admin, useEmulator, v2, waitFor, type Client } from "./helpers";

const PERSON = {
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

async function contact(c: Client, fields: Partial<typeof PERSON> = {}, account = 1): Promise<number> {
  const res = await c.post(`/${account}/contacts`, { ...PERSON, ...fields });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** A domain registered (delay 0) to a new contact; returns the domain's and the contact's ids. */
async function registered(c: Client, name: string): Promise<{ domainId: number; ownerId: number }> {
  const ownerId = await contact(c);
  const res = await c.post(`/1/registrar/domains/${name}/registrations`, { registrant_id: ownerId });
  expect(res.status).toBe(201);
  return { domainId: res.body.data.domain_id, ownerId };
}

describe("emulator registrant changes", () => {
  const emu = useEmulator();

  it("checks a change: extended attributes of the TLD and whether the owner changes", async () => {
    const c = v2(emu());
    const { domainId } = await registered(c, "owner-check.fi");
    const sameOwner = await contact(c, { phone: "+18007654321" });
    const newOwner = await contact(c, { first_name: "John", email: "john@example.com" });
    const same = await c.post("/1/registrar/registrant_changes/check", {
      domain_id: "owner-check.fi",
      contact_id: sameOwner,
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({
      domain_id: domainId,
      contact_id: sameOwner,
      registry_owner_change: false,
    });
    expect(same.body.data.extended_attributes.map((a: { name: string }) => a.name)).toEqual([
      "x-fi-registrant-idnumber",
      "x-fi-registrant-birth-date",
    ]);
    const other = await c.post("/1/registrar/registrant_changes/check", {
      domain_id: String(domainId),
      contact_id: String(newOwner),
    });
    expect(other.body.data.registry_owner_change).toBe(true);
  });

  it("answers the recorded 404 texts for an unknown domain or contact, 400 for a missing field", async () => {
    const c = v2(emu());
    const owner = await contact(c);
    await registered(c, "known.com");
    const noDomain = await c.post("/1/registrar/registrant_changes/check", {
      domain_id: "dnsimple-rraform.bio",
      contact_id: owner,
    });
    expect(noDomain.status).toBe(404);
    expect(noDomain.body).toEqual({ message: "Domain `dnsimple-rraform.bio` not found" });
    const noContact = await c.post("/1/registrar/registrant_changes/check", {
      domain_id: "known.com",
      contact_id: 21_000,
    });
    expect(noContact.status).toBe(404);
    expect(noContact.body).toEqual({ message: "Contact `21000` not found" });
    const missing = await c.post("/1/registrar/registrant_changes", { domain_id: "known.com" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: "Validation failed",
      errors: { contact_id: ["can't be blank"] },
    });
  });

  it("completes a change to the same person at once (201) and moves the domain to the contact", async () => {
    const c = v2(emu());
    const { domainId } = await registered(c, "same-person.com");
    const moved = await contact(c, { address1: "2 Other Street" });
    const res = await c.post("/1/registrar/registrant_changes", { domain_id: domainId, contact_id: moved });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      account_id: 1,
      domain_id: domainId,
      contact_id: moved,
      state: "completed",
      extended_attributes: {},
      registry_owner_change: false,
      irt_lock_lifted_by: null,
    });
    expect((await c.get("/1/domains/same-person.com")).body.data.registrant_id).toBe(moved);
  });

  it("takes a change of owner through new → pending → completed after the delay, then lists it by state", async () => {
    await admin(emu()).put("/delays", { registrant_change: 80 });
    const c = v2(emu());
    const { domainId, ownerId } = await registered(c, "new-owner.com");
    const buyer = await contact(c, { first_name: "Buyer", email: "buyer@example.org" });
    const res = await c.post("/1/registrar/registrant_changes", {
      domain_id: "new-owner.com",
      contact_id: buyer,
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ state: "new", registry_owner_change: true });
    const id = res.body.data.id;
    expect((await c.get("/1/domains/new-owner.com")).body.data.registrant_id).toBe(ownerId);
    const open = await c.get("/1/registrar/registrant_changes");
    expect(open.body.data.map((x: { id: number }) => x.id)).toEqual([id]);
    expect(open.body.pagination).toMatchObject({ current_page: 1, total_entries: 1 });
    const again = await c.post("/1/registrar/registrant_changes", { domain_id: domainId, contact_id: buyer });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already has a registrant change in progress/);
    const states: string[] = [];
    await waitFor(async () => {
      const state = (await c.get(`/1/registrar/registrant_changes/${id}`)).body.data.state;
      if (states[states.length - 1] !== state) states.push(state);
      return state === "completed";
    });
    expect(states).toContain("completed");
    expect(states.every((s) => ["new", "pending", "completed"].includes(s))).toBe(true);
    const done = (await c.get(`/1/registrar/registrant_changes/${id}`)).body.data;
    expect(done.irt_lock_lifted_by).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect((await c.get("/1/domains/new-owner.com")).body.data.registrant_id).toBe(buyer);
    expect((await c.get("/1/registrar/registrant_changes")).body.data).toEqual([]);
    const completed = await c.get(`/1/registrar/registrant_changes?state=completed&domain_id=${domainId}`);
    expect(completed.body.data.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await c.get("/1/registrar/registrant_changes?state=finished")).status).toBe(400);
  });

  it("cancels a new change at once (204) and a pending one through cancelling (202)", async () => {
    await admin(emu()).put("/delays", { registrant_change: 60_000 });
    const c = v2(emu());
    const { ownerId } = await registered(c, "cancel-me.com");
    const buyer = await contact(c, { last_name: "Buyer", email: "buyer@example.org" });
    const first = await c.post("/1/registrar/registrant_changes", {
      domain_id: "cancel-me.com",
      contact_id: buyer,
    });
    const cancelled = await c.del(`/1/registrar/registrant_changes/${first.body.data.id}`);
    expect(cancelled.status).toBe(204);
    expect((await c.get(`/1/registrar/registrant_changes/${first.body.data.id}`)).body.data.state).toBe(
      "cancelled",
    );
    const twice = await c.del(`/1/registrar/registrant_changes/${first.body.data.id}`);
    expect(twice.status).toBe(400);

    const second = await c.post("/1/registrar/registrant_changes", {
      domain_id: "cancel-me.com",
      contact_id: buyer,
    });
    const id = second.body.data.id;
    // Run the job that moves it from new to pending (the next step is 30 s away).
    await admin(emu()).post("/jobs/run");
    expect((await c.get(`/1/registrar/registrant_changes/${id}`)).body.data.state).toBe("pending");
    const cancelling = await c.del(`/1/registrar/registrant_changes/${id}`);
    expect(cancelling.status).toBe(202);
    expect(cancelling.body.data.state).toBe("cancelling");
    expect((await c.get(`/1/registrar/registrant_changes/${id}`)).body.data.state).toBe("cancelling");
    await admin(emu()).post("/jobs/run");
    expect((await c.get(`/1/registrar/registrant_changes/${id}`)).body.data.state).toBe("cancelled");
    expect((await c.get("/1/domains/cancel-me.com")).body.data.registrant_id).toBe(ownerId);
  });

  it("refuses what the registry would: 402 unpaid, extended attributes, hosted domain, same registrant", async () => {
    const c = v2(emu());
    const { ownerId } = await registered(c, "rules.fi");
    const buyer = await contact(c, { first_name: "Matti", email: "matti@example.fi" });
    const noAttribute = await c.post("/1/registrar/registrant_changes", {
      domain_id: "rules.fi",
      contact_id: buyer,
    });
    expect(noAttribute.status).toBe(400);
    expect(noAttribute.body).toEqual({
      message: "Validation failed",
      errors: { extended_attributes: ["x-fi-registrant-idnumber is required for .fi domains"] },
    });
    const same = await c.post("/1/registrar/registrant_changes", {
      domain_id: "rules.fi",
      contact_id: ownerId,
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(`Contact \`${ownerId}\` is already the registrant of rules.fi`);
    expect((await c.post("/1/domains", { name: "hosted-only.com" })).status).toBe(201);
    const hosted = await c.post("/1/registrar/registrant_changes", {
      domain_id: "hosted-only.com",
      contact_id: buyer,
    });
    expect(hosted.status).toBe(400);
    expect(hosted.body.message).toBe("The domain hosted-only.com is not registered with DNSimple");
    await admin(emu()).patch("/accounts/1", { outstandingPayments: true });
    const unpaid = await c.post("/1/registrar/registrant_changes", {
      domain_id: "rules.fi",
      contact_id: buyer,
      extended_attributes: { "x-fi-registrant-idnumber": "1234" },
    });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.message).toMatch(/purchase invoices that need to be paid/);
    await admin(emu()).patch("/accounts/1", { outstandingPayments: false });
    const ok = await c.post("/1/registrar/registrant_changes", {
      domain_id: "rules.fi",
      contact_id: buyer,
      extended_attributes: { "x-fi-registrant-idnumber": "1234" },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.extended_attributes).toEqual({ "x-fi-registrant-idnumber": "1234" });
  });

  it("keeps accounts apart: another account's change is not found", async () => {
    const c = v2(emu());
    const { domainId } = await registered(c, "mine.com");
    const moved = await contact(c, { address1: "3 Moved Street" });
    const res = await c.post("/1/registrar/registrant_changes", { domain_id: domainId, contact_id: moved });
    await addAccount(emu(), 2, "token-two");
    const other = v2(emu(), "token-two");
    const get = await other.get(`/2/registrar/registrant_changes/${res.body.data.id}`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ message: `Registrant change \`${res.body.data.id}\` not found` });
    const list = await other.get("/2/registrar/registrant_changes?state=completed");
    expect(list.body.data).toEqual([]);
    expect(
      (await other.post("/2/registrar/registrant_changes", { domain_id: domainId, contact_id: moved }))
        .status,
    ).toBe(404);
  });
});
