/**
 * The emulator's record rules that hold across records (CNAME exclusivity on create, rename and
 * batch) and the documented content rules, in the service's 400 shape (emulator/record-content.ts
 * cites where each comes from).
 */
import { useEmulator, v2 } from "./helpers";

describe("emulator record rules", () => {
  const emu = useEmulator();
  const zone = "rules.example";
  const records = `/1/zones/${zone}/records`;
  const add = (body: Record<string, unknown>) => v2(emu()).post(records, { ttl: 3600, ...body });

  // Each test has a fresh emulator (useEmulator), so each makes the zone first.
  beforeEach(async () => {
    expect((await v2(emu()).post("/1/domains", { name: zone })).status).toBe(201);
  });

  it("refuses a record beside a CNAME, and a CNAME beside a record, with the service's messages", async () => {
    expect((await add({ name: "c1", type: "CNAME", content: "a.example.net" })).status).toBe(201);
    const beside = await add({ name: "c1", type: "TXT", content: "x" });
    expect(beside.status).toBe(400);
    expect(beside.body).toEqual({
      message: "Validation failed",
      errors: { base: [`A CNAME record exists for c1.${zone}, cannot add another record`] },
    });
    expect((await add({ name: "t1", type: "TXT", content: "x" })).status).toBe(201);
    const cname = await add({ name: "t1", type: "CNAME", content: "a.example.net" });
    expect(cname.status).toBe(400);
    expect(cname.body.errors).toEqual({
      base: [`Another record already exists for t1.${zone}, cannot add a CNAME.`],
    });
  });

  it("refuses renaming a record onto a CNAME's name, or a CNAME onto a used name (PATCH)", async () => {
    const c = v2(emu());
    const cname = await add({ name: "c2", type: "CNAME", content: "a.example.net" });
    const a = await add({ name: "a2", type: "A", content: "192.0.2.1" });
    const ontoCname = await c.patch(`${records}/${a.body.data.id}`, { name: "c2" });
    expect(ontoCname.status).toBe(400);
    expect(ontoCname.body.errors).toEqual({
      base: [`A CNAME record exists for c2.${zone}, cannot add another record`],
    });
    const cnameOnto = await c.patch(`${records}/${cname.body.data.id}`, { name: "a2" });
    expect(cnameOnto.status).toBe(400);
    expect(cnameOnto.body.errors).toEqual({
      base: [`Another record already exists for a2.${zone}, cannot add a CNAME.`],
    });
    // Neither record moved; a rename to a free name and a change in place are accepted.
    expect((await c.get(`${records}/${a.body.data.id}`)).body.data.name).toBe("a2");
    expect((await c.patch(`${records}/${cname.body.data.id}`, { name: "c2b" })).status).toBe(200);
    expect((await c.patch(`${records}/${a.body.data.id}`, { content: "192.0.2.2" })).status).toBe(200);
  });

  it("refuses a rename onto a CNAME's name in a batch, and allows it once the CNAME is deleted", async () => {
    const c = v2(emu());
    const cname = await add({ name: "c3", type: "CNAME", content: "a.example.net" });
    const a = await add({ name: "a3", type: "A", content: "192.0.2.1" });
    const refused = await c.post(`/1/zones/${zone}/batch`, { updates: [{ id: a.body.data.id, name: "c3" }] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.updates).toEqual([
      {
        index: 0,
        message: "Validation failed",
        errors: { base: [`A CNAME record exists for c3.${zone}, cannot add another record`] },
      },
    ]);
    const replaced = await c.post(`/1/zones/${zone}/batch`, {
      deletes: [{ id: cname.body.data.id }],
      updates: [{ id: a.body.data.id, name: "c3" }],
    });
    expect(replaced.status).toBe(200);
  });

  it.each([
    ["CNAME", "192.0.2.1", "must be a hostname, not an IP address"],
    ["CNAME", "https://example.net/a", "must be a hostname, not a URL"],
    ["NS", "192.0.2.53", "must be a hostname, not an IP address"],
    ["SRV", "10 5060 192.0.2.1", "must be a hostname, not an IP address"],
    ["URL", "www.example.com/path", "must be a full URL including http:// or https://"],
    ["URL", "ftp://example.com/file", "must be a full URL including http:// or https://"],
  ])("refuses %s content %j as documented", async (type, content, message) => {
    const res = await add({ name: "doc", type, content, ...(type === "SRV" ? { priority: 10 } : {}) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Validation failed", errors: { content: [message] } });
  });

  it("accepts a quoted TXT string over 255 characters, which the service splits", async () => {
    expect((await add({ name: "long", type: "TXT", content: `"${"a".repeat(300)}"` })).status).toBe(201);
  });
});
