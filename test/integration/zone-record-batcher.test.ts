/**
 * ZoneRecord's create/update/delete through the per-process batcher, against the emulator:
 * changes in flight together leave as one batch request, each resource still gets its own result
 * or its own error, and an account without batch changes falls back to single requests. The
 * engine's `--parallel` is 64 here (PULUMI_PARALLEL), above its default: at the default, each
 * change goes alone (provider/kinds/zone-records.test.ts).
 */
import { startEmulator } from "../../emulator";
import { flushReports, setLogSink } from "../../provider/framework/engine-log";
import { toDynamicProvider } from "../../provider/dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "../../provider/framework/runtime";
import { resetStepsInFlight, stepsInFlight } from "../../provider/framework/steps-in-flight";
import { zoneRecordResource } from "../../provider/kinds/zone-record";

type Emu = Awaited<ReturnType<typeof startEmulator>>;
let emu: Emu;
const ZONE = "coalesce.example";
const provider = toDynamicProvider(zoneRecordResource);

const savedParallel = process.env["PULUMI_PARALLEL"];
beforeAll(async () => {
  process.env["PULUMI_PARALLEL"] = "64";
  resetStepsInFlight();
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  if (savedParallel === undefined) delete process.env["PULUMI_PARALLEL"];
  else process.env["PULUMI_PARALLEL"] = savedParallel;
  resetStepsInFlight();
  resetRuntime();
  await emu.close();
});
beforeEach(async () => {
  emu.reset();
  await admin("POST", "/__admin/seed", { domains: [{ account: 1, name: ZONE }] });
  // A new client per test: what the batcher learned about an account lives with the client.
  configureRuntime({
    get: (key) =>
      ({ "dnsimple:account": "1", "dnsimple:token": emu.token, "dnsimple:baseUrl": emu.v2Url })[key],
  });
  emu.clearRequests();
});

async function admin(method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(emu.url + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`admin ${method} ${path}: ${res.status} ${await res.text()}`);
}

const record = (i: number, extra: Record<string, unknown> = {}) => ({
  zoneName: ZONE,
  name: `host${i}`,
  type: "A",
  content: `192.0.2.${i}`,
  ttl: 3600,
  ...extra,
});

function routes(): string[] {
  return emu.requests().map((r) => `${r.method} ${r.path.replace(/\/\d+$/, "/:id")}`);
}

describe("ZoneRecord changes in flight together", () => {
  it("count as the engine's steps from the call until the answer, which the batcher waits on", async () => {
    const creating = provider.create(record(1));
    const updating = creating.then((c) => provider.update!(c.id, c.outs, { ...c.outs, ttl: 60 }));
    expect(stepsInFlight("ZoneRecord")).toBe(1);
    const created = await creating;
    expect(stepsInFlight("ZoneRecord")).toBe(1); // the update, started as the create was answered
    await updating;
    expect(stepsInFlight("ZoneRecord")).toBe(0);
    const deleting = provider.delete!(created.id, created.outs);
    expect(stepsInFlight("ZoneRecord")).toBe(1);
    await deleting;
    expect(stepsInFlight("ZoneRecord")).toBe(0);
    // Nothing else in flight: each change left at once as the single request it is.
    expect(routes()).toEqual([
      "POST /v2/1/zones/coalesce.example/records",
      "PATCH /v2/1/zones/coalesce.example/records/:id",
      "DELETE /v2/1/zones/coalesce.example/records/:id",
    ]);
  });

  it("are created, updated and deleted in one batch request each, every resource with its own id", async () => {
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => provider.create(record(i))));
    expect(new Set(created.map((c) => c.id)).size).toBe(20);
    expect(created[7]!.outs).toMatchObject({ name: "host7", content: "192.0.2.7" });
    expect(routes()).toEqual(["POST /v2/1/zones/coalesce.example/batch"]);

    emu.clearRequests();
    const updated = await Promise.all(
      created.map((c, i) => provider.update!(c.id, c.outs, { ...c.outs, ...record(i, { ttl: 60 }) })),
    );
    expect(updated.every((u) => u.outs?.ttl === 60)).toBe(true);
    expect(routes()).toEqual(["POST /v2/1/zones/coalesce.example/batch"]);

    emu.clearRequests();
    await Promise.all(created.map((c) => provider.delete!(c.id, c.outs)));
    expect(routes()).toEqual(["POST /v2/1/zones/coalesce.example/batch"]);
  });

  it("fail one by one: a refused record gets its own message, the others are sent again and made", async () => {
    const results = await Promise.allSettled([
      provider.create(record(1)),
      provider.create(record(2, { type: "AAAA", content: "2001:db8::2", regions: ["MARS"] })),
      provider.create(record(3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason.message)).toMatch(/400 .*regions: is invalid/);
    expect(routes()).toEqual([
      "POST /v2/1/zones/coalesce.example/batch",
      "POST /v2/1/zones/coalesce.example/batch",
    ]);
  });

  it("settle a batch whose answer was lost by reading the zone back: made once, each record with its own id", async () => {
    await admin("PUT", "/__admin/faults", {
      rate: 1,
      kinds: ["drop-after"],
      routes: "POST .*/batch$",
      count: 1,
    });
    const created = await Promise.all([provider.create(record(1)), provider.create(record(2))]);
    expect(new Set(created.map((c) => c.id)).size).toBe(2);
    expect(emu.app.store.records.filter((r) => r.zone === ZONE && !r.system_record)).toHaveLength(2);
    expect(routes()).toEqual([
      "POST /v2/1/zones/coalesce.example/batch",
      "GET /v2/1/zones/coalesce.example/records",
    ]);
  });

  it("send a batch again when the read-back shows it never took effect", async () => {
    await admin("PUT", "/__admin/faults", { rate: 1, kinds: ["drop"], routes: "POST .*/batch$", count: 1 });
    const created = await Promise.all([provider.create(record(1)), provider.create(record(2))]);
    expect(created.map((c) => c.outs["name"])).toEqual(["host1", "host2"]);
    expect(emu.app.store.records.filter((r) => r.zone === ZONE && !r.system_record)).toHaveLength(2);
    expect(routes()).toEqual([
      "POST /v2/1/zones/coalesce.example/batch",
      "GET /v2/1/zones/coalesce.example/records",
      "POST /v2/1/zones/coalesce.example/batch",
    ]);
  });

  it("settle a single create whose answer was lost with the record it made, not an older twin", async () => {
    const twin = await provider.create(record(1));
    emu.clearRequests();
    await admin("PUT", "/__admin/faults", {
      rate: 1,
      kinds: ["drop-after"],
      routes: "^POST .*/records$",
      count: 1,
    });
    const created = await provider.create(record(1));
    expect(created.id).not.toBe(twin.id);
    expect(emu.app.store.records.filter((r) => r.zone === ZONE && !r.system_record)).toHaveLength(2);
    expect(routes()).toEqual([
      "POST /v2/1/zones/coalesce.example/records",
      "GET /v2/1/zones/coalesce.example/records",
    ]);
  });

  it("survive 5xx and dropped connections one after another without duplicates", async () => {
    await admin("PUT", "/__admin/faults", {
      kinds: ["500", "502", "503", "drop"],
      routes: "^POST ",
      count: 4,
      seed: 7,
    });
    for (let i = 0; i < 3; i++) await provider.create(record(i));
    expect(emu.app.store.records.filter((r) => r.zone === ZONE && !r.system_record)).toHaveLength(3);
    expect(routes().filter((r) => r.startsWith("POST")).length).toBeGreaterThan(4);
    expect(routes().filter((r) => r.startsWith("GET")).length).toBeGreaterThan(0);
  }, 30_000);

  it("delete of a record already gone is done, and does not fail the others", async () => {
    const [a, b] = await Promise.all([provider.create(record(1)), provider.create(record(2))]);
    await fetch(`${emu.v2Url}/1/zones/${ZONE}/records/${a!.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${emu.token}` },
    });
    await Promise.all([provider.delete!(a!.id, a!.outs), provider.delete!(b!.id, b!.outs)]);
    const left = emu.app.store.records.filter((r) => r.zone === ZONE && !r.system_record);
    expect(left).toEqual([]);
  });

  it("fall back to one request each when the plan has no batch changes, and say so once", async () => {
    const said: Array<{ severity: string; message: string }> = [];
    setLogSink({ write: async (severity, message) => void said.push({ severity, message }) });
    try {
      await admin("PUT", "/__admin/batch", { plans: ["enterprise"] });
      const created = await Promise.all(Array.from({ length: 5 }, (_, i) => provider.create(record(i))));
      expect(new Set(created.map((c) => c.id)).size).toBe(5);
      expect(routes().filter((r) => r.endsWith("/records"))).toHaveLength(5);
      expect(routes().filter((r) => r.endsWith("/batch"))).toHaveLength(1);
      await Promise.all(Array.from({ length: 3 }, (_, i) => provider.create(record(10 + i))));
      await flushReports();
      const fallback = said.filter((m) => m.message.includes("cannot use batch changes"));
      expect(fallback).toEqual([
        { severity: "warning", message: expect.stringMatching(/account 1 .*one request each/) },
      ]);
    } finally {
      setLogSink(undefined);
    }
  });

  it("are split when the service takes fewer per request", async () => {
    await admin("PUT", "/__admin/batch", { maxItems: 4 });
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => provider.create(record(i))));
    expect(new Set(created.map((c) => c.id)).size).toBe(10);
    const records = emu.app.store.records.filter((r) => r.zone === ZONE && !r.system_record);
    expect(records).toHaveLength(10);
  });
});
