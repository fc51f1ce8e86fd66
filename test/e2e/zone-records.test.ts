/**
 * `ZoneRecords` through the real engine (issue 14): a zone's records as one resource. Its changes
 * leave in batch requests, its preview names the records added, changed and removed, refresh
 * shows drift, and it touches only what it owns unless it is authoritative (never system records).
 * Through the public API only, so the live suite (scripts/test-live) runs it against an account of
 * the service too: the target is this file's emulator or that account (test/live/target.ts), the
 * zones carry the run's prefix, and requests are counted from the provider's own request log.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { createClient } from "../../provider/client";
import { exportZoneFileMain } from "../../provider/cli/export-zone-file";
import { bindAvailable, bindRecords, checkZone } from "../zone-files/bind";
import { v2 } from "./extended-api";
import { closeTarget, liveTarget, named, requestsLogged, type Target } from "../live/target";
import { collect, createE2eStack, type E2eStack } from "./harness";

const ZONE = named("zone-records-e2e.com");
let target: Target;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;
/** `/<account>`: the start of every path of the account's API. */
let a: string;

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
    const { body } = await api("GET", `${a}/zones/${ZONE}/records?per_page=100&page=${page}`);
    rows.push(...body.data);
    if (page >= body.pagination.total_pages) return rows;
  }
}

const declaredRows = async () => (await zoneRecords()).filter((r) => !r.system_record);
/** Where the engine's output is now: the requests logged after this mark are the next step's. */
const mark = () => e2e.output.length;
/** The provider's requests logged since `from` (`METHOD /v2/...`), as the service saw them. */
const requestsSince = (from: number) => [...requestsLogged(e2e.output, from).values()];
const requestsTo = (suffix: string, from: number) =>
  requestsSince(from).filter((r) => !r.startsWith("GET ") && r.endsWith(suffix));

beforeAll(async () => {
  target = await liveTarget();
  a = `/${target.account}`;
  api = v2(target.baseUrl, target.token);
  e2e = await createE2eStack({
    baseUrl: target.baseUrl,
    token: target.token,
    account: target.account,
    // These tests count the records' own requests (the credentials check is tested in
    // bad-settings-preview.test.ts), and replace most of a set on purpose (the mass-change guard
    // is tested in mass-change-guard.test.ts).
    env: {
      DNSIMPLE_VERIFY_CREDENTIALS: "false",
      DNSIMPLE_MAX_SAFE_UPDATE_SHARE: "1",
      DNSIMPLE_MAX_SAFE_DELETE_SHARE: "1",
    },
  });
  // One line per request in the engine's output: how requests are counted on any target.
  await e2e.stack.setConfig("dnsimple:requestLog", { value: "true" });
});

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await closeTarget();
});

it("creates 40 records in one batch request", async () => {
  await declare(hosts(40));
  const from = mark();
  await e2e.stack.up(collect(e2e));
  const rows = await declaredRows();
  expect(rows.map((r) => r.name).sort()).toEqual(
    hosts(40)
      .map((h) => h.name)
      .sort(),
  );
  expect(requestsTo("/batch", from)).toHaveLength(1);
  expect(requestsTo("/records", from)).toHaveLength(0);
});

it("previews no change afterwards, without a request", async () => {
  const from = mark();
  const preview = await e2e.stack.preview(collect(e2e));
  expect(preview.changeSummary).toEqual({ same: 3 });
  expect(requestsSince(from)).toEqual([]);
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
  const from = mark();
  await e2e.stack.up(collect(e2e));
  const rows = await declaredRows();
  const names = rows.map((r) => r.name);
  expect(names).toContain("extra");
  expect(names).not.toContain("host0");
  expect(names).not.toContain("host1");
  expect(rows.find((r) => r.name === "host2")!.ttl).toBe(600);
  expect(requestsTo("/batch", from)).toHaveLength(1);
});

it("shows drift on refresh and repairs it on the next up", async () => {
  const host5 = (await declaredRows()).find((r) => r.name === "host5")!;
  await api("DELETE", `${a}/zones/${ZONE}/records/${host5.id}`);
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
  await api("POST", `${a}/zones/${ZONE}/records`, { name: "handmade", type: "TXT", content: "by hand" });
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
  await api("POST", `${a}/zones/${ZONE}/records`, { name: "later", type: "TXT", content: "by hand" });
  // Only the zone record resource goes: the domain stays so the zone can be inspected.
  await e2e.declare([{ type: "Domain", name: "domain", args: { name: ZONE } }]);
  const from = mark();
  await e2e.stack.up(collect(e2e));
  expect(requestsTo("/batch", from)).toHaveLength(1);
  expect((await declaredRows()).map((r) => r.name)).toEqual(["later"]);
});

// BIND's tools come with the test command's bootstrap; elsewhere these skip (outside CI).
const withBind = bindAvailable() || process.env.CI === "true" ? describe : describe.skip;

withBind("a zone file as the records", () => {
  // The example zone under the run's prefix: its names and the names it points at in it alike.
  const FILE_ZONE = named("zone-file.com");
  const text = readFileSync(path.join(__dirname, "../zone-files/every-type.example.com.zone"), "utf8")
    .split("example.com")
    .join(FILE_ZONE);
  const declareFile = (fileText: string) =>
    e2e.declare([
      { type: "Domain", name: "file-domain", args: { name: FILE_ZONE } },
      {
        type: "ZoneRecords",
        name: "from-file",
        args: {
          zoneName: { $ref: "file-domain.name" },
          zoneFile: { name: `zones/${FILE_ZONE}.zone`, text: fileText },
        },
      },
    ]);

  it("goes up with every type; the service's copy written out is the same zone to BIND", async () => {
    await declareFile(text);
    await e2e.stack.up(collect(e2e));
    const out: string[] = [];
    const client = createClient({ token: target.token, baseUrl: target.baseUrl });
    const status = await exportZoneFileMain(["--account", target.account, "--zone", FILE_ZONE], {
      out: (t) => out.push(t),
      err: () => undefined,
      env: {},
      client,
    });
    expect(status).toBe(0);
    const written = out.join("");
    expect(checkZone(FILE_ZONE, written)).toEqual({ ok: true, output: expect.stringContaining("OK") });
    // The apex SOA and NS are the service's: the rest is the file's, record for record.
    const apex = new RegExp(`^${FILE_ZONE.replace(/\./g, "\\.")}\\. \\d+ IN (SOA|NS) `);
    const own = (lines: string[]) => lines.filter((l) => !apex.test(l));
    expect(own(bindRecords(FILE_ZONE, written))).toEqual(own(bindRecords(FILE_ZONE, text)));
  });

  it("a second preview shows no changes", async () => {
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 3 });
  });
});
