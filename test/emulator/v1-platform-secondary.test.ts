import { CONTACT } from "./fixtures";
import { admin, request, useEmulator, v1, v2 } from "./helpers";

describe("emulator v1", () => {
  const emu = useEmulator();

  it("authenticates with X-Service-Token only; v2 tokens do not work on v1 and v1 tokens not on v2", async () => {
    expect((await v1(emu()).get("/domains")).status).toBe(200);
    expect((await request(`${emu().v1Url}/domains`)).status).toBe(401);
    expect(
      (await request(`${emu().v1Url}/domains`, { headers: { authorization: `Bearer ${emu().token}` } }))
        .status,
    ).toBe(401);
    expect((await v1(emu(), emu().email, "wrong").get("/domains")).status).toBe(401);
    expect((await v2(emu(), emu().v1Token).get("/whoami")).status).toBe(401);
  });

  it("creates, lists, reads, resets the token of and deletes domains wrapped under `domain`", async () => {
    const c = v1(emu());
    const created = await c.post("/domains", { domain: { name: "legacy.com" } });
    expect(created.status).toBe(201);
    expect(created.body.domain).toMatchObject({
      name: "legacy.com",
      state: "hosted",
      expires_on: null,
      lockable: true,
      language: null,
      record_count: 5,
    });
    expect((await c.post("/domains", {})).body.message).toBe("Required parameter missing: domain");
    const list = await c.get("/domains");
    expect(list.body).toEqual([{ domain: expect.objectContaining({ name: "legacy.com" }) }]);
    const before = created.body.domain.token;
    const reset = await c.post("/domains/legacy.com/token");
    expect(reset.status).toBe(200);
    expect(reset.body.domain.token).not.toBe(before);
    expect((await c.get(`/domains/${created.body.domain.id}`)).body.domain.name).toBe("legacy.com");
    expect((await c.del("/domains/legacy.com")).status).toBe(200);
    const gone = await c.get("/domains/legacy.com");
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Couldn't find Domain with name = legacy.com");
  });

  it("checks availability with 404 when available and 200 when taken", async () => {
    await admin(emu()).put("/registrar", { taken: ["taken.com"] });
    const c = v1(emu());
    const free = await c.get("/domains/free.com/check");
    expect(free.status).toBe(404);
    expect(free.body).toMatchObject({
      name: "free.com",
      status: "available",
      currency: "USD",
      minimum_number_of_years: 1,
    });
    const taken = await c.get("/domains/taken.com/check");
    expect(taken.status).toBe(200);
    expect(taken.body.status).toBe("unavailable");
  });

  it("registers, renews, transfers and authorizes transfer out", async () => {
    const contact = (await v2(emu()).post("/1/contacts", CONTACT)).body.data.id;
    const c = v1(emu());
    const reg = await c.post("/domain_registrations", {
      domain: { name: "v1reg.com", registrant_id: contact },
    });
    expect(reg.status).toBe(201);
    expect(reg.body.domain).toMatchObject({ name: "v1reg.com", state: "registered", registrant_id: contact });
    expect(reg.body.domain.expires_on).toMatch(/^\d{4}-/);
    const renewed = await c.post("/domain_renewals", { domain: { name: "v1reg.com" } });
    expect(renewed.status).toBe(201);
    expect(renewed.body.domain.expires_on > reg.body.domain.expires_on).toBe(true);
    const transfer = await c.post("/domain_transfers", {
      domain: { name: "v1in.com", registrant_id: contact },
      transfer_order: { authinfo: "abc" },
    });
    expect(transfer.status).toBe(201);
    expect(transfer.body.transfer_order).toMatchObject({ state: "submitted" });
    expect(
      (await c.post("/domain_transfers", { domain: { name: "v1in2.com", registrant_id: contact } })).status,
    ).toBe(400);
    const out = await c.post("/domains/v1reg.com/transfer_outs");
    expect(out.status).toBe(201);
    expect((await c.get("/domains/v1reg.com")).body.domain.state).toBe("transferring_out");
  });

  it("changes name servers (up to 6) and registry name servers only for registered domains", async () => {
    await admin(emu()).post("/seed", {
      domains: [
        { account: 1, name: "ns.com", state: "registered", expiresOn: "2030-01-01" },
        { account: 1, name: "hosted.com" },
      ],
    });
    const c = v1(emu());
    expect((await c.get("/domains/ns.com/name_servers")).body).toHaveLength(4);
    const six = Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`ns${i}`, `ns${i}.example.net`]));
    const set = await c.post("/domains/ns.com/name_servers", { name_servers: six });
    expect(set.status).toBe(200);
    expect(set.body).toHaveLength(6);
    expect(
      (await c.post("/domains/ns.com/name_servers", { name_servers: { ...six, ns7: "ns7.example.net" } }))
        .status,
    ).toBe(400);
    expect(
      (await c.post("/domains/hosted.com/name_servers", { name_servers: { ns1: "a.example.net" } })).status,
    ).toBe(400);
    const rns = await c.post("/domains/ns.com/registry_name_servers", {
      name_server: { name: "ns1", ip: "192.0.2.5" },
    });
    expect(rns.status).toBe(201);
    expect(rns.body).toEqual({ name: "ns1.ns.com", ip: "192.0.2.5" });
    expect(
      (
        await c.post("/domains/hosted.com/registry_name_servers", {
          name_server: { name: "ns1", ip: "192.0.2.5" },
        })
      ).status,
    ).toBe(400);
    expect((await c.del("/domains/ns.com/registry_name_servers/ns1.ns.com")).status).toBe(204);
    expect((await c.del("/domains/ns.com/registry_name_servers/ns1.ns.com")).status).toBe(400);
  });

  it("moves a certificate through purchase, configure and submit", async () => {
    const contact = (await v2(emu()).post("/1/contacts", CONTACT)).body.data.id;
    const c = v1(emu());
    await c.post("/domains", { domain: { name: "cert.com" } });
    expect((await c.post("/domains/cert.com/certificates", { certificate: { name: "www" } })).status).toBe(
      400,
    );
    const bought = await c.post("/domains/cert.com/certificates", {
      certificate: { name: "www", contact_id: contact },
    });
    expect(bought.status).toBe(201);
    expect(bought.body.certificate).toMatchObject({
      state: "purchased",
      configured_at: null,
      approver_email: null,
      ssl_certificate: null,
    });
    const id = bought.body.certificate.id;
    expect(
      (
        await c.put(`/domains/cert.com/certificates/${id}/submit`, {
          certificate: { approver_email: "admin@cert.com" },
        })
      ).status,
    ).toBe(400);
    const configured = await c.put(`/domains/cert.com/certificates/${id}/configure`);
    expect(configured.body.certificate.state).toBe("configured");
    expect(configured.body.certificate.approver_emails).toContain("admin@cert.com");
    expect(
      (
        await c.put(`/domains/cert.com/certificates/${id}/submit`, {
          certificate: { approver_email: "x@evil.com" },
        })
      ).status,
    ).toBe(400);
    const submitted = await c.put(`/domains/cert.com/certificates/${id}/submit`, {
      certificate: { approver_email: "admin@cert.com" },
    });
    expect(submitted.body.certificate).toMatchObject({
      state: "submitted",
      approver_email: "admin@cert.com",
    });
    expect((await c.get("/domains/cert.com/certificates")).body).toHaveLength(1);
  });

  it("manages templates by id or short name, lists services, and handles the subscription", async () => {
    const c = v1(emu());
    const t = await c.post("/templates", {
      dns_template: { name: "Web", short_name: "web", description: "d" },
    });
    expect(t.status).toBe(201);
    expect((await c.post("/templates", { dns_template: { name: "Web2", short_name: "web" } })).status).toBe(
      400,
    );
    expect((await c.get("/templates/web")).body.dns_template.id).toBe(t.body.dns_template.id);
    expect(
      (await c.put(`/templates/${t.body.dns_template.id}`, { dns_template: { name: "Web!" } })).body
        .dns_template.name,
    ).toBe("Web!");
    expect((await c.del("/templates/web")).status).toBe(200);
    expect((await c.get("/templates/web")).status).toBe(404);
    const services = await c.get("/services");
    expect(services.body[0].service).toHaveProperty("short_name");
    expect((await c.get(`/services/${services.body[0].service.id}`)).status).toBe(200);
    expect((await c.get("/subscription")).status).toBe(402);
    expect((await c.post("/subscription", { subscription: { plan: "Silver" } })).status).toBe(400);
    const card = {
      number: "4111111111111111",
      first_name: "J",
      last_name: "D",
      billing_address: "1 St",
      billing_zip: "00100",
      month: "12",
      year: "2030",
      cvv: "123",
    };
    const sub = await c.post("/subscription", { subscription: { plan: "Silver", credit_card: card } });
    expect(sub.status).toBe(201);
    expect(sub.body.subscription.state).toBe("subscribed");
    expect((await c.get("/subscription")).body.subscription.plan_name).toBe("Silver");
  });

  it("provisions users without authentication, and the new user can use v1", async () => {
    const bad = await request(`${emu().v1Url}/users`, {
      method: "POST",
      body: {
        user: { email: "new@example.com", password: "longenough", password_confirmation: "different" },
      },
    });
    expect(bad.status).toBe(400);
    const res = await request(`${emu().v1Url}/users`, {
      method: "POST",
      body: {
        user: { email: "new@example.com", password: "longenough", password_confirmation: "longenough" },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: "new@example.com", domain_count: 0 });
    const mine = await v1(emu(), "new@example.com", res.body.user.single_access_token).get("/domains");
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([]);
  });
});

describe("emulator platform and secondary DNS", () => {
  const emu = useEmulator();

  it("creates, updates, lists and deletes platform messages on existing resources", async () => {
    const c = v2(emu());
    const d = (await c.post("/1/domains", { name: "plat.com" })).body.data;
    expect((await c.post("/1/platform/messages", { title: "x" })).status).toBe(400);
    expect((await c.post("/1/platform/messages", { resource: "domain:999999" })).status).toBe(404);
    expect((await c.post("/1/platform/messages", { resource: "bogus" })).status).toBe(400);
    const m = await c.post("/1/platform/messages", {
      resource: `domain:${d.id}`,
      title: "Hi",
      message: "Hello",
      url: "https://x.test",
    });
    expect(m.status).toBe(201);
    expect(m.body.data).toMatchObject({
      resource: `domain:${d.id}`,
      title: "Hi",
      account_id: 1,
      owner_type: "Account",
    });
    expect(m.body.data.created_at).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d\.\d+ UTC \+00:00$/);
    const upd = await c.patch(`/1/platform/messages/${m.body.data.id}`, { title: "Bye" });
    expect(upd.status).toBe(200);
    expect(upd.body.data.title).toBe("Bye");
    const upd2 = await c.post("/1/platform/messages", { id: m.body.data.id, message: "again" });
    expect(upd2.status).toBe(200);
    expect((await c.get("/1/platform/messages")).body.data).toHaveLength(1);
    expect((await c.del(`/1/platform/messages/${m.body.data.id}`)).status).toBe(204);
    expect((await c.get(`/1/platform/messages/${m.body.data.id}`)).status).toBe(404);
  });

  it("replaces a metadata value written with an existing key", async () => {
    const c = v2(emu());
    const d = (await c.post("/1/domains", { name: "meta.com" })).body.data;
    const res = `domain:${d.id}`;
    const first = await c.post(`/1/platform/metadata/${res}`, {
      resource: res,
      key: "owner",
      value: "alice",
    });
    expect(first.status).toBe(201);
    const second = await c.post(`/1/platform/metadata/${res}`, { resource: res, key: "owner", value: "bob" });
    expect(second.body.data.id).toBe(first.body.data.id);
    const list = await c.get(`/1/platform/metadata/${res}`);
    expect(list.body.data.map((e: { key: string; value: string }) => [e.key, e.value])).toEqual([
      ["owner", "bob"],
    ]);
    expect((await c.get(`/1/platform/metadata/${res}/${first.body.data.id}`)).body.data.value).toBe("bob");
    expect((await c.del(`/1/platform/metadata/${res}/${first.body.data.id}`)).status).toBe(204);
    expect((await c.post(`/1/platform/metadata/${res}`, { key: "k" })).status).toBe(400);
  });

  it("links only secondary zones to primaries, and deletes a secondary zone through the domain delete", async () => {
    const c = v2(emu());
    expect((await c.post("/1/secondary_dns/primaries", { name: "p" })).status).toBe(400);
    expect((await c.post("/1/secondary_dns/primaries", { name: "p", ip: "not-ip" })).status).toBe(400);
    const p = await c.post("/1/secondary_dns/primaries", { name: "primary", ip: "192.0.2.10", port: 4567 });
    expect(p.status).toBe(201);
    expect(p.body.data).toMatchObject({
      name: "primary",
      ip: "192.0.2.10",
      port: 4567,
      linked_secondary_zones: [],
    });
    const z = await c.post("/1/secondary_dns/zones", { name: "second.com" });
    expect(z.status).toBe(201);
    expect(z.body.data).toMatchObject({ name: "second.com", secondary: true });
    await c.post("/1/domains", { name: "primaryzone.com" });
    expect(
      (await c.put(`/1/secondary_dns/primaries/${p.body.data.id}/link`, { zone: "primaryzone.com" })).status,
    ).toBe(400);
    expect((await c.put(`/1/secondary_dns/primaries/${p.body.data.id}/link`, {})).status).toBe(400);
    const linked = await c.put(`/1/secondary_dns/primaries/${p.body.data.id}/link`, { zone: "second.com" });
    expect(linked.body.data.linked_secondary_zones).toEqual(["second.com"]);
    const unlinked = await c.put(`/1/secondary_dns/primaries/${p.body.data.id}/unlink`, {
      zone: "second.com",
    });
    expect(unlinked.body.data.linked_secondary_zones).toEqual([]);
    await c.put(`/1/secondary_dns/primaries/${p.body.data.id}/link`, { zone: "second.com" });
    expect((await c.del("/1/domains/second.com")).status).toBe(204);
    expect(
      (await c.get(`/1/secondary_dns/primaries/${p.body.data.id}`)).body.data.linked_secondary_zones,
    ).toEqual([]);
    expect((await c.get("/1/secondary_dns/primaries?sort=name:asc")).body.data).toHaveLength(1);
    expect((await c.del(`/1/secondary_dns/primaries/${p.body.data.id}`)).status).toBe(204);
    expect((await c.get(`/1/secondary_dns/primaries/${p.body.data.id}`)).status).toBe(404);
  });
});
