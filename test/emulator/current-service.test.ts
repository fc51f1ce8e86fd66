/**
 * The emulator answers like today's service (the current OpenAPI description and the recorded
 * responses): `trustee` on every domain, `active` on every zone, the apex stored as "", the
 * contract's string webhook ids and OAuth statuses.
 */
import { admin, useEmulator, v2 } from "./helpers";

describe("emulator answers like today's service", () => {
  const emu = useEmulator();

  it("sends `trustee` on every domain: create, get, list, and the registrar's domain", async () => {
    const c = v2(emu());
    const created = await c.post("/1/domains", { name: "example.com" });
    expect(created.body.data.trustee).toBe(false);
    expect((await c.get("/1/domains/example.com")).body.data.trustee).toBe(false);
    const listed = (await c.get("/1/domains")).body.data as { trustee: unknown }[];
    expect(listed.map((d) => d.trustee)).toEqual([false]);
    const contact = await c.post("/1/contacts", {
      first_name: "Jane",
      last_name: "Doe",
      email: "jane@example.com",
      phone: "+18001234567",
      address1: "1 Main Street",
      city: "Rome",
      state_province: "RM",
      postal_code: "00100",
      country: "IT",
    });
    const reg = await c.post("/1/registrar/domains/registered.com/registrations", {
      registrant_id: contact.body.data.id,
      trustee: true,
    });
    expect(reg.body.data.trustee).toBe(true);
    // The completed registration hands its trustee choice to the domain.
    expect(reg.body.data.state).toBe("registered");
    expect((await c.get("/1/domains/registered.com")).body.data.trustee).toBe(true);
  });

  it("sends `active` on every zone, secondary zones included", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "primary.com" });
    const secondary = await c.post("/1/secondary_dns/zones", { name: "secondary.com" });
    expect(secondary.status).toBe(201);
    expect(secondary.body.data).toMatchObject({ name: "secondary.com", secondary: true, active: true });
    const zones = (await c.get("/1/zones")).body.data as { name: string; active: unknown }[];
    expect(zones.map((z) => [z.name, z.active])).toEqual([
      ["primary.com", true],
      ["secondary.com", true],
    ]);
    await c.del("/1/zones/primary.com/activation");
    expect((await c.get("/1/zones/primary.com")).body.data.active).toBe(false);
  });

  it('stores a record named `@` as the apex, "", on create and on update', async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "apex.com" });
    const created = await c.post("/1/zones/apex.com/records", {
      name: "@",
      type: "TXT",
      content: "v=spf1 -all",
    });
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe("");
    const www = await c.post("/1/zones/apex.com/records", { name: "www", type: "A", content: "127.0.0.1" });
    const moved = await c.patch(`/1/zones/apex.com/records/${www.body.data.id}`, { name: "@" });
    expect(moved.body.data.name).toBe("");
    const read = await c.get(`/1/zones/apex.com/records/${created.body.data.id}`);
    expect(read.body.data.name).toBe("");
    const byName = (await c.get("/1/zones/apex.com/records?name=@&type=TXT")).body.data as { id: number }[];
    expect(byName.map((r) => r.id)).toEqual([created.body.data.id]);
  });

  it("takes a webhook id as a string: leading digits name the webhook, others are a 404", async () => {
    const c = v2(emu());
    const hook = await c.post("/1/webhooks", { url: "https://hooks.example.com/dns" });
    const id = hook.body.data.id as number;
    expect((await c.get(`/1/webhooks/${id}`)).body.data.id).toBe(id);
    expect((await c.get(`/1/webhooks/0${id}`)).body.data.id).toBe(id);
    expect((await c.get(`/1/webhooks/${id}-billing`)).body.data.id).toBe(id);
    const unknown = await c.get("/1/webhooks/billing");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Webhook `billing` not found" });
    expect((await c.del(`/1/webhooks/${id}-billing`)).status).toBe(204);
    expect((await c.get(`/1/webhooks/${id}`)).status).toBe(404);
  });

  it("lists certificates ascending by id unless asked otherwise", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "certs.com" });
    const first = await c.post("/1/domains/certs.com/certificates/letsencrypt", { name: "www" });
    const second = await c.post("/1/domains/certs.com/certificates/letsencrypt", { name: "api" });
    const ids = [first.body.data.certificate_id, second.body.data.certificate_id];
    const list = (await c.get("/1/domains/certs.com/certificates")).body.data as { id: number }[];
    expect(list.map((x) => x.id)).toEqual(ids);
  });

  it("answers 400 `invalid_grant` for a code of another client, 401 for a wrong secret", async () => {
    const code = await admin(emu()).post("/oauth-codes", {
      clientId: "app",
      clientSecret: "s",
      accountId: 1,
    });
    const base = { client_secret: "s", code: code.body.code, grant_type: "authorization_code" };
    const other = await v2(emu()).post("/oauth/access_token", { ...base, client_id: "another-app" });
    expect([other.status, other.body.error]).toEqual([400, "invalid_grant"]);
    const wrong = await v2(emu()).post("/oauth/access_token", {
      ...base,
      client_id: "app",
      client_secret: "x",
    });
    expect([wrong.status, wrong.body.error]).toEqual([401, "invalid_client"]);
  });
});
