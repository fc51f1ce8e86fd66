/**
 * `ZoneRecords` with a zone file: `check` reads it into `records` (what the engine diffs and the
 * review shows), refuses each bad line by file and line, and keeps the file's name, not its text.
 */
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";
import { zoneRecordsResource } from "./zone-records";

const provider = toDynamicProvider(zoneRecordsResource);
useAccount("1");

const FILE =
  "$TTL 300\n@ SOA ns1.old.example. admin.old.example. 1 2 3 4 5\n@ NS ns1.old.example.\n@ MX 10 mail\nmail A 192.0.2.1\n";
const check = (props: Record<string, unknown>) => provider.check!({}, { zoneName: "example.com", ...props });

describe("ZoneRecords with a zoneFile", () => {
  it("reads the file's records into records, keyed as a list's, the apex SOA and NS left out", async () => {
    const { inputs, failures } = await check({ zoneFile: { name: "zones/example.com.zone", text: FILE } });
    expect(failures).toEqual([]);
    expect(inputs.records).toEqual({
      "@ MX mail.example.com": "@ 300 MX [priority=10] mail.example.com",
      "mail A 192.0.2.1": "mail 300 A 192.0.2.1",
    });
    expect(inputs.zoneFile).toEqual({ name: "zones/example.com.zone" });
  });

  it("adds declared records beside the file's, and refuses one declared in both", async () => {
    const www = { name: "www", type: "A", content: "192.0.2.2", ttl: 60 };
    const both = await check({ zoneFile: { text: FILE }, records: [www] });
    expect(both.failures).toEqual([]);
    expect(Object.keys(both.inputs.records as object)).toEqual([
      "@ MX mail.example.com",
      "mail A 192.0.2.1",
      "www A 192.0.2.2",
    ]);
    const twice = await check({
      zoneFile: { name: "z.zone", text: FILE },
      records: [{ name: "mail", type: "A", content: "192.0.2.1", ttl: 300 }],
    });
    expect(twice.failures).toEqual([
      {
        property: "zoneFile.name",
        reason: "z.zone line 5: the same record as records.mail A 192.0.2.1; declare it in one place",
      },
    ]);
  });

  it("refuses bad lines by file and line, duplicates and a CNAME beside other records included", async () => {
    const text =
      "$TTL 300\nwww A 1.2.3\nc CNAME x.example.net.\nc A 192.0.2.1\nd A 192.0.2.9\nd A 192.0.2.9\n";
    const { failures } = await check({ zoneFile: { name: "z.zone", text } });
    expect(failures).toEqual([
      {
        property: "zoneFile.name",
        reason: expect.stringMatching(
          /^z\.zone line 2: A content: an A record's content must be an IPv4 address/,
        ),
      },
      {
        property: "zoneFile.name",
        reason: expect.stringMatching(/^z\.zone line 4: a CNAME must be the only record at its name/),
      },
      {
        property: "zoneFile.name",
        reason: "z.zone line 6: the same record as line 5 (d A 192.0.2.9); each record once",
      },
    ]);
  });

  it("lists at most 20 problems, then how many more", async () => {
    const text = `$TTL 300\n${Array.from({ length: 25 }, (_, i) => `h${i} A 1.2.${i}`).join("\n")}\n`;
    const { failures } = await check({ zoneFile: { name: "z.zone", text } });
    expect(failures ?? []).toHaveLength(21);
    expect(failures?.[20]).toEqual({
      property: "zoneFile.name",
      reason: "z.zone: 5 more problems after these",
    });
  });

  it("needs records, a zoneFile or both", async () => {
    expect((await check({})).failures).toEqual([
      { property: "records", reason: expect.stringContaining("declare the records, a zoneFile, or both") },
    ]);
  });

  it("refuses a zoneFile without its text, pointing at readZoneFile", async () => {
    const { failures } = await check({ zoneFile: { path: "zones/example.com.zone" } });
    expect(failures).toEqual([
      {
        property: "zoneFile.text",
        reason: expect.stringContaining('read a file with dnsimple.readZoneFile("zones/example.com.zone")'),
      },
    ]);
  });

  it("leaves the records unknown while the zone is unknown (a preview)", async () => {
    const { inputs, failures } = await provider.check!(
      {},
      { zoneName: UNKNOWN, zoneFile: { name: "z", text: FILE } },
    );
    expect(failures).toEqual([]);
    expect(inputs.records).toBe(UNKNOWN);
  });

  it("shows a changed line as that record's change, and a new file name alone as no API change", async () => {
    const before = (await check({ zoneFile: { name: "a.zone", text: FILE } })).inputs;
    const after = (
      await check({ zoneFile: { name: "a.zone", text: FILE.replace("192.0.2.1", "192.0.2.7") } })
    ).inputs;
    const diff = await provider.diff!("example.com/1", before, after);
    expect([diff.changes, diff.replaces ?? []]).toEqual([true, []]);
    expect(Object.keys(after.records as object)).toContain("mail A 192.0.2.7");
    const renamed = (await check({ zoneFile: { name: "b.zone", text: FILE } })).inputs;
    const rename = await provider.diff!("example.com/1", before, renamed);
    expect([rename.changes, rename.replaces ?? []]).toEqual([true, []]);
  });
});
