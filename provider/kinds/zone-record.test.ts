import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { accepted, createdState, useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";
import { parseContent } from "../dns/record-data";
import { canonicalContent, zoneRecordResource } from "./zone-record";

const provider = toDynamicProvider(zoneRecordResource);

useAccount("1");

/** The state of `www.example.com CNAME target.example.net`, created with the default TTL. */
let state: Record<string, any>;
beforeAll(async () => {
  const record = { zoneName: "example.com", name: "www", type: "CNAME", content: "target.example.net" };
  state = await createdState(provider, record, { recordId: 3, accountId: "1" });
});

describe("ZoneRecord check", () => {
  it("fills the defaults: apex name and TTL 3600, type upper case", async () => {
    expect(await accepted(provider, { zoneName: "example.com", type: "txt", content: "hi" })).toMatchObject({
      name: "",
      ttl: 3600,
      type: "TXT",
    });
  });

  it("names the property of each failure", async () => {
    const { failures } = await provider.check!(
      {},
      { zoneName: "not a zone", type: "BOGUS", content: "x", ttl: 0 },
    );
    expect((failures ?? []).map((f) => f.property).sort()).toEqual(["ttl", "type", "zoneName"]);
  });

  it("refuses a CNAME at the apex", async () => {
    const { failures } = await provider.check!(
      {},
      { zoneName: "example.com", type: "CNAME", content: "a.example.net" },
    );
    expect(failures ?? []).toEqual([{ property: "name", reason: expect.stringMatching(/apex/) }]);
  });

  it("lets unknown values through", async () => {
    expect((await provider.check!({}, { zoneName: UNKNOWN, type: "A", content: UNKNOWN })).failures).toEqual(
      [],
    );
  });
});

describe("ZoneRecord diff", () => {
  it("ignores what the service rewrites", async () => {
    expect(
      await provider.diff!("3", state, { ...state, zoneName: "Example.COM.", name: "WWW.", type: "cname" }),
    ).toEqual({ changes: false });
    const txt = { ...state, type: "TXT", content: '"v=spf1 -all"' };
    expect((await provider.diff!("3", txt, { ...txt, content: "v=spf1 -all" })).changes).toBe(false);
  });

  it("updates content, ttl, name, priority and regions in place", async () => {
    for (const change of [
      { content: "other.example.net" },
      { ttl: 60 },
      { name: "web" },
      { priority: 5 },
      { regions: ["SV1"] },
    ]) {
      expect(await provider.diff!("3", state, { ...state, ...change })).toEqual({ changes: true });
    }
  });

  it("replaces when the type or the zone changes", async () => {
    expect(
      (await provider.diff!("3", state, { ...state, type: "A", content: "192.0.2.1" })).replaces,
    ).toEqual(["type"]);
    expect((await provider.diff!("3", state, { ...state, zoneName: "other.com" })).replaces).toEqual([
      "zoneName",
    ]);
  });
});

describe("canonicalContent", () => {
  it("compares host names without case or trailing dot, TXT without quotes", () => {
    expect(canonicalContent("CNAME", "Target.Example.NET.")).toBe("target.example.net");
    expect(canonicalContent("MX", "mx.example.com.")).toBe("mx.example.com");
    expect(canonicalContent("TXT", '"a \\"quoted\\" word"')).toBe('a "quoted" word');
    expect(canonicalContent("TXT", "Case Matters")).toBe("Case Matters");
  });
});

describe("parseContent", () => {
  it("parses each type's content by that type's rules", () => {
    expect(parseContent("A", "192.0.2.1").ok).toBe(true);
    expect(parseContent("AAAA", "192.0.2.1").ok).toBe(false);
    expect(parseContent("MX", "mx.example.com", 10).ok).toBe(true);
    expect(parseContent("SRV", "not srv data").ok).toBe(false);
    expect(parseContent("SPF", '"v=spf1 -all"').ok).toBe(true);
  });

  it("says which field of the content is wrong, with the record's type and an example", () => {
    expect(parseContent("SRV", "5 70000 sip.example.com")).toEqual({
      ok: false,
      reason:
        'an SRV record\'s content: the SRV port must be at most 65535 (16-bit), got 70000 (e.g. "10 5060 sip.example.com")',
    });
    expect(parseContent("DS", "12345 13 x " + "ab".repeat(32))).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^a DS record's content: the DS digest type must be a whole number 0-255, got/,
      ),
    });
    expect(parseContent("CAA", '0 issue "a" extra')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^a CAA record's content must have 3 fields, got 4 in/),
    });
    expect(parseContent("HINFO", '"INTEL-386 UNIX')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^an HINFO record's content has an unpaired quote/),
    });
  });

  it("keeps the content of a type without rules of its own as written, whatever the type's name", () => {
    for (const type of ["SOA", "toString", "constructor", "__proto__"]) {
      expect({ type, parsed: parseContent(type, "anything at all") }).toMatchObject({
        type,
        parsed: { ok: true },
      });
    }
  });
});
