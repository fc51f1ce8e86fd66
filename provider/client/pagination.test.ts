import fc from "fast-check";
import { collect, paginate, pagingQuery } from "./pagination";

function pages(total: number, perPage: number) {
  const calls: number[] = [];
  const fetchPage = async (page: number) => {
    calls.push(page);
    const start = (page - 1) * perPage;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => start + i);
    return {
      data,
      pagination: {
        current_page: page,
        per_page: perPage,
        total_entries: total,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    };
  };
  return { calls, fetchPage };
}

describe("paginate", () => {
  it("yields every item of every page in order, one request per page", async () => {
    const { calls, fetchPage } = pages(250, 100);
    const items = await collect(paginate(fetchPage));
    expect(items).toHaveLength(250);
    expect(items[0]).toBe(0);
    expect(items[249]).toBe(249);
    expect(calls).toEqual([1, 2, 3]);
  });

  it("makes one request for an empty list", async () => {
    const { calls, fetchPage } = pages(0, 100);
    expect(await collect(paginate(fetchPage))).toEqual([]);
    expect(calls).toEqual([1]);
  });

  it("stops early when the consumer breaks", async () => {
    const { calls, fetchPage } = pages(1000, 100);
    for await (const item of paginate(fetchPage)) {
      if (item === 5) break;
    }
    expect(calls).toEqual([1]);
  });

  it("terminates on a service that keeps saying there are more pages but returns nothing", async () => {
    let n = 0;
    const items = await collect(
      paginate(async (page) => {
        n++;
        return {
          data: page === 1 ? [1] : [],
          pagination: { current_page: page, per_page: 1, total_entries: 99, total_pages: 99 },
        };
      }),
    );
    expect(items).toEqual([1]);
    expect(n).toBe(2);
  });
});

describe("paginate, for any list", () => {
  it("yields every item once, in order, with one request per page and none after the last", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(450), fc.integer({ min: 1, max: 120 }), async (total, perPage) => {
        const { calls, fetchPage } = pages(total, perPage);
        const items = await collect(paginate(fetchPage));
        expect(items).toEqual(Array.from({ length: total }, (_, i) => i));
        const pageCount = Math.max(1, Math.ceil(total / perPage));
        expect(calls).toEqual(Array.from({ length: pageCount }, (_, i) => i + 1));
      }),
      { seed: 18, numRuns: 200 },
    );
  });

  it("starts where it is told and follows the page the service says it answered", async () => {
    const { calls, fetchPage } = pages(250, 100);
    expect(await collect(paginate(fetchPage, 2))).toHaveLength(150);
    expect(calls).toEqual([2, 3]);
    // A service that answers page 2 when asked for page 1 is not asked for page 2 again.
    const asked: number[] = [];
    const ahead = async (page: number) => {
      asked.push(page);
      const served = page === 1 ? 2 : page;
      return {
        data: [served],
        pagination: { current_page: served, per_page: 1, total_entries: 3, total_pages: 3 },
      };
    };
    expect(await collect(paginate(ahead))).toEqual([2, 3]);
    expect(asked).toEqual([1, 3]);
  });

  it("stops when the service answers with the last page early", async () => {
    const asked: number[] = [];
    const early = async (page: number) => {
      asked.push(page);
      return { data: [3], pagination: { current_page: 3, per_page: 1, total_entries: 3, total_pages: 3 } };
    };
    expect(await collect(paginate(early))).toEqual([3]);
    expect(asked).toEqual([1]);
  });

  it("stops at the last page even when the service echoes an earlier page number", async () => {
    const asked: number[] = [];
    const stale = async (page: number) => {
      asked.push(page);
      return { data: [page], pagination: { current_page: 1, per_page: 1, total_entries: 3, total_pages: 3 } };
    };
    expect(await collect(paginate(stale))).toEqual([1, 2, 3]);
    expect(asked).toEqual([1, 2, 3]);
  });
});

describe("pagingQuery", () => {
  it("sends the page, its size and the sort under the service's names, and nothing unset", () => {
    expect(pagingQuery({ page: 2, perPage: 50, sort: "id:asc" })).toEqual({
      page: 2,
      per_page: 50,
      sort: "id:asc",
    });
    expect(pagingQuery(undefined)).toEqual({ page: undefined, per_page: undefined, sort: undefined });
  });
});
