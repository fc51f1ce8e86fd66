/**
 * What is the dynamic provider's own (the rules themselves are in lifecycle.test.ts): the provider
 * code Pulumi keeps in `__provider` never reaches the lifecycle and is put back into an object
 * kept in state; `diff` answers in the dynamic provider's words; the SDK's `ownerKey` input names
 * the create journal's entry.
 */
import { z } from "zod";
import { useTemporaryJournal } from "../../test/temporary-journal";
import { ApiConnectionError, createStatusError } from "../client/internal";
import { pendingCreate } from "../framework/create-journal";
import type { ResourceDefinition, State } from "../framework/definition";
import { toDynamicProvider } from "./dynamic-provider";
import { PartialCreateError } from "../framework/partial";
import { configureRuntime, resetRuntime } from "../framework/runtime";
import { stackConfig } from "../../test/stack-config";

beforeEach(() => configureRuntime(stackConfig({ account: "1", token: "unit-token" })));
afterAll(() => resetRuntime());

/** A kind that records what its operations were given. */
function recorded(overrides: Partial<ResourceDefinition> = {}) {
  const given: State[] = [];
  const provider = toDynamicProvider({
    kind: "Recorded",
    inputs: { name: z.string(), ttl: z.number().optional() },
    replaceOnChange: ["name"],
    async create(_ctx, inputs) {
      given.push(inputs);
      return { id: "42", outs: { made: true } };
    },
    async read(_ctx, _id, state) {
      given.push(state);
      return { made: true };
    },
    async update(_ctx, _id, olds, news) {
      given.push(olds, news);
      return {};
    },
    async delete(_ctx, _id, state) {
      given.push(state);
    },
    ...overrides,
  });
  return { provider, given };
}

describe("the provider code in __provider", () => {
  it("never reaches the kind, nor the outputs or the properties read", async () => {
    const { provider, given } = recorded();
    const code = { __provider: "stub code" };
    const { outs } = await provider.create({ name: "x", ...code });
    const read = await provider.read!("42", { ...outs, ...code });
    await provider.update!("42", { ...outs, ...code }, { name: "x", ttl: 60, ...code });
    await provider.delete!("42", { ...outs, ...code });
    expect(outs).toEqual({ name: "x", made: true, accountId: "1" });
    expect(read.props).toEqual({ name: "x", made: true, accountId: "1" });
    expect(given.filter((props) => "__provider" in props)).toEqual([]);
    expect(given).toHaveLength(5);
  });

  it("is kept with an object a create left unfinished, or refresh and destroy could not load a provider", async () => {
    const { provider } = recorded({
      async create(_ctx, inputs) {
        throw new PartialCreateError("second step failed", {
          id: "42",
          outs: { made: true, name: inputs.name },
        });
      },
    });
    const error = await provider.create({ name: "x", __provider: "stub code" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: "second step failed",
      id: "42",
      properties: { name: "x", made: true, accountId: "1", __provider: "stub code" },
      reasons: ["second step failed"],
    });
  });

  it("is kept with an object whose create is unconfirmed", async () => {
    const { provider } = recorded({
      naturalId: (inputs) => String(inputs.name),
      async create() {
        throw new ApiConnectionError("Connection failed: other side closed (POST /v2/1/toys)", {
          method: "POST",
          url: "http://127.0.0.1/v2/1/toys",
          retries: 8,
        });
      },
    });
    const error = await provider.create({ name: "x.com", __provider: "stub code" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      id: "x.com",
      properties: { name: "x.com", createUnconfirmed: true, accountId: "1", __provider: "stub code" },
    });
  });

  it("is the new one when an update is left unfinished", async () => {
    const { provider } = recorded({
      async update() {
        throw new PartialCreateError("order 5 is pending", { id: "42", outs: { pendingOrderId: 5 } });
      },
    });
    const olds = { name: "x", accountId: "1", __provider: "old code" };
    const error = await provider.update!("42", olds, { name: "x", ttl: 60, __provider: "new code" }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      id: "42",
      properties: { name: "x", pendingOrderId: 5, accountId: "1", __provider: "new code" },
      reasons: ["order 5 is pending"],
    });
  });

  it("is added to nothing else: other failures pass as they are", async () => {
    const refused = createStatusError({
      status: 400,
      method: "POST",
      url: "http://127.0.0.1/v2/1/toys",
      body: {},
    });
    const { provider } = recorded({
      async create() {
        throw refused;
      },
    });
    await expect(provider.create({ name: "x", __provider: "stub code" })).rejects.toBe(refused);
  });
});

describe("diff, in the dynamic provider's words", () => {
  const { provider } = recorded();
  const olds = { name: "a", ttl: 60, accountId: "1", __provider: "code" };

  it("says only whether something changes when nothing replaces", async () => {
    expect(await provider.diff!("42", olds, { name: "a", ttl: 60, __provider: "other code" })).toEqual({
      changes: false,
    });
    expect(await provider.diff!("42", olds, { name: "a", ttl: 300 })).toEqual({ changes: true });
  });

  it("says what replaces, and in which order", async () => {
    expect(await provider.diff!("42", olds, { name: "b", ttl: 300 })).toEqual({
      changes: true,
      replaces: ["name"],
      deleteBeforeReplace: false,
    });
  });
});

describe("the SDK's ownerKey input", () => {
  useTemporaryJournal();

  it("names the create's journal entry, which the diff of the recorded state settles", async () => {
    const { provider } = recorded();
    const { id, outs } = await provider.create({ name: "x", ownerKey: "p/s/Recorded/x", __provider: "code" });
    expect(pendingCreate("p/s/Recorded/x")).toMatchObject({ kind: "Recorded", createdId: id });
    await provider.diff!(id, outs, { name: "x" });
    expect(pendingCreate("p/s/Recorded/x")).toBeUndefined();
  });
});
