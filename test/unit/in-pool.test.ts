import { inPool } from "../e2e/in-pool";

describe("inPool", () => {
  it("does every item once, never more than `size` at a time", async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await inPool([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      done.push(item);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it("gives each item its index, so results keep the input's order", async () => {
    const out: string[] = [];
    await inPool(["a", "b", "c"], 2, async (item, index) => {
      await new Promise((resolve) => setImmediate(resolve));
      out[index] = item.toUpperCase();
    });
    expect(out).toEqual(["A", "B", "C"]);
  });

  it("fails when a piece of work fails", async () => {
    await expect(
      inPool([1, 2], 2, async (item) => {
        if (item === 2) throw new Error("item 2 failed");
      }),
    ).rejects.toThrow("item 2 failed");
  });
});
