/**
 * What a `ZoneRecords` registers for its records (issue 27): plain records as lines, which the
 * provider's `check` reads into exactly the inputs the same records as objects give; anything
 * that is not plain as the program wrote it.
 */
import * as pulumi from "@pulumi/pulumi";
import { toDynamicProvider } from "../../provider/dynamic/dynamic-provider";
import { LINES_OF_A_LIST, LINES_OF_A_MAP } from "../../provider/dns/record-lines";
import { zoneRecordsResource } from "../../provider/kinds/zone-records";

const registered: Array<Record<string, any>> = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args.inputs);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    true,
  );
});

/** The inputs a ZoneRecords of these records registers. */
async function registers(records: unknown): Promise<Record<string, any>> {
  const { ZoneRecords } = require("./index") as typeof import("./index");
  registered.length = 0;
  const set = new ZoneRecords("set", { zoneName: "example.com", records: records as never });
  await new Promise((done) => set.urn.apply(done));
  return registered[0]!;
}

const provider = toDynamicProvider(zoneRecordsResource);
const check = (records: unknown) => provider.check!({}, { zoneName: "example.com", records });

const www = { name: "www", type: "A", content: "192.0.2.1" };
const mx = { name: "", type: "MX", content: "mx.example.com", priority: 10, ttl: 300 };
const txt = { name: "txt", type: "TXT", content: "[v=spf1] -all", regions: ["IAD", "SV1"] };

describe("ZoneRecords in a program", () => {
  it("registers a list of plain records as one text of lines, which check reads as the objects", async () => {
    const { records } = await registers([www, mx, txt]);
    expect(records).toEqual([
      LINES_OF_A_LIST,
      [
        "www - A 192.0.2.1",
        "@ 300 MX [priority=10] mx.example.com",
        "txt - TXT [regions=IAD,SV1] [v=spf1] -all",
      ].join("\n"),
    ]);
    const fromLines = await check(records);
    expect(fromLines.failures).toEqual([]);
    expect(fromLines).toEqual(await check([www, mx, txt]));
  });

  it("registers a map of plain records as keys and lines, which check reads as the objects", async () => {
    const { records } = await registers({ web: www, mail: mx });
    expect(records).toEqual([
      LINES_OF_A_MAP,
      "web\nwww - A 192.0.2.1\nmail\n@ 300 MX [priority=10] mx.example.com",
    ]);
    expect(await check(records)).toEqual(await check({ web: www, mail: mx }));
  });

  it("checks lines with the same failures, named by the same properties, as the objects", async () => {
    for (const records of [
      [{ ...www, ttl: 0 }],
      [www, { ...www, name: "WWW" }],
      { web: { ...www, content: "999.0.0.1" } },
      [{ ...www, type: "NOPE" }],
    ]) {
      const { records: sent } = await registers(records);
      expect(sent[0]).toMatch(/^\$records:/);
      const { failures } = await check(sent);
      expect(failures!.length).toBeGreaterThan(0);
      expect(failures).toEqual((await check(records)).failures);
    }
  });

  it("registers as written records that are not plain: an output among them, a field of no record", async () => {
    const later = [www, { ...www, content: pulumi.output("192.0.2.2") }];
    expect((await registers(later)).records).toEqual([www, { ...www, content: "192.0.2.2" }]);
    const odd = [{ ...www, comment: "no such field" }];
    expect((await registers(odd)).records).toEqual(odd);
  });
});
