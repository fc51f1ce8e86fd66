import { CONTACT } from "./fixtures";
import { admin, useEmulator, v2 } from "./helpers";

describe("emulator contacts, zones, DNSSEC, DS records, email forwards", () => {
  const emu = useEmulator();

  it("creates, lists, updates and deletes contacts, refusing to delete one in use", async () => {
    const c = v2(emu());
    const bad = await c.post("/1/contacts", {});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Validation failed");
    expect(bad.body.errors.email).toEqual(["can't be blank", "is an invalid email address"]);
    expect(bad.body.errors.phone).toEqual(["can't be blank", "is probably not a phone number"]);
    const created = await c.post("/1/contacts", { ...CONTACT, label: "Main" });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      account_id: 1,
      label: "Main",
      fax: "",
      address2: "",
      country: "IT",
    });
    const updated = await c.patch(`/1/contacts/${id}`, { city: "Milan" });
    expect(updated.body.data.city).toBe("Milan");
    expect((await c.patch(`/1/contacts/${id}`, { email: "nope" })).status).toBe(400);
    expect((await c.get("/1/contacts")).body.pagination.total_entries).toBe(1);
    const reg = await c.post("/1/registrar/domains/uses.com/registrations", { registrant_id: id });
    expect(reg.status).toBe(201);
    const inUse = await c.del(`/1/contacts/${id}`);
    expect(inUse.status).toBe(400);
    expect(inUse.body).toEqual({ message: "The contact cannot be deleted because it's currently in use" });
    const other = (await c.post("/1/contacts", CONTACT)).body.data.id;
    expect((await c.del(`/1/contacts/${other}`)).status).toBe(204);
    expect((await c.get(`/1/contacts/${other}`)).body).toEqual({ message: `Contact \`${other}\` not found` });
  });

  it("creates a zone with SOA and NS system records when a domain is created, and manages records", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "zone.com" });
    const zone = await c.get("/1/zones/zone.com");
    expect(zone.body.data).toMatchObject({
      name: "zone.com",
      secondary: false,
      reverse: false,
      active: true,
    });
    const system = await c.get("/1/zones/zone.com/records");
    expect(system.body.data.map((r: { type: string }) => r.type)).toEqual(["SOA", "NS", "NS", "NS", "NS"]);
    expect(system.body.data.every((r: { system_record: boolean }) => r.system_record)).toBe(true);

    const a = await c.post("/1/zones/zone.com/records", {
      name: "www",
      type: "A",
      content: "192.0.2.1",
      ttl: 600,
    });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({
      zone_id: "zone.com",
      name: "www",
      type: "A",
      ttl: 600,
      priority: null,
      regions: ["global"],
      system_record: false,
    });
    const mx = await c.post("/1/zones/zone.com/records", {
      name: "",
      type: "MX",
      content: "mx.zone.com",
      priority: 10,
    });
    expect(mx.body.data.priority).toBe(10);
    expect(
      (await c.post("/1/zones/zone.com/records", { name: "x", type: "BOGUS", content: "1" })).body.errors,
    ).toEqual({ record_type: ["unsupported"] });
    expect(
      (await c.post("/1/zones/zone.com/records", { name: "x", type: "A", content: "1.2.3.4", ttl: "abc" }))
        .body.errors,
    ).toEqual({ ttl: ["is not a number"] });
    expect(
      (await c.post("/1/zones/zone.com/records", { name: "x", type: "A", content: "not-an-ip" })).status,
    ).toBe(400);

    const filtered = await c.get("/1/zones/zone.com/records?type=MX");
    expect(filtered.body.data).toHaveLength(1);
    expect((await c.get("/1/zones/zone.com/records?name=www")).body.data).toHaveLength(1);
    const patched = await c.patch(`/1/zones/zone.com/records/${a.body.data.id}`, {
      content: "192.0.2.2",
      ttl: 120,
    });
    expect(patched.body.data).toMatchObject({ content: "192.0.2.2", ttl: 120, type: "A" });
    const soaId = system.body.data[0].id;
    expect((await c.del(`/1/zones/zone.com/records/${soaId}`)).status).toBe(400);
    expect((await c.del(`/1/zones/zone.com/records/${a.body.data.id}`)).status).toBe(204);
    expect((await c.get(`/1/zones/zone.com/records/${a.body.data.id}`)).body).toEqual({
      message: `Record \`${a.body.data.id}\` not found`,
    });
    expect((await c.get("/1/zones/missing.com")).body).toEqual({ message: "Zone `missing.com` not found" });
    const file = await c.get("/1/zones/zone.com/file");
    expect(file.body.data.zone).toContain("mx.zone.com");
  });

  it("enables, reads and disables DNSSEC, answering 428 when it is not enabled", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "signed.com" });
    expect((await c.get("/1/domains/signed.com/dnssec")).body.data.enabled).toBe(false);
    const notEnabled = await c.del("/1/domains/signed.com/dnssec");
    expect(notEnabled.status).toBe(428);
    expect(notEnabled.body).toEqual({ message: "DNSSEC cannot be disabled because it is not enabled" });
    const on = await c.post("/1/domains/signed.com/dnssec");
    expect(on.status).toBe(201);
    expect(on.body.data).toMatchObject({ enabled: true, active: true });
    expect((await c.get("/1/domains/signed.com/dnssec")).body.data.enabled).toBe(true);
    expect((await c.del("/1/domains/signed.com/dnssec")).status).toBe(204);
    expect((await c.del("/1/domains/signed.com/dnssec")).status).toBe(428);
  });

  it("manages DS records with the service's validation errors", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "ds.com" });
    const bad = await c.post("/1/domains/ds.com/ds_records", {});
    expect(bad.body).toEqual({
      message: "Validation failed",
      errors: {
        algorithm: ["can't be blank"],
        digest: ["can't be blank"],
        digest_type: ["can't be blank"],
        keytag: ["can't be blank"],
      },
    });
    const ds = await c.post("/1/domains/ds.com/ds_records", {
      algorithm: "13",
      digest: "abcdef",
      digest_type: "2",
      keytag: "2371",
    });
    expect(ds.status).toBe(201);
    expect(ds.body.data).toMatchObject({
      algorithm: "13",
      digest: "ABCDEF",
      digest_type: "2",
      keytag: "2371",
      public_key: null,
    });
    const keyOnly = await c.post("/1/domains/ds.com/ds_records", { algorithm: "8", public_key: "AwEAAb..." });
    expect(keyOnly.status).toBe(201);
    expect((await c.get("/1/domains/ds.com/ds_records")).body.data).toHaveLength(2);
    expect((await c.del(`/1/domains/ds.com/ds_records/${ds.body.data.id}`)).status).toBe(204);
    expect((await c.get(`/1/domains/ds.com/ds_records/${ds.body.data.id}`)).body.message).toBe(
      `Delegation signer record \`${ds.body.data.id}\` not found`,
    );
  });

  it("creates email forwards from alias_name and destination_email and shows alias_email", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "mail.com" });
    const f = await c.post("/1/domains/mail.com/email_forwards", {
      alias_name: "john",
      destination_email: "john@example.org",
    });
    expect(f.status).toBe(201);
    expect(f.body.data).toMatchObject({
      alias_email: "john@mail.com",
      destination_email: "john@example.org",
      active: true,
    });
    expect(Object.keys(f.body.data)).not.toContain("from");
    expect(
      (
        await c.post("/1/domains/mail.com/email_forwards", {
          alias_name: "john",
          destination_email: "x@example.org",
        })
      ).status,
    ).toBe(400);
    expect(
      (await c.post("/1/domains/mail.com/email_forwards", { alias_name: "bad", destination_email: "nope" }))
        .body.errors,
    ).toEqual({
      destination_email: ["is an invalid email address"],
    });
    const sorted = await c.get("/1/domains/mail.com/email_forwards?sort=alias_email:desc");
    expect(sorted.body.data).toHaveLength(1);
    expect((await c.del(`/1/domains/mail.com/email_forwards/${f.body.data.id}`)).status).toBe(204);
    expect((await c.get(`/1/domains/mail.com/email_forwards/${f.body.data.id}`)).status).toBe(404);
  });

  it("deletes a domain together with its zone, records, forwards, DS records and certificates", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "cascade.com" });
    await c.post("/1/zones/cascade.com/records", { name: "www", type: "A", content: "192.0.2.1" });
    await c.post("/1/domains/cascade.com/email_forwards", {
      alias_name: "a",
      destination_email: "a@example.org",
    });
    await c.post("/1/domains/cascade.com/ds_records", {
      algorithm: "13",
      digest: "ab",
      digest_type: "2",
      keytag: "1",
    });
    await c.post("/1/domains/cascade.com/certificates/letsencrypt", {});
    expect((await c.del("/1/domains/cascade.com")).status).toBe(204);
    const s = emu().app.store;
    expect(s.zones.byKey("cascade.com")).toBeUndefined();
    expect(s.records.filter((r) => r.zone === "cascade.com")).toEqual([]);
    expect(s.emailForwards.size).toBe(0);
    expect(s.dsRecords.size).toBe(0);
    expect(s.certificates.size).toBe(0);
    expect((await c.get("/1/zones/cascade.com")).status).toBe(404);
    expect((await c.post("/1/domains", { name: "cascade.com" })).status).toBe(201);
  });

  it("lists billing charges with date filters and refuses a malformed date", async () => {
    await admin(emu()).post("/seed", {
      charges: [
        {
          account: 1,
          invoicedAt: new Date(Date.now() - 10 * 86_400_000).toISOString(),
          totalAmount: "14.50",
        },
        { account: 1, invoicedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), totalAmount: "20.00" },
      ],
    });
    const c = v2(emu());
    expect((await c.get("/1/billing/charges")).body.data).toHaveLength(2);
    const since = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await c.get(`/1/billing/charges?start_date=${since}`)).body.data.map(
        (x: { total_amount: string }) => x.total_amount,
      ),
    ).toEqual(["20.00"]);
    const desc = await c.get("/1/billing/charges?sort=invoiced:desc");
    expect(desc.body.data[0].total_amount).toBe("20.00");
    const bad = await c.get("/1/billing/charges?start_date=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "Invalid date format must be ISO8601 (YYYY-MM-DD)" });
  });
});
