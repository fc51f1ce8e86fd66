import { z } from "zod";
import { type ResourceDefinition, toDynamicProvider } from "./define-resource";
import { PartialCreateError } from "./partial";
import { configureRuntime, resetRuntime } from "./runtime";

beforeEach(() =>
  configureRuntime({ get: (key) => ({ "dnsimple:account": "1", "dnsimple:token": "unit-token" })[key] }),
);
afterAll(() => resetRuntime());

const failingHalfway: ResourceDefinition = {
  kind: "Halfway",
  inputs: { name: z.string() },
  replaceOnChange: ["name"],
  async create(_ctx, inputs) {
    throw new PartialCreateError("second step failed", { id: "42", outs: { made: true, name: inputs.name } });
  },
  async read() {
    return undefined;
  },
  async delete() {},
};

describe("a create that fails after the object exists", () => {
  it("reports the object to Pulumi with its id, its properties and the provider code", async () => {
    const provider = toDynamicProvider(failingHalfway);
    const error = await provider.create({ name: "x", __provider: "stub code" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: "second step failed",
      id: "42",
      properties: { name: "x", made: true, accountId: "1", __provider: "stub code" },
      reasons: ["second step failed"],
    });
  });

  it("explains adoption when the service says the object already exists", async () => {
    const provider = toDynamicProvider({
      ...failingHalfway,
      async create() {
        throw new Error("The domain x.com is already in DNSimple and cannot be added");
      },
      async adopt() {
        return undefined;
      },
    });
    await expect(provider.create({ name: "x" })).rejects.toThrow(/set `adopt: true` on this resource/);
  });
});

describe("a create that finds what an earlier, unrecorded attempt left behind", () => {
  let kinds = 0;
  function kind(check: "before-create" | "on-conflict", existing: string[], createError?: Error) {
    const created: string[] = [];
    kinds++;
    const definition: ResourceDefinition = {
      ...failingHalfway,
      kind: `Identical-${check}-${kinds}`,
      identicalCheck: check,
      async findIdentical(_ctx, inputs) {
        const i = existing.indexOf(String(inputs.name));
        return i >= 0 ? { id: `existing-${i}`, outs: { found: true } } : undefined;
      },
      async create(_ctx, inputs) {
        if (createError) throw createError;
        created.push(String(inputs.name));
        return { id: `new-${created.length}`, outs: {} };
      },
    };
    return { provider: toDynamicProvider(definition), created };
  }

  it("takes over an identical object instead of creating another one", async () => {
    const { provider, created } = kind("before-create", ["www"]);
    expect((await provider.create({ name: "www" })).id).toBe("existing-0");
    expect(created).toEqual([]);
  });

  it("gives two identical declarations of one run an object each", async () => {
    const { provider, created } = kind("before-create", ["twin"]);
    expect((await provider.create({ name: "twin" })).id).toBe("existing-0");
    expect((await provider.create({ name: "twin" })).id).toBe("new-1");
    expect(created).toEqual(["twin"]);
  });

  it("only looks when the service refuses a duplicate, for kinds it keeps unique", async () => {
    const conflict = new Error("alias already exists");
    expect((await kind("on-conflict", ["sales"], conflict).provider.create({ name: "sales" })).id).toBe(
      "existing-0",
    );
    await expect(kind("on-conflict", [], conflict).provider.create({ name: "sales" })).rejects.toThrow(
      /already exists/,
    );
    const { provider, created } = kind("on-conflict", ["sales"]);
    expect((await provider.create({ name: "sales" })).id).toBe("new-1");
    expect(created).toEqual(["sales"]);
  });
});
