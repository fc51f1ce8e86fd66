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

describe("read cache and writes in flight", () => {
  it("never answers from a listing that started before a write", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const items = [{ id: 1, v: "old" }];
    let loads = 0;
    const load = async function* () {
      loads++;
      const snapshot = items.map((i) => ({ ...i }));
      await gate;
      yield* snapshot;
    };
    const early = readFromCollection("k", "1", load);
    items[0]!.v = "new";
    invalidateCollection("k");
    const late = readFromCollection("k", "1", load);
    release();
    expect((await early)?.v).toBe("old");
    expect((await late)?.v).toBe("new");
    expect(loads).toBe(2);
  });

  it("keeps a newer listing when an older one fails", async () => {
    let fail: (e: Error) => void = () => {};
    const failing = async function* () {
      await new Promise<void>((_, reject) => (fail = reject));
      yield { id: 1 };
    };
    const early = readFromCollection("k", "1", failing).catch((e: Error) => e.message);
    invalidateCollection("k");
    const source = counter([{ id: 1, v: "fresh" }]);
    expect((await readFromCollection("k", "1", source.load))?.v).toBe("fresh");
    fail(new Error("old listing failed"));
    expect(await early).toBe("old listing failed");
    expect((await readFromCollection("k", "1", source.load))?.v).toBe("fresh");
    expect(source.loads()).toBe(1);
  });

  it("keeps collections apart", async () => {
    const a = counter([{ id: 1, v: "a" }]);
    const b = counter([{ id: 1, v: "b" }]);
    expect((await readFromCollection("a", "1", a.load))?.v).toBe("a");
    expect((await readFromCollection("b", "1", b.load))?.v).toBe("b");
    invalidateCollection("b");
    expect((await readFromCollection("a", "1", a.load))?.v).toBe("a");
    expect(a.loads()).toBe(1);
  });
});
