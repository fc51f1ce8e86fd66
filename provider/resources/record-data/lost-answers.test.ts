/**
 * After a lost answer, the record the service holds is recognised as the one sent when its content
 * means the same: the batcher settles it with record-data's canonical comparison, so a rewrite
 * by the service (IPv6 compressed, TXT quoted, host name in lower case) never leads to a second
 * create.
 */
import type { ZoneRecord } from "../../client";
import { settleBatch } from "../zone-record-batcher";

const T = "2024-01-01T00:00:10Z";
const stored = (id: number, type: string, content: string): ZoneRecord =>
  ({
    id,
    zone_id: "example.com",
    parent_id: null,
    name: "www",
    content,
    ttl: 3600,
    priority: null,
    type,
    regions: ["global"],
    system_record: false,
    created_at: T,
    updated_at: T,
  }) as ZoneRecord;

const since = new Date("2024-01-01T00:00:00Z");

describe("a lost batch answer, settled against what the service holds", () => {
  const cases: Array<[string, string, string]> = [
    ["AAAA", "2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["TXT", "v=spf1 -all", '"v=spf1 -all"'],
    ["CNAME", "App.Example.NET.", "app.example.net"],
    ["TXT", `${"a".repeat(255)}b`, `"${"a".repeat(255)}" "b"`],
  ];

  it.each(cases)("recognises a %s sent as %j and held as %j", (type, sent, held) => {
    const batch = { creates: [{ name: "www", type, content: sent }] };
    const records = [stored(7, type, held)];
    expect(settleBatch(batch, records, since, new Set())?.creates.map((r) => r.id)).toEqual([7]);
  });

  it("does not take a record of other content for the one sent", () => {
    const batch = { creates: [{ name: "www", type: "AAAA", content: "2001:db8::1" }] };
    expect(settleBatch(batch, [stored(8, "AAAA", "2001:db8::2")], since, new Set())).toBeUndefined();
  });

  it("does not take a record this process made before, or one made before the batch left", () => {
    const batch = { creates: [{ name: "www", type: "A", content: "192.0.2.1" }] };
    const records = [stored(9, "A", "192.0.2.1")];
    expect(settleBatch(batch, records, since, new Set([9]))).toBeUndefined();
    expect(settleBatch(batch, records, new Date("2024-01-01T00:01:00Z"), new Set())).toBeUndefined();
    expect(settleBatch(batch, records, since, new Set())?.creates.map((r) => r.id)).toEqual([9]);
  });
});
