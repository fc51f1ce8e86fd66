/**
 * The emulator saves a change because a table was written, not because a route remembered to say
 * so: updates in place go through `table.update`, and with `verifyWrites` (on in every test
 * project) a change made by assigning to a row fails the request instead of being silently lost.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { Store } from "../../emulator/store";
import { CONTACT } from "./fixtures";
import { v2 } from "./helpers";

const dirs: string[] = [];
const running: RunningEmulator[] = [];

function tmpFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-saved-"));
  dirs.push(dir);
  return path.join(dir, "state.json");
}

async function start(options: Parameters<typeof startEmulator>[0]): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, ...options });
  running.push(emu);
  return emu;
}

afterAll(async () => {
  for (const emu of running) await emu.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The rows of one table as the data file holds them now. */
function rowsOnDisk(file: string, table: string): Record<string, unknown>[] {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as {
    tables: Record<string, { rows: Record<string, unknown>[] }>;
  };
  return data.tables[table]?.rows ?? [];
}

describe("emulator: a change is saved because a table was written", () => {
  it("writes updates made in place (contact, DNSSEC, zone activation, record TTL) to the data file at once", async () => {
    const file = tmpFile();
    const emu = await start({ dataFile: file });
    const c = v2(emu);
    await c.post("/1/domains", { name: "saved.com" });
    const contactId = (await c.post("/1/contacts", CONTACT)).body.data.id as number;
    const recordId = (
      await c.post("/1/zones/saved.com/records", { type: "A", content: "192.0.2.1", ttl: 600 })
    ).body.data.id as number;

    expect((await c.patch(`/1/contacts/${contactId}`, { city: "Milan" })).status).toBe(200);
    expect(rowsOnDisk(file, "contacts").find((r) => r["id"] === contactId)?.["city"]).toBe("Milan");

    expect((await c.post("/1/domains/saved.com/dnssec")).status).toBe(201);
    expect(rowsOnDisk(file, "domains").find((r) => r["name"] === "saved.com")?.["dnssec_enabled"]).toBe(true);

    expect((await c.del("/1/zones/saved.com/activation")).status).toBe(200);
    expect(rowsOnDisk(file, "zones").find((r) => r["name"] === "saved.com")?.["active"]).toBe(false);

    expect((await c.patch(`/1/zones/saved.com/records/${recordId}`, { ttl: 3600 })).status).toBe(200);
    expect(rowsOnDisk(file, "records").find((r) => r["id"] === recordId)?.["ttl"]).toBe(3600);
  });

  it("does not write the file for a request that changed nothing", async () => {
    const file = tmpFile();
    const emu = await start({ dataFile: file });
    const c = v2(emu);
    await c.post("/1/domains", { name: "quiet.com" });
    const before = fs.statSync(file).mtimeMs;
    fs.utimesSync(file, new Date(0), new Date(0));
    expect((await c.get("/1/domains/quiet.com")).status).toBe(200);
    expect((await c.patch("/1/contacts/999999", { city: "Nowhere" })).status).toBe(404);
    expect(fs.statSync(file).mtimeMs).toBe(0);
    expect(before).toBeGreaterThan(0);
  });

  it("with verifyWrites, a change made by assigning to a row fails the next request instead of being lost", async () => {
    const emu = await start({ verifyWrites: true });
    const c = v2(emu);
    await c.post("/1/domains", { name: "sneaky.com" });
    const row = emu.app.store.domains.byKey("sneaky.com") as { auto_renew: boolean };
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      row.auto_renew = !row.auto_renew; // what a route that forgot table.update would do
      const res = await c.get("/1/domains/sneaky.com");
      expect(res.status).toBe(500);
      expect(stderr.mock.calls.map((call) => String(call[0])).join("")).toMatch(
        /GET \/v2\/:account\/domains\/:domain changed state without writing a table/,
      );
    } finally {
      stderr.mockRestore();
    }
  });

  it("without verifyWrites the same assignment goes unnoticed (which is why the tests turn it on)", async () => {
    const emu = await start({ verifyWrites: false });
    const c = v2(emu);
    await c.post("/1/domains", { name: "unnoticed.com" });
    const row = emu.app.store.domains.byKey("unnoticed.com") as { auto_renew: boolean };
    row.auto_renew = !row.auto_renew;
    expect((await c.get("/1/domains/unnoticed.com")).status).toBe(200);
    expect(emu.app.store.isDirty).toBe(false);
  });

  it("the test projects turn verifyWrites on", () => {
    expect(process.env["EMULATOR_VERIFY_WRITES"]).toBe("1");
  });
});

describe("Store tables", () => {
  it("mark the store changed on insert, update and delete, and not on reads", () => {
    const store = Store.open(undefined);
    const account = store.accounts.insert({
      email: "t@example.com",
      name: "T",
      plan_identifier: "teams-v1-monthly",
      identifier: "t@example.com",
      outstanding_payments: false,
      created_at: "2026-01-01T00:00:00Z",
      updated_at: "2026-01-01T00:00:00Z",
    });
    expect(store.isDirty).toBe(true);
    store.save();
    expect(store.isDirty).toBe(false);

    store.accounts.get(account.id);
    store.accounts.filter(() => true);
    expect(store.isDirty).toBe(false);

    const same = store.accounts.update(account, { name: "Renamed" });
    expect(same).toBe(account);
    expect(account.name).toBe("Renamed");
    expect(store.isDirty).toBe(true);
    store.save();

    store.accounts.delete(account.id);
    expect(store.isDirty).toBe(true);
    store.save();

    store.updateSettings((s) => (s.delays.registration = 5));
    expect(store.isDirty).toBe(true);
    expect(store.settings.delays.registration).toBe(5);
  });
});
