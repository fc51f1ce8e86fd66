import { addAccount, admin, request, useEmulator, v2 } from "./helpers";

describe("emulator v2 identity and domains", () => {
  const emu = useEmulator();

  it("answers whoami with the account for an account token and with the user for basic auth", async () => {
    const asAccount = await v2(emu()).get("/whoami");
    expect(asAccount.status).toBe(200);
    expect(asAccount.body.data.user).toBeNull();
    expect(asAccount.body.data.account).toMatchObject({ id: 1, email: "dev@example.com" });

    const basic = Buffer.from(`${emu().email}:${emu().password}`).toString("base64");
    const asUser = await v2(emu(), "", `Basic ${basic}`).get("/whoami");
    expect(asUser.status).toBe(200);
    expect(asUser.body.data.account).toBeNull();
    expect(asUser.body.data.user).toMatchObject({ email: "dev@example.com" });
  });

  it("refuses missing, unknown and malformed credentials with 401 Authentication failed", async () => {
    const none = await request(`${emu().v2Url}/whoami`);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: "Authentication failed" });
    expect((await v2(emu(), "nope").get("/1/domains")).status).toBe(401);
    const badBasic = Buffer.from(`${emu().email}:wrong`).toString("base64");
    expect((await v2(emu(), "", `Basic ${badBasic}`).get("/whoami")).status).toBe(401);
    expect((await v2(emu(), "", "Token abc").get("/whoami")).status).toBe(401);
  });

  it("lists only the accounts a credential may use", async () => {
    await addAccount(emu(), 2, "token-2");
    const one = await v2(emu()).get("/accounts");
    expect(one.body.data.map((a: { id: number }) => a.id)).toEqual([1]);
    await admin(emu()).post("/users", { email: "multi@example.com", accounts: [1, 2], token: "user-token" });
    const both = await v2(emu(), "user-token").get("/accounts");
    expect(both.body.data.map((a: { id: number }) => a.id)).toEqual([1, 2]);
    expect(Object.keys(both.body.data[0]).sort()).toEqual(
      ["created_at", "email", "id", "name", "plan_identifier", "updated_at"].sort(),
    );
  });

  it("creates a hosted domain with the service's fields and reads it by name and by id", async () => {
    const c = v2(emu());
    const created = await c.post("/1/domains", { name: "Example.COM" });
    expect(created.status).toBe(201);
    const d = created.body.data;
    expect(d).toMatchObject({
      account_id: 1,
      registrant_id: null,
      name: "example.com",
      unicode_name: "example.com",
      state: "hosted",
      auto_renew: false,
      private_whois: false,
      expires_on: null,
      expires_at: null,
    });
    expect(typeof d.id).toBe("number");
    expect(d.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const byName = await c.get("/1/domains/example.com");
    const byId = await c.get(`/1/domains/${d.id}`);
    expect(byName.status).toBe(200);
    expect(byId.body.data).toEqual(byName.body.data);
    expect(byName.body.data.trustee).toBe(false);
  });

  it("converts an internationalized name to punycode and keeps the unicode form", async () => {
    const res = await v2(emu()).post("/1/domains", { name: "bücher.de" });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe("xn--bcher-kva.de");
    expect(res.body.data.unicode_name).toBe("bücher.de");
  });

  it("answers validation failures in the service's shape", async () => {
    const c = v2(emu());
    const blank = await c.post("/1/domains", {});
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: "Validation failed", errors: { name: ["can't be blank"] } });
    const invalid = await c.post("/1/domains", { name: "not a domain" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.name).toHaveLength(1);
    const wrongType = await c.post("/1/domains", { name: 42 });
    expect(wrongType.status).toBe(400);
    await c.post("/1/domains", { name: "dup.com" });
    const dup = await c.post("/1/domains", { name: "dup.com" });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe("The domain dup.com is already in DNSimple and cannot be added");
    const malformed = await c.post("/1/domains", "{not json");
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.message).toBe("string");
  });

  it("answers 404 for an unknown domain and for another account's domain, by name and by id", async () => {
    await addAccount(emu(), 2, "token-2");
    const other = await v2(emu(), "token-2").post("/2/domains", { name: "theirs.com" });
    expect(other.status).toBe(201);
    const c = v2(emu());
    const unknown = await c.get("/1/domains/missing.com");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Domain `missing.com` not found" });
    expect((await c.get("/1/domains/theirs.com")).body).toEqual({ message: "Domain `theirs.com` not found" });
    expect((await c.get(`/1/domains/${other.body.data.id}`)).status).toBe(404);
    expect((await c.del("/1/domains/theirs.com")).status).toBe(404);
    expect((await c.get("/2/domains")).status).toBe(404);
    expect((await c.get("/2/domains/theirs.com")).status).toBe(404);
    expect((await v2(emu(), "token-2").get("/2/domains/theirs.com")).status).toBe(200);
  });

  it("deletes a domain with 204 and then answers 404", async () => {
    const c = v2(emu());
    await c.post("/1/domains", { name: "gone.com" });
    const del = await c.del("/1/domains/gone.com");
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect((await c.get("/1/domains/gone.com")).status).toBe(404);
    expect((await c.del("/1/domains/gone.com")).status).toBe(404);
  });

  it("paginates with per_page default 30, capped at 100, and the pagination object", async () => {
    const names = Array.from({ length: 250 }, (_, i) => ({
      account: 1,
      name: `d${String(i).padStart(3, "0")}.com`,
    }));
    expect((await admin(emu()).post("/seed", { domains: names })).status).toBe(200);
    const c = v2(emu());
    const first = await c.get("/1/domains");
    expect(first.body.data).toHaveLength(30);
    expect(first.body.pagination).toEqual({
      current_page: 1,
      per_page: 30,
      total_entries: 250,
      total_pages: 9,
    });
    const capped = await c.get("/1/domains?per_page=500&page=3");
    expect(capped.body.data).toHaveLength(50);
    expect(capped.body.pagination).toEqual({
      current_page: 3,
      per_page: 100,
      total_entries: 250,
      total_pages: 3,
    });
    const seen = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      const res = await c.get(`/1/domains?per_page=100&page=${page}`);
      for (const d of res.body.data) seen.add(d.name);
    }
    expect(seen.size).toBe(250);
    const beyond = await c.get("/1/domains?page=99");
    expect(beyond.body.data).toEqual([]);
  });

  it("sorts by name by default and by the sort parameter, and filters by name_like and registrant_id", async () => {
    await admin(emu()).post("/seed", {
      contacts: [{ account: 1, id: 77 }],
      domains: [
        { account: 1, name: "bravo.com" },
        { account: 1, name: "alpha.com", registrantId: 77, state: "registered", expiresOn: "2030-01-01" },
        { account: 1, name: "charlie.org" },
      ],
    });
    const c = v2(emu());
    const names = (r: { body: { data: { name: string }[] } }): string[] => r.body.data.map((d) => d.name);
    expect(names(await c.get("/1/domains"))).toEqual(["alpha.com", "bravo.com", "charlie.org"]);
    expect(names(await c.get("/1/domains?sort=name:desc"))).toEqual([
      "charlie.org",
      "bravo.com",
      "alpha.com",
    ]);
    expect(names(await c.get("/1/domains?sort=id:asc"))).toEqual(["bravo.com", "alpha.com", "charlie.org"]);
    expect(names(await c.get("/1/domains?name_like=.com"))).toEqual(["alpha.com", "bravo.com"]);
    expect(names(await c.get("/1/domains?registrant_id=77"))).toEqual(["alpha.com"]);
    expect((await c.get("/1/domains?sort=color:asc")).status).toBe(400);
  });

  it("answers 404 for unknown routes and 405 for a known path with another method", async () => {
    const c = v2(emu());
    expect((await c.get("/1/nothing-here")).status).toBe(404);
    expect((await c.patch("/1/domains")).status).toBe(405);
  });
});
