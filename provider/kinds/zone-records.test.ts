/**
 * `ZoneRecords` against a zone held in memory: which records a set creates, changes, takes over,
 * keeps and deletes, and in how many requests (zone-record-batcher.ts). The service is a fake
 * client with the calls the kind uses; every request is logged, so a test can say what was sent.
 */
import {
  ApiConnectionError,
  createStatusError,
  type DnsimpleClient,
  type ZoneRecord,
  type ZoneRecordBatch,
  type ZoneRecordInput,
  type ZoneRecordUpdate,
} from "../client/internal";
import { flushReports, setLogSink } from "../framework/engine-log";
import * as runtime from "../framework/runtime";
import { configureRuntime, resetRuntime } from "../framework/runtime";
import * as stepsInFlightModule from "../framework/steps-in-flight";
import { resetStepsInFlight, stepStarted } from "../framework/steps-in-flight";
import { PartialCreateError } from "../framework/partial";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { UNKNOWN } from "../framework/unknown";
import {
  batchStats,
  type RecordOp,
  setBatching,
  submitRecordOp,
  submitRecordOps,
} from "./zone-record-batcher";
import { identityKey, zoneRecordsResource } from "./zone-records";
import { SECRET_SIG } from "../framework/review-text";
import { stackConfig } from "../../test/stack-config";

const ZONE = "example.com";
const T0 = Date.parse("2026-11-26T10:00:00Z");

/** A zone of the service, in memory, and a client of it that logs every request. */
class FakeZone {
  records: ZoneRecord[] = [];
  requests: string[] = [];
  clock = T0;
  private nextId = 100;
  /** When set, a batch request fails with what it returns (once per call that returns an error). */
  failBatch: ((body: ZoneRecordBatch) => Error | undefined) | undefined;
  /** When set, a single create fails with what it returns. */
  failCreate: ((input: ZoneRecordInput) => Error | undefined) | undefined;
  /** How many of the next batches and single creates take effect but lose their answer. */
  loseBatchAnswers = 0;
  loseCreateAnswers = 0;
  /** When set, the content a single create stores (the service rewrites some). */
  storedContent: ((content: string) => string) | undefined;
  zoneMissing = false;
  /** Batch requests as sent. */
  batches: Array<{ body: ZoneRecordBatch }> = [];
  /** When set, a batch answers only after a turn of the event loop (to see batches in flight). */
  slowBatches = false;
  batchesInFlight = 0;
  mostBatchesInFlight = 0;

  add(r: Partial<ZoneRecord> & { name: string; type: string; content: string }): ZoneRecord {
    const record: ZoneRecord = {
      id: this.nextId++,
      zone_id: ZONE,
      parent_id: null,
      ttl: 3600,
      priority: null,
      regions: ["global"],
      system_record: false,
      created_at: new Date(this.clock).toISOString(),
      updated_at: new Date(this.clock).toISOString(),
      ...r,
    };
    this.records.push(record);
    return record;
  }

  make(input: ZoneRecordInput): ZoneRecord {
    return this.add({
      name: input.name ?? "",
      type: input.type,
      content: input.content,
      ttl: input.ttl ?? 3600,
      priority: input.priority ?? null,
      regions: input.regions ?? ["global"],
    });
  }

  change(id: number, patch: ZoneRecordUpdate): ZoneRecord {
    const r = this.records.find((x) => x.id === id);
    if (!r) throw notFound(`/zones/${ZONE}/records/${id}`, "Record `" + id + "` not found");
    Object.assign(r, patch);
    return { ...r };
  }

  remove(id: number): void {
    const i = this.records.findIndex((x) => x.id === id);
    if (i < 0) throw notFound(`/zones/${ZONE}/records/${id}`, "Record `" + id + "` not found");
    this.records.splice(i, 1);
  }

  client(): DnsimpleClient {
    return clientOf(this);
  }
}

/** A client of `zone` with the calls `ZoneRecords` makes. */
function clientOf(zone: FakeZone): DnsimpleClient {
  const api = {
    transport: { serviceTime: () => new Date(zone.clock) },
    zones: {
      records: {
        async *iterate(account: string, name: string) {
          zone.requests.push(`list ${account}/${name}`);
          if (zone.zoneMissing) throw notFound(`/zones/${name}/records`, "Zone `" + name + "` not found");
          for (const r of [...zone.records]) yield { ...r };
        },
        async create(_account: string, _zone: string, input: ZoneRecordInput) {
          zone.requests.push(`create ${input.name || "@"} ${input.type} ${input.content}`);
          const failure = zone.failCreate?.(input);
          if (failure) throw failure;
          const made = {
            ...zone.make({ ...input, content: zone.storedContent?.(input.content) ?? input.content }),
          };
          if (zone.loseCreateAnswers-- > 0) throw lostAnswer();
          return made;
        },
        async update(_account: string, _zone: string, id: number, patch: ZoneRecordUpdate) {
          zone.requests.push(`update ${id} ${JSON.stringify(patch)}`);
          return zone.change(id, patch);
        },
        async delete(_account: string, _zone: string, id: number) {
          zone.requests.push(`delete ${id}`);
          zone.remove(id);
        },
        async batch(_account: string, _zone: string, body: ZoneRecordBatch) {
          zone.requests.push(
            `batch c${body.creates?.length ?? 0} u${body.updates?.length ?? 0} d${body.deletes?.length ?? 0}`,
          );
          zone.batches.push({ body });
          if (zone.slowBatches) {
            zone.mostBatchesInFlight = Math.max(zone.mostBatchesInFlight, ++zone.batchesInFlight);
            await new Promise((resolve) => setImmediate(resolve));
            zone.batchesInFlight--;
          }
          const failure = zone.failBatch?.(body);
          if (failure) throw failure;
          for (const { id } of body.deletes ?? []) zone.remove(id);
          const updates = (body.updates ?? []).map(({ id, ...patch }) => zone.change(id, patch));
          const creates = (body.creates ?? []).map((input) => ({ ...zone.make(input) }));
          if (zone.loseBatchAnswers-- > 0) throw lostAnswer();
          return { creates, updates };
        },
      },
    },
  };
  return api as unknown as DnsimpleClient;
}

/** The answer that never came: the request may have taken effect. */
const lostAnswer = () =>
  new ApiConnectionError("socket hang up", { method: "POST", url: "https://api.test/x" });

function notFound(path: string, message: string) {
  return createStatusError({
    status: 404,
    method: "GET",
    url: `https://api.test/v2/1${path}`,
    body: { message },
  });
}
function refused(status: number, body: unknown) {
  return createStatusError({
    status,
    method: "POST",
    url: `https://api.test/v2/1/zones/${ZONE}/batch`,
    body,
  });
}

/**
 * The service refusing a batch as invalid, naming the operations of `list` that failed: every
 * batch, or only one whose `list` has `size` operations (the batches after it are taken).
 */
function refuseAsInvalid(
  list: "creates" | "updates" | "deletes",
  failures: Array<{ index: number; message: string; errors?: Record<string, string[]> }>,
  size?: number,
) {
  zone.failBatch = (body) =>
    size === undefined || body[list]?.length === size
      ? refused(400, { message: "Validation failed", errors: { [list]: failures } })
      : undefined;
}

let zone: FakeZone;
let ctx: { client: DnsimpleClient; account: string };
beforeEach(() => {
  configureRuntime(stackConfig({ account: "1" }));
  setBatching(true);
  zone = new FakeZone();
  ctx = { client: zone.client(), account: "1" };
});
afterAll(() => resetRuntime());

const A = (name: string, content: string, ttl = 3600) => ({ name, type: "A", content, ttl });
/** The batcher's operation that creates `name A content`, with the default TTL. */
const input = (name: string, content = "192.0.2.1"): RecordOp => ({
  kind: "create",
  input: A(name, content),
});
/** Settings where a lost answer is read back once and never sent again. */
const settleOnce = () => configureRuntime(stackConfig({ account: "1", maxRetries: "0" }));
const provider = toDynamicProvider(zoneRecordsResource);
/** `check` as the engine calls it: the program's inputs in, the inputs state keeps out. */
async function checked(props: Record<string, unknown>): Promise<Record<string, any>> {
  const { inputs, failures } = await provider.check!({}, { zoneName: ZONE, ...props });
  expect(failures).toEqual([]);
  return inputs;
}
/** What the provider says to the engine while `run` runs, every report flushed (`info: …` with `withSeverity`). */
async function saidWhile(run: () => Promise<unknown>, { withSeverity = false } = {}): Promise<string[]> {
  const said: string[] = [];
  setLogSink({
    write: async (severity, message) => void said.push(withSeverity ? `${severity}: ${message}` : message),
  });
  try {
    await run();
    await flushReports();
  } finally {
    setLogSink(undefined);
  }
  return said;
}
const create = async (props: Record<string, unknown>) =>
  (await zoneRecordsResource.create(ctx, await checked(props), { since: new Date(zone.clock) } as never))
    .outs as Record<string, any>;
const update = async (olds: Record<string, any>, props: Record<string, unknown>) =>
  (await zoneRecordsResource.update!(ctx, olds["setId"], olds, await checked(props))) as Record<string, any>;
const live = () =>
  zone.records
    .filter((r) => !r.system_record)
    .map((r) => `${r.name || "@"} ${r.type} ${r.content} ${r.ttl}`)
    .sort();

describe("a list's keys", () => {
  it("are name, type and content, canonical, @ for the apex; CNAME and ALIAS by name and type", () => {
    expect(identityKey({ name: "WWW", type: "a", content: "192.0.2.1" })).toBe("www A 192.0.2.1");
    expect(identityKey({ name: "", type: "MX", content: "Mail.Example.com" })).toBe("@ MX mail.example.com");
    expect(identityKey({ name: "@", type: "TXT", content: '"v=spf1 -all"' })).toBe("@ TXT v=spf1 -all");
    expect(identityKey({ name: "docs", type: "CNAME", content: "a.example.net" })).toBe("docs CNAME");
    expect(identityKey({ name: "", type: "alias", content: "a.example.net" })).toBe("@ ALIAS");
  });

  it("order the records in state; a map keeps its own keys", async () => {
    const list = await checked({ records: [A("b", "192.0.2.2"), A("a", "192.0.2.1")] });
    expect(Object.keys(list["records"])).toEqual(["a A 192.0.2.1", "b A 192.0.2.2"]);
    const map = await checked({ records: { web: A("www", "192.0.2.3"), api: A("api", "192.0.2.4", 60) } });
    // Each record is kept as one line: name, TTL, type, content.
    expect(map["records"]).toEqual({ api: "api 60 A 192.0.2.4", web: "www 3600 A 192.0.2.3" });
  });
});

describe("check refuses", () => {
  const failures = async (props: Record<string, unknown>) =>
    (await provider.check!({}, { zoneName: ZONE, ...props })).failures ?? [];

  it("a record declared twice in a list, naming the first", async () => {
    expect(await failures({ records: [A("www", "192.0.2.1"), A("WWW", "192.0.2.1", 60)] })).toEqual([
      {
        property: "records[1]",
        reason: "declares the same record as records[0] (www A 192.0.2.1); each record once",
      },
    ]);
  });

  it("neither records nor a zone file, with an example", async () => {
    expect(await failures({})).toEqual([
      {
        property: "records",
        reason: expect.stringContaining(
          'declare the records, a zoneFile, or both, e.g. records: [{ name: "www"',
        ),
      },
    ]);
  });

  it("an empty key in a map, with an example", async () => {
    expect(await failures({ records: { "": A("www", "192.0.2.1"), web: A("web", "192.0.2.2") } })).toEqual([
      {
        property: "records",
        reason: expect.stringContaining("a record's key must not be empty, e.g. records: { www:"),
      },
    ]);
  });

  it("a record without a required field, by its place, with an example", async () => {
    expect(await failures({ records: [A("www", "192.0.2.1"), { name: "api", type: "A" }] })).toEqual([
      {
        property: "records",
        reason: 'records[1].content is required, e.g. { name: "www", type: "A", content: "192.0.2.10" }',
      },
    ]);
    expect(await failures({ records: { web: { ...A("www", "192.0.2.1"), ttl: "an hour" } } })).toEqual([
      { property: "records", reason: "records.web.ttl: Invalid input: expected number, received string" },
    ]);
  });

  it("a field a record does not have, rather than dropping it", async () => {
    expect(await failures({ records: [{ ...A("www", "192.0.2.1"), prio: 10 }] })).toEqual([
      {
        property: "records[0]",
        reason: '"prio": not a field of a record; { name, type, content, ttl?, priority?, regions? }',
      },
    ]);
  });

  it("records that are neither a list nor a map", async () => {
    expect(await failures({ records: "www A 192.0.2.1" })).toEqual([
      { property: "records", reason: expect.stringContaining("must be a list of records, or a map") },
    ]);
  });

  it("a bad record by its place in a list or its key in a map, while other inputs are unknown", async () => {
    const list = await failures({ zoneName: UNKNOWN, records: [A("www", "192.0.2.1"), A("api", "1.2.3")] });
    expect(list).toEqual([
      // By its place in the list, as the program wrote it (not by the key check gives it).
      { property: "records[1].content", reason: expect.stringContaining("IPv4") },
    ]);
    const map = await failures({ zoneName: UNKNOWN, records: { web: A("www", "1.2.3") } });
    expect(map).toEqual([{ property: "records.web.content", reason: expect.stringContaining("IPv4") }]);
  });

  it("a CNAME beside other records of its name, but not a record whose content is unknown", async () => {
    const cname = { name: "www", type: "CNAME", content: "a.example.net", ttl: 3600 };
    const both = await failures({ zoneName: UNKNOWN, records: { c: cname, a: A("www", "192.0.2.1") } });
    expect(both.map((f) => f.property)).toContain("records.c");
    expect(both.map((f) => f.reason).join()).toMatch(/CNAME/);
    const unknown = await failures({ zoneName: UNKNOWN, records: { c: cname, a: A("www", UNKNOWN) } });
    expect(unknown).toEqual([]);
  });

  it("nothing in a list whose entries are not objects yet, or records not known at all", async () => {
    expect(await failures({ zoneName: UNKNOWN, records: UNKNOWN })).toEqual([]);
    expect(await failures({ zoneName: UNKNOWN, records: [UNKNOWN, A("www", "192.0.2.1")] })).toEqual([]);
  });
});

describe("diff", () => {
  it("sees no change when the program spells the same records differently", async () => {
    const inputs = await checked({ records: [A("www", "192.0.2.1")] });
    const olds = { ...inputs, ...(await zoneRecordsResource.create(ctx, inputs, {} as never)).outs };
    const news = await checked({
      zoneName: "Example.COM",
      records: [{ name: "WWW", type: "a", content: "192.0.2.1", ttl: 3600 }],
    });
    expect((await provider.diff!(olds["setId"], olds, news)).changes).toBe(false);
    const ttl = await checked({ records: [A("www", "192.0.2.1", 60)] });
    expect((await provider.diff!(olds["setId"], olds, ttl)).changes).toBe(true);
  });
});

describe("create", () => {
  it("makes every declared record in one batch request and keeps each under its key", async () => {
    const outs = await create({ records: [A("www", "192.0.2.1"), A("api", "192.0.2.2", 60)] });
    expect(zone.requests).toEqual(["batch c2 u0 d0"]);
    expect(live()).toEqual(["api A 192.0.2.2 60", "www A 192.0.2.1 3600"]);
    expect(outs["setId"]).toMatch(/^example\.com\/[0-9a-f]{8}$/);
    expect(outs["zoneName"]).toBe(ZONE);
    expect(outs["recordCount"]).toBe(2);
    expect(outs["unconfirmed"]).toBeNull();
    const api = zone.records.find((r) => r.name === "api")!;
    expect(outs["recordIds"]).toEqual({
      "api A 192.0.2.2": api.id,
      "www A 192.0.2.1": zone.records.find((r) => r.name === "www")!.id,
    });
    expect(outs["records"]).toEqual({
      "api A 192.0.2.2": "api 60 A 192.0.2.2",
      "www A 192.0.2.1": "www 3600 A 192.0.2.1",
    });
  });

  it("sends a lone record as a single request, and every record alone with batching off", async () => {
    await create({ records: [A("www", "192.0.2.1")] });
    expect(zone.requests).toEqual(["create www A 192.0.2.1"]);
    zone.requests = [];
    setBatching(false);
    configureRuntime(stackConfig({ account: "1", batchZoneRecords: "false" }));
    await create({ records: [A("a", "192.0.2.5"), A("b", "192.0.2.6")] });
    expect(zone.requests.sort()).toEqual(["create a A 192.0.2.5", "create b A 192.0.2.6"]);
  });

  it("additive: leaves the zone's other records alone, an identical one included", async () => {
    zone.add(A("www", "192.0.2.1"));
    zone.add(A("old", "192.0.2.9"));
    await create({ records: [A("www", "192.0.2.1"), A("new", "192.0.2.7")] });
    expect(zone.requests).toEqual(["batch c2 u0 d0"]);
    expect(live()).toEqual([
      "new A 192.0.2.7 3600",
      "old A 192.0.2.9 3600",
      "www A 192.0.2.1 3600",
      "www A 192.0.2.1 3600",
    ]);
  });

  it("authoritative: takes over identical records, corrects their TTL, deletes the undeclared, never system records", async () => {
    const www = zone.add(A("www", "192.0.2.1", 60));
    const same = zone.add(A("same", "192.0.2.3"));
    const stray = zone.add(A("stray", "192.0.2.9"));
    zone.add({ name: "", type: "NS", content: "ns1.dnsimple.com", system_record: true });
    const outs = await create({
      authoritative: true,
      records: [A("www", "192.0.2.1", 3600), A("same", "192.0.2.3"), A("new", "192.0.2.7")],
    });
    expect(zone.requests).toEqual([`list 1/${ZONE}`, "batch c1 u1 d1"]);
    expect(live()).toEqual(["new A 192.0.2.7 3600", "same A 192.0.2.3 3600", "www A 192.0.2.1 3600"]);
    expect(zone.records.some((r) => r.type === "NS")).toBe(true);
    expect(zone.records.some((r) => r.id === stray.id)).toBe(false);
    expect(outs["recordIds"]["www A 192.0.2.1"]).toBe(www.id);
    expect(outs["recordIds"]["same A 192.0.2.3"]).toBe(same.id);
    expect(outs["records"]["www A 192.0.2.1"]).toBe("www 3600 A 192.0.2.1");
  });

  it("authoritative: a record whose content differs only in spelling is taken over without a change", async () => {
    const mx = zone.add({ name: "", type: "MX", content: "mail.example.com", priority: 10 });
    await create({
      authoritative: true,
      records: [{ name: "", type: "MX", content: "Mail.Example.com", priority: 10, ttl: 3600 }],
    });
    expect(zone.requests).toEqual([`list 1/${ZONE}`]);
    expect(zone.records.map((r) => r.id)).toEqual([mx.id]);
  });

  it("keeps what was made when some records fail, and names the failures", async () => {
    refuseAsInvalid(
      "creates",
      [{ index: 1, message: "Name is invalid", errors: { name: ["is invalid"] } }],
      3,
    );
    let error: unknown;
    try {
      await create({ records: [A("a", "192.0.2.1"), A("b", "192.0.2.2"), A("c", "192.0.2.3")] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PartialCreateError);
    const partial = error as PartialCreateError;
    expect(partial.message).toMatch(
      /^1 of 3 record changes in example\.com failed: b A 192\.0\.2\.2: .*Name is invalid.*\. The records that were changed are kept in the stack; the next `pulumi up` tries the rest$/,
    );
    const outs = partial.created.outs as Record<string, any>;
    expect(Object.keys(outs["records"])).toEqual(["a A 192.0.2.1", "c A 192.0.2.3"]);
    expect(outs["unconfirmed"]).toBeNull();
    expect(zone.requests).toEqual(["batch c3 u0 d0", "batch c2 u0 d0"]);
  });

  it("remembers a create whose answer was lost, and settles it at the next update", async () => {
    settleOnce();
    zone.failBatch = () =>
      new ApiConnectionError("socket hang up", { method: "POST", url: "https://api.test/x" });
    let partial: any;
    try {
      await create({ records: [A("a", "192.0.2.1"), A("b", "192.0.2.2")] });
    } catch (e) {
      partial = (e as PartialCreateError).created;
    }
    // Read back once: the batch did not take effect (yet), and it is not sent again.
    expect(zone.requests).toEqual(["batch c2 u0 d0", `list 1/${ZONE}`]);
    expect(partial.outs.unconfirmed).toEqual([
      { key: "a A 192.0.2.1", since: new Date(T0).toISOString(), name: "a", type: "A", content: "192.0.2.1" },
      { key: "b A 192.0.2.2", since: new Date(T0).toISOString(), name: "b", type: "A", content: "192.0.2.2" },
    ]);
    // The batch did go through after all; a record identical to `b` was there before it started.
    zone.failBatch = undefined;
    zone.clock = T0 - 60_000;
    zone.add(A("b", "192.0.2.2"));
    zone.clock = T0 + 1000;
    const a = zone.add(A("a", "192.0.2.1"));
    zone.requests = [];
    const outs = await update(
      { ...partial.outs, setId: partial.id },
      { records: [A("a", "192.0.2.1"), A("b", "192.0.2.2")] },
    );
    expect(zone.requests).toEqual([`list 1/${ZONE}`, "create b A 192.0.2.2"]);
    expect(outs["recordIds"]["a A 192.0.2.1"]).toBe(a.id);
    expect(outs["unconfirmed"]).toBeNull();
  });
});

describe("update", () => {
  it("sends nothing when nothing changed", async () => {
    const olds = await create({ records: [A("www", "192.0.2.1")] });
    zone.requests = [];
    const outs = await update(olds, { records: [A("www", "192.0.2.1")] });
    expect(zone.requests).toEqual([]);
    expect(outs["recordIds"]).toEqual(olds["recordIds"]);
  });

  it("changes TTL, content, name, priority and regions in place under a map's keys", async () => {
    const olds = await create({
      records: {
        web: A("www", "192.0.2.1"),
        mx: { name: "", type: "MX", content: "mx.example.com", ttl: 3600, priority: 10, regions: ["global"] },
      },
    });
    const ids = { ...olds["recordIds"] };
    zone.requests = [];
    const outs = await update(olds, {
      records: {
        web: A("web", "192.0.2.2", 60),
        mx: {
          name: "",
          type: "MX",
          content: "mx.example.com",
          ttl: 3600,
          priority: 20,
          regions: ["IAD", "AMS"],
        },
      },
    });
    expect(zone.requests).toEqual(["batch c0 u2 d0"]);
    expect(live()).toEqual(["@ MX mx.example.com 3600", "web A 192.0.2.2 60"]);
    expect(outs["recordIds"]).toEqual(ids);
    expect(outs["records"]).toEqual({
      mx: "@ 3600 MX [priority=20 regions=IAD,AMS] mx.example.com",
      web: "web 60 A 192.0.2.2",
    });
  });

  it("sends only what changed in a record", async () => {
    const olds = await create({ records: { web: A("www", "192.0.2.1") } });
    zone.requests = [];
    await update(olds, { records: { web: A("www", "192.0.2.1", 300) } });
    expect(zone.requests).toEqual([`update ${olds["recordIds"]["web"]} {"ttl":300}`]);
  });

  it("replaces a record whose type changed, and deletes one no longer declared", async () => {
    const olds = await create({
      records: { web: A("www", "192.0.2.1"), gone: A("old", "192.0.2.9") },
    });
    zone.requests = [];
    const outs = await update(olds, {
      records: { web: { name: "www", type: "AAAA", content: "2001:db8::1", ttl: 3600 } },
    });
    expect(zone.requests).toEqual(["batch c1 u0 d2"]);
    expect(live()).toEqual(["www AAAA 2001:db8::1 3600"]);
    expect(Object.keys(outs["recordIds"])).toEqual(["web"]);
    expect(outs["records"]).toEqual({ web: "www 3600 AAAA 2001:db8::1" });
  });

  it("forgets a record under an empty key once it is deleted (state of a stack from before keys had to be named)", async () => {
    const made = await create({ records: { x: A("old", "192.0.2.9"), web: A("www", "192.0.2.1") } });
    const rename = (byKey: Record<string, unknown>) => {
      const { x, ...rest } = byKey;
      return { "": x, ...rest };
    };
    const olds = { ...made, records: rename(made["records"]), recordIds: rename(made["recordIds"]) };
    zone.requests = [];
    const outs = await update(olds, { records: { web: A("www", "192.0.2.1") } });
    expect(zone.requests).toEqual([`delete ${made["recordIds"]["x"]}`]);
    expect(live()).toEqual(["www A 192.0.2.1 3600"]);
    expect(outs["recordIds"]).toEqual({ web: made["recordIds"]["web"] });
  });

  it("moves a record to the key the declaration now spells, without a request", async () => {
    const olds = await create({ records: { old: A("www", "192.0.2.1") } });
    zone.requests = [];
    const outs = await update(olds, { records: { renamed: A("www", "192.0.2.1") } });
    expect(zone.requests).toEqual([]);
    expect(outs["recordIds"]).toEqual({ renamed: olds["recordIds"]["old"] });
  });

  it("keeps the program's spelling of what the service stores differently", async () => {
    const olds = await create({
      records: { mail: { name: "", type: "MX", content: "mx.example.com", ttl: 3600 } },
    });
    // The service lower-cases host names; the program wrote them in capitals.
    const outs = await update(olds, {
      records: { mail: { name: "@", type: "MX", content: "MX.Example.com", ttl: 3600 } },
    });
    expect(outs["records"]["mail"]).toBe("@ 3600 MX MX.Example.com");
  });

  it("authoritative: deletes records made outside since, and takes over an identical one for a new key", async () => {
    const olds = await create({ authoritative: true, records: [A("www", "192.0.2.1")] });
    const outside = zone.add(A("outside", "192.0.2.8"));
    const twin = zone.add(A("api", "192.0.2.2"));
    zone.requests = [];
    const outs = await update(olds, {
      authoritative: true,
      records: [A("www", "192.0.2.1"), A("api", "192.0.2.2")],
    });
    expect(zone.requests).toEqual([`list 1/${ZONE}`, `delete ${outside.id}`]);
    expect(outs["recordIds"]["api A 192.0.2.2"]).toBe(twin.id);
  });
});

describe("read", () => {
  it("follows the service: values changed outside, records deleted outside", async () => {
    const olds = await create({ records: { web: A("www", "192.0.2.1"), api: A("api", "192.0.2.2") } });
    const web = zone.records.find((r) => r.name === "www")!;
    web.ttl = 60;
    web.content = "192.0.2.50";
    zone.records = zone.records.filter((r) => r.name !== "api");
    const outs = (await zoneRecordsResource.read(ctx, olds["setId"], olds))!;
    expect(Object.keys(outs["recordIds"] as object)).toEqual(["web"]);
    expect(outs["records"]).toEqual({ web: "www 60 A 192.0.2.50" });
    expect(outs["recordCount"]).toBe(1);
  });

  it("says the set is gone when the zone is", async () => {
    const olds = await create({ records: [A("www", "192.0.2.1")] });
    zone.zoneMissing = true;
    expect(await zoneRecordsResource.read(ctx, olds["setId"], olds)).toBeUndefined();
  });

  it("fails on any other error", async () => {
    const olds = await create({ records: [A("www", "192.0.2.1")] });
    const client = zone.client() as any;
    client.zones.records.iterate = () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(refused(500, { message: "boom" })) }),
    });
    await expect(zoneRecordsResource.read({ client, account: "1" }, olds["setId"], olds)).rejects.toThrow(
      /boom/,
    );
  });

  it("authoritative: shows undeclared records of the zone, to be removed, each under its own key", async () => {
    const olds = await create({ authoritative: true, records: [A("www", "192.0.2.1")] });
    const one = zone.add(A("extra", "192.0.2.5"));
    const two = zone.add(A("extra", "192.0.2.5"));
    zone.add({
      name: "",
      type: "SOA",
      content: "ns1.dnsimple.com admin.dnsimple.com 1 2 3 4 5",
      system_record: true,
    });
    const outs = (await zoneRecordsResource.read(ctx, olds["setId"], { ...olds, authoritative: true }))!;
    expect((outs["recordIds"] as any)["extra A 192.0.2.5"]).toBe(one.id);
    expect((outs["recordIds"] as any)[`extra A 192.0.2.5#${two.id}`]).toBe(two.id);
    expect(Object.keys(outs["recordIds"] as object)).toHaveLength(3);
  });

  it("without managedRecords (a create whose answer the engine never saved): the identical records", async () => {
    zone.add(A("www", "192.0.2.1"));
    const state = { zoneName: ZONE, records: { "www A 192.0.2.1": A("www", "192.0.2.1") } };
    const outs = (await zoneRecordsResource.read(ctx, `${ZONE}/abcdef12`, state))!;
    expect(outs["recordCount"]).toBe(1);
    expect(outs["setId"]).toBe(`${ZONE}/abcdef12`);
  });
});

describe("adopt and crash recovery", () => {
  it("adopt finds the identical records, one per key, and claims no creation time", async () => {
    const first = zone.add(A("www", "192.0.2.1"));
    zone.add(A("www", "192.0.2.1"));
    const found = await zoneRecordsResource.findMatching!(
      ctx,
      await checked({ records: [A("www", "192.0.2.1")] }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.createdAt).toBeNull();
    expect((found[0]!.outs["recordIds"] as any)["www A 192.0.2.1"]).toBe(first.id);
    expect(
      await zoneRecordsResource.findMatching!(ctx, await checked({ records: [A("api", "192.0.2.2")] })),
    ).toEqual([]);
  });

  it("recovery takes only identical records created since the dead run's create started", async () => {
    zone.clock = T0 - 1000;
    zone.add(A("old", "192.0.2.1"));
    zone.clock = T0 + 1000;
    const mine = zone.add(A("new", "192.0.2.2"));
    const inputs = await checked({ records: [A("old", "192.0.2.1"), A("new", "192.0.2.2")] });
    const recovered = await zoneRecordsResource.recover!(ctx, inputs, { since: new Date(T0) } as never);
    expect(recovered!.outs["recordIds"]).toEqual({ "new A 192.0.2.2": mine.id });
    const none = await zoneRecordsResource.recover!(
      ctx,
      await checked({ records: [A("old", "192.0.2.1")] }),
      {
        since: new Date(T0),
      } as never,
    );
    expect(none).toBeUndefined();
  });
});

describe("delete", () => {
  it("deletes what the set owns in one request, counting records already gone as deleted", async () => {
    const olds = await create({ records: [A("a", "192.0.2.1"), A("b", "192.0.2.2"), A("c", "192.0.2.3")] });
    zone.add(A("other", "192.0.2.9"));
    zone.records = zone.records.filter((r) => r.name !== "b");
    refuseAsInvalid("deletes", [{ index: 1, message: "not found" }], 3);
    zone.requests = [];
    await zoneRecordsResource.delete(ctx, olds["setId"], olds);
    expect(live()).toEqual(["other A 192.0.2.9 3600"]);
    expect(zone.requests).toEqual([
      "batch c0 u0 d3",
      "batch c0 u0 d2",
      `delete ${olds["recordIds"]["b A 192.0.2.2"]}`,
    ]);
  });

  it("fails when a delete fails for another reason", async () => {
    const olds = await create({ records: [A("a", "192.0.2.1")] });
    const client = zone.client() as any;
    client.zones.records.delete = async () => {
      throw refused(403, { message: "forbidden here" });
    };
    await expect(zoneRecordsResource.delete({ client, account: "1" }, olds["setId"], olds)).rejects.toThrow(
      /1 of 1 record changes in example\.com failed: a A 192\.0\.2\.1: .*forbidden here/,
    );
  });
});

describe("the batches", () => {
  /** `n` A records, `<prefix>h0` to `<prefix>h<n-1>`. */
  const many = (n: number, prefix = "") =>
    Array.from({ length: n }, (_, i) => A(`${prefix}h${i}`, `192.0.2.${(i % 250) + 1}`));
  /** The requests a set of `records` makes when created, in the order sent. */
  const sentToCreate = async (records: ReturnType<typeof many>) => {
    zone.requests = [];
    await create({ records });
    return zone.requests;
  };

  it("split a batch refused as a whole: 100 at most, then halves, and keep the size that worked", async () => {
    const client = zone.client();
    ctx = { client, account: "1" };
    zone.failBatch = (body) =>
      (body.creates?.length ?? 0) > 50 ? refused(400, { message: "Too many operations" }) : undefined;
    batchStats.batches = 0;
    // 120 refused; 100 refused, then 50 + 50; 20.
    expect(await sentToCreate(many(120))).toEqual([
      "batch c120 u0 d0",
      "batch c100 u0 d0",
      "batch c50 u0 d0",
      "batch c50 u0 d0",
      "batch c20 u0 d0",
    ]);
    expect(await sentToCreate(many(120, "x"))).toEqual([
      "batch c50 u0 d0",
      "batch c50 u0 d0",
      "batch c20 u0 d0",
    ]);
  });

  it.each([
    [
      402,
      "Your plan does not include batch changes",
      "for good: a later set is sent a record a request",
      ["create yh0 A 192.0.2.1", "create yh1 A 192.0.2.2"],
    ],
    [404, "Zone `example.com` not found", "this once: a later set is batched again", ["batch c2 u0 d0"]],
  ])(
    "send each change alone when a batch is refused with %i %s, %s",
    async (status, message, _then, later) => {
      zone.failBatch = () => refused(status, { message });
      expect((await sentToCreate(many(2))).sort()).toEqual([
        "batch c2 u0 d0",
        "create h0 A 192.0.2.1",
        "create h1 A 192.0.2.2",
      ]);
      zone.failBatch = undefined;
      expect((await sentToCreate(many(2, "y"))).sort()).toEqual(later);
    },
  );

  it("give every change the failure of a batch the service did not refuse (5xx, 429)", async () => {
    settleOnce();
    for (const status of [500, 429]) {
      zone.failBatch = () => refused(status, { message: `status ${status}` });
      zone.requests = [];
      const error = await create({ records: many(2) }).catch((e: unknown) => e as PartialCreateError);
      // A 500 leaves open whether the batch took effect: the zone is read back first.
      expect(zone.requests).toEqual(
        status === 500 ? ["batch c2 u0 d0", `list 1/${ZONE}`] : ["batch c2 u0 d0"],
      );
      expect((error as Error).message).toMatch(new RegExp(`^2 of 2 record changes .*status ${status}`));
      const outs = (error as PartialCreateError).created.outs as Record<string, any>;
      expect(outs.unconfirmed?.length ?? 0).toBe(status >= 500 ? 2 : 0);
    }
  });

  it("reject a change the batch answer has no record for", async () => {
    const client = zone.client() as any;
    client.zones.records.batch = async (_a: string, _z: string, body: ZoneRecordBatch) => ({
      creates: (body.creates ?? [])
        .slice(1)
        .map((input, i) => ({ ...A(input.name ?? "", input.content), id: i + 1 })),
      updates: [],
    });
    await expect(
      zoneRecordsResource.create({ client, account: "1" }, await checked({ records: many(2) }), {} as never),
    ).rejects.toThrow(/the batch answer has no record for create 1 \(example\.com\)/);
  });
});

describe("the batcher", () => {
  const settled = (results: PromiseSettledResult<unknown>[]) => results.map((r) => r.status);

  it("holds back a create of a record the batch already creates, and sends it after", async () => {
    const results = await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("A"), input("b")]);
    expect(settled(results)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(zone.requests).toEqual(["batch c2 u0 d0", "create A A 192.0.2.1"]);
  });

  it("gathers changes that are not engine steps and sends them together", async () => {
    const results = await Promise.all([
      submitRecordOp(ctx.client, "1", ZONE, input("a")),
      submitRecordOp(ctx.client, "1", ZONE, input("b")),
    ]);
    expect(results.map((r) => r?.name)).toEqual(["a", "b"]);
    expect(zone.requests).toEqual(["batch c2 u0 d0"]);
    // A lone change goes as the single request it always was.
    await submitRecordOp(ctx.client, "1", ZONE, input("c"));
    expect(zone.requests).toEqual(["batch c2 u0 d0", "create c A 192.0.2.1"]);
  });

  it("sends each step's change alone at once at the engine's default --parallel, as with batching off", async () => {
    // --parallel 8, the default of two CPUs: above it, three steps' changes would wait for company.
    process.env["PULUMI_PARALLEL"] = "8";
    const defaults = jest.spyOn(stepsInFlightModule, "defaultParallelism").mockReturnValue(8);
    resetStepsInFlight();
    const done = [stepStarted("ZoneRecord"), stepStarted("ZoneRecord"), stepStarted("ZoneRecord")];
    try {
      const sent = [
        submitRecordOp(ctx.client, "1", ZONE, input("a"), "ZoneRecord"),
        submitRecordOp(ctx.client, "1", ZONE, input("b"), "ZoneRecord"),
      ];
      // Sent in the call, before any timer could run.
      expect(zone.requests).toEqual(["create a A 192.0.2.1", "create b A 192.0.2.1"]);
      expect((await Promise.all(sent)).map((r) => r?.name)).toEqual(["a", "b"]);
      // One above the default: the same changes leave together.
      defaults.mockReturnValue(7);
      await Promise.all([
        submitRecordOp(ctx.client, "1", ZONE, input("c"), "ZoneRecord"),
        submitRecordOp(ctx.client, "1", ZONE, input("d"), "ZoneRecord"),
      ]);
      expect(zone.requests.slice(2)).toEqual(["batch c2 u0 d0"]);
    } finally {
      done.forEach((answered) => answered());
      defaults.mockRestore();
      delete process.env["PULUMI_PARALLEL"];
      resetStepsInFlight();
    }
  });

  it("gives each refused update its own error, as a single request would", async () => {
    const a = zone.add(A("a", "192.0.2.1"));
    const b = zone.add(A("b", "192.0.2.2"));
    refuseAsInvalid("updates", [{ index: 0, message: "TTL too low", errors: { ttl: ["is too low"] } }], 2);
    const results = await submitRecordOps(ctx.client, "1", ZONE, [
      { kind: "update", id: a.id, patch: { ttl: 1 } },
      { kind: "update", id: b.id, patch: { ttl: 60 } },
    ]);
    expect(settled(results)).toEqual(["rejected", "fulfilled"]);
    const error = (results[0] as PromiseRejectedResult).reason;
    expect(error).toMatchObject({ status: 400, method: "POST", apiMessage: "TTL too low" });
    expect(error.message).toMatch(
      /^400 TTL too low: ttl: is too low \(POST \/v2\/1\/zones\/example\.com\/batch\)$/,
    );
    expect(zone.requests).toEqual(["batch c0 u2 d0", `update ${b.id} {"ttl":60}`]);
  });

  it("rejects an update the batch answer has no record for", async () => {
    const a = zone.add(A("a", "192.0.2.1"));
    const b = zone.add(A("b", "192.0.2.2"));
    const client = zone.client() as any;
    client.zones.records.batch = async () => ({ creates: [], updates: [{ ...a }] });
    const results = await submitRecordOps(client, "1", ZONE, [
      { kind: "update", id: a.id, patch: { ttl: 60 } },
      { kind: "update", id: b.id, patch: { ttl: 60 } },
    ]);
    expect(settled(results)).toEqual(["fulfilled", "rejected"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe(
      "the batch answer has no record for update 1 (example.com)",
    );
  });

  it("splits a refused batch of a few in halves", async () => {
    zone.failBatch = (body) =>
      (body.creates?.length ?? 0) > 4 ? refused(400, { message: "Too many" }) : undefined;
    const ops = ["a", "b", "c", "d", "e", "f", "g"].map((n) => input(n));
    expect(settled(await submitRecordOps(ctx.client, "1", ZONE, ops))).toEqual(Array(7).fill("fulfilled"));
    expect(zone.requests).toEqual(["batch c7 u0 d0", "batch c4 u0 d0", "batch c3 u0 d0"]);
  });

  it.each([403, 405])("falls back to single requests for good on %i, and says so once", async (status) => {
    zone.failBatch = () => refused(status, { message: "No batches here" });
    const said = await saidWhile(async () => {
      await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
      await submitRecordOps(ctx.client, "1", ZONE, [input("c"), input("d")]);
    });
    expect(zone.requests.filter((r) => r.startsWith("batch"))).toEqual(["batch c2 u0 d0"]);
    expect(zone.requests.filter((r) => r.startsWith("create"))).toHaveLength(4);
    expect(said).toEqual([
      `dnsimple: account 1 cannot use batch changes of zone records (${status} No batches here); zone records are sent one request each`,
    ]);
  });

  it("falls back for good when the batch route itself is not found", async () => {
    zone.failBatch = () => refused(404, { message: "Not Found" });
    await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
    zone.requests = [];
    await submitRecordOps(ctx.client, "1", ZONE, [input("c"), input("d")]);
    expect(zone.requests.sort()).toEqual(["create c A 192.0.2.1", "create d A 192.0.2.1"]);
  });

  it("gives every change a failure that is not an answer of the service", async () => {
    const lost = new Error("the client gave up");
    zone.failBatch = () => lost;
    const results = await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
    expect(results.map((r) => (r as PromiseRejectedResult).reason)).toEqual([lost, lost]);
    expect(zone.requests).toEqual(["batch c2 u0 d0"]);
  });

  it("sends every change alone with batching off", async () => {
    setBatching(false);
    await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
    expect(zone.requests.sort()).toEqual(["create a A 192.0.2.1", "create b A 192.0.2.1"]);
    expect(batchStats.singles).toBeGreaterThanOrEqual(2);
  });
});

describe("the rules in detail", () => {
  const outcome = async (props: Record<string, unknown>) => provider.check!({}, { zoneName: ZONE, ...props });

  it("keeps keys in order in inputs and outputs, whatever order the program gives", async () => {
    const outs = await create({ records: [A("c", "192.0.2.3"), A("b", "192.0.2.2"), A("a", "192.0.2.1")] });
    expect(Object.keys(outs["records"])).toEqual(["a A 192.0.2.1", "b A 192.0.2.2", "c A 192.0.2.3"]);
    expect(Object.keys(outs["recordIds"])).toEqual(Object.keys(outs["records"]));
  });

  it("reads a zone file without a name as `the zone file`, and lists 20 problems at most", async () => {
    const bad = Array.from({ length: 23 }, (_, i) => `h${i} A 1.2.3`).join("\n");
    const { failures } = await outcome({ zoneFile: { text: `$TTL 300\n${bad}\n` } });
    expect(failures).toHaveLength(21);
    expect(failures![0]).toEqual({
      property: "zoneFile",
      reason: expect.stringMatching(/^the zone file line 2: /),
    });
    expect(failures![20]).toEqual({
      property: "zoneFile",
      reason: "the zone file: 3 more problems after these",
    });
    const twenty = Array.from({ length: 20 }, (_, i) => `h${i} A 1.2.3`).join("\n");
    expect((await outcome({ zoneFile: { text: `$TTL 300\n${twenty}\n` } })).failures).toHaveLength(20);
  });

  it("says once which apex SOA and NS lines of a zone file it leaves out", async () => {
    const text = "$TTL 300\n@ SOA ns1.x. admin.x. 1 2 3 4 5\n@ NS ns1.x.\nwww A 192.0.2.1\n";
    const said = await saidWhile(async () => {
      await checked({ zoneFile: { name: "z.zone", text } });
      await checked({ zoneFile: { name: "z.zone", text } });
      await checked({ zoneFile: { name: "plain.zone", text: "$TTL 300\nwww A 192.0.2.1\n" } });
    });
    expect(said).toEqual([
      "dnsimple: z.zone: the apex SOA and NS records (lines 2, 3) are the service's own and are left out",
    ]);
  });

  it("leaves a zone file's records unknown while the zone is", async () => {
    const { inputs, failures } = await provider.check!(
      {},
      { zoneName: UNKNOWN, zoneFile: { text: "www A 1.2.3" } },
    );
    expect(failures).toEqual([]);
    expect(inputs["records"]).toBe(UNKNOWN);
    expect(inputs["zoneFile"]).toEqual({ name: "zone file" });
  });

  it("refinePartial names a list's record by its place, skips what is not a record yet, and leaves zone files alone", () => {
    const refine = zoneRecordsResource.refinePartial!;
    expect(refine({ zoneName: ZONE, records: [A("www", "192.0.2.1"), 7, A("api", "1.2.3")] })).toEqual([
      { property: "records[2].content", reason: expect.stringContaining("IPv4") },
    ]);
    expect(refine({ zoneName: ZONE, records: { web: A("www", "1.2.3") } })).toEqual([
      { property: "records.web.content", reason: expect.stringContaining("IPv4") },
    ]);
    expect(refine({ zoneName: ZONE, zoneFile: { text: "" }, records: [A("api", "1.2.3")] })).toEqual([]);
    expect(refine({ zoneName: ZONE, records: null })).toEqual([]);
  });

  it("accepts a zone file alone", async () => {
    expect((await outcome({ zoneFile: { text: "$TTL 300\nwww A 192.0.2.1\n" } })).failures).toEqual([]);
  });

  it("keeps priority and regions in records only where the program declares them", async () => {
    const outs = await create({
      records: {
        mx: { name: "", type: "MX", content: "mx.example.com", ttl: 3600, priority: 10 },
        plain: { name: "", type: "MX", content: "mx2.example.com", ttl: 3600 },
        here: { ...A("www", "192.0.2.1"), regions: ["IAD"] },
      },
    });
    expect(outs["records"]).toEqual({
      here: "www 3600 A [regions=IAD] 192.0.2.1",
      mx: "@ 3600 MX [priority=10] mx.example.com",
      plain: "@ 3600 MX mx2.example.com",
    });
    // A record the service holds without regions: the default region.
    const bare = zone.records.find((r) => r.name === "www")!;
    delete bare.regions;
    const read = (await zoneRecordsResource.read(ctx, outs["setId"], outs))!;
    expect((read["records"] as any)["here"]).toBe("www 3600 A [regions=global] 192.0.2.1");
  });

  it("sends no priority or regions the program does not declare, and compares regions as sets", async () => {
    const mx = (extra: Record<string, unknown>) => ({
      name: "",
      type: "MX",
      content: "mx.example.com",
      ttl: 3600,
      ...extra,
    });
    const olds = await create({ records: { mx: mx({ priority: 10, regions: ["IAD", "AMS"] }) } });
    zone.requests = [];
    await update(olds, { records: { mx: mx({ regions: ["AMS", "IAD"] }) } });
    expect(zone.requests).toEqual([]);
    const diffWith = async (priority: number) =>
      provider.diff!(
        olds["setId"],
        { ...olds, authoritative: false },
        await checked({ records: { mx: mx({ priority, regions: ["AMS", "IAD"] }) } }),
      );
    expect((await diffWith(10)).changes).toBe(false);
    const moved = await diffWith(20);
    expect(moved.changes).toBe(true);
  });

  it("adopts only a record of the same name, type and content, the oldest first, each once", async () => {
    zone.add(A("www", "192.0.2.9"));
    zone.add({ name: "www", type: "AAAA", content: "2001:db8::1" });
    zone.add(A("api", "192.0.2.1"));
    const newer = zone.add(A("www", "192.0.2.1"));
    const older = { ...newer, id: 1 };
    zone.records.push(older);
    const found = await zoneRecordsResource.findMatching!(ctx, {
      zoneName: ZONE,
      records: { first: A("www", "192.0.2.1"), second: A("www", "192.0.2.1") },
    });
    expect(found[0]!.outs["recordIds"]).toEqual({ first: 1, second: newer.id });
    zone.records = zone.records.filter((r) => r.id !== newer.id);
    const once = await zoneRecordsResource.findMatching!(ctx, {
      zoneName: ZONE,
      records: { first: A("www", "192.0.2.1"), second: A("www", "192.0.2.1") },
    });
    expect(once[0]!.outs["recordIds"]).toEqual({ first: 1 });
  });

  it("with adoptRecordIds adopts exactly those records, never an older look-alike", async () => {
    const twin = zone.add(A("www", "192.0.2.1")); // made by hand, older than the stack's record
    const ours = zone.add(A("www", "192.0.2.1"));
    const api = zone.add(A("api", "192.0.2.2"));
    const found = await zoneRecordsResource.findMatching!(ctx, {
      ...(await checked({
        adopt: true,
        adoptRecordIds: [ours.id, api.id],
        records: [A("www", "192.0.2.1"), A("api", "192.0.2.2"), A("new", "192.0.2.3")],
      })),
    });
    expect(found[0]!.outs["recordIds"]).toEqual({ "api A 192.0.2.2": api.id, "www A 192.0.2.1": ours.id });
    expect(Object.values(found[0]!.outs["recordIds"] as Record<string, number>)).not.toContain(twin.id);
    // Without the ids, adopt takes the oldest look-alike: the hand-made twin.
    const byLikeness = await zoneRecordsResource.findMatching!(
      ctx,
      await checked({ adopt: true, records: [A("www", "192.0.2.1")] }),
    );
    expect(byLikeness[0]!.outs["recordIds"]).toEqual({ "www A 192.0.2.1": twin.id });
  });

  it("with adoptRecordIds stops before any write when a listed record differs from every declared one", async () => {
    const edited = zone.add(A("www", "192.0.2.99")); // changed outside Pulumi since the export
    zone.add(A("www", "192.0.2.1")); // a look-alike of what the state said, not the stack's
    zone.requests = [];
    await expect(
      zoneRecordsResource.findMatching!(
        ctx,
        await checked({ adopt: true, adoptRecordIds: [edited.id], records: [A("www", "192.0.2.1")] }),
      ),
    ).rejects.toThrow(
      `adoptRecordIds: 1 record(s) of example.com match no declared record: ${edited.id} (www A 192.0.2.99). Declare each as the zone holds it`,
    );
    expect(zone.requests.filter((r) => !r.startsWith("list"))).toEqual([]);
  });

  it("refuses adoptRecordIds without adopt: true, and an id listed twice", async () => {
    const failures = async (props: Record<string, unknown>) =>
      (await provider.check!({}, { zoneName: ZONE, records: [A("www", "192.0.2.1")], ...props })).failures ??
      [];
    expect(await failures({ adoptRecordIds: [5] })).toEqual([
      {
        property: "adoptRecordIds",
        reason: "takes effect only with adopt: true, e.g. { adopt: true, adoptRecordIds: [1234, 1235] }",
      },
    ]);
    expect(await failures({ adopt: true, adoptRecordIds: [5, 6, 5] })).toEqual([
      { property: "adoptRecordIds", reason: "lists 5 more than once; list each record once" },
    ]);
    expect(await failures({ adopt: true, adoptRecordIds: [5, 6] })).toEqual([]);
  });

  it("settles a lost create only with an identical record, not owned, not a system record, made since", async () => {
    const olds = await create({ records: { keep: A("keep", "192.0.2.50") } });
    const since = new Date(T0).toISOString();
    const unconfirmed = [{ key: "k", since, name: "k", type: "A", content: "192.0.2.1" }];
    zone.clock = T0 + 1000;
    zone.add({ ...A("k", "192.0.2.1"), system_record: true });
    zone.add(A("k", "192.0.2.2"));
    zone.add({ name: "k", type: "AAAA", content: "192.0.2.1" });
    zone.add(A("other", "192.0.2.1"));
    zone.requests = [];
    const outs = await update(
      { ...olds, unconfirmed },
      { records: { keep: A("keep", "192.0.2.50"), k: A("k", "192.0.2.1") } },
    );
    expect(zone.requests).toEqual([`list 1/${ZONE}`, "create k A 192.0.2.1"]);
    expect(outs["unconfirmed"]).toBeNull();
    // A lost create already settled under its key is not settled again.
    const settled = await update(
      { ...outs, unconfirmed: [{ key: "k", since, name: "k", type: "A", content: "192.0.2.1" }] },
      { records: { keep: A("keep", "192.0.2.50"), k: A("k", "192.0.2.1") } },
    );
    expect(settled["recordIds"]["k"]).toBe(outs["recordIds"]["k"]);
  });

  it("moves a record to a new key only when no record is kept under that key", async () => {
    const olds = await create({ records: { a: A("www", "192.0.2.1"), b: A("api", "192.0.2.2") } });
    zone.requests = [];
    const outs = await update(olds, { records: { b: A("www", "192.0.2.1") } });
    expect(zone.requests).toEqual(["batch c0 u1 d1"]);
    expect(outs["recordIds"]).toEqual({ b: olds["recordIds"]["b"] });
  });

  it("authoritative: corrects the content of a record taken over whose TTL differs", async () => {
    const mx = zone.add({ name: "", type: "MX", content: "mail.example.com", priority: 10, ttl: 60 });
    zone.requests = [];
    await create({
      authoritative: true,
      records: [{ name: "", type: "MX", content: "Mail.Example.com", priority: 10, ttl: 3600 }],
    });
    expect(zone.requests).toEqual([
      `list 1/${ZONE}`,
      `update ${mx.id} {"content":"Mail.Example.com","ttl":3600}`,
    ]);
  });

  it("names a record the set does not own by its id when its delete fails", async () => {
    const stray = zone.add(A("stray", "192.0.2.9"));
    const client = zone.client() as any;
    client.zones.records.delete = async () => {
      throw refused(403, { message: "locked" });
    };
    await expect(
      zoneRecordsResource.create(
        { client, account: "1" },
        await checked({ authoritative: true, records: [] }),
        {} as never,
      ),
    ).rejects.toThrow(
      new RegExp(`^1 of 1 record changes in example\\.com failed: record ${stray.id}: .*locked`),
    );
  });

  it("counts a lone record already gone as deleted", async () => {
    const olds = await create({ records: [A("a", "192.0.2.1")] });
    zone.records = [];
    zone.requests = [];
    await zoneRecordsResource.delete(ctx, olds["setId"], olds);
    expect(zone.requests).toEqual([`delete ${olds["recordIds"]["a A 192.0.2.1"]}`]);
  });
});

describe("the batcher's timing and bookkeeping", () => {
  const submit = (op: RecordOp) => submitRecordOp(ctx.client, "1", ZONE, op);
  /**
   * A timeline on the fake clock: a name submits a change of that record, a number lets that many
   * ms pass, a list is the requests sent by then. Answers the names of the records submitted.
   */
  async function timeline(...steps: Array<string | number | string[]>): Promise<Array<string | undefined>> {
    jest.useFakeTimers({ now: T0 });
    const sent: Array<ReturnType<typeof submit>> = [];
    for (const step of steps) {
      if (typeof step === "string") sent.push(submit(input(step)));
      else if (typeof step === "number") await jest.advanceTimersByTimeAsync(step);
      else expect(zone.requests).toEqual(step);
    }
    return (await Promise.all(sent)).map((record) => record?.name);
  }

  afterEach(() => jest.useRealTimers());

  it("learns the usual gap between changes and waits four of them after the last", async () => {
    const names = await timeline(
      ...["a", 80, "b"],
      // The usual gap is 80 ms: the window, four of them, 320 ms. A change 250 ms later is in it,
      // and moves the usual gap to 0.8 × 80 + 0.2 × 250 = 114 ms: a window of 456 ms.
      ...[250, "c", 400, []],
      ...[60, ["batch c3 u0 d0"]],
    );
    expect(names).toEqual(["a", "b", "c"]);
  });

  it("waits 100 ms at least, and does not count a pause of 2 s or more as a gap", async () => {
    const names = await timeline(
      // A usual gap of 10 ms would be a window of 40 ms: it is 100 ms at least.
      ...["a", 10, "b", 90, []],
      ...[20, ["batch c2 u0 d0"]],
      // 3 s later: a pause, not a gap. The usual gap stays 10 ms, the window 100 ms.
      ...[3000, "c", 110, ["batch c2 u0 d0", "create c A 192.0.2.1"]],
    );
    expect(names).toEqual(["a", "b", "c"]);
  });

  it("sends a set's batches one after another, each of the size the service takes", async () => {
    zone.slowBatches = true;
    const ops = Array.from({ length: 2100 }, (_, i) => input(`h${i}`, `192.0.2.${(i % 250) + 1}`));
    const results = await submitRecordOps(ctx.client, "1", ZONE, ops);
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect(zone.requests).toEqual(["batch c1000 u0 d0", "batch c1000 u0 d0", "batch c100 u0 d0"]);
    expect(zone.mostBatchesInFlight).toBe(1);
  });

  it("sends only the lists a batch has, and counts its batches", async () => {
    const a = zone.add(A("a", "192.0.2.1"));
    const b = zone.add(A("b", "192.0.2.2"));
    batchStats.batches = 0;
    await submitRecordOps(ctx.client, "1", ZONE, [
      { kind: "update", id: a.id, patch: { ttl: 60 } },
      { kind: "update", id: b.id, patch: { ttl: 60 } },
    ]);
    await submitRecordOps(ctx.client, "1", ZONE, [
      { kind: "delete", id: a.id },
      { kind: "delete", id: b.id },
    ]);
    await submitRecordOps(ctx.client, "1", ZONE, [input("c"), input("d")]);
    expect(zone.batches.map((x) => Object.keys(x.body))).toEqual([["updates"], ["deletes"], ["creates"]]);
    expect(batchStats.batches).toBe(3);
  });

  it("settles a lost batch answer with the records it made, never those an earlier batch made", async () => {
    const earlier = await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
    const made = earlier.map((r) => (r as PromiseFulfilledResult<ZoneRecord>).value.id);
    zone.loseBatchAnswers = 1;
    zone.requests = [];
    const later = await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
    const ids = later.map((r) => (r as PromiseFulfilledResult<ZoneRecord>).value.id);
    expect(ids).toHaveLength(2);
    expect(ids.some((id) => made.includes(id))).toBe(false);
    expect(zone.records.filter((r) => r.name === "a")).toHaveLength(2);
    expect(zone.requests).toEqual(["batch c2 u0 d0", `list 1/${ZONE}`]);
  });

  it("sends a batch again when the read-back shows it did not take effect", async () => {
    zone.failBatch = (() => {
      let failures = 1;
      return () => (failures-- > 0 ? refused(502, { message: "bad gateway" }) : undefined);
    })();
    const results = await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(zone.records.map((r) => r.name).sort()).toEqual(["a", "b"]);
    expect(zone.requests).toEqual(["batch c2 u0 d0", `list 1/${ZONE}`, "batch c2 u0 d0"]);
  });
});

describe("the batcher's queues and fallbacks", () => {
  afterEach(() => jest.useRealTimers());

  it("gathers each zone's and each account's changes apart", async () => {
    const client = zone.client() as any;
    const batch = client.zones.records.batch;
    const sentTo: string[] = [];
    client.zones.records.batch = (account: string, name: string, body: ZoneRecordBatch) => {
      sentTo.push(`${account}/${name} ${(body.creates ?? []).map((c) => c.name).join(",")}`);
      return batch(account, name, body);
    };
    const results = await Promise.all([
      submitRecordOps(client, "1", "example.com", [input("a"), input("b")]),
      submitRecordOps(client, "1", "example.net", [input("c"), input("d")]),
      submitRecordOps(client, "2", "example.com", [input("e"), input("f")]),
    ]);
    expect(results.flat().map((r) => r.status)).toEqual(Array(6).fill("fulfilled"));
    expect(sentTo.sort()).toEqual(["1/example.com a,b", "1/example.net c,d", "2/example.com e,f"]);
  });

  it("sends each change of an engine step alone with batching off", async () => {
    setBatching(false);
    await Promise.all([
      submitRecordOp(ctx.client, "1", ZONE, input("a"), "ZoneRecord"),
      submitRecordOp(ctx.client, "1", ZONE, input("b"), "ZoneRecord"),
    ]);
    expect(zone.requests).toEqual(["create a A 192.0.2.1", "create b A 192.0.2.1"]);
  });

  it("remembers per account which accounts fall back and which batch size works, and says so per account", async () => {
    const said = await saidWhile(async () => {
      // Accounts 7 and 8 have no batch changes (8's refusal names no reason).
      zone.failBatch = () => refused(402, { message: "Your plan does not include batch changes" });
      await submitRecordOps(ctx.client, "7", ZONE, [input("a"), input("b")]);
      zone.failBatch = () => refused(402, {});
      await submitRecordOps(ctx.client, "8", ZONE, [input("c"), input("d")]);
      // Accounts 5 and 6 take 2 operations per batch at most.
      zone.failBatch = (body) =>
        (body.creates?.length ?? 0) > 2 ? refused(400, { message: "Too many operations" }) : undefined;
      await submitRecordOps(ctx.client, "5", ZONE, [input("e"), input("f"), input("g")]);
      await submitRecordOps(ctx.client, "6", ZONE, [input("h"), input("i"), input("j")]);
    });
    expect(said).toEqual([
      "dnsimple: account 7 cannot use batch changes of zone records (402 Your plan does not include batch changes); zone records are sent one request each",
      expect.stringMatching(
        /^dnsimple: account 8 cannot use batch changes of zone records \(402 ?\); zone records are sent one request each$/,
      ),
    ]);
    zone.requests = [];
    await submitRecordOps(ctx.client, "7", ZONE, [input("k"), input("l")]);
    expect(zone.requests).toEqual(["create k A 192.0.2.1", "create l A 192.0.2.1"]);
    zone.requests = [];
    await submitRecordOps(ctx.client, "5", ZONE, [input("m"), input("n"), input("o")]);
    expect(zone.requests).toEqual(["batch c2 u0 d0", "create o A 192.0.2.1"]);
  });

  it("sends no empty batch when the service refuses every operation of one", async () => {
    refuseAsInvalid("creates", [
      { index: 0, message: "Name is invalid" },
      { index: 1, message: "Content is invalid" },
    ]);
    const results = await submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
    expect(results.map((r) => (r as PromiseRejectedResult).reason.apiMessage)).toEqual([
      "Name is invalid",
      "Content is invalid",
    ]);
    expect(zone.requests).toEqual(["batch c2 u0 d0"]);
  });

  it("lets a single create settle a lost answer with content as the service stores it", async () => {
    zone.storedContent = () => "2001:db8::1";
    const aaaa: RecordOp = {
      kind: "create",
      input: { name: "www", type: "AAAA", content: "2001:DB8:0:0::1" },
    };
    const earlier = await submitRecordOp(ctx.client, "1", ZONE, aaaa);
    zone.loseCreateAnswers = 1;
    zone.requests = [];
    const settled = await submitRecordOp(ctx.client, "1", ZONE, aaaa);
    // Its own record, not the identical one this process made before.
    expect(settled?.id).not.toBe(earlier?.id);
    expect(zone.records.map((r) => r.id)).toEqual([earlier?.id, settled?.id]);
    expect(zone.requests).toEqual(["create www AAAA 2001:DB8:0:0::1", `list 1/${ZONE}`]);
  });

  it("sends at once the changes that reach the batch size the service takes", async () => {
    jest.useFakeTimers({ now: T0 });
    zone.failBatch = (body) =>
      (body.creates?.length ?? 0) > 2 ? refused(400, { message: "Too many operations" }) : undefined;
    const set = submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b"), input("c")]);
    await jest.advanceTimersByTimeAsync(0);
    await set;
    zone.requests = [];
    const sent = [
      submitRecordOp(ctx.client, "1", ZONE, input("d")),
      submitRecordOp(ctx.client, "1", ZONE, input("e")),
    ];
    await jest.advanceTimersByTimeAsync(1);
    expect(zone.requests).toEqual(["batch c2 u0 d0"]);
    await Promise.all(sent);
  });

  it("gathers again after a set's batches, and after a set with nothing to send", async () => {
    jest.useFakeTimers({ now: T0 });
    /** What `promise` settles to, the fake clock moving on meanwhile. */
    const settled = async <T>(promise: Promise<T>): Promise<T> => {
      let done = false;
      void promise.finally(() => (done = true)).catch(() => undefined);
      while (!done) await jest.advanceTimersByTimeAsync(1);
      return promise;
    };
    const twoApart = async () => {
      zone.requests = [];
      const sent = [submitRecordOp(ctx.client, "1", ZONE, input(`x${zone.records.length}`))];
      await jest.advanceTimersByTimeAsync(50);
      sent.push(submitRecordOp(ctx.client, "1", ZONE, input(`y${zone.records.length}`)));
      await jest.advanceTimersByTimeAsync(1000);
      await Promise.all(sent);
      return zone.requests;
    };
    const set = submitRecordOps(ctx.client, "1", ZONE, [input("a"), input("b")]);
    await jest.advanceTimersByTimeAsync(0);
    await set;
    expect(await twoApart()).toEqual(["batch c2 u0 d0"]);
    // An update of a set that changes nothing sends nothing, and leaves the zone's gathering alone.
    const olds = await settled(create({ records: { www: A("www", "192.0.2.1") } }));
    await settled(update(olds, { records: { www: A("www", "192.0.2.1") } }));
    expect(await twoApart()).toEqual(["batch c2 u0 d0"]);
  });

  it("counts a gap of exactly 2 s as a pause of the program", async () => {
    jest.useFakeTimers({ now: T0 });
    const first = [submitRecordOp(ctx.client, "1", ZONE, input("a"))];
    await jest.advanceTimersByTimeAsync(10);
    first.push(submitRecordOp(ctx.client, "1", ZONE, input("b")));
    await jest.advanceTimersByTimeAsync(2000);
    await Promise.all(first);
    expect(zone.requests).toEqual(["batch c2 u0 d0"]);
    // 2 s after the last change: the usual gap stays 10 ms, the window 100 ms.
    const lone = submitRecordOp(ctx.client, "1", ZONE, input("c"));
    await jest.advanceTimersByTimeAsync(110);
    expect(zone.requests).toEqual(["batch c2 u0 d0", "create c A 192.0.2.1"]);
    await lone;
  });
});

describe("the batcher and the engine's steps", () => {
  const KIND = "ZoneRecordInTest";
  /** A client whose answers wait until `release` is called: its requests are in flight till then. */
  function heldClient() {
    const client = zone.client() as any;
    const held: Array<() => void> = [];
    for (const call of ["batch", "create"] as const) {
      const original = client.zones.records[call];
      client.zones.records[call] = async (...args: unknown[]) => {
        const answer = await original(...args);
        await new Promise<void>((resolve) => held.push(resolve));
        return answer;
      };
    }
    return { client: client as DnsimpleClient, release: () => held.splice(0).forEach((go) => go()) };
  }
  let answers: Array<() => void> = [];
  /** The engine hands this process one more step. */
  const step = () => void answers.push(stepStarted(KIND));

  beforeEach(() => {
    // --parallel 4, above the default of 2 (half a CPU): the batcher gathers.
    process.env["PULUMI_PARALLEL"] = "4";
    jest.spyOn(stepsInFlightModule, "defaultParallelism").mockReturnValue(2);
    resetStepsInFlight();
    jest.useFakeTimers({ now: T0 });
    answers = [];
  });
  afterEach(() => {
    answers.forEach((answered) => answered());
    jest.restoreAllMocks();
    delete process.env["PULUMI_PARALLEL"];
    resetStepsInFlight();
    jest.useRealTimers();
  });

  it("sends the changes gathered at once when every step the engine runs is in this process", async () => {
    const { client, release } = heldClient();
    const submit = (name: string) => submitRecordOp(client, "1", ZONE, input(name), KIND);
    // One step of the four the engine runs at once: its change waits for company, three usual gaps
    // between arrivals and at least 250 ms.
    step();
    const sent = [submit("a")];
    await jest.advanceTimersByTimeAsync(249);
    expect(zone.requests).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(zone.requests).toEqual(["create a A 192.0.2.1"]);
    // Three more steps while a's change is still being sent. With two of them the engine could
    // still hand a step, so b's and c's changes wait; with the third, all four slots are this
    // process's, and the three changes leave together at once (not after three gaps of 100 ms).
    await jest.advanceTimersByTimeAsync(100);
    step();
    step();
    sent.push(submit("b"), submit("c"));
    await jest.advanceTimersByTimeAsync(1);
    expect(zone.requests).toEqual(["create a A 192.0.2.1"]);
    step();
    sent.push(submit("d"));
    await jest.advanceTimersByTimeAsync(1);
    expect(zone.requests).toEqual(["create a A 192.0.2.1", "batch c3 u0 d0"]);
    release();
    await jest.advanceTimersByTimeAsync(0);
    release();
    expect((await Promise.all(sent)).map((r) => r?.name)).toEqual(["a", "b", "c", "d"]);
  });

  it("stops counting a step once it is answered", async () => {
    const { client, release } = heldClient();
    const submit = (name: string) => submitRecordOp(client, "1", ZONE, input(name), KIND);
    const first = ["a", "b", "c", "d"].map((name) => {
      step();
      return submit(name);
    });
    await jest.advanceTimersByTimeAsync(1);
    expect(zone.requests).toEqual(["batch c4 u0 d0"]);
    release();
    await Promise.all(first);
    // The four steps are answered and one more starts: one step of four here, e's change waits
    // for company (three gaps of 100 ms).
    answers.splice(0).forEach((answered) => answered());
    step();
    await jest.advanceTimersByTimeAsync(100);
    const e = submit("e");
    await jest.advanceTimersByTimeAsync(1);
    expect(zone.requests).toEqual(["batch c4 u0 d0"]);
    await jest.advanceTimersByTimeAsync(500);
    expect(zone.requests).toEqual(["batch c4 u0 d0", "create e A 192.0.2.1"]);
    release();
    expect((await e)?.name).toBe("e");
  });
});

describe("check, in detail", () => {
  const outcome = async (props: Record<string, unknown>) => provider.check!({}, { zoneName: ZONE, ...props });

  it("orders the records by key, from a list, a map or a zone file, whatever order they come in", async () => {
    const names = ["d", "b", "e", "a", "c", "g", "f"];
    const list = await checked({ records: names.map((n, i) => A(n, `192.0.2.${i + 1}`)) });
    expect(Object.keys(list["records"]).map((k) => k[0])).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    const map = await checked({ records: Object.fromEntries(names.map((n) => [n, A(n, "192.0.2.1")])) });
    expect(Object.keys(map["records"])).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    const text = `$TTL 300\n${names.map((n) => `${n} A 192.0.2.1`).join("\n")}\n`;
    const file = await checked({ zoneFile: { name: "z.zone", text } });
    expect(Object.keys(file["records"]).map((k) => k[0])).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });

  it("keeps a priority from a zone file only for the records that have one", async () => {
    const text = "$TTL 300\nwww A 192.0.2.1\n@ MX 10 mx.example.com.\n";
    const { records } = await checked({ zoneFile: { name: "z.zone", text } });
    expect(records["www A 192.0.2.1"]).toBe("www 300 A 192.0.2.1");
    expect(records["@ MX mx.example.com"]).toBe("@ 300 MX [priority=10] mx.example.com");
  });

  it("names a declared record by its key when it clashes with another declared beside a zone file", async () => {
    const { failures } = await outcome({
      zoneFile: { name: "z.zone", text: "$TTL 300\napi A 192.0.2.9\n" },
      records: {
        a: A("www", "192.0.2.1"),
        c: { name: "www", type: "CNAME", content: "a.example.net", ttl: 3600 },
      },
    });
    expect(failures).toEqual([
      {
        property: "records.c",
        reason:
          'records.c: a CNAME must be the only record at its name: a (A) and this CNAME are both at "www"',
      },
    ]);
  });

  it("says for each zone file which apex SOA and NS lines it leaves out", async () => {
    const text = "$TTL 300\n@ SOA ns1.x. admin.x. 1 2 3 4 5\nwww A 192.0.2.1\n";
    const said = await saidWhile(async () => {
      await checked({ zoneFile: { name: "one.zone", text } });
      await checked({ zoneFile: { name: "two.zone", text } });
    });
    expect(said).toEqual([
      "dnsimple: one.zone: the apex SOA and NS records (lines 2) are the service's own and are left out",
      "dnsimple: two.zone: the apex SOA and NS records (lines 2) are the service's own and are left out",
    ]);
  });

  it("refinePartial measures names with the zone, and skips entries that are null", () => {
    const refine = zoneRecordsResource.refinePartial!;
    const self = { name: "www", type: "CNAME", content: "www.example.com", ttl: 3600 };
    expect(refine({ zoneName: ZONE, records: { self } })).toEqual([
      { property: "records.self.content", reason: expect.stringContaining("cannot point at its own name") },
    ]);
    expect(refine({ zoneName: ZONE, records: [null, A("api", "1.2.3")] })).toEqual([
      { property: "records[1].content", reason: expect.stringContaining("IPv4") },
    ]);
    // A record without a name is at the apex, as one named "".
    const alias = (content: string) => ({ type: "ALIAS", content });
    expect(
      refine({
        zoneName: ZONE,
        records: { x: alias("a.example.net"), y: { name: "", ...alias("b.example.net") } },
      }),
    ).toEqual([
      { property: "records.y", reason: 'only one ALIAS record may be at a name: x is already at "@"' },
    ]);
  });

  it("diff sees regions that differ as a change, and the same regions in another order as none", async () => {
    const olds = await create({ records: { www: { ...A("www", "192.0.2.1"), regions: ["IAD", "AMS"] } } });
    const diffWith = async (regions: string[]) =>
      (
        await provider.diff!(
          olds["setId"],
          { ...olds, authoritative: false },
          await checked({ records: { www: { ...A("www", "192.0.2.1"), regions } } }),
        )
      ).changes;
    expect(await diffWith(["AMS", "IAD"])).toBe(false);
    expect(await diffWith(["IAD"])).toBe(true);
  });
});

describe("state as lines, and state written before them", () => {
  /** A set's state as versions before record lines wrote it: records as objects, managedRecords. */
  const before = (outs: Record<string, any>): Record<string, any> => ({
    ...outs,
    authoritative: false,
    records: Object.fromEntries(
      Object.entries(outs["recordIds"] as Record<string, number>).map(([key, id]) => {
        const r = zone.records.find((x) => x.id === id)!;
        return [key, { name: r.name, type: r.type, content: r.content, ttl: r.ttl }];
      }),
    ),
    managedRecords: Object.fromEntries(
      Object.entries(outs["recordIds"] as Record<string, number>).map(([key, id]) => {
        const r = zone.records.find((x) => x.id === id)!;
        const { name, type, content, ttl, priority } = r;
        return [key, { id, name, type, content, ttl, priority, regions: r.regions }];
      }),
    ),
  });

  it("sees no change between state written before lines and the same declaration now", async () => {
    const declared = { web: A("www", "192.0.2.1"), api: A("api", "192.0.2.2", 60) };
    const olds = before(await create({ records: declared }));
    const diff = await provider.diff!(olds["setId"], olds, await checked({ records: declared }));
    expect(diff.changes).toBe(false);
    const changed = await provider.diff!(
      olds["setId"],
      olds,
      await checked({ records: { ...declared, api: A("api", "192.0.2.2", 300) } }),
    );
    expect(changed.changes).toBe(true);
  });

  it("updates and deletes the records state written before lines owns, by their ids", async () => {
    const olds = before(
      await create({ records: { web: A("www", "192.0.2.1"), api: A("api", "192.0.2.2") } }),
    );
    const ids = olds["recordIds"];
    // Not by the values: a record the service renamed since is still the one owned.
    zone.records.find((r) => r.id === ids["api"])!.name = "renamed";
    zone.requests = [];
    const outs = await update(olds, { records: { web: A("www", "192.0.2.1", 60) } });
    expect(zone.requests.sort()).toEqual([`batch c0 u1 d1`]);
    expect(outs["recordIds"]).toEqual({ web: ids["web"] });
    expect(outs["records"]).toEqual({ web: "www 60 A 192.0.2.1" });
    expect(outs).not.toHaveProperty("managedRecords");
    await zoneRecordsResource.delete(ctx, olds["setId"], before(outs));
    expect(live()).toEqual([]);
  });

  it("owns every record id of state, even one whose values state lost", async () => {
    const olds = await create({ records: { web: A("www", "192.0.2.1"), api: A("api", "192.0.2.2") } });
    const { api: _lost, ...records } = olds["records"];
    await zoneRecordsResource.delete(ctx, olds["setId"], { ...olds, records });
    expect(live()).toEqual([]);
  });

  it("keeps a record as its object when its line would not read back the same", async () => {
    const odd = { ...A("www", "192.0.2.1"), regions: ["a b"] };
    const { records } = await checked({ records: { odd, web: A("web", "192.0.2.2") } });
    expect(records).toEqual({ odd, web: "web 3600 A 192.0.2.2" });
    const outs = await create({ records: { odd, web: A("web", "192.0.2.2") } });
    expect(outs["records"]["odd"]).toEqual(odd);
    const diff = await provider.diff!(
      outs["setId"],
      { ...outs, authoritative: false },
      await checked({ records: { odd, web: A("web", "192.0.2.2") } }),
    );
    expect(diff.changes).toBe(false);
  });

  it("refuses to read a state record that is neither an object nor a line", async () => {
    const olds = await create({ records: { web: A("www", "192.0.2.1") } });
    await expect(
      zoneRecordsResource.update!(ctx, olds["setId"], { ...olds, records: { web: "not a line" } }, olds),
    ).rejects.toThrow('records.web: "not a line" in state is not a record line');
  });
});

describe("state, in detail", () => {
  it("adopts a record only of the declared type, for a CNAME too", async () => {
    zone.add(A("www", "192.0.2.1"));
    const cname = { name: "www", type: "CNAME", content: "a.example.net", ttl: 3600 };
    expect(await zoneRecordsResource.findMatching!(ctx, await checked({ records: [cname] }))).toEqual([]);
  });

  it("read follows a record renamed outside", async () => {
    const olds = await create({ records: { web: A("www", "192.0.2.1"), api: A("api", "192.0.2.2") } });
    zone.records.find((r) => r.name === "www")!.name = "web";
    const outs = (await zoneRecordsResource.read(ctx, olds["setId"], olds))!;
    expect(outs["records"]).toEqual({ api: "api 3600 A 192.0.2.2", web: "web 3600 A 192.0.2.1" });
  });

  it("read of an additive set leaves the zone's other records out", async () => {
    const olds = await create({ records: { web: A("www", "192.0.2.1"), api: A("api", "192.0.2.2") } });
    zone.add(A("other", "192.0.2.9"));
    const outs = (await zoneRecordsResource.read(ctx, olds["setId"], olds))!;
    expect(Object.keys(outs["recordIds"] as object)).toEqual(["api", "web"]);
  });

  it("read and delete use the zone the state names, not the id", async () => {
    const olds = await create({ records: { web: A("www", "192.0.2.1"), api: A("api", "192.0.2.2") } });
    const client = zone.client() as any;
    const zones: string[] = [];
    const { iterate, batch } = client.zones.records;
    client.zones.records.iterate = (account: string, name: string) => (
      zones.push(name),
      iterate(account, name)
    );
    client.zones.records.batch = (account: string, name: string, ...rest: unknown[]) => (
      zones.push(name),
      batch(account, name, ...rest)
    );
    const other = { client, account: "1" };
    await zoneRecordsResource.read(other, "other.org", olds);
    await zoneRecordsResource.delete(other, "other.org", olds);
    expect(zones).toEqual([ZONE, ZONE]);
    expect(live()).toEqual([]);
  });

  it("keeps the outputs' keys in order after a record moved to a new key", async () => {
    const olds = await create({ records: { m: A("api", "192.0.2.2"), z: A("www", "192.0.2.1") } });
    const outs = await update(olds, { records: { m: A("api", "192.0.2.2"), a: A("www", "192.0.2.1") } });
    expect(Object.keys(outs["records"])).toEqual(["a", "m"]);
    expect(outs["recordIds"]).toEqual({ a: olds["recordIds"]["z"], m: olds["recordIds"]["m"] });
  });

  it("keeps a record under its key when a new key declares the record it was", async () => {
    const olds = await create({ records: { a: A("www", "192.0.2.1") } });
    zone.requests = [];
    const outs = await update(olds, { records: { a: A("www", "192.0.2.2"), b: A("www", "192.0.2.1") } });
    expect(zone.requests).toEqual(["batch c1 u1 d0"]);
    expect(outs["recordIds"]["a"]).toBe(olds["recordIds"]["a"]);
    expect(live()).toEqual(["www A 192.0.2.1 3600", "www A 192.0.2.2 3600"]);
  });

  it("sends a priority only when it changed", async () => {
    const mx = (ttl: number) => ({ name: "", type: "MX", content: "mx.example.com", ttl, priority: 10 });
    const olds = await create({ records: { mx: mx(3600) } });
    zone.requests = [];
    await update(olds, { records: { mx: mx(300) } });
    expect(zone.requests).toEqual([`update ${olds["recordIds"]["mx"]} {"ttl":300}`]);
  });

  it("sends nothing when regions are declared again in the same order the service does not keep", async () => {
    const www = { ...A("www", "192.0.2.1"), regions: ["IAD", "AMS"] };
    const olds = await create({ records: { www } });
    zone.requests = [];
    await update(olds, { records: { www } });
    expect(zone.requests).toEqual([]);
  });

  it("settles a lost create with the oldest identical record, which an authoritative set then keeps", async () => {
    const olds = await create({ authoritative: true, records: { keep: A("keep", "192.0.2.50") } });
    const since = new Date(T0).toISOString();
    const unconfirmed = [{ key: "k", since, name: "k", type: "A", content: "192.0.2.1" }];
    zone.clock = T0 + 1000;
    const younger = zone.add(A("k", "192.0.2.1"));
    const older = zone.add({ ...A("k", "192.0.2.1"), id: 50 });
    zone.requests = [];
    const outs = await update(
      { ...olds, unconfirmed },
      { authoritative: true, records: { keep: A("keep", "192.0.2.50"), k: A("k", "192.0.2.1") } },
    );
    // The younger twin is not the set's: an authoritative set deletes it.
    expect(zone.requests).toEqual([`list 1/${ZONE}`, `delete ${younger.id}`]);
    expect(outs["recordIds"]).toEqual({ keep: olds["recordIds"]["keep"], k: older.id });
    expect(zone.records.map((r) => r.id)).toContain(older.id);
  });

  it("does not settle a lost create again under a key that holds a record already", async () => {
    const olds = await create({ records: { keep: A("keep", "192.0.2.50"), k: A("k", "192.0.2.1") } });
    const since = new Date(T0).toISOString();
    zone.clock = T0 + 1000;
    zone.add({ ...A("k", "192.0.2.1"), id: 50 });
    zone.requests = [];
    const outs = await update(
      { ...olds, unconfirmed: [{ key: "k", since, name: "k", type: "A", content: "192.0.2.1" }] },
      { records: { keep: A("keep", "192.0.2.50"), k: A("k", "192.0.2.1") } },
    );
    expect(zone.requests).toEqual([`list 1/${ZONE}`]);
    expect(outs["recordIds"]).toEqual(olds["recordIds"]);
  });

  it("authoritative: corrects the content of a CNAME taken over", async () => {
    const cname = zone.add({ name: "docs", type: "CNAME", content: "old.example.net" });
    zone.requests = [];
    const outs = await create({
      authoritative: true,
      records: [{ name: "docs", type: "CNAME", content: "new.example.net", ttl: 3600 }],
    });
    expect(zone.requests).toEqual([
      `list 1/${ZONE}`,
      `update ${cname.id} {"content":"new.example.net","ttl":3600}`,
    ]);
    expect(outs["recordIds"]).toEqual({ "docs CNAME": cname.id });
  });

  it("authoritative: a record whose type changed takes over an identical record of the new type", async () => {
    const olds = await create({ authoritative: true, records: { web: A("www", "192.0.2.1") } });
    const twin = zone.add({ name: "www", type: "AAAA", content: "2001:db8::1" });
    zone.requests = [];
    const outs = await update(olds, {
      authoritative: true,
      records: { web: { name: "www", type: "AAAA", content: "2001:db8::1", ttl: 3600 } },
    });
    expect(zone.requests).toEqual([`list 1/${ZONE}`, `delete ${olds["recordIds"]["web"]}`]);
    expect(outs["recordIds"]).toEqual({ web: twin.id });
  });

  it("names a failure that is not an error by what was thrown, and keeps its creates unconfirmed", async () => {
    const client = zone.client() as any;
    client.zones.records.batch = async () => {
      throw "connection reset";
    };
    const error = await zoneRecordsResource
      .create(
        { client, account: "1" },
        await checked({ records: [A("a", "192.0.2.1"), A("b", "192.0.2.2")] }),
        {
          since: new Date(T0),
        } as never,
      )
      .catch((e: unknown) => e as PartialCreateError);
    expect((error as Error).message).toMatch(
      /^2 of 2 record changes in example\.com failed: a A 192\.0\.2\.1: connection reset; b A 192\.0\.2\.2: connection reset\. /,
    );
    expect(((error as PartialCreateError).created.outs as any).unconfirmed).toHaveLength(2);
  });

  it("fails a create refused as not found (only a delete of a record already gone counts as done)", async () => {
    zone.failCreate = () => notFound(`/zones/${ZONE}/records`, "Zone `example.com` not found");
    await expect(create({ records: [A("www", "192.0.2.1")] })).rejects.toThrow(
      /^1 of 1 record changes in example\.com failed: www A 192\.0\.2\.1: /,
    );
  });

  it("names each failure, separated, and no more than ten", async () => {
    zone.failCreate = (input) => refused(400, { message: `no ${input.name}` });
    setBatching(false);
    configureRuntime(stackConfig({ account: "1", batchZoneRecords: "false" }));
    const records = Array.from({ length: 12 }, (_, i) => A(`h${i}`, `192.0.2.${i + 1}`));
    const message = await create({ records }).catch((e: Error) => e.message);
    expect(message).toMatch(/^12 of 12 record changes in example\.com failed: .*; …\. The records/);
    // Keys in order: h0, h1, h10, h11, h2, ... h9: the last two are left out.
    expect(message).toContain("h0 A 192.0.2.1: 400 no h0 (POST /v2/1/zones/example.com/batch); h1 A");
    expect(message).toContain("no h7");
    expect(message).not.toContain("no h8");
    expect(message).not.toContain("no h9");
    const ten = await create({ records: records.slice(0, 10) }).catch((e: Error) => e.message);
    expect(ten).toMatch(/^10 of 10 record changes/);
    expect(ten).toContain("no h9");
    expect(ten).not.toContain("…");
    const two = await create({ records: records.slice(0, 1) }).catch((e: Error) => e.message);
    expect(two).toBe(
      "1 of 1 record changes in example.com failed: h0 A 192.0.2.1: 400 no h0 (POST /v2/1/zones/example.com/batch). " +
        "The records that were changed are kept in the stack; the next `pulumi up` tries the rest",
    );
  });

  it("follows the batchZoneRecords setting in create, update and delete", async () => {
    const off = () => configureRuntime(stackConfig({ account: "1", batchZoneRecords: "false" }));
    setBatching(false);
    const olds = await create({ records: [A("a", "192.0.2.1"), A("b", "192.0.2.2")] });
    expect(zone.requests).toEqual(["batch c2 u0 d0"]);
    off();
    setBatching(true);
    zone.requests = [];
    await create({ records: [A("c", "192.0.2.3"), A("d", "192.0.2.4")] });
    expect(zone.requests.sort()).toEqual(["create c A 192.0.2.3", "create d A 192.0.2.4"]);
    setBatching(true);
    zone.requests = [];
    const changed = await update(olds, { records: [A("a", "192.0.2.1", 60), A("b", "192.0.2.2", 60)] });
    expect(zone.requests.sort()).toEqual([
      `update ${olds["recordIds"]["a A 192.0.2.1"]} {"ttl":60}`,
      `update ${olds["recordIds"]["b A 192.0.2.2"]} {"ttl":60}`,
    ]);
    setBatching(true);
    zone.requests = [];
    await zoneRecordsResource.delete(ctx, changed["setId"], changed);
    expect(zone.requests.sort()).toEqual([
      `delete ${olds["recordIds"]["a A 192.0.2.1"]}`,
      `delete ${olds["recordIds"]["b A 192.0.2.2"]}`,
    ]);
  });
});

describe("the batcher, with answers that take a while", () => {
  afterEach(() => jest.useRealTimers());

  it("sends what a batch size lowered meanwhile leaves behind beside the batch, not after it", async () => {
    jest.useFakeTimers({ now: T0 });
    zone.failBatch = (body) =>
      (body.creates?.length ?? 0) > 2 ? refused(400, { message: "Too many operations" }) : undefined;
    const client = zone.client() as any;
    const calls: string[] = [];
    const held: Array<() => void> = [];
    const { batch, create } = client.zones.records;
    const hold = () => new Promise<void>((resolve) => held.push(resolve));
    client.zones.records.batch = async (...args: [string, string, ZoneRecordBatch]) => {
      calls.push(`batch ${(args[2].creates ?? []).map((c) => c.name).join("")}`);
      await hold();
      return batch(...args);
    };
    client.zones.records.create = async (...args: [string, string, ZoneRecordInput]) => {
      calls.push(`create ${args[2].name}`);
      await hold();
      return create(...args);
    };
    const submit = (name: string) => submitRecordOp(client, "1", ZONE, input(name));
    const sent = ["a", "b", "c"].map(submit);
    await jest.advanceTimersByTimeAsync(150);
    sent.push(...["d", "e", "f"].map(submit));
    // The first batch is refused as too big: 2 at most from now on.
    await jest.advanceTimersByTimeAsync(50);
    held.splice(0).forEach((go) => go());
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(["batch abc", "batch ab"]);
    // d, e and f leave after four usual gaps (600 ms): 2 in a batch, f beside it.
    await jest.advanceTimersByTimeAsync(551);
    expect(calls).toEqual(["batch abc", "batch ab", "batch de", "create f"]);
    let done = false;
    const all = Promise.all(sent).finally(() => (done = true));
    while (!done) {
      held.splice(0).forEach((go) => go());
      await jest.advanceTimersByTimeAsync(10);
    }
    expect((await all).map((r) => r?.name)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });
});

describe("the review of a set", () => {
  const { review } = zoneRecordsResource.schema;
  const www = A("www", "192.0.2.1");

  it("labels a set by how many records it has, when they are known", () => {
    expect(review.label({ records: { a: www, b: www } })).toBe("2 records");
    expect(review.label({ records: {} })).toBe("0 records");
    expect(review.label({ records: UNKNOWN })).toBe("records");
    expect(review.label({ records: null })).toBe("records");
  });

  it("shows each record as a ZoneRecord's inputs in the set's zone and account", () => {
    const of = review.members!.of;
    expect(of({ zoneName: ZONE, account: "9", records: { web: www } })).toEqual({
      web: { ...www, zoneName: ZONE, account: "9" },
    });
    const members = of({ zoneName: ZONE, records: { web: www, later: UNKNOWN, gone: null, list: [1] } })!;
    expect(members["web"]).toStrictEqual({ ...www, zoneName: ZONE });
    expect(members["later"]).toEqual({ content: UNKNOWN, zoneName: ZONE });
    expect(members["gone"]).toEqual({ content: null, zoneName: ZONE });
    expect(members["list"]).toEqual({ content: [1], zoneName: ZONE });
  });

  it("reads each record kept as a line as the record's inputs", () => {
    const of = review.members!.of;
    expect(of({ zoneName: ZONE, records: { mx: "@ 300 MX [priority=10] mx.example.com" } })).toEqual({
      mx: { name: "@", ttl: 300, type: "MX", priority: 10, content: "mx.example.com", zoneName: ZONE },
    });
  });

  it("shows no records where they are not a map of records yet", () => {
    const of = review.members!.of;
    for (const records of [undefined, null, UNKNOWN, [www], { [SECRET_SIG]: "x" }, { $from: "other" }]) {
      expect(of({ zoneName: ZONE, records })).toBeUndefined();
    }
  });
});

describe("the set as the engine sees it", () => {
  const failures = async (props: Record<string, unknown>) =>
    (await provider.check!({}, { zoneName: ZONE, ...props })).failures ?? [];
  const readZoneFile = 'read a file with dnsimple.readZoneFile("zones/example.com.zone")';

  it("refuses a zoneFile that is not { text, name? }, or whose text is not text, pointing at readZoneFile", async () => {
    expect(await failures({ zoneFile: "www A 192.0.2.1" })).toEqual([
      { property: "zoneFile", reason: `must be { text, name? }: ${readZoneFile}` },
    ]);
    expect(await failures({ zoneFile: { name: "z.zone", text: 7 } })).toEqual([
      { property: "zoneFile.text", reason: `is the zone file's text: ${readZoneFile} (got 7)` },
    ]);
  });

  it("replaces the set when its zone changes, not when the zone is spelled differently", async () => {
    const records = [A("www", "192.0.2.1")];
    const inputs = await checked({ records });
    const olds = { ...inputs, ...(await zoneRecordsResource.create(ctx, inputs, {} as never)).outs };
    const moved = await provider.diff!(
      olds["setId"],
      olds,
      await checked({ zoneName: "example.org", records }),
    );
    expect(moved).toEqual({ changes: true, replaces: ["zoneName"], deleteBeforeReplace: false });
    const spelled = await provider.diff!(
      olds["setId"],
      olds,
      await checked({ zoneName: "Example.COM.", records }),
    );
    expect(spelled).toEqual({ changes: false });
  });

  it("authoritative: a zone file read under a new name, its records the same, changes nothing at the service", async () => {
    // The provider's own client is the in-memory zone's.
    const client = jest.spyOn(runtime, "getClient").mockReturnValue(ctx.client);
    try {
      const text = "$TTL 300\nwww A 192.0.2.1\n";
      const inputs = await checked({ authoritative: true, zoneFile: { name: "a.zone", text } });
      const { id, outs } = await provider.create!(inputs);
      const stray = zone.add(A("stray", "192.0.2.9"));
      zone.requests = [];
      const news = await checked({ authoritative: true, zoneFile: { name: "b.zone", text } });
      const { outs: after } = await provider.update!(id, outs, news);
      // The engine shows the new name, but the records, all the service holds, are the same.
      expect(zone.requests).toEqual([]);
      expect(zone.records.map((r) => r.id)).toContain(stray.id);
      expect(after["zoneFile"]).toEqual({ name: "b.zone" });
      expect(after["recordIds"]).toEqual(outs["recordIds"]);
    } finally {
      client.mockRestore();
    }
  });
});

describe("records and zone files at the edges", () => {
  const MX = (content: string) => ({ name: "", type: "MX", content, ttl: 3600, priority: 10 });
  const TXT = (content: string) => ({ name: "", type: "TXT", content, ttl: 3600 });

  it("diff sees no change when a map's record is respelled, and a change when its content differs", async () => {
    const inputs = await checked({ records: { mx: MX("Mail.Example.com"), spf: TXT("v=spf1 -all") } });
    const olds = { ...inputs, ...(await zoneRecordsResource.create(ctx, inputs, {} as never)).outs };
    const diffWith = async (records: Record<string, unknown>) =>
      (await provider.diff!(olds["setId"], olds, await checked({ records }))).changes;
    expect(await diffWith({ mx: MX("mail.example.com."), spf: TXT('"v=spf1 -all"') })).toBe(false);
    expect(await diffWith({ mx: MX("mail2.example.com"), spf: TXT("v=spf1 -all") })).toBe(true);
  });

  it("leaves a zone file's records unknown while its text or the records beside it are, and refuses only a missing zone", async () => {
    const check = (props: Record<string, unknown>) => provider.check!({}, props);
    const text = "$TTL 300\nwww A 192.0.2.1\n";
    const unknownText = await check({ zoneName: ZONE, zoneFile: { name: "z.zone", text: UNKNOWN } });
    expect(unknownText).toEqual({
      inputs: { zoneName: ZONE, authoritative: false, records: UNKNOWN, zoneFile: { name: "z.zone" } },
      failures: [],
    });
    const beside = await check({ zoneName: ZONE, zoneFile: { name: "z.zone", text }, records: UNKNOWN });
    expect(beside.failures).toEqual([]);
    expect(beside.inputs["records"]).toBe(UNKNOWN);
    const noZone = await check({ zoneFile: { name: "z.zone", text } });
    expect(noZone.failures).toEqual([{ property: "zoneName", reason: "zoneName is required" }]);
  });

  it("says as information, not as a warning, which apex SOA and NS lines of a zone file it leaves out", async () => {
    const said = await saidWhile(
      () => checked({ zoneFile: { name: "z.zone", text: "$TTL 300\n@ NS ns1.x.\nwww A 192.0.2.1\n" } }),
      { withSeverity: true },
    );
    expect(said).toEqual([
      "info: dnsimple: z.zone: the apex SOA and NS records (lines 2) are the service's own and are left out",
    ]);
  });

  it("state written before lines: a rename outside that refresh recorded is undone by the next update", async () => {
    const outs = await create({ records: { web: A("www", "192.0.2.1") } });
    const id = outs["recordIds"]["web"];
    zone.records.find((r) => r.id === id)!.name = "renamed";
    // What such a version kept after `pulumi refresh`: the declaration, and the service's values.
    const olds = {
      ...outs,
      authoritative: false,
      records: { web: A("www", "192.0.2.1") },
      managedRecords: {
        web: {
          id,
          name: "renamed",
          type: "A",
          content: "192.0.2.1",
          ttl: 3600,
          priority: null,
          regions: ["global"],
        },
      },
    };
    zone.requests = [];
    await update(olds, { records: { web: A("www", "192.0.2.1") } });
    expect(zone.requests).toEqual([`update ${id} {"name":"www"}`]);
    expect(live()).toEqual(["www A 192.0.2.1 3600"]);
  });

  it("sends regions declared for a record that had none declared", async () => {
    const olds = await create({ records: { web: A("www", "192.0.2.1") } });
    zone.requests = [];
    const outs = await update(olds, { records: { web: { ...A("www", "192.0.2.1"), regions: ["IAD"] } } });
    expect(zone.requests).toEqual([`update ${olds["recordIds"]["web"]} {"regions":["IAD"]}`]);
    expect(outs["records"]).toEqual({ web: "www 3600 A [regions=IAD] 192.0.2.1" });
  });

  it("authoritative: takes an existing record over for one key only, when two keys declare it", async () => {
    // `check` refuses such a declaration; the set still never owns one record twice.
    const existing = zone.add(A("www", "192.0.2.1"));
    const { outs } = await zoneRecordsResource.create(
      ctx,
      {
        zoneName: ZONE,
        authoritative: true,
        records: { a: A("www", "192.0.2.1"), b: A("www", "192.0.2.1") },
      },
      {} as never,
    );
    expect(zone.requests).toEqual([`list 1/${ZONE}`, "create www A 192.0.2.1"]);
    const ids = outs["recordIds"] as Record<string, number>;
    expect(ids["a"]).toBe(existing.id);
    expect(ids["b"]).not.toBe(existing.id);
    expect(live()).toEqual(["www A 192.0.2.1 3600", "www A 192.0.2.1 3600"]);
  });

  it("settles a lost create only with a record the set does not own already, which moves to its key instead", async () => {
    zone.clock = T0 + 1000;
    const olds = await create({ records: { old: A("k", "192.0.2.1") } });
    const since = new Date(T0).toISOString();
    zone.requests = [];
    const outs = await update(
      { ...olds, unconfirmed: [{ key: "k", since, name: "k", type: "A", content: "192.0.2.1" }] },
      { records: { k: A("k", "192.0.2.1") } },
    );
    expect(zone.requests).toEqual([`list 1/${ZONE}`]);
    expect(outs["recordIds"]).toEqual({ k: olds["recordIds"]["old"] });
    expect(live()).toEqual(["k A 192.0.2.1 3600"]);
  });

  it("never adopts one of the service's system records, even one identical to the declaration", async () => {
    zone.add({ name: "", type: "NS", content: "ns1.dnsimple.com", system_record: true });
    const ns = { name: "", type: "NS", content: "ns1.dnsimple.com", ttl: 3600 };
    expect(await zoneRecordsResource.findMatching!(ctx, await checked({ records: [ns] }))).toEqual([]);
  });

  it("refinePartial leaves out of the rules between records one whose name, type or content is not text yet", () => {
    const refine = zoneRecordsResource.refinePartial!;
    const cname = (name: unknown, content: unknown) => ({ name, type: "CNAME", content });
    // Each would clash with the other record at its name, were it known.
    expect(
      refine({ zoneName: ZONE, records: [cname(7, "a.example.net"), cname("", "b.example.net")] }),
    ).toEqual([
      {
        property: "records[1].name",
        reason: expect.stringContaining("a CNAME record cannot be at the apex"),
      },
    ]);
    expect(
      refine({
        zoneName: ZONE,
        records: [{ name: "www", type: 5, content: "x" }, cname("www", "b.example.net")],
      }),
    ).toEqual([]);
    expect(refine({ zoneName: ZONE, records: [cname("www", 9), A("www", "192.0.2.1")] })).toEqual([]);
  });
});
