/**
 * The lifecycle rules every kind shares (decision 003), tested once with toy definitions:
 * check, diff, replacement, read of what is gone, delete of what is gone, update, as the dynamic
 * provider answers them. The ownership rules (adopt, the create journal, lost answers) and diff's
 * property-by-property answer are in lifecycle.test.ts.
 */
import fc from "fast-check";
import { z } from "zod";
import { createStatusError } from "../client/internal";
import type { ResourceDefinition, State } from "./definition";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { deleteIgnoringGone } from "./lookup";
import { PartialCreateError } from "./partial";
import { configureRuntime, resetRuntime } from "./runtime";
import { UNKNOWN } from "./unknown";
import { stackConfig } from "../../test/stack-config";

beforeEach(() => configureRuntime(stackConfig({ account: "1", token: "unit-token" })));
afterAll(() => resetRuntime());

const notFound = () =>
  createStatusError({ status: 404, method: "GET", url: "http://127.0.0.1/v2/1/toys/7", body: {} });

/** A toy kind: `zone` and `type` cannot change (replacement), `ttl` can, `note` is the provider's own. */
function toy(overrides: Partial<ResourceDefinition> = {}, options: { withoutUpdate?: boolean } = {}) {
  const calls: Array<{ op: string; account: string; id?: string; args?: unknown }> = [];
  const definition: ResourceDefinition = {
    kind: "Toy",
    inputs: {
      zone: z.string(),
      type: z.string(),
      ttl: z.number().default(60),
      label: z.string().optional(),
      note: z.string().optional(),
    },
    replaceOnChange: ["zone", "type"],
    localOnly: ["note"],
    normalize: { zone: (v) => String(v).toLowerCase() },
    async create(ctx, inputs) {
      calls.push({ op: "create", account: ctx.account, args: inputs });
      return { id: "7", outs: { label: "service-label" } };
    },
    async read(ctx, id) {
      calls.push({ op: "read", account: ctx.account, id });
      return { ttl: 120 };
    },
    async update(ctx, id, olds, news) {
      calls.push({ op: "update", account: ctx.account, id, args: { olds, news } });
      return { updated: true };
    },
    async delete(ctx, id) {
      calls.push({ op: "delete", account: ctx.account, id });
    },
    ...overrides,
  };
  if (options.withoutUpdate) delete definition.update;
  return { provider: toDynamicProvider(definition), calls };
}

const state = { zone: "example.com", type: "A", ttl: 60, label: "service-label", accountId: "1" };

describe("check", () => {
  it("fills defaults, names each bad property and refuses properties the kind does not have", async () => {
    const { provider } = toy();
    expect(await provider.check!({}, { zone: "z", type: "A" })).toEqual({
      inputs: { zone: "z", type: "A", ttl: 60 },
      failures: [],
    });
    const { failures } = await provider.check!({}, { zone: 1, ttl: "x", colour: "red", __provider: "code" });
    expect(failures).toEqual([
      { property: "colour", reason: 'unknown property "colour"' },
      { property: "zone", reason: expect.any(String) },
      { property: "type", reason: "type is required" },
      { property: "ttl", reason: expect.any(String) },
    ]);
  });

  it("treats null as left out, and a null unknown property as absent", async () => {
    const { provider } = toy();
    expect(await provider.check!({}, { zone: "z", type: "A", ttl: null, colour: null })).toEqual({
      inputs: { zone: "z", type: "A", ttl: 60 },
      failures: [],
    });
  });

  it("lets preview's unknown values through and runs cross-field rules only on known inputs", async () => {
    const refine = jest.fn(() => [{ property: "type", reason: "not with this zone" }]);
    const { provider } = toy({ refine });
    expect(await provider.check!({}, { zone: UNKNOWN, type: "A" })).toEqual({
      inputs: { zone: UNKNOWN, type: "A", ttl: 60 },
      failures: [],
    });
    expect(refine).not.toHaveBeenCalled();
    expect((await provider.check!({}, { zone: "z", type: "A" })).failures).toEqual([
      { property: "type", reason: "not with this zone" },
    ]);
  });

  it("runs the cross-field rules only once every field is valid", async () => {
    const refine = jest.fn(() => []);
    const { provider } = toy({ refine });
    await provider.check!({}, { zone: "z" });
    expect(refine).not.toHaveBeenCalled();
  });

  it("accepts an account override as a numeric id, given as text or as a number", async () => {
    const { provider } = toy();
    expect((await provider.check!({}, { zone: "z", type: "A", account: 42 })).inputs).toMatchObject({
      account: "42",
    });
    expect((await provider.check!({}, { zone: "z", type: "A", account: "x1" })).failures).toEqual([
      { property: "account", reason: expect.stringMatching(/numeric account id/) },
    ]);
  });
});

describe("diff", () => {
  it("sees no change against itself, whatever Pulumi's bookkeeping says", async () => {
    const { provider } = toy();
    expect(await provider.diff!("7", state, { ...state, __provider: "other code" })).toEqual({
      changes: false,
    });
  });

  it("compares after the service's rewrites", async () => {
    const { provider } = toy();
    expect(await provider.diff!("7", state, { ...state, zone: "EXAMPLE.com" })).toEqual({ changes: false });
  });

  it("updates in place what the API can change, and the provider's own settings", async () => {
    const { provider } = toy();
    expect(await provider.diff!("7", state, { ...state, ttl: 300 })).toEqual({ changes: true });
    expect(await provider.diff!("7", state, { ...state, note: "mine" })).toEqual({ changes: true });
  });

  it("ignores adopt, the owner key and an optional input left out", async () => {
    const { provider } = toy();
    const news = { zone: "example.com", type: "A", ttl: 60, adopt: true, ownerKey: "p/s/Toy/x" };
    expect(await provider.diff!("7", state, news)).toEqual({ changes: false });
  });

  it("takes an input with a default that is left out as its default, not as the service's", async () => {
    const { provider } = toy();
    const { ttl: _ttl, ...news } = state;
    expect(await provider.diff!("7", { ...state, ttl: 300 }, news)).toEqual({ changes: true });
  });

  it("replaces exactly on the fields the API cannot change, creating the new object first", async () => {
    const { provider } = toy();
    expect(await provider.diff!("7", state, { ...state, type: "AAAA", ttl: 1 })).toEqual({
      changes: true,
      replaces: ["type"],
      deleteBeforeReplace: false,
    });
  });

  it("treats a value unknown at preview as a change, and a replacement if the field cannot change", async () => {
    const { provider } = toy({ deleteBeforeReplace: () => true });
    expect(await provider.diff!("7", state, { ...state, ttl: UNKNOWN })).toEqual({ changes: true });
    // Whether the old object must go first cannot be told before the value is known.
    expect(await provider.diff!("7", state, { ...state, zone: UNKNOWN })).toEqual({
      changes: true,
      replaces: ["zone"],
      deleteBeforeReplace: false,
    });
  });

  it("deletes first when the kind says both cannot exist", async () => {
    const seen: State[] = [];
    const { provider } = toy({
      deleteBeforeReplace: (olds, news) => {
        seen.push(olds, news);
        return true;
      },
    });
    const news = { ...state, type: "AAAA" };
    expect(await provider.diff!("7", state, news)).toMatchObject({ deleteBeforeReplace: true });
    expect(seen).toEqual([state, news]);
  });

  it("replaces when the object moves to another account, and only then", async () => {
    const { provider } = toy({ deleteBeforeReplace: () => true });
    expect(await provider.diff!("7", state, { ...state, account: "2" })).toEqual({
      changes: true,
      replaces: ["account"],
      deleteBeforeReplace: false,
    });
    expect(await provider.diff!("7", state, { ...state, account: 1 })).toEqual({ changes: false });
    expect(await provider.diff!("7", state, { ...state, account: UNKNOWN })).toMatchObject({
      replaces: ["account"],
    });
    // State written before accounts were recorded holds the input only.
    const { accountId: _a, ...old } = state;
    expect(await provider.diff!("7", { ...old, account: "1" }, state)).toEqual({ changes: false });
    expect(await provider.diff!("7", old, state)).toEqual({ changes: false });
  });

  it("follows the default account when the declaration names none", async () => {
    const { provider } = toy();
    configureRuntime(stackConfig({ account: "9" }));
    expect(await provider.diff!("7", state, state)).toMatchObject({ replaces: ["account"] });
  });

  it("shows a change while state the provider keeps says work is unfinished, so the update settles it", async () => {
    const { provider } = toy({ providerOwned: ["pendingOrderId"] });
    expect(await provider.diff!("7", { ...state, pendingOrderId: 5 }, state)).toEqual({ changes: true });
    expect(await provider.diff!("7", { ...state, pendingOrderId: null }, state)).toEqual({ changes: false });
    expect(await provider.diff!("7", { ...state, createUnconfirmed: true }, state)).toEqual({
      changes: true,
    });
  });

  it("counts a marker the provider cleared with null as absent", async () => {
    const { provider } = toy({
      inputs: { zone: z.string(), type: z.string(), pending: z.string().optional() },
      markers: ["pending"],
    });
    expect(await provider.diff!("7", { ...state, pending: null }, state)).toEqual({ changes: false });
    expect(await provider.diff!("7", { ...state, pending: "order-1" }, state)).toEqual({ changes: true });
  });
});

describe("diff, for any values", () => {
  const value = fc.oneof(fc.string(), fc.integer(), fc.constant(undefined));
  const props = fc.record({ zone: fc.string(), type: fc.string(), ttl: fc.integer(), label: value });

  it("sees no change between a state and itself", async () => {
    const { provider } = toy({ normalize: {} });
    await fc.assert(
      fc.asyncProperty(props, async (p) => {
        expect(await provider.diff!("7", { ...p, accountId: "1" }, p)).toEqual({ changes: false });
      }),
      { seed: 18, numRuns: 200 },
    );
  });

  it("replaces exactly on the replace-on-change fields that differ", async () => {
    const { provider } = toy({ normalize: {} });
    await fc.assert(
      fc.asyncProperty(props, props, async (olds, news) => {
        const result = await provider.diff!("7", { ...olds, accountId: "1" }, news);
        const differs = (k: "zone" | "type" | "ttl" | "label") =>
          olds[k] !== news[k] && !(k === "label" && news[k] === undefined);
        const replaces = (["zone", "type"] as const).filter(differs);
        expect(result.changes).toBe(replaces.length > 0 || differs("ttl") || differs("label"));
        expect(result.replaces ?? []).toEqual(replaces);
      }),
      { seed: 18, numRuns: 300 },
    );
  });
});

describe("create", () => {
  it("keeps the inputs, the service's outputs and the account the object lives in", async () => {
    const { provider, calls } = toy();
    const result = await provider.create({ zone: "z", type: "A", ttl: 60, account: "5", __provider: "code" });
    expect(result).toEqual({
      id: "7",
      outs: { zone: "z", type: "A", ttl: 60, account: "5", label: "service-label", accountId: "5" },
    });
    expect(calls).toEqual([
      { op: "create", account: "5", args: { zone: "z", type: "A", ttl: 60, account: "5" } },
    ]);
  });

  it("reports an object made halfway to Pulumi with what is true of it", async () => {
    const { provider } = toy({
      async create() {
        throw new PartialCreateError("zones not linked", { id: "8", outs: { linked: false } });
      },
    });
    await expect(provider.create({ zone: "z", type: "A", __provider: "code" })).rejects.toMatchObject({
      message: "zones not linked",
      id: "8",
      properties: { zone: "z", type: "A", linked: false, accountId: "1", __provider: "code" },
      reasons: ["zones not linked"],
    });
  });
});

describe("read", () => {
  it("reads in the account the object was created in, never the current default", async () => {
    const { provider, calls } = toy();
    configureRuntime(stackConfig({ account: "9", token: "unit-token" }));
    const result = await provider.read!("7", { ...state, accountId: "3", __provider: "code" });
    expect(calls).toEqual([{ op: "read", account: "3", id: "7" }]);
    expect(result).toEqual({
      id: "7",
      props: { ...state, ttl: 120, accountId: "3" },
      inputs: { zone: "example.com", type: "A", ttl: 120, label: "service-label" },
    });
  });

  it("falls back to the account input of older state", async () => {
    const { provider, calls } = toy();
    const { accountId: _a, ...old } = state;
    await provider.read!("7", { ...old, account: "4" });
    expect(calls).toEqual([{ op: "read", account: "4", id: "7" }]);
  });

  it("returns no id when the object is gone", async () => {
    const { provider } = toy({ read: async () => undefined });
    expect(await provider.read!("7", state)).toEqual({});
  });
});

describe("update", () => {
  it("calls the API only for a change it can make, and keeps the declared inputs", async () => {
    const { provider, calls } = toy();
    const local = await provider.update!("7", state, { ...state, note: "mine" });
    expect(calls).toEqual([]);
    expect(local.outs).toEqual({ ...state, note: "mine" });

    const changed = await provider.update!("7", { ...state, __provider: "a" }, { ...state, ttl: 300 });
    expect(calls).toEqual([
      { op: "update", account: "1", id: "7", args: { olds: state, news: { ...state, ttl: 300 } } },
    ]);
    expect(changed.outs).toEqual({ ...state, ttl: 300, updated: true });
  });

  it("drops an input left out of the program, unless it is optional and so the service's", async () => {
    const { provider } = toy();
    const { outs } = await provider.update!(
      "7",
      { ...state, note: "mine" },
      { zone: "example.com", type: "A" },
    );
    expect(outs).toEqual({
      zone: "example.com",
      type: "A",
      label: "service-label",
      note: "mine",
      accountId: "1",
      updated: true,
    });
  });

  it("refuses to update a kind that cannot, rather than pretend", async () => {
    const { provider } = toy({}, { withoutUpdate: true });
    await expect(provider.update!("7", state, { ...state, ttl: 300 })).rejects.toThrow(
      /Toy cannot be updated in place/,
    );
  });

  it("keeps what an update did in part in state", async () => {
    const { provider } = toy({
      async update() {
        throw new PartialCreateError("order pending", { id: "7", outs: { pendingOrderId: 3 } });
      },
    });
    await expect(
      provider.update!("7", state, { ...state, ttl: 300, __provider: "code" }),
    ).rejects.toMatchObject({
      id: "7",
      properties: { ...state, pendingOrderId: 3, accountId: "1", __provider: "code" },
      reasons: ["order pending"],
    });
  });

  it("lets an update's other failures through", async () => {
    const { provider } = toy({
      async update() {
        throw new Error("refused");
      },
    });
    await expect(provider.update!("7", state, { ...state, ttl: 300 })).rejects.toThrow("refused");
  });
});

describe("delete", () => {
  it("deletes in the account the object lives in", async () => {
    const { provider, calls } = toy();
    await provider.delete!("7", { ...state, accountId: "3", __provider: "code" });
    expect(calls).toEqual([{ op: "delete", account: "3", id: "7" }]);
  });

  it("treats 404 as done, and any other failure as a failure", async () => {
    await expect(deleteIgnoringGone(async () => Promise.reject(notFound()))).resolves.toBeUndefined();
    const boom = new Error("500");
    await expect(deleteIgnoringGone(async () => Promise.reject(boom))).rejects.toBe(boom);
  });
});
