import { z } from "zod";
import { dataOf, listOf, pageOf, serviceObject } from "./schemas";

const Item = z.looseObject({ id: z.number().int() });

describe("envelopes", () => {
  it("are made once per item schema, so a request does not build its schema again", () => {
    expect(dataOf(Item)).toBe(dataOf(Item));
    expect(pageOf(Item)).toBe(pageOf(Item));
    expect(listOf(Item)).toBe(listOf(Item));
    expect(dataOf(Item)).not.toBe(pageOf(Item));
    expect(listOf(Item)).not.toBe(pageOf(Item));
    expect(dataOf(z.looseObject({ id: z.number() }))).not.toBe(dataOf(Item));
  });

  it("read `{ data }` and `{ data: [...], pagination }`, and refuse an answer without them", () => {
    expect(dataOf(Item).parse({ data: { id: 1 } }).data).toEqual({ id: 1 });
    const pagination = { current_page: 1, per_page: 30, total_entries: 1, total_pages: 1 };
    expect(pageOf(Item).parse({ data: [{ id: 1 }], pagination }).data).toEqual([{ id: 1 }]);
    expect(pageOf(Item).safeParse({ data: [{ id: 1 }] }).success).toBe(false);
    expect(dataOf(Item).safeParse({ id: 1 }).success).toBe(false);
    // A list the service may page: with or without pagination, never without data.
    expect(listOf(Item).parse({ data: [{ id: 1 }] }).data).toEqual([{ id: 1 }]);
    expect(listOf(Item).parse({ data: [], pagination }).pagination).toEqual(pagination);
    expect(listOf(Item).safeParse({ pagination }).success).toBe(false);
  });
});

describe("serviceObject", () => {
  const Forward = serviceObject({ alias_email: z.string() });
  const stamps = { created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-02T00:00:00Z" };

  it("reads the id, the fields given and the stamps, and keeps fields the service adds later", () => {
    const answer = { id: 7, alias_email: "sales@example.com", ...stamps, added_later: true };
    expect(Forward.parse(answer)).toEqual(answer);
  });

  it("refuses an object without its id or its stamps", () => {
    expect(Forward.safeParse({ alias_email: "a@example.com", ...stamps }).success).toBe(false);
    expect(
      Forward.safeParse({ id: 7, alias_email: "a@example.com", created_at: stamps.created_at }).success,
    ).toBe(false);
    expect(Forward.safeParse({ id: 1.5, alias_email: "a@example.com", ...stamps }).success).toBe(false);
  });
});
