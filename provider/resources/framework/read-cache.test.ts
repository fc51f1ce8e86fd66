import { clearReadCache, invalidateCollection, readFromCollection } from "./read-cache";

function counter(items: Array<{ id: number; v: string }>) {
  let loads = 0;
  const load = async function* () {
    loads++;
    yield* items;
  };
  return { load, loads: () => loads };
}

beforeEach(() => clearReadCache());

describe("read cache", () => {
  it("answers many reads of one collection from one listing, concurrent ones included", async () => {
    const source = counter([
      { id: 1, v: "a" },
      { id: 2, v: "b" },
    ]);
    const results = await Promise.all([
      readFromCollection("k", "1", source.load),
      readFromCollection("k", "2", source.load),
      readFromCollection("k", "3", source.load),
    ]);
    expect(results.map((r) => r?.v)).toEqual(["a", "b", undefined]);
    expect(source.loads()).toBe(1);
  });

  it("lists again after a write invalidated the collection", async () => {
    const items = [{ id: 1, v: "old" }];
    const source = counter(items);
    expect((await readFromCollection("k", "1", source.load))?.v).toBe("old");
    items[0]!.v = "new";
    invalidateCollection("k");
    expect((await readFromCollection("k", "1", source.load))?.v).toBe("new");
    expect(source.loads()).toBe(2);
  });

  it("does not keep a failed listing", async () => {
    let fail = true;
    const load = async function* () {
      if (fail) throw new Error("boom");
      yield { id: 1 };
    };
    await expect(readFromCollection("k", "1", load)).rejects.toThrow("boom");
    fail = false;
    await expect(readFromCollection("k", "1", load)).resolves.toEqual({ id: 1 });
  });
});
