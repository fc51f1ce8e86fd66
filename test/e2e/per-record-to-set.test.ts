/**
 * docs/per-record-to-set.md on a stack of 30 per-record `ZoneRecord`s: `per-record-to-set` reads
 * the stack export, `pulumi stack import` drops the records from the state, and one `ZoneRecords`
 * that adopts them by their ids takes them over, not a hand-made twin. The `up` sends no write
 * request, the next preview changes nothing, and the zone holds the same records with the same ids.
 * When a record changed outside Pulumi after the export, the adopt stops before any write. A preview of 300 `ZoneRecord`s in
 * one zone says so once, naming this path; the 30 of the first stack do not.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { convertState, perRecordToSetMain } from "../../provider/cli/per-record-to-set";
import { PER_RECORD_WARNING_THRESHOLD } from "../../provider/kinds/zone-record-neighbours";
import { v2 } from "./extended-api";
import { collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-per-record-to-set-token-7d2e";
const ZONE = "per-record-to-set.com";
const RECORDS = 30;
let emulator: RunningEmulator;
let e2e: E2eStack;
let out: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  out = mkdtempSync(path.join(tmpdir(), "per-record-to-set-e2e-"));
}, 60_000);

afterAll(async () => {
  await e2e?.cleanup();
  rmSync(out, { recursive: true, force: true });
  await emulator?.close();
});

/** The zone's own records as `id name type content`, sorted. */
async function zone(): Promise<string[]> {
  const { body } = await v2(emulator.v2Url, TOKEN)("GET", `/1/zones/${ZONE}/records?per_page=100`);
  return (
    body.data as Array<{ id: number; name: string; type: string; content: string; system_record: boolean }>
  )
    .filter((r) => !r.system_record)
    .map((r) => `${r.id} ${r.name} ${r.type} ${r.content}`)
    .sort();
}

it("turns 30 ZoneRecords into one ZoneRecords with no write request and no change after", async () => {
  const domain = { type: "Domain", name: "domain", args: { name: ZONE } };
  await e2e.declare([
    domain,
    ...Array.from({ length: RECORDS }, (_, i) => ({
      type: "ZoneRecord",
      name: `host${i}`,
      args: {
        zoneName: { $ref: "domain.name" },
        name: `host${i}`,
        type: "A",
        content: `192.0.2.${i + 1}`,
        ttl: 600,
      },
    })),
  ]);
  expect((await e2e.stack.up(collect(e2e))).summary.result).toBe("succeeded");
  const before = await zone();
  expect(before).toHaveLength(RECORDS);

  // The path as the doc gives it: export, the command, import.
  const exported = path.join(out, "export.json");
  writeFileSync(exported, await e2e.exportState());
  const io = { out: () => undefined, err: (t: string) => void process.stderr.write(t), env: {} };
  expect(await perRecordToSetMain(["--state", exported, "--out", out], io)).toBe(0);
  await e2e.stack.importStack(JSON.parse(readFileSync(path.join(out, "state-without-records.json"), "utf8")));
  const { zones, recordIds } = convertState(JSON.parse(readFileSync(exported, "utf8")));
  expect(readFileSync(path.join(out, "zone-records.ts"), "utf8")).toContain(
    `adoptRecordIds: [\n    ${recordIds.get(ZONE)!.slice(0, 10).join(", ")},`,
  );
  // A hand-made twin of a record, made after the export: the set adopts the stack's record, not it.
  const { body: twin } = await v2(emulator.v2Url, TOKEN)("POST", `/1/zones/${ZONE}/records`, {
    name: "host0",
    type: "A",
    content: "192.0.2.1",
    ttl: 600,
  });
  const twinId = (twin.data as { id: number }).id;
  await e2e.declare([
    domain,
    {
      type: "ZoneRecords",
      name: `${ZONE}-records`,
      args: {
        zoneName: { $ref: "domain.name" },
        adopt: true,
        adoptRecordIds: recordIds.get(ZONE),
        records: zones.get(ZONE),
      },
    },
  ]);

  const from = emulator.requests().length;
  const up = await e2e.stack.up(collect(e2e));
  expect(up.summary.result).toBe("succeeded");
  const writes = emulator
    .requests()
    .slice(from)
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);
  expect(writes).toEqual([]);
  const preview = await e2e.stack.preview(collect(e2e));
  expect(preview.changeSummary).toEqual({ same: 3 });
  const set = JSON.parse(await e2e.exportState()).deployment.resources.find((r: { type: string }) =>
    r.type.endsWith(":ZoneRecords"),
  );
  expect((Object.values(set.outputs.recordIds) as number[]).sort((a, b) => a - b)).toEqual(
    recordIds.get(ZONE),
  );
  expect(await zone()).toEqual([...before, `${twinId} host0 A 192.0.2.1`].sort());
  expect(e2e.output.join("\n")).not.toContain("or more ZoneRecord resources in one zone");
}, 60_000);

it("warns once in the preview of a program with 300 ZoneRecords in one zone, naming this path", async () => {
  const zoneName = "per-record-warning.com";
  await e2e.declare(
    Array.from({ length: PER_RECORD_WARNING_THRESHOLD }, (_, i) => ({
      type: "ZoneRecord",
      name: `w${i}`,
      args: { zoneName, name: `w${i}`, type: "A", content: "192.0.2.1", ttl: 600 },
    })),
  );
  const lines: string[] = [];
  await e2e.stack.preview({ onOutput: (line) => lines.push(line) });
  // The engine shows a warning as it comes and again in the summary's diagnostics: one warning.
  const text = lines.join("");
  expect(text).toMatch(/pulumi:pulumi:Stack e2e-test\s+1 warning/);
  const diagnostics = text.slice(text.indexOf("Diagnostics:"));
  expect(
    diagnostics.match(/per-record-warning\.com: 300 or more ZoneRecord resources in one zone/g),
  ).toHaveLength(1);
  expect(lines.join("")).toContain("docs/per-record-to-set.md");
}, 60_000);

it("stops before any write when a record changed outside Pulumi after the export, beside a look-alike", async () => {
  const zoneName = "per-record-edited.com";
  const api = v2(emulator.v2Url, TOKEN);
  await api("POST", "/1/domains", { name: zoneName });
  const records = ["192.0.2.1", "192.0.2.2"].map((content, i) => ({
    type: "ZoneRecord",
    name: `edited${i}`,
    args: { zoneName, name: `e${i}`, type: "A", content, ttl: 600 },
  }));
  await e2e.declare(records);
  expect((await e2e.stack.up(collect(e2e))).summary.result).toBe("succeeded");
  const exported = path.join(out, "edited-export.json");
  writeFileSync(exported, await e2e.exportState());
  const { zones, recordIds } = convertState(JSON.parse(readFileSync(exported, "utf8")));
  // The stack's e0, by name: the two records are made side by side, in either order.
  const { body: listed } = await api("GET", `/1/zones/${zoneName}/records?name=e0`);
  const first = (listed.data as Array<{ id: number }>)[0]!.id;
  expect(recordIds.get(zoneName)).toContain(first);
  // Outside Pulumi: the stack's e0 gets new content, and a look-alike of what the state says appears.
  await api("PATCH", `/1/zones/${zoneName}/records/${first}`, { content: "192.0.2.99" });
  await api("POST", `/1/zones/${zoneName}/records`, {
    name: "e0",
    type: "A",
    content: "192.0.2.1",
    ttl: 600,
  });
  expect(
    await perRecordToSetMain(["--state", exported, "--out", out], {
      out: () => undefined,
      err: () => undefined,
      env: {},
    }),
  ).toBe(0);
  await e2e.stack.importStack(JSON.parse(readFileSync(path.join(out, "state-without-records.json"), "utf8")));
  await e2e.declare([
    {
      type: "ZoneRecords",
      name: `${zoneName}-records`,
      args: { zoneName, adopt: true, adoptRecordIds: recordIds.get(zoneName), records: zones.get(zoneName) },
    },
  ]);
  const from = emulator.requests().length;
  await expect(e2e.stack.up(collect(e2e))).rejects.toThrow(
    new RegExp(
      `adoptRecordIds: 1 record\\(s\\) of ${zoneName.replace(/\./g, "\\.")} match no declared record: ${first} \\(e0 A 192\\.0\\.2\\.99\\)`,
    ),
  );
  const writes = emulator
    .requests()
    .slice(from)
    .filter((r) => r.method !== "GET");
  expect(writes).toEqual([]);
}, 60_000);
