/**
 * A zone record's own rules: what `check` refuses and why, what an existing record must share
 * with a declaration to be the same record, and the spelling kept in state.
 */
import type { ZoneRecord } from "../client";
import type { ResourceContext } from "../framework/definition";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { useAccount } from "../../test/kinds-support";
import { zoneRecordResource } from "./zone-record";

const provider = toDynamicProvider(zoneRecordResource);
useAccount("1");

const check = async (props: Record<string, unknown>) =>
  (await provider.check!({}, { zoneName: "example.com", name: "www", ...props })).failures;

describe("ZoneRecord check", () => {
  it("accepts TXT content up to the 1,000 characters the service stores once quoted, and refuses one more", async () => {
    // Unquoted content is stored with quotes added and inner quotes escaped (DNSimple's TXT article).
    expect(await check({ type: "TXT", content: "a".repeat(998) })).toEqual([]);
    expect(await check({ type: "TXT", content: "a".repeat(999) })).toEqual([
      {
        property: "content",
        reason:
          "a TXT record's content is 1001 characters once quoted (quotes and escapes counted); the service stores at most 1000 (DNSimple's \"TXT record format\" article): shorten it by 1",
      },
    ]);
    expect(await check({ type: "SPF", content: `${"a".repeat(996)}"` })).toEqual([
      { property: "content", reason: expect.stringMatching(/unpaired double quote/) },
    ]);
    // Quoted strings the service split at 255 octets are accepted as they are.
    expect(await check({ type: "TXT", content: `"${"a".repeat(255)}" "${"b".repeat(10)}"` })).toEqual([]);
  });

  it("refuses empty content, content with spaces around it, and addresses of the wrong family", async () => {
    expect(await check({ type: "TXT", content: "" })).toEqual([
      { property: "content", reason: "content must not be empty" },
    ]);
    expect(await check({ type: "TXT", content: "  " })).toEqual([
      {
        property: "content",
        reason: 'content must not start or end with whitespace (nothing is trimmed for you), got "  "',
      },
    ]);
    expect(await check({ type: "A", content: "2001:db8::1" })).toEqual([
      {
        property: "content",
        reason:
          'an A record\'s content must be an IPv4 address such as 192.0.2.10, got "2001:db8::1" (that is an IPv6 address: use an AAAA record)',
      },
    ]);
    expect(await check({ type: "A", content: " 192.0.2.1 " })).toEqual([
      {
        property: "content",
        reason: expect.stringMatching(/^content must not start or end with whitespace/),
      },
    ]);
    expect(await check({ type: "a", content: "192.0.2.1" })).toEqual([]);
    expect(await check({ type: "AAAA", content: "2001:db8::1" })).toEqual([]);
  });

  it("refuses a CNAME at the apex however the apex is written, and allows other types there", async () => {
    for (const name of ["", "@"]) {
      expect(await check({ type: "CNAME", name, content: "a.example.net" })).toEqual([
        {
          property: "name",
          reason: 'a CNAME record cannot be at the apex (name ""): use an ALIAS record there',
        },
      ]);
    }
    expect(await check({ type: "CNAME", name: "@.", content: "a.example.net" })).toEqual([
      { property: "name", reason: expect.stringMatching(/^must not end with a dot/) },
    ]);
    expect(await check({ type: "ALIAS", name: "", content: "a.example.net" })).toEqual([]);
    expect(await check({ type: "CNAME", name: "www", content: "a.example.net" })).toEqual([]);
  });

  it("names what is wrong with the name, TTL, priority and regions", async () => {
    const base = { type: "MX", content: "mx.example.com" };
    expect(await check({ ...base, name: "a b" })).toEqual([
      { property: "name", reason: 'must not contain spaces or other whitespace, got "a b"' },
    ]);
    expect(await check({ ...base, name: 5 })).toEqual([
      { property: "name", reason: 'must be a string ("" for the apex)' },
    ]);
    expect(await check({ ...base, ttl: 2 ** 31 })).toEqual([
      { property: "ttl", reason: "must be at most 2147483647 (DNS TTLs are 31-bit)" },
    ]);
    expect(await check({ ...base, ttl: 2 ** 31 - 1, priority: 0 })).toEqual([]);
    expect(await check({ ...base, ttl: 1.5 })).toEqual([
      { property: "ttl", reason: "must be a whole number" },
    ]);
    expect(await check({ ...base, ttl: 0 })).toEqual([
      { property: "ttl", reason: "must be at least 1; e.g. 3600" },
    ]);
    expect(await check({ ...base, priority: 65536 })).toEqual([
      { property: "priority", reason: "must be at most 65535 (16-bit), got 65536; e.g. 10" },
    ]);
    expect(await check({ ...base, priority: -1 })).toEqual([
      { property: "priority", reason: "must not be negative" },
    ]);
    expect(await check({ ...base, priority: 0.5 })).toEqual([
      { property: "priority", reason: "must be a whole number" },
    ]);
    expect(await check({ ...base, regions: [] })).toEqual([
      { property: "regions", reason: "must list at least one region" },
    ]);
    expect(await check({ ...base, type: "BOGUS" })).toEqual([
      { property: "type", reason: expect.stringMatching(/^must be one of A, AAAA, ALIAS, CAA, CNAME/) },
    ]);
  });

  it("compares regions as a set", async () => {
    const declared = { zoneName: "example.com", name: "www", type: "A", content: "192.0.2.1", ttl: 3600 };
    const state = { ...declared, accountId: "1" };
    expect(
      await provider.diff!("1", { ...state, regions: ["SV1", "IAD"] }, { ...state, regions: ["IAD", "SV1"] }),
    ).toEqual({ changes: false });
  });
});

/** A record as the service lists it. */
function record(over: Partial<ZoneRecord>): ZoneRecord {
  return {
    id: 1,
    zone_id: "example.com",
    parent_id: null,
    name: "www",
    content: "192.0.2.1",
    ttl: 3600,
    priority: null,
    type: "A",
    regions: ["global"],
    system_record: false,
    created_at: "2024-01-01T00:00:00Z",
    updated_at: "2024-01-01T00:00:00Z",
    ...over,
  } as ZoneRecord;
}

function listing(records: ZoneRecord[]): ResourceContext {
  const client = {
    zones: {
      records: {
        async *iterate() {
          yield* records;
        },
      },
    },
  };
  return { client: client as unknown as ResourceContext["client"], account: "1" };
}

describe("ZoneRecord identity", () => {
  const declared = { zoneName: "Example.com.", name: "WWW", type: "TXT", content: "v=spf1 -all", ttl: 3600 };

  it("is zone, name, type and content, the content as the service rewrites it", async () => {
    const ctx = listing([
      record({ id: 1, type: "TXT", content: '"v=spf1 -all"' }),
      record({ id: 2, type: "TXT", content: "v=spf1 +all" }),
      record({ id: 3, type: "TXT", name: "web", content: "v=spf1 -all" }),
      record({ id: 4, type: "SPF", content: "v=spf1 -all" }),
      record({ id: 5, type: "TXT", content: "v=spf1 -all", system_record: true }),
    ]);
    const found = await zoneRecordResource.findMatching!(ctx, declared);
    expect(found.map((c) => c.id)).toEqual(["1"]);
    // State keeps the declared spelling: a refresh shows no difference for the service's quotes.
    expect(found[0]).toMatchObject({
      createdAt: "2024-01-01T00:00:00Z",
      outs: {
        recordId: 1,
        content: "v=spf1 -all",
        fqdn: "www.example.com",
        priority: null,
        regions: ["global"],
      },
    });
  });

  it("keeps the service's content in state when it differs from the declaration", async () => {
    const ctx = listing([
      record({ id: 7, type: "CNAME", content: "old.example.net", name: "", regions: null as never }),
    ]);
    const [found] = await zoneRecordResource.findMatching!(ctx, {
      ...declared,
      name: "@",
      type: "CNAME",
      content: "new.example.net",
    });
    expect(found?.outs).toMatchObject({
      content: "old.example.net",
      fqdn: "example.com",
      regions: ["global"],
    });
  });

  it("is only zone, name and type for a CNAME or ALIAS, which stand alone at a name", async () => {
    const ctx = listing([record({ id: 8, type: "ALIAS", content: "a.example.net" })]);
    expect(
      (
        await zoneRecordResource.findMatching!(ctx, { ...declared, type: "ALIAS", content: "b.example.net" })
      ).map((c) => c.id),
    ).toEqual(["8"]);
    expect(zoneRecordResource.refusesDuplicates).toBeInstanceOf(Function);
    const unique = zoneRecordResource.refusesDuplicates as (inputs: Record<string, unknown>) => boolean;
    expect(["CNAME", "ALIAS", "A", "TXT"].map((type) => unique({ type }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
