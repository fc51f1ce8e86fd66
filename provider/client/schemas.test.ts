import { z } from "zod";
import { dataOf, listOf, pageOf } from "./schemas";

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
