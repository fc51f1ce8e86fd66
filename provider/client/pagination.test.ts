import { collect, paginate } from "./pagination";

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
