/**
 * `ZoneRecords` through the real engine (issue 14): a zone's records as one resource. Its changes
 * leave in batch requests, its preview names the records added, changed and removed, refresh
 * shows drift, and it touches only what it owns unless it is authoritative (never system records).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createClient } from "../../provider/client";
import { exportZoneFileMain } from "../../provider/cli/export-zone-file";
import { bindAvailable, bindRecords, checkZone } from "../zone-files/bind";
import { v2 } from "./extended-api";
import { collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-zone-records-token-61b0";
const ZONE = "zone-records-e2e.com";
let emulator: RunningEmulator;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;

interface Row {
  id: number;
  name: string;
  type: string;
  content: string;
  ttl: number;
  system_record: boolean;
}

const hosts = (n: number, ttl = 3600) =>
  Array.from({ length: n }, (_, i) => ({ name: `host${i}`, type: "A", content: `192.0.2.${i + 1}`, ttl }));

async function declare(records: unknown, authoritative?: boolean): Promise<void> {
  await e2e.declare([
    { type: "Domain", name: "domain", args: { name: ZONE } },
    {
      type: "ZoneRecords",
      name: "records",
      args: {
        zoneName: { $ref: "domain.name" },
        records,
        ...(authoritative !== undefined ? { authoritative } : {}),
      },
    },
  ]);
}

async function zoneRecords(): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const { body } = await api("GET", `/1/zones/${ZONE}/records?per_page=100&page=${page}`);
    rows.push(...body.data);
    if (page >= body.pagination.total_pages) return rows;
  }
}

const declaredRows = async () => (await zoneRecords()).filter((r) => !r.system_record);
const requestsTo = (suffix: string) =>
  emulator.requests().filter((r) => r.method !== "GET" && r.path.endsWith(suffix));

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  api = v2(emulator.v2Url, TOKEN);
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
});

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

it("creates 40 records in one batch request", async () => {
  await declare(hosts(40));
  emulator.clearRequests();
  await e2e.stack.up(collect(e2e));
  const rows = await declaredRows();
  expect(rows.map((r) => r.name).sort()).toEqual(
    hosts(40)
      .map((h) => h.name)
      .sort(),
  );
  expect(requestsTo("/batch")).toHaveLength(1);
  expect(requestsTo("/records")).toHaveLength(0);
});

it("previews no change afterwards, without a request", async () => {
  emulator.clearRequests();
  const preview = await e2e.stack.preview(collect(e2e));
  expect(preview.changeSummary).toEqual({ same: 3 });
  expect(emulator.requests()).toHaveLength(0);
});

it("a preview names the records added, changed and removed", async () => {
  const records = hosts(40);
  records.splice(0, 2); // host0, host1 removed
  records[0] = { ...records[0]!, ttl: 600 }; // host2 changed
  records.push({ name: "extra", type: "A", content: "198.51.100.7", ttl: 3600 }); // added
  await declare(records);
  const lines: string[] = [];
  const preview = await e2e.stack.preview({ diff: true, onOutput: (l: string) => lines.push(l) });
  expect(preview.changeSummary).toMatchObject({ update: 1 });
  const text = lines.join("");
  expect(text).toMatch(/\+\s+"?extra A 198\.51\.100\.7"?/);
  expect(text).toMatch(/-\s+"?host0 A 192\.0\.2\.1"?/);
  expect(text).toMatch(/-\s+"?host1 A 192\.0\.2\.2"?/);
  expect(text).toMatch(/~\s+"?host2 A 192\.0\.2\.3"?/);
  // Unchanged records show as context, without a sign.
  expect(text).toMatch(/\n\s+host39 A 192\.0\.2\.40/);
  expect(text).not.toMatch(/[-+~]\s+"?host39 A/);
});

it("applies those changes in one batch request", async () => {
  emulator.clearRequests();
  await e2e.stack.up(collect(e2e));
  const rows = await declaredRows();
  const names = rows.map((r) => r.name);
  expect(names).toContain("extra");
  expect(names).not.toContain("host0");
  expect(names).not.toContain("host1");
  expect(rows.find((r) => r.name === "host2")!.ttl).toBe(600);
  expect(requestsTo("/batch")).toHaveLength(1);
});

it("shows drift on refresh and repairs it on the next up", async () => {
  const host5 = (await declaredRows()).find((r) => r.name === "host5")!;
  await api("DELETE", `/1/zones/${ZONE}/records/${host5.id}`);
  const refresh = await e2e.stack.refresh(collect(e2e));
  expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
  const preview = await e2e.stack.preview(collect(e2e));
  expect(preview.changeSummary).toMatchObject({ update: 1 });
  await e2e.stack.up(collect(e2e));
  const again = (await declaredRows()).filter((r) => r.name === "host5");
  expect(again).toHaveLength(1);
  expect(again[0]!.id).not.toBe(host5.id);
});

it("additive: a record made by hand in the zone is left alone", async () => {
  await api("POST", `/1/zones/${ZONE}/records`, { name: "handmade", type: "TXT", content: "by hand" });
  const preview = await e2e.stack.preview(collect(e2e));
  expect(preview.changeSummary).toEqual({ same: 3 });
  await e2e.stack.up(collect(e2e));
  expect((await declaredRows()).map((r) => r.name)).toContain("handmade");
});

it("authoritative: removes the records nobody declared, never the system records", async () => {
  const systemBefore = (await zoneRecords()).filter((r) => r.system_record).map((r) => r.id);
  expect(systemBefore.length).toBeGreaterThan(0);
  const records = hosts(40).slice(2);
  records[0] = { ...records[0]!, ttl: 600 };
  records.push({ name: "extra", type: "A", content: "198.51.100.7", ttl: 3600 });
  await declare(records, true);
  await e2e.stack.up(collect(e2e));
  const rows = await zoneRecords();
  expect(rows.map((r) => r.name)).not.toContain("handmade");
  expect(rows.filter((r) => r.system_record).map((r) => r.id)).toEqual(systemBefore);
  expect(rows.filter((r) => !r.system_record)).toHaveLength(records.length);
});

it("destroy deletes its records in one batch request", async () => {
  await declare(hosts(10));
  await e2e.stack.up(collect(e2e));
  await api("POST", `/1/zones/${ZONE}/records`, { name: "later", type: "TXT", content: "by hand" });
  // Only the zone record resource goes: the domain stays so the zone can be inspected.
  await e2e.declare([{ type: "Domain", name: "domain", args: { name: ZONE } }]);
  emulator.clearRequests();
  await e2e.stack.up(collect(e2e));
  expect(requestsTo("/batch")).toHaveLength(1);
  expect((await declaredRows()).map((r) => r.name)).toEqual(["later"]);
});

// BIND's tools come with the test command's bootstrap; elsewhere these skip (outside CI).
const withBind = bindAvailable() || process.env.CI === "true" ? describe : describe.skip;

withBind("a zone file as the records", () => {
  const FILE_ZONE = "example.com";
  const text = readFileSync(path.join(__dirname, "../zone-files/every-type.example.com.zone"), "utf8");
  const declareFile = (fileText: string) =>
    e2e.declare([
      { type: "Domain", name: "file-domain", args: { name: FILE_ZONE } },
      {
        type: "ZoneRecords",
        name: "from-file",
        args: {
          zoneName: { $ref: "file-domain.name" },
          zoneFile: { name: "zones/example.com.zone", text: fileText },
        },
      },
    ]);

  it("goes up with every type; the service's copy written out is the same zone to BIND", async () => {
    await declareFile(text);
    await e2e.stack.up(collect(e2e));
    const out: string[] = [];
    const client = createClient({ token: TOKEN, baseUrl: emulator.v2Url });
    const status = await exportZoneFileMain(["--account", "1", "--zone", FILE_ZONE], {
      out: (t) => out.push(t),
      err: () => undefined,
      env: {},
      client,
    });
    expect(status).toBe(0);
    const written = out.join("");
    expect(checkZone(FILE_ZONE, written)).toEqual({ ok: true, output: expect.stringContaining("OK") });
    // The apex SOA and NS are the service's: the rest is the file's, record for record.
    const own = (lines: string[]) => lines.filter((l) => !/^example\.com\. \d+ IN (SOA|NS) /.test(l));
    expect(own(bindRecords(FILE_ZONE, written))).toEqual(own(bindRecords(FILE_ZONE, text)));
  });

  it("a second preview shows no changes", async () => {
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 3 });
  });
});
