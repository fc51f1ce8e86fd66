import { z } from "zod";
import { ApiConnectionError, createStatusError } from "../../client";
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

describe("a create whose outcome is unknown (answer lost, 5xx)", () => {
  const lost = (retries = 0) =>
    new ApiConnectionError("Connection failed [UND_ERR_SOCKET]: other side closed (POST /v2/1/contacts)", {
      method: "POST",
      url: "http://127.0.0.1/v2/1/contacts",
      retries,
    });
  let kinds = 0;
  /** A service of named objects whose create fails as scripted, after or before storing. */
  function flakyKind(
    script: Array<"ok" | "stored-then-lost" | "lost" | "lost-after-a-429" | "lost-after-retries" | "refused">,
  ) {
    const stored: string[] = [];
    const definition: ResourceDefinition = {
      ...failingHalfway,
      kind: `Flaky-${++kinds}`,
      identicalCheck: "before-create",
      async findIdentical(_ctx, inputs) {
        const i = stored.indexOf(String(inputs.name));
        return i >= 0 ? { id: `obj-${i}`, outs: {} } : undefined;
      },
      async create(_ctx, inputs) {
        const step = script.shift() ?? "ok";
        if (step === "lost") throw lost();
        if (step === "lost-after-retries") throw lost(8);
        if (step === "lost-after-a-429") throw lost(1);
        if (step === "refused") {
          throw createStatusError({ status: 400, method: "POST", url: "http://127.0.0.1/v2/1/x", body: {} });
        }
        stored.push(String(inputs.name));
        if (step === "stored-then-lost") throw lost();
        return { id: `obj-${stored.length - 1}`, outs: {} };
      },
    };
    return { provider: toDynamicProvider(definition), stored, script };
  }

  it("takes over the object when the lost create went through", async () => {
    const { provider, stored } = flakyKind(["stored-then-lost"]);
    expect((await provider.create({ name: "jane" })).id).toBe("obj-0");
    expect(stored).toEqual(["jane"]);
  });

  it("sends the create again when the service has nothing", async () => {
    const { provider, stored, script } = flakyKind(["lost", "lost-after-a-429", "ok"]);
    expect((await provider.create({ name: "joe" })).id).toBe("obj-0");
    expect(stored).toEqual(["joe"]);
    expect(script).toEqual([]);
  });

  it("does not resend what the client retried to the end of its budget, nor a refusal", async () => {
    const retried = flakyKind(["lost-after-retries", "ok"]);
    await expect(retried.provider.create({ name: "a" })).rejects.toThrow(/other side closed/);
    expect(retried.stored).toEqual([]);
    const refused = flakyKind(["refused", "ok"]);
    await expect(refused.provider.create({ name: "b" })).rejects.toThrow(/400/);
    expect(refused.stored).toEqual([]);
  });

  it("gives up after maxRetries resends", async () => {
    configureRuntime({
      get: (key) =>
        ({ "dnsimple:account": "1", "dnsimple:token": "unit-token", "dnsimple:maxRetries": "2" })[key],
    });
    const { provider, stored, script } = flakyKind(["lost", "lost", "lost", "ok"]);
    await expect(provider.create({ name: "c" })).rejects.toThrow(/other side closed/);
    expect(stored).toEqual([]);
    expect(script).toEqual(["ok"]);
  });
});

describe("a create whose outcome stays unknown, for a kind with a natural key", () => {
  const unreachable = () =>
    new ApiConnectionError("Connection failed [UND_ERR_SOCKET]: other side closed (POST /v2/1/domains)", {
      method: "POST",
      url: "http://127.0.0.1/v2/1/domains",
      retries: 8,
    });
  function namedKind(service: Map<string, number>, failCreates: { count: number; storeFirst: boolean }) {
    const definition: ResourceDefinition = {
      ...failingHalfway,
      kind: "Named",
      naturalId: (inputs) => String(inputs.name),
      async create(_ctx, inputs) {
        if (failCreates.count > 0) {
          failCreates.count--;
          if (failCreates.storeFirst) service.set(String(inputs.name), 100 + service.size);
          throw unreachable();
        }
        service.set(String(inputs.name), 100 + service.size);
        return {
          id: String(service.get(String(inputs.name))),
          outs: { number: service.get(String(inputs.name)) },
        };
      },
      async read(_ctx, id) {
        const number = service.get(id) ?? [...service.entries()].find(([, n]) => String(n) === id)?.[1];
        return number === undefined ? undefined : { number };
      },
    };
    return toDynamicProvider(definition);
  }

  async function failedCreate(provider: ReturnType<typeof toDynamicProvider>, name: string) {
    const error = (await provider.create({ name, __provider: "stub" }).catch((e: unknown) => e)) as {
      id: string;
      properties: Record<string, unknown>;
      message: string;
    };
    expect(error.message).toMatch(/other side closed.*Whether the Named was created is unknown/);
    expect(error.id).toBe(name);
    expect(error.properties).toMatchObject({ name, createUnconfirmed: true, __provider: "stub" });
    return { ...error.properties };
  }

  it("keeps it in state as unconfirmed, and the next up takes over what the lost create made", async () => {
    const service = new Map<string, number>();
    const provider = namedKind(service, { count: 1, storeFirst: true });
    const olds = await failedCreate(provider, "made.com");
    expect(await provider.diff!("made.com", olds, { name: "made.com" })).toEqual({ changes: true });
    const { outs } = await provider.update!("made.com", olds, { name: "made.com" });
    expect(outs).toMatchObject({ name: "made.com", number: 100 });
    expect(outs).not.toHaveProperty("createUnconfirmed");
    expect([...service.keys()]).toEqual(["made.com"]);
  });

  it("creates it on the next up when the lost create never happened", async () => {
    const service = new Map<string, number>();
    const provider = namedKind(service, { count: 1, storeFirst: false });
    const olds = await failedCreate(provider, "never.com");
    expect(service.size).toBe(0);
    const { outs } = await provider.update!("never.com", olds, { name: "never.com" });
    expect(outs).toMatchObject({ number: 100 });
    expect([...service.keys()]).toEqual(["never.com"]);
  });

  it("lets a refresh settle it: gone when it was never created", async () => {
    const provider = namedKind(new Map(), { count: 1, storeFirst: false });
    const olds = await failedCreate(provider, "gone.com");
    expect(await provider.read!("gone.com", olds)).toEqual({});
  });
});
