/**
 * ZoneRecords (a zone's records as one resource) through its dynamic provider, against the
 * emulator: changes in batch requests, drift on read, additive and authoritative modes, adopt,
 * a refused record that fails alone and is kept out of state, and delete.
 */
import { startEmulator } from "../../emulator";
import { toDynamicProvider } from "../../provider/dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "../../provider/framework/runtime";
import { zoneRecordsResource } from "../../provider/kinds/zone-records";

type Emu = Awaited<ReturnType<typeof startEmulator>>;
let emu: Emu;
const ZONE = "set.example";
const provider = toDynamicProvider(zoneRecordsResource);

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  resetRuntime();
  await emu.close();
});
beforeEach(async () => {
  emu.reset();
  await fetch(`${emu.url}/__admin/seed`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ domains: [{ account: 1, name: ZONE }] }),
  });
  configureRuntime({
    get: (key) =>
      ({
        "dnsimple:account": "1",
        "dnsimple:token": emu.token,
        "dnsimple:baseUrl": emu.v2Url,
        // The requests counted are the records' own (the check of credentials: credentials.test.ts).
        "dnsimple:verifyCredentials": "false",
      })[key],
  });
  emu.clearRequests();
});

const hosts = (n: number, ttl = 3600) =>
  Array.from({ length: n }, (_, i) => ({ name: `h${i}`, type: "A", content: `192.0.2.${i}`, ttl }));

async function checked(news: Record<string, unknown>, olds: Record<string, unknown> = {}) {
  const { inputs, failures } = await provider.check!(olds, news);
  expect(failures).toEqual([]);
  return inputs!;
}

const userRecords = () =>
  emu.app.store.records.filter((r) => r.zone === ZONE && !r.system_record).sort((a, b) => a.id - b.id);
const apiCalls = () => emu.requests().map((r) => `${r.method} ${r.path}`);

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${emu.v2Url}/1/zones/${ZONE}${path}`, {
    method,
    headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return res.status === 204 ? undefined : ((await res.json()) as { data: { id: number } });
}

describe("ZoneRecords", () => {
  it("creates 150 records in one request and changes every TTL in one more", async () => {
    const inputs = await checked({ zoneName: ZONE, records: hosts(150) });
    const created = await provider.create(inputs);
    expect(created.id).toMatch(/^set\.example\//);
    expect(Object.keys(created.outs.recordIds)).toHaveLength(150);
    expect(apiCalls()).toEqual([`POST /v2/1/zones/${ZONE}/batch`]);
    expect(userRecords()).toHaveLength(150);

    emu.clearRequests();
    // Every record's TTL changes: a mass change, let through as a reviewer would (allowMassChange).
    const news = await checked(
      { zoneName: ZONE, records: hosts(150, 60), allowMassChange: 150 },
      created.outs,
    );
    expect((await provider.diff!(created.id, created.outs, news)).changes).toBe(true);
    const updated = await provider.update!(created.id, created.outs, news);
    expect(apiCalls()).toEqual([`POST /v2/1/zones/${ZONE}/batch`]);
    expect(userRecords().every((r) => r.ttl === 60)).toBe(true);
    expect(await provider.diff!(created.id, updated.outs!, news)).toEqual({ changes: false });
  });

  it("shows drift on read, and deletes only its own records", async () => {
    const created = await provider.create(await checked({ zoneName: ZONE, records: hosts(3) }));
    const handMade = await api("POST", "/records", { name: "manual", type: "A", content: "192.0.2.99" });
    const first = userRecords()[0]!;
    await api("PATCH", `/records/${first.id}`, { ttl: 120 });
    await api("DELETE", `/records/${userRecords()[1]!.id}`);
    const read = await provider.read!(created.id, created.outs);
    const records = read.props!.records as Record<string, string>;
    expect(Object.keys(records)).toHaveLength(2);
    expect(records["h0 A 192.0.2.0"]).toBe("h0 120 A 192.0.2.0");
    await provider.delete!(created.id, read.props!);
    expect(userRecords().map((r) => r.id)).toEqual([handMade!.data.id]);
  });

  it("authoritative: takes over identical records and removes the undeclared, never system records", async () => {
    const same = await api("POST", "/records", { name: "h0", type: "A", content: "192.0.2.0" });
    await api("POST", "/records", { name: "stray", type: "TXT", content: "old" });
    const systemBefore = emu.app.store.records.filter((r) => r.zone === ZONE && r.system_record).length;
    const created = await provider.create(
      await checked({ zoneName: ZONE, records: hosts(2), authoritative: true }),
    );
    expect(created.outs.recordIds["h0 A 192.0.2.0"]).toBe(same!.data.id);
    expect(userRecords().map((r) => r.name)).toEqual(["h0", "h1"]);
    expect(emu.app.store.records.filter((r) => r.zone === ZONE && r.system_record)).toHaveLength(
      systemBefore,
    );
  });

  it("adopt takes over the records identical to the declaration and creates the rest", async () => {
    const existing = await api("POST", "/records", { name: "h1", type: "A", content: "192.0.2.1" });
    const created = await provider.create(await checked({ zoneName: ZONE, records: hosts(3), adopt: true }));
    expect(created.outs.recordIds["h1 A 192.0.2.1"]).toBe(existing!.data.id);
    expect(userRecords()).toHaveLength(3);
  });

  it("a map keeps its keys: a content change under a key is an update in place", async () => {
    const created = await provider.create(
      await checked({ zoneName: ZONE, records: { web: { name: "www", type: "A", content: "192.0.2.1" } } }),
    );
    const news = await checked({
      zoneName: ZONE,
      records: { web: { name: "www", type: "A", content: "192.0.2.2" } },
    });
    await provider.update!(created.id, created.outs, news);
    expect(userRecords().map((r) => [r.id, r.content])).toEqual([[created.outs.recordIds.web, "192.0.2.2"]]);
  });

  it("a refused record fails alone: the others are made and kept in state", async () => {
    const records = [...hosts(2), { name: "bad", type: "A", content: "192.0.2.7", regions: ["MARS"] }];
    const error = await provider.create(await checked({ zoneName: ZONE, records })).catch((e: unknown) => e);
    expect(String((error as Error).message)).toMatch(
      /1 of 3 record changes .* failed: bad A 192\.0\.2\.7: 400/,
    );
    const partial = error as { id: string; properties: { recordIds: Record<string, number> } };
    expect(partial.id).toMatch(/^set\.example\//);
    expect(Object.keys(partial.properties.recordIds).sort()).toEqual(["h0 A 192.0.2.0", "h1 A 192.0.2.1"]);
    expect(userRecords()).toHaveLength(2);
  });
});
