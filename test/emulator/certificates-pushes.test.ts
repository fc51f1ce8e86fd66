import { CONTACT } from "./fixtures";
import { addAccount, admin, useEmulator, v2, waitFor } from "./helpers";

describe("emulator certificates", () => {
  const emu = useEmulator({ delays: { certificate: 40 } });

  it("purchases a Let's Encrypt certificate with the order defaults and issues it after the delay", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "secure.com" });
    const order = await c.post("/1/domains/secure.com/certificates/letsencrypt", {});
    expect(order.status).toBe(201);
    expect(order.body.data).toMatchObject({ state: "new", auto_renew: false });
    const certId = order.body.data.certificate_id;
    const cert = await c.get(`/1/domains/secure.com/certificates/${certId}`);
    expect(cert.body.data).toMatchObject({
      name: "www",
      common_name: "www.secure.com",
      alternate_names: [],
      authority_identifier: "letsencrypt",
      state: "new",
    });
    const early = await c.get(`/1/domains/secure.com/certificates/${certId}/download`);
    expect(early.status).toBe(428);
    expect(early.body).toEqual({ message: "Certificate not issued" });
    expect((await c.get(`/1/domains/secure.com/certificates/${certId}/private_key`)).status).toBe(428);

    const issue = await c.post(`/1/domains/secure.com/certificates/letsencrypt/${order.body.data.id}/issue`);
    expect(issue.status).toBe(202);
    expect(issue.body.data).toMatchObject({ state: "requesting", csr: null, expires_at: null });
    expect(
      (await c.post(`/1/domains/secure.com/certificates/letsencrypt/${order.body.data.id}/issue`)).status,
    ).toBe(400);
    await waitFor(
      async () => (await c.get(`/1/domains/secure.com/certificates/${certId}`)).body.data.state === "issued",
    );
    const issued = (await c.get(`/1/domains/secure.com/certificates/${certId}`)).body.data;
    expect(issued.csr).toContain("BEGIN CERTIFICATE REQUEST");
    expect(issued.expires_on).toMatch(/^\d{4}-\d\d-\d\d$/);
    const dl = await c.get(`/1/domains/secure.com/certificates/${certId}/download`);
    expect(dl.body.data.server).toContain("BEGIN CERTIFICATE");
    expect(Array.isArray(dl.body.data.chain)).toBe(true);
    const key = await c.get(`/1/domains/secure.com/certificates/${certId}/private_key`);
    expect(key.body.data.private_key).toContain("PRIVATE KEY");
  });

  it("takes the optional order fields and refuses a bad signature algorithm", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "opts.com" });
    const bad = await c.post("/1/domains/opts.com/certificates/letsencrypt", { signature_algorithm: "DSA" });
    expect(bad.status).toBe(400);
    const order = await c.post("/1/domains/opts.com/certificates/letsencrypt", {
      name: "api",
      alternate_names: ["a.opts.com"],
      auto_renew: true,
      signature_algorithm: "RSA",
    });
    const cert = await c.get(`/1/domains/opts.com/certificates/${order.body.data.certificate_id}`);
    expect(cert.body.data).toMatchObject({
      name: "api",
      common_name: "api.opts.com",
      alternate_names: ["a.opts.com"],
      auto_renew: true,
    });
    expect((await c.post("/1/domains/missing.com/certificates/letsencrypt", {})).status).toBe(404);
  });

  it("renews an issued certificate into a new one that is issued after the delay", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "renew.com" });
    const order = await c.post("/1/domains/renew.com/certificates/letsencrypt", {});
    const oldId = order.body.data.certificate_id;
    expect((await c.post(`/1/domains/renew.com/certificates/letsencrypt/${oldId}/renewals`, {})).status).toBe(
      400,
    );
    await c.post(`/1/domains/renew.com/certificates/letsencrypt/${order.body.data.id}/issue`);
    await waitFor(
      async () => (await c.get(`/1/domains/renew.com/certificates/${oldId}`)).body.data.state === "issued",
    );
    const renewal = await c.post(`/1/domains/renew.com/certificates/letsencrypt/${oldId}/renewals`, {
      auto_renew: true,
    });
    expect(renewal.status).toBe(201);
    expect(renewal.body.data).toMatchObject({ old_certificate_id: oldId, state: "new", auto_renew: true });
    const newId = renewal.body.data.new_certificate_id;
    const issue = await c.post(
      `/1/domains/renew.com/certificates/letsencrypt/${oldId}/renewals/${renewal.body.data.id}/issue`,
    );
    expect(issue.status).toBe(202);
    expect(issue.body.data).toMatchObject({ id: newId, state: "requesting" });
    await waitFor(
      async () => (await c.get(`/1/domains/renew.com/certificates/${newId}`)).body.data.state === "issued",
    );
    // Ascending by id by default, like every other list (and the OpenAPI description).
    const list = await c.get("/1/domains/renew.com/certificates");
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([oldId, newId]);
    const newest = await c.get("/1/domains/renew.com/certificates?sort=id:desc");
    expect(newest.body.data.map((x: { id: number }) => x.id)).toEqual([newId, oldId]);
  });
});

describe("emulator certificates with no delay (the default): the Terraform provider's flow", () => {
  const emu = useEmulator();

  // terraform-provider-dnsimple's Create keeps the issue answer as its state, and its two
  // Let's Encrypt acceptance tests check that csr and expires_at are set in it.
  it("answers the issue with the issued certificate (csr, expires_at), and reads it back the same", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "now.com" });
    const order = await c.post("/1/domains/now.com/certificates/letsencrypt", { name: "www" });
    const issue = await c.post(`/1/domains/now.com/certificates/letsencrypt/${order.body.data.id}/issue`);
    expect(issue.status).toBe(202);
    expect(issue.body.data).toMatchObject({
      state: "issued",
      csr: expect.stringContaining("-----BEGIN CERTIFICATE REQUEST-----"),
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    const read = await c.get(`/1/domains/now.com/certificates/${order.body.data.certificate_id}`);
    expect(read.body.data).toEqual(issue.body.data);

    const renewal = await c.post(
      `/1/domains/now.com/certificates/letsencrypt/${order.body.data.certificate_id}/renewals`,
      {},
    );
    const renewed = await c.post(
      `/1/domains/now.com/certificates/letsencrypt/${order.body.data.certificate_id}/renewals/${renewal.body.data.id}/issue`,
    );
    expect(renewed.body.data).toMatchObject({ state: "issued", csr: expect.stringContaining("REQUEST") });
  });
});

describe("emulator pushes", () => {
  const emu = useEmulator();

  it("pushes a domain to another account, which accepts it with its contact and then owns it", async () => {
    await addAccount(emu(), 2, "token-2");
    const a = v2(emu());
    const b = v2(emu(), "token-2");
    await admin(emu()).post("/seed", {
      domains: [{ account: 1, name: "pushed.com", state: "registered", expiresOn: "2030-01-01" }],
    });
    await a.post("/1/zones/pushed.com/records", { name: "www", type: "A", content: "192.0.2.1" });
    const bad = await a.post("/1/domains/pushed.com/pushes", {
      new_account_identifier: "nobody@example.com",
    });
    expect(bad.status).toBe(400);
    expect((await a.post("/1/domains/pushed.com/pushes", {})).status).toBe(400);
    const push = await a.post("/1/domains/pushed.com/pushes", {
      new_account_identifier: "owner2@example.com",
    });
    expect(push.status).toBe(201);
    expect(push.body.data).toMatchObject({ account_id: 2, contact_id: null, accepted_at: null });
    expect((await a.get("/1/pushes")).body.data).toEqual([]);
    const pending = await b.get("/2/pushes");
    expect(pending.body.data.map((p: { id: number }) => p.id)).toEqual([push.body.data.id]);
    expect((await a.post(`/1/pushes/${push.body.data.id}`, { contact_id: 1 })).status).toBe(404);
    expect((await b.post(`/2/pushes/${push.body.data.id}`, {})).status).toBe(400);
    const contactB = (await b.post("/2/contacts", CONTACT)).body.data.id;
    const contactA = (await a.post("/1/contacts", CONTACT)).body.data.id;
    expect((await b.post(`/2/pushes/${push.body.data.id}`, { contact_id: contactA })).status).toBe(400);
    const accepted = await b.post(`/2/pushes/${push.body.data.id}`, { contact_id: contactB });
    expect(accepted.status).toBe(204);
    expect((await a.get("/1/domains/pushed.com")).status).toBe(404);
    const moved = await b.get("/2/domains/pushed.com");
    expect(moved.body.data).toMatchObject({ account_id: 2, registrant_id: contactB });
    expect((await b.get("/2/zones/pushed.com/records?name=www")).body.data).toHaveLength(1);
    expect((await a.get("/1/zones/pushed.com")).status).toBe(404);
    expect((await b.get("/2/pushes")).body.data).toEqual([]);
    expect(emu().app.store.pushes.get(push.body.data.id)?.accepted_at).not.toBeNull();
  });

  it("lets the target reject a push, leaving the domain where it was", async () => {
    await addAccount(emu(), 2, "token-2");
    const a = v2(emu());
    const b = v2(emu(), "token-2");
    await a.post("/1/domains", { name: "stay.com" });
    const push = await a.post("/1/domains/stay.com/pushes", { new_account_identifier: "2" });
    expect(push.status).toBe(201);
    expect((await a.post("/1/domains/stay.com/pushes", { new_account_identifier: "2" })).status).toBe(400);
    expect((await b.del(`/2/pushes/${push.body.data.id}`)).status).toBe(204);
    expect((await b.del(`/2/pushes/${push.body.data.id}`)).status).toBe(404);
    expect((await a.get("/1/domains/stay.com")).status).toBe(200);
  });
});
