/**
 * Refresh and delete of objects listed per domain (DS records, email forwards): one listing per
 * domain serves every refresh, a direct GET finds what the listing misses, "gone" is an answer on
 * refresh and success on delete, and a delete forgets the listing.
 */
import { ApiError, type DnsimpleClient, NotFoundError } from "../client";
import { domainChildReadAndDelete, type DomainChildApi } from "./domain-child";
import { clearReadCache } from "./read-cache";

interface Item {
  id: number;
  v: string;
}

const notFound = () =>
  new NotFoundError("not_found", "not found", { status: 404, method: "GET", url: "https://api.test/x" });
const refused = () =>
  new ApiError("server_error", "boom", { status: 500, method: "DELETE", url: "https://api.test/x" });

function fakeApi(items: Item[]) {
  const calls: string[] = [];
  const api: DomainChildApi<Item> = {
    async *iterate(account, domain) {
      calls.push(`list ${account} ${domain}`);
      yield* items;
    },
    async get(account, domain, id) {
      calls.push(`get ${account} ${domain} ${id}`);
      const found = items.find((i) => i.id === id);
      if (!found) throw notFound();
      return found;
    },
    async delete(account, domain, id) {
      calls.push(`delete ${account} ${domain} ${id}`);
      const at = items.findIndex((i) => i.id === id);
      if (at < 0) throw notFound();
      items.splice(at, 1);
    },
  };
  return { api, calls };
}

function kind(api: DomainChildApi<Item>) {
  return domainChildReadAndDelete<Item, { value: string }>({
    collectionKey: (account, domain) => `forwards:${account}:${domain}`,
    api: () => api,
    outputs: (item) => ({ value: item.v }),
  });
}

const ctx = { client: {} as DnsimpleClient, account: "1" };

beforeEach(() => clearReadCache());

describe("domain children", () => {
  it("refreshes many objects of a domain from one listing, the domain's name made canonical", async () => {
    const { api, calls } = fakeApi([
      { id: 1, v: "a" },
      { id: 2, v: "b" },
    ]);
    const k = kind(api);
    const state = { domain: "Example.COM." };
    expect(await Promise.all([k.read(ctx, 1, state), k.read(ctx, 2, state)])).toEqual([
      { value: "a" },
      { value: "b" },
    ]);
    expect(calls).toEqual(["list 1 example.com"]);
  });

  it("asks for an object the listing misses by id, and answers undefined when that is gone too", async () => {
    const items = [{ id: 1, v: "a" }];
    const { api, calls } = fakeApi(items);
    const k = kind(api);
    expect(await k.read(ctx, 1, { domain: "example.com" })).toEqual({ value: "a" });
    items.push({ id: 7, v: "newer" });
    expect(await k.read(ctx, 7, { domain: "example.com" })).toEqual({ value: "newer" });
    expect(await k.read(ctx, 9, { domain: "example.com" })).toBeUndefined();
    expect(calls).toEqual(["list 1 example.com", "get 1 example.com 7", "get 1 example.com 9"]);
  });

  it("deletes by id, counts an object already gone as deleted, and lists again afterwards", async () => {
    const items = [
      { id: 1, v: "a" },
      { id: 2, v: "b" },
    ];
    const { api, calls } = fakeApi(items);
    const k = kind(api);
    expect(await k.read(ctx, 2, { domain: "example.com" })).toEqual({ value: "b" });
    await k.delete(ctx, 2, { domain: "example.com" });
    await k.delete(ctx, 2, { domain: "example.com" });
    expect(await k.read(ctx, 1, { domain: "example.com" })).toEqual({ value: "a" });
    expect(calls).toEqual([
      "list 1 example.com",
      "delete 1 example.com 2",
      "delete 1 example.com 2",
      "list 1 example.com",
    ]);
  });

  it("lets any other refusal of a delete through", async () => {
    const { api } = fakeApi([]);
    api.delete = async () => {
      throw refused();
    };
    await expect(kind(api).delete(ctx, 1, { domain: "example.com" })).rejects.toThrow("boom");
  });

  it("reads by the domain's id when state holds an id", async () => {
    const { api, calls } = fakeApi([{ id: 3, v: "c" }]);
    expect(await kind(api).read(ctx, 3, { domain: 42 as unknown as string })).toEqual({ value: "c" });
    expect(calls).toEqual(["list 1 42"]);
  });
});
