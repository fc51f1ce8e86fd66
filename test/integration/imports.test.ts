/**
 * `pulumi import` through the provider plugin against the emulator, without the engine: every id
 * form of every kind that holds an object (the kinds' tables, framework/imports.ts) names the
 * hand-made object, the import writes nothing, the answer's inputs pass `check`, and the
 * program's declaration of the object diffs as no change. An id of no form, and one naming
 * nothing, fail with the forms and an example, or the id and the account.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { IMPORT_SEED } from "../import-cases";
import { allRoundTrips, type PluginConnection, pluginFor, type RoundTrip } from "../import-round-trips";

let emulator: RunningEmulator;
let plugin: PluginConnection;
let results: RoundTrip[];
const journal = mkdtempSync(path.join(tmpdir(), "imports-journal-"));
const savedEnv = { ...process.env };

beforeAll(async () => {
  for (const key of Object.keys(process.env)) if (key.startsWith("DNSIMPLE_")) delete process.env[key];
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = journal;
  emulator = await startEmulator({ port: 0, seed: IMPORT_SEED as never });
  plugin = await pluginFor(emulator);
  results = await allRoundTrips(emulator, plugin);
}, 60_000);

afterAll(async () => {
  await plugin.stop();
  await emulator.close();
  rmSync(journal, { recursive: true, force: true });
  process.env = savedEnv;
});

describe("pulumi import through the plugin", () => {
  it("takes every id form of every kind that holds an object, with no write and no change after", () => {
    expect(results.length).toBeGreaterThan(0);
    const failed = results
      .filter((r) => r.problems.length > 0)
      .map((r) => `${r.kind} ${r.importId}: ${r.problems.join("; ")}`);
    expect(failed).toEqual([]);
  });

  it("takes the bridged provider's ZoneRecord id, <zone>_<recordId>", () => {
    const bridged = results.filter((r) => r.kind === "ZoneRecord" && r.form.form === "<zone>_<recordId>");
    expect(bridged).toHaveLength(1);
    expect(bridged[0]!.importId).toMatch(/^import-cases\.com_\d+$/);
    expect(bridged[0]!.problems).toEqual([]);
  });

  it.each([
    [
      "ZoneRecord",
      "abc",
      'ZoneRecord import ids are <zone>_<recordId>, <zone>/<recordId> or <recordId>, e.g. example.com_1234; got "abc"',
    ],
    ["ZoneRecord", "example.com_x1", "ZoneRecord import ids are <zone>_<recordId>"],
    ["ZoneRecord", "bad_zone.com_12", "ZoneRecord import ids are"],
    [
      "Domain",
      "not a domain",
      'Domain import ids are <domain> or <domainId>, e.g. example.com; got "not a domain"',
    ],
    ["Contact", "example.com_5678", 'Contact import ids are <contactId>, e.g. 5678; got "example.com_5678"'],
    ["EmailForward", " example.com_1", "EmailForward import ids are <domain>_<emailForwardId>"],
  ])("refuses %s id %j with the forms and an example", async (kind, id, message) => {
    await expect(plugin.read(kind, id)).rejects.toThrow(message);
  });

  it.each([
    ["ZoneRecord", "import-cases.com_999999"],
    ["ZoneRecord", "999999"],
    ["Domain", "nowhere-to-be-found.com"],
    ["Contact", "999999"],
    ["Dnssec", "import-cases.com"],
  ])("says when %s %j names nothing in the account", async (kind, id) => {
    await expect(plugin.read(kind, id)).rejects.toThrow(
      `${kind} ${JSON.stringify(id)}: nothing to import in account 1`,
    );
  });

  it("refuses a kind that holds no object, saying why", async () => {
    await expect(plugin.read("DomainRenewal", "example.com")).rejects.toThrow(
      "a DomainRenewal cannot be imported: it is a one-shot action",
    );
  });
});
