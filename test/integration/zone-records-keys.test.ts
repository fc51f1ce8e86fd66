/**
 * A `ZoneRecords` whose records are kept under keys the declaration no longer spells that way (an
 * older stack's list keys, before record-data's canonical content) keeps its records: each moves
 * to its new key without a request; a record whose identity changed is still replaced.
 */
import { startEmulator } from "../../emulator";
import { toDynamicProvider } from "../../provider/dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "../../provider/framework/runtime";
import { zoneRecordsResource } from "../../provider/kinds/zone-records";

const ZONE = "keys.example";
const provider = toDynamicProvider(zoneRecordsResource);
let emu: Awaited<ReturnType<typeof startEmulator>>;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  await fetch(`${emu.url}/__admin/seed`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ domains: [{ account: 1, name: ZONE }] }),
  });
  configureRuntime({
    get: (key) =>
      ({ "dnsimple:account": "1", "dnsimple:token": emu.token, "dnsimple:baseUrl": emu.v2Url })[key],
  });
});
afterAll(async () => {
  resetRuntime();
  await emu.close();
});

/** State as an older version left it: the same records under keys spelled as declared then. */
function withOlderKeys(outs: Record<string, any>, rename: Record<string, string>): Record<string, any> {
  const re = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [rename[k] ?? k, v]));
  return {
    ...outs,
    records: re(outs.records),
    recordIds: re(outs.recordIds),
  };
}

describe("ZoneRecords keys", () => {
  it("moves a record to its new key without a request, and replaces one whose content changed", async () => {
    const records = [
      { name: "v6", type: "AAAA", content: "2001:0db8:0000:0000:0000:0000:0000:0001", ttl: 3600 },
      { name: "caa", type: "CAA", content: "0 issue letsencrypt.org", ttl: 3600 },
    ];
    const first = await provider.check!({}, { zoneName: ZONE, records });
    const created = await provider.create(first.inputs!);
    const keys = Object.keys(created.outs.records).sort();
    expect(keys).toEqual(['caa CAA 0 issue "letsencrypt.org"', "v6 AAAA 2001:db8::1"]);
    const older = withOlderKeys(created.outs, {
      [keys[0]!]: "caa CAA 0 issue letsencrypt.org",
      [keys[1]!]: "v6 AAAA 2001:0db8:0000:0000:0000:0000:0000:0001",
    });
    emu.clearRequests();
    const news = (await provider.check!(older, { zoneName: ZONE, records })).inputs!;
    const updated = await provider.update!(created.id, older, news);
    expect(emu.requests()).toEqual([]);
    expect(updated.outs!.recordIds).toEqual(created.outs.recordIds);

    const changed = [records[0]!, { ...records[1]!, content: '0 issue "pki.goog"' }];
    const next = (await provider.check!(updated.outs!, { zoneName: ZONE, records: changed })).inputs!;
    const after = await provider.update!(created.id, updated.outs!, next);
    expect(after.outs!.recordIds["v6 AAAA 2001:db8::1"]).toBe(created.outs.recordIds["v6 AAAA 2001:db8::1"]);
    expect(after.outs!.recordIds['caa CAA 0 issue "pki.goog"']).not.toBe(created.outs.recordIds[keys[0]!]);
  });
});
