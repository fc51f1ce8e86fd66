/**
 * The zone-record batch endpoint (`POST /v2/:account/zones/:zone/batch`) through the client,
 * against the emulator: all or nothing, per-operation errors with their index in the shape of the
 * recordings, the per-request limit and the plan gate set through the admin surface, and a lost
 * answer never sent twice (test/integration/zone-record-batcher.test.ts settles it).
 */
import { startEmulator } from "../../emulator";
import {
  batchItemErrors,
  batchOperationErrors,
  createClient,
  isApiError,
  outcomeUnknown,
  type ApiError,
} from "../../provider/client";

type Emu = Awaited<ReturnType<typeof startEmulator>>;
let emu: Emu;
const A = 1;
const ZONE = "batch.example";

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  emu.reset();
  await client().domains.create(A, { name: ZONE });
});

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(emu.url + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

function client() {
  return createClient({ token: emu.token, baseUrl: emu.v2Url, retry: { maxRetries: 3, baseDelayMs: 1 } });
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error("expected a failure");
}

async function userRecords() {
  const out = [];
  for await (const r of client().zones.records.iterate(A, ZONE)) if (!r.system_record) out.push(r);
  return out;
}

describe("zone record batch", () => {
  it("creates, updates and deletes in one request and answers each in order", async () => {
    const c = client();
    const a = await c.zones.records.create(A, ZONE, { name: "a", type: "A", content: "192.0.2.1" });
    const b = await c.zones.records.create(A, ZONE, { name: "b", type: "A", content: "192.0.2.2" });
    const result = await c.zones.records.batch(A, ZONE, {
      creates: [
        { name: "x", type: "A", content: "192.0.2.3" },
        { name: "y", type: "txt", content: "hello", ttl: 60 },
      ],
      updates: [{ id: a.id, ttl: 600 }],
      deletes: [{ id: b.id }],
    });
    expect(result.creates.map((r) => [r.name, r.type])).toEqual([
      ["x", "A"],
      ["y", "TXT"],
    ]);
    expect(result.updates).toEqual([expect.objectContaining({ id: a.id, ttl: 600 })]);
    expect(result.deletes).toEqual([{ id: b.id }]);
    expect((await userRecords()).map((r) => r.name).sort()).toEqual(["a", "x", "y"]);
  });

  it("changes nothing when one operation fails, and names it by index as the service does", async () => {
    const c = client();
    const a = await c.zones.records.create(A, ZONE, { name: "a", type: "A", content: "192.0.2.1" });
    const error = await failure(
      c.zones.records.batch(A, ZONE, {
        creates: [
          { name: "ok", type: "A", content: "192.0.2.9" },
          { name: "bad", type: "BOGUS", content: "x" },
        ],
        updates: [{ id: 99999999, ttl: 60 }],
        deletes: [{ id: a.id }],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      message: "Validation failed",
      errors: {
        creates: [{ index: 1, message: "Validation failed", errors: { record_type: ["unsupported"] } }],
        updates: [{ index: 0, message: "Record not found ID=99999999" }],
      },
    });
    expect(batchItemErrors(error.body)?.creates.map((e) => e.index)).toEqual([1]);
    // Each refused operation as the error a single request of it would have had.
    const own = batchOperationErrors(error)!;
    expect([...own.creates.keys()]).toEqual([1]);
    expect(own.creates.get(1)).toMatchObject({
      status: 400,
      method: "POST",
      requestId: error.requestId,
      errors: { record_type: ["unsupported"] },
    });
    expect(own.updates.get(0)?.message).toContain("Record not found ID=99999999");
    expect(own.deletes.size).toBe(0);
    expect(batchOperationErrors(Object.assign(Object.create(error), { status: 500 }))).toBeUndefined();
    expect((await userRecords()).map((r) => r.name)).toEqual(["a"]);
  });

  it("applies the single-record rules: no CNAME at the apex, no change to system records", async () => {
    const c = client();
    const soa = (await c.zones.records.list(A, ZONE, { type: "SOA" })).data[0]!;
    const error = await failure(
      c.zones.records.batch(A, ZONE, {
        creates: [{ name: "", type: "CNAME", content: "elsewhere.example" }],
        deletes: [{ id: soa.id }],
      }),
    );
    expect(batchItemErrors(error.body)).toEqual({
      creates: [{ index: 0, message: "A CNAME record cannot be created at the zone apex" }],
      updates: [],
      deletes: [{ index: 0, message: "System records cannot be deleted" }],
    });
  });

  it("refuses more operations than the configured limit, and plans without batch changes", async () => {
    expect(await admin("GET", "/__admin/batch")).toEqual({ maxItems: 1000, plans: null });
    await admin("PUT", "/__admin/batch", { maxItems: 2 });
    const c = client();
    const creates = [1, 2, 3].map((i) => ({ name: `h${i}`, type: "A", content: `192.0.2.${i}` }));
    const tooMany = await failure(c.zones.records.batch(A, ZONE, { creates }));
    expect(tooMany.status).toBe(400);
    expect(batchItemErrors(tooMany.body)).toBeUndefined();
    await admin("PUT", "/__admin/batch", { maxItems: 1000, plans: ["dnsimple-enterprise"] });
    const gated = await failure(c.zones.records.batch(A, ZONE, { creates }));
    expect(gated.status).toBe(403);
    expect(await userRecords()).toEqual([]);
  });

  it("does not send a batch again after a lost answer: its outcome is unknown (the provider settles it)", async () => {
    await admin("PUT", "/__admin/faults", {
      rate: 1,
      kinds: ["drop-after"],
      routes: "POST .*/batch$",
      count: 1,
    });
    const error = await failure(
      client().zones.records.batch(A, ZONE, { creates: [{ name: "lost", type: "A", content: "192.0.2.1" }] }),
    );
    expect(outcomeUnknown(error)).toBe(true);
    expect(await userRecords()).toHaveLength(1);
    const posts = emu.requests().filter((r) => r.method === "POST" && r.path.endsWith("/batch"));
    expect(posts).toHaveLength(1);
  });
});
