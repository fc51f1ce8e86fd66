/**
 * Whether a record change whose answer was lost took effect, judged from the zone's records
 * (`settleBatch`, which the batcher's read-back uses). The record the service holds is recognised
 * as the one sent when its content means the same (record-data's canonical comparison), so a
 * rewrite by the service (IPv6 compressed, TXT quoted, host name in lower case) never leads to a
 * second create; only records made since the request left, by no earlier request of this process,
 * count; and a batch counts as applied only when all of it is.
 */
import type { ZoneRecord } from "../client";
import { settleBatch } from "./zone-record-batcher";

const T = "2024-01-01T00:00:10Z";
const stored = (id: number, type: string, content: string, more: Partial<ZoneRecord> = {}): ZoneRecord => ({
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
  ...more,
});

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

describe("a lost batch answer: applied only when all of it is", () => {
  const www = { name: "www", type: "A", content: "192.0.2.1" };

  it("takes a record for each create, the oldest first, never one record twice nor a system record", () => {
    const records = [
      stored(12, "A", "192.0.2.1"),
      stored(3, "A", "192.0.2.1", { system_record: true }),
      stored(11, "A", "192.0.2.1"),
    ];
    expect(settleBatch({ creates: [www, www] }, records, since, new Set())?.creates.map((r) => r.id)).toEqual(
      [11, 12],
    );
    expect(settleBatch({ creates: [www, www, www] }, records, since, new Set())).toBeUndefined();
  });

  it("compares name and type as the service stores them (type in capitals)", () => {
    const records = [stored(7, "AAAA", "2001:db8::1")];
    const aaaa = { name: "www", type: "aaaa", content: "2001:db8::1" };
    expect(settleBatch({ creates: [aaaa] }, records, since, new Set())?.creates.map((r) => r.id)).toEqual([
      7,
    ]);
    expect(settleBatch({ creates: [{ ...aaaa, name: "api" }] }, records, since, new Set())).toBeUndefined();
    expect(settleBatch({ creates: [{ ...aaaa, type: "A" }] }, records, since, new Set())).toBeUndefined();
  });

  it("takes deletes as done only when their records are gone", () => {
    const records = [stored(7, "A", "192.0.2.1")];
    expect(settleBatch({ deletes: [{ id: 7 }] }, records, since, new Set())).toBeUndefined();
    expect(settleBatch({ deletes: [{ id: 8 }] }, records, since, new Set())).toEqual({
      creates: [],
      updates: [],
      deletes: [{ id: 8 }],
    });
  });

  it("takes a batch of updates alone as applied only when every record has the values sent", () => {
    const records = [stored(7, "MX", "mx.example.com", { ttl: 60, priority: 10, name: "mail" })];
    const patch = { id: 7, name: "mail", content: "MX.example.com", ttl: 60, priority: 10 };
    expect(settleBatch({ updates: [patch] }, records, since, new Set())?.updates).toEqual(records);
    for (const differs of [{ name: "post" }, { content: "mx2.example.com" }, { ttl: 300 }, { priority: 20 }])
      expect(settleBatch({ updates: [{ ...patch, ...differs }] }, records, since, new Set())).toBeUndefined();
    expect(settleBatch({ updates: [{ id: 7 }] }, records, since, new Set())?.updates).toEqual(records);
    expect(settleBatch({ updates: [{ ...patch, id: 8 }] }, records, since, new Set())).toBeUndefined();
  });

  it("with creates or deletes beside them, answers updates with the records as they are", () => {
    const records = [stored(7, "A", "192.0.2.9", { name: "api" }), stored(8, "A", "192.0.2.1")];
    const settled = settleBatch({ creates: [www], updates: [{ id: 7, ttl: 60 }] }, records, since, new Set());
    expect(settled).toEqual({ creates: [records[1]], updates: [records[0]], deletes: [] });
  });
});
