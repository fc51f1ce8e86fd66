/**
 * The lifecycle every kind shares, by its rules: ownership (adopt, the create journal and its
 * owner key, lost answers), what diff says changes, and objects kept in state. The same rules as
 * the dynamic provider answers them are in shared-rules.test.ts; what is the dynamic provider's
 * own is in provider/dynamic/dynamic-provider.test.ts.
 */
import { readdirSync, rmSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { useTemporaryJournal } from "../../test/temporary-journal";
import { ApiConnectionError, createStatusError } from "../client/internal";
import { beginCreate, createAnswered, pendingCreate } from "./create-journal";
import type { ResourceDefinition } from "./definition";
import { isKeptInState, KeptInStateError, type Lifecycle, lifecycleOf } from "./lifecycle";
import { forgetClaimsOfThisProcess } from "./ownership";
import { PartialCreateError } from "./partial";
import { configureRuntime, resetRuntime } from "./runtime";
import { stepsInFlight } from "./steps-in-flight";
import { UNKNOWN } from "./unknown";
import { stackConfig } from "../../test/stack-config";

beforeEach(() => configureRuntime(stackConfig({ account: "1", token: "unit-token" })));
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
  it("keeps the object in state with its id, what is true of it and the account it lives in", async () => {
    const error = await lifecycleOf(failingHalfway)
      .create({ name: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeptInStateError);
    expect(error).toMatchObject({
      message: "second step failed",
      id: "42",
      properties: { name: "x", made: true, accountId: "1" },
      reasons: ["second step failed"],
    });
  });
});

/**
 * A toy service of named objects with creation times, for the ownership rules: what exists
 * before the program runs was made by hand; the program's creates append to it.
 */
function toyService(handMade: string[] = []) {
  const objects: Array<{ id: string; name: string; createdAt: string }> = handMade.map((name, i) => ({
    id: String(i + 1),
    name,
    createdAt: "2020-01-01T00:00:00Z",
  }));
  const store = (name: string) => {
    const object = { id: String(objects.length + 1), name, createdAt: new Date().toISOString() };
    objects.push(object);
    return object;
  };
  return { objects, store };
}

let toyKinds = 0;
function toyKind(
  service: ReturnType<typeof toyService>,
  options: {
    unique?: boolean;
    script?: Array<"ok" | "stored-then-lost" | "lost" | "refused">;
    noMatching?: boolean;
    /** The same kind name across calls: one kind seen by two runs. */
    kind?: string;
  } = {},
) {
  const script = options.script ?? [];
  const definition: ResourceDefinition = {
    ...failingHalfway,
    kind: options.kind ?? `Toy-${++toyKinds}`,
    refusesDuplicates: options.unique === true,
    async create(_ctx, inputs) {
      const step = script.shift() ?? "ok";
      const name = String(inputs.name);
      if (step === "lost") throw lostAnswer();
      if (step === "refused" || (options.unique && service.objects.some((o) => o.name === name))) {
        throw failedWith(400, { body: { message: "The toy mistaken.com cannot be added" } });
      }
      const object = service.store(name);
      if (step === "stored-then-lost") throw lostAnswer();
      return { id: object.id, outs: { made: true } };
    },
    async read(_ctx, id) {
      return service.objects.some((o) => o.id === id) ? { made: true } : undefined;
    },
  };
  if (!options.noMatching) {
    definition.findMatching = async (_ctx, inputs) =>
      service.objects
        .filter((o) => o.name === inputs.name)
        .map((o) => ({ id: o.id, outs: { found: true }, createdAt: o.createdAt }));
  }
  return lifecycleOf(definition);
}

const lostAnswer = (retries = 0) =>
  new ApiConnectionError("Connection failed [UND_ERR_SOCKET]: other side closed (POST /v2/1/toys)", {
    method: "POST",
    url: "http://127.0.0.1/v2/1/toys",
    retries,
  });

/**
 * A kind whose every create loses its answer once the client's retries are spent, so the lifecycle
 * looks for what it may have made with `findMatching`.
 */
function answerLost(
  kind: string,
  findMatching: NonNullable<ResourceDefinition["findMatching"]>,
  more: Partial<ResourceDefinition> = {},
): Lifecycle {
  return lifecycleOf({
    ...failingHalfway,
    kind,
    async create() {
      throw lostAnswer(8);
    },
    findMatching,
    ...more,
  });
}

/** The service's answer of `status` to a toy's create, its body empty unless given. */
const failedWith = (status: number, more: { body?: unknown; retries?: number } = {}) =>
  createStatusError({ status, method: "POST", url: "http://127.0.0.1/v2/1/toys", body: {}, ...more });

describe("ours or adopted: a create never takes over what this stack did not make", () => {
  it("makes its own object next to an identical hand-made one", async () => {
    const service = toyService(["www"]);
    const { id } = await toyKind(service).create({ name: "www" });
    expect(id).toBe("2");
    expect(service.objects.map((o) => o.name)).toEqual(["www", "www"]);
  });

  it("refuses with the adopt hint where the service keeps names unique", async () => {
    const service = toyService(["sales"]);
    await expect(toyKind(service, { unique: true }).create({ name: "sales" })).rejects.toThrow(
      /already exists \(id 1\) and was not made by this stack.*set `adopt: true`/,
    );
  });

  it("refuses with the adopt hint a hand-made object made in the same second as the create began", async () => {
    const service = toyService(["sales"]);
    // Made by hand just now: its creation time, to the second, is not before the create's start.
    service.objects[0]!.createdAt = new Date().toISOString();
    await expect(toyKind(service, { unique: true }).create({ name: "sales" })).rejects.toThrow(
      /already exists \(id 1\) and was not made by this stack.*set `adopt: true`/,
    );
    expect(service.objects).toHaveLength(1);
  });

  it("takes over the existing object only with adopt: true", async () => {
    const service = toyService(["sales"]);
    const { id } = await toyKind(service, { unique: true }).create({ name: "sales", adopt: true });
    expect(id).toBe("1");
    expect(service.objects).toHaveLength(1);
  });

  it("creates when adopt finds nothing", async () => {
    const service = toyService([]);
    expect((await toyKind(service).create({ name: "new", adopt: true })).id).toBe("1");
  });

  it("never picks one of several equal candidates for adopt", async () => {
    const service = toyService(["twin", "twin"]);
    await expect(toyKind(service).create({ name: "twin", adopt: true })).rejects.toThrow(
      /2 existing Toy-\d+ objects match this declaration \(ids 1, 2\) and adopt will not choose/,
    );
  });

  it("tells a refusal from a conflict by what exists, not by the words of the message", async () => {
    // The message says "mistaken.com", which holds "taken"; nothing of that name exists.
    const service = toyService([]);
    const provider = toyKind(service, { unique: true, script: ["refused"] });
    const error = (await provider.create({ name: "mistaken.com" }).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^400/);
    expect(error.message).not.toMatch(/adopt/);
  });

  it("refuses adopt at check for a kind that cannot adopt", async () => {
    const { failures } = await toyKind(toyService(), { noMatching: true }).check(
      {},
      { name: "x", adopt: true },
    );
    expect(failures).toEqual([{ property: "adopt", reason: expect.stringMatching(/cannot be adopted/) }]);
  });
});

describe("a create whose outcome is unknown (answer lost, 5xx)", () => {
  it("takes over the object its own lost create made", async () => {
    const service = toyService();
    expect((await toyKind(service, { script: ["stored-then-lost"] }).create({ name: "jane" })).id).toBe("1");
    expect(service.objects).toHaveLength(1);
  });

  it("never takes an older identical object for its own", async () => {
    const service = toyService(["jane"]);
    const { id } = await toyKind(service, { script: ["lost", "ok"] }).create({ name: "jane" });
    expect(id).toBe("2");
  });

  it("takes its own object when the resend is refused as a duplicate", async () => {
    const service = toyService();
    const provider = toyKind(service, { unique: true, script: ["stored-then-lost"] });
    expect((await provider.create({ name: "sales" })).id).toBe("1");
  });

  it("does not resend what the client retried to the end of its budget, nor a refusal", async () => {
    const service = toyService();
    const retried = toyKind(service, { script: ["lost", "ok"] });
    const failing = answerLost("Exhausted", async () => []);
    await expect(failing.create({ name: "a" })).rejects.toThrow(/other side closed/);
    expect((await retried.create({ name: "b" })).id).toBe("1");
    const refused = toyKind(toyService(), { script: ["refused", "ok"] });
    await expect(refused.create({ name: "c" })).rejects.toThrow(/400/);
  });

  it("gives up after maxRetries resends", async () => {
    configureRuntime({
      get: (key) =>
        ({ "dnsimple:account": "1", "dnsimple:token": "unit-token", "dnsimple:maxRetries": "2" })[key],
    });
    const service = toyService();
    const script: Array<"lost" | "ok"> = ["lost", "lost", "lost", "ok"];
    await expect(toyKind(service, { script }).create({ name: "c" })).rejects.toThrow(/other side closed/);
    expect(service.objects).toEqual([]);
    expect(script).toEqual(["ok"]);
  });
});

describe("the create journal: recovering a create that Pulumi never recorded", () => {
  useTemporaryJournal();

  it("takes over the object whose answer came but was never saved (engine killed after the create)", async () => {
    const service = toyService();
    await toyKind(service, { kind: "Journaled" }).create({ name: "www", ownerKey: "p/s/Toy/www" });
    // A new run: same declaration, no state. The journal names the object.
    forgetClaimsOfThisProcess();
    const again = await toyKind(service, { kind: "Journaled" }).create({
      name: "www",
      ownerKey: "p/s/Toy/www",
    });
    expect(again.id).toBe("1");
    expect(service.objects).toHaveLength(1);
  });

  it("takes over what a create whose answer was lost made, and only what it made", async () => {
    const service = toyService(["www"]);
    // The engine and provider were killed while the create was on its way: the journal holds
    // its start; the service holds the object it made.
    beginCreate({ key: "p/s/Toy/www", kind: "Lost", account: "1", since: new Date().toISOString() });
    service.store("www");
    forgetClaimsOfThisProcess();
    const again = await toyKind(service, { kind: "Lost" }).create({ name: "www", ownerKey: "p/s/Toy/www" });
    expect(again.id).toBe("2");
    expect(service.objects).toHaveLength(2);
  });

  it("takes over nothing without an entry, and forgets the entry once state holds the object", async () => {
    const service = toyService();
    const provider = toyKind(service, { kind: "Settled" });
    const { id } = await provider.create({ name: "www", ownerKey: "p/s/Toy/www" });
    await provider.diff(id, { name: "www", ownerKey: "p/s/Toy/www" }, { name: "www" });
    forgetClaimsOfThisProcess();
    const again = await toyKind(service, { kind: "Settled" }).create({
      name: "www",
      ownerKey: "p/s/Toy/www",
    });
    expect(again.id).toBe("2");
  });

  it("never gives one object to two resources", async () => {
    const service = toyService();
    await toyKind(service, { kind: "Shared" }).create({ name: "www", ownerKey: "p/s/Toy/a" });
    // b's answer was lost after storing; a's object is newer than b's start too, but a holds it.
    forgetClaimsOfThisProcess();
    const b = toyKind(service, { script: ["stored-then-lost"], kind: "Shared" });
    expect((await b.create({ name: "www", ownerKey: "p/s/Toy/b" })).id).toBe("2");
  });
});

describe("replacement order", () => {
  const kind = (deleteFirst?: (o: Record<string, unknown>, n: Record<string, unknown>) => boolean) =>
    lifecycleOf({
      ...failingHalfway,
      kind: "Order",
      ...(deleteFirst ? { deleteBeforeReplace: deleteFirst } : {}),
    });

  it("creates the new object before deleting the old one unless the kind requires otherwise", async () => {
    expect(await kind().diff("1", { name: "a", accountId: "1" }, { name: "b" })).toEqual({
      changes: true,
      replaces: ["name"],
      changed: ["name"],
      deleteBeforeReplace: false,
    });
    expect(await kind(() => true).diff("1", { name: "a", accountId: "1" }, { name: "b" })).toMatchObject({
      deleteBeforeReplace: true,
    });
  });
});

describe("optional inputs the service decides", () => {
  const provider = lifecycleOf({
    ...failingHalfway,
    kind: "Optional",
    inputs: { name: z.string(), port: z.number().optional() },
    replaceOnChange: [],
    async create() {
      return { id: "1", outs: { port: 53 } };
    },
    async update(_ctx, _id, _olds, news) {
      return { port: news.port ?? 53 };
    },
  });

  it("shows the service's value as output when the input is left out", async () => {
    expect((await provider.create({ name: "a" })).outs).toMatchObject({ port: 53 });
  });

  it("sees no change when an input left out meets the service's value", async () => {
    expect(await provider.diff("1", { name: "a", port: 53, accountId: "1" }, { name: "a" })).toEqual({
      changes: false,
      replaces: [],
      changed: [],
    });
    expect(
      await provider.diff("1", { name: "a", port: 53, accountId: "1" }, { name: "a", port: 54 }),
    ).toEqual({
      changes: true,
      replaces: [],
      changed: ["port"],
    });
  });

  it("keeps the service's value through an update of another input", async () => {
    const { outs } = await provider.update("1", { name: "a", port: 53, accountId: "1" }, { name: "b" });
    expect(outs).toMatchObject({ name: "b", port: 53 });
  });
});

describe("a create whose outcome stays unknown, for a kind with a natural key", () => {
  const unreachable = () =>
    new ApiConnectionError("Connection failed [UND_ERR_SOCKET]: other side closed (POST /v2/1/domains)", {
      method: "POST",
      url: "http://127.0.0.1/v2/1/domains",
      retries: 8,
    });
  /** A kind named by its `name`, whose first `count` creates fail with `error`, by default a lost answer. */
  function namedKind(
    service: Map<string, number>,
    failCreates: { count: number; storeFirst: boolean; error?: () => Error },
  ) {
    const definition: ResourceDefinition = {
      ...failingHalfway,
      kind: "Named",
      naturalId: (inputs) => String(inputs.name),
      async create(_ctx, inputs) {
        if (failCreates.count > 0) {
          failCreates.count--;
          if (failCreates.storeFirst) service.set(String(inputs.name), 100 + service.size);
          throw (failCreates.error ?? unreachable)();
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
    return lifecycleOf(definition);
  }

  async function failedCreate(provider: Lifecycle, name: string) {
    const error = await provider.create({ name }).catch((e: unknown) => e);
    if (!isKeptInState(error)) throw error;
    expect(error.message).toMatch(/other side closed.*Whether the Named was created is unknown/);
    expect(error.id).toBe(name);
    expect(error.properties).toEqual({ name, createUnconfirmed: true, accountId: "1" });
    return { ...error.properties };
  }

  it("keeps it in state as unconfirmed, and the next up takes over what the lost create made", async () => {
    const service = new Map<string, number>();
    const provider = namedKind(service, { count: 1, storeFirst: true });
    const olds = await failedCreate(provider, "made.com");
    expect(await provider.diff("made.com", olds, { name: "made.com" })).toEqual({
      changes: true,
      replaces: [],
      changed: [],
    });
    const { outs } = await provider.update("made.com", olds, { name: "made.com" });
    expect(outs).toMatchObject({ name: "made.com", number: 100 });
    expect(outs).not.toHaveProperty("createUnconfirmed");
    expect([...service.keys()]).toEqual(["made.com"]);
  });

  it("creates it on the next up when the lost create never happened", async () => {
    const service = new Map<string, number>();
    const provider = namedKind(service, { count: 1, storeFirst: false });
    const olds = await failedCreate(provider, "never.com");
    expect(service.size).toBe(0);
    const { outs } = await provider.update("never.com", olds, { name: "never.com" });
    expect(outs).toMatchObject({ number: 100 });
    expect([...service.keys()]).toEqual(["never.com"]);
  });

  it("is not what a create refused before it was sent meets: it fails plainly, nothing kept", async () => {
    const refused = new ApiConnectionError(
      "Connection failed [ECONNREFUSED]: connect ECONNREFUSED 127.0.0.1:1 (POST /v2/1/domains); " +
        "nothing answers at http://127.0.0.1:1, the request was not sent",
      { method: "POST", url: "http://127.0.0.1:1/v2/1/domains", retries: 1, sent: false },
    );
    const provider = namedKind(new Map(), { count: 1, storeFirst: false, error: () => refused });
    const error = await provider.create({ name: "never.com" }).catch((e: unknown) => e);
    expect(isKeptInState(error)).toBe(false);
    expect((error as Error).message).not.toMatch(/unknown|unconfirmed/);
    expect((error as Error).message).toMatch(/the request was not sent/);
  });

  it("lets a refresh settle it: gone when it was never created", async () => {
    const provider = namedKind(new Map(), { count: 1, storeFirst: false });
    const olds = await failedCreate(provider, "gone.com");
    expect(await provider.read("gone.com", olds)).toEqual({});
  });
});

describe("refusals and failures a create may meet", () => {
  const refusal = (status: number) => failedWith(status, { body: { message: "refused" } });

  /** A unique kind whose service refuses with `status` while a hand-made "sales" exists. */
  function refusing(
    status: number,
    options: { findFails?: boolean; unique?: boolean | (() => boolean) } = {},
  ) {
    const found = [{ id: "1", outs: {}, createdAt: "2020-01-01T00:00:00Z" }];
    return lifecycleOf({
      ...failingHalfway,
      kind: "Refusing",
      refusesDuplicates: options.unique ?? true,
      async create() {
        throw refusal(status);
      },
      async findMatching() {
        if (options.findFails) throw new Error("listing failed");
        return found;
      },
    });
  }

  it.each([400, 409, 422])(
    "answers a %i refusal of an existing object with the adopt hint",
    async (status) => {
      await expect(refusing(status).create({ name: "sales" })).rejects.toThrow(
        new RegExp(
          `^${status} refused \\(POST /v2/1/toys\\)\\. A Refusing like this already exists \\(id 1\\)`,
        ),
      );
    },
  );

  it.each([403, 404, 429])("lets a %i stand as the service said it", async (status) => {
    await expect(refusing(status).create({ name: "sales" })).rejects.toThrow(
      new RegExp(`^${status} refused`),
    );
  });

  it("lets the refusal stand when the kind allows twins, or when looking fails", async () => {
    await expect(refusing(400, { unique: false }).create({ name: "sales" })).rejects.toThrow(
      /^400 refused \(POST/,
    );
    await expect(refusing(400, { unique: () => false }).create({ name: "sales" })).rejects.toThrow(
      /^400 refused \(POST/,
    );
    await expect(refusing(400, { unique: () => true }).create({ name: "sales" })).rejects.toThrow(
      /adopt: true/,
    );
    await expect(refusing(400, { findFails: true }).create({ name: "sales" })).rejects.toThrow(
      /^400 refused \(POST/,
    );
  });

  it.each([
    [500, true],
    [503, true],
    [408, true],
    [499, false],
    [404, false],
  ])("after a %i, looks for what the create may have made: %s", async (status, looks) => {
    const findMatching = jest.fn(async () => []);
    const provider = lifecycleOf({
      ...failingHalfway,
      kind: `Status${status}`,
      async create() {
        throw failedWith(status, { retries: 8 });
      },
      findMatching,
    });
    await expect(provider.create({ name: "x" })).rejects.toThrow(new RegExp(`^${status}`));
    expect(findMatching.mock.calls.length > 0).toBe(looks);
  });

  it("reports the create's own failure when looking for its object fails too", async () => {
    const provider = answerLost("BlindAfterLoss", async () => {
      throw new Error("listing failed");
    });
    await expect(provider.create({ name: "x" })).rejects.toThrow(/other side closed/);
  });
});

describe("taking over an object brings it in line with the declaration", () => {
  function adoptable(existing: Record<string, unknown>) {
    forgetClaimsOfThisProcess();
    const updates: Array<Record<string, unknown>> = [];
    const provider = lifecycleOf({
      ...failingHalfway,
      kind: "Convergent",
      inputs: { name: z.string(), ttl: z.number().optional(), note: z.string().optional() },
      localOnly: ["note"],
      normalize: { ttl: (v) => Number(v) },
      async findMatching() {
        return [{ id: "9", outs: existing }];
      },
      async update(_ctx, _id, olds, news) {
        updates.push({ olds, news });
        return { ...news, updated: true };
      },
    });
    return { provider, updates };
  }

  it("updates what differs and the API can change", async () => {
    const { provider, updates } = adoptable({ name: "x", ttl: 60 });
    const { id, outs } = await provider.create({ name: "x", ttl: 300, adopt: true });
    expect(id).toBe("9");
    expect(updates).toEqual([
      { olds: { name: "x", ttl: 60, adopt: true }, news: { name: "x", ttl: 300, adopt: true } },
    ]);
    expect(outs).toMatchObject({ ttl: 300, updated: true });
  });

  it("leaves it alone when it already matches, as the service writes it, or differs only locally", async () => {
    const { provider, updates } = adoptable({ name: "X", ttl: "300", note: "theirs" });
    await provider.create({ name: "x", ttl: 300, note: "mine", adopt: true });
    const unset = adoptable({ name: "x", ttl: 60 });
    await unset.provider.create({ name: "x", adopt: true });
    expect([...updates, ...unset.updates]).toEqual([]);
  });
});

describe("proof of ownership for kinds without creation times", () => {
  it("takes only an object with an id above the highest before the create", async () => {
    const objects = [{ id: "3" }, { id: "12" }, { id: "10" }, { id: "11" }];
    let highestAsked = 0;
    const provider = answerLost("Webhookish", async () => objects.map((o) => ({ id: o.id, outs: {} })), {
      async highestIdBeforeCreate() {
        highestAsked++;
        return 10;
      },
    });
    expect((await provider.create({ name: "x" })).id).toBe("11");
    expect(highestAsked).toBe(1);
    // 11 is claimed now; 12 is the only one left above 10.
    expect((await provider.create({ name: "x" })).id).toBe("12");
    await expect(provider.create({ name: "x" })).rejects.toThrow(/other side closed/);
  });
});

describe("the create journal across operations", () => {
  const journal = useTemporaryJournal();

  it("keeps no entry after a create the service refused, and one naming the object after a partial create", async () => {
    const refused = toyKind(toyService(), { kind: "Refused", script: ["refused"] });
    await expect(refused.create({ name: "a", ownerKey: "p/s/Toy/a" })).rejects.toThrow(/400/);
    expect(pendingCreate("p/s/Toy/a")).toBeUndefined();
    const halfway = lifecycleOf(failingHalfway);
    await expect(halfway.create({ name: "b", ownerKey: "p/s/Toy/b" })).rejects.toThrow("second step failed");
    expect(pendingCreate("p/s/Toy/b")).toMatchObject({ kind: "Halfway", createdId: "42" });
  });

  it("keeps the entry of a create whose outcome is unknown, for the next run to settle", async () => {
    const lost = toyKind(toyService(), { kind: "Unsettled", script: ["lost"], noMatching: true });
    await expect(lost.create({ name: "a", ownerKey: "p/s/Toy/a" })).rejects.toThrow(/other side closed/);
    expect(pendingCreate("p/s/Toy/a")).toMatchObject({ kind: "Unsettled", account: "1" });
    expect(pendingCreate("p/s/Toy/a")?.createdId).toBeUndefined();
  });

  it("uses no journal for a resource without an owner key", async () => {
    await toyKind(toyService(), { kind: "Keyless" }).create({ name: "a", ownerKey: "" });
    expect(readdirSync(journal())).toEqual([]);
  });

  it("forgets the entry once read, update or delete receive the id from state", async () => {
    for (const op of ["read", "update", "delete"] as const) {
      const service = toyService();
      const provider = toyKind(service, { kind: `Settle-${op}` });
      const key = `p/s/Toy/${op}`;
      const { id, outs } = await provider.create({ name: "www", ownerKey: key });
      expect(pendingCreate(key)?.createdId).toBe(id);
      if (op === "read") await provider.read(id, outs);
      if (op === "update") await provider.update(id, outs, { ...outs, ownerKey: key });
      if (op === "delete") await provider.delete(id, outs);
      expect(pendingCreate(key)).toBeUndefined();
    }
  });

  it("ignores an entry of another kind or account, or whose object is gone or already claimed", async () => {
    const service = toyService();
    service.store("www");
    createAnsweredFor("p/s/Toy/k", "OtherKind", "1", "1");
    forgetClaimsOfThisProcess();
    expect((await toyKind(service, { kind: "Mine" }).create({ name: "www", ownerKey: "p/s/Toy/k" })).id).toBe(
      "2",
    );
    createAnsweredFor("p/s/Toy/k2", "Mine", "7", "1");
    expect(
      (await toyKind(service, { kind: "Mine" }).create({ name: "www", ownerKey: "p/s/Toy/k2" })).id,
    ).toBe("3");
    createAnsweredFor("p/s/Toy/k3", "Mine", "1", "99");
    expect(
      (await toyKind(service, { kind: "Mine" }).create({ name: "www", ownerKey: "p/s/Toy/k3" })).id,
    ).toBe("4");
    createAnsweredFor("p/s/Toy/k4", "Mine", "1", "4");
    expect(
      (await toyKind(service, { kind: "Mine" }).create({ name: "www", ownerKey: "p/s/Toy/k4" })).id,
    ).toBe("5");
  });
});

describe("a run whose state is saved only at its end (PULUMI_SKIP_CHECKPOINTS), killed", () => {
  useTemporaryJournal();
  beforeEach(() => forgetClaimsOfThisProcess());

  it("is followed by creates that take over each object it made, by id, and nothing alike", async () => {
    // Two hand-made objects identical to declared ones, made before either run.
    const service = toyService(["www", "api"]);
    const killed = toyKind(service, { kind: "Skipped" });
    const names = ["www", "api", "mail"];
    const made = [];
    for (const name of names) made.push((await killed.create({ name, ownerKey: `p/s/Toy/${name}` })).id);
    expect(made).toEqual(["3", "4", "5"]);
    // Killed: the engine saved nothing, so no operation ever received these ids from state.
    forgetClaimsOfThisProcess();
    const next = toyKind(service, { kind: "Skipped" });
    const again = [];
    for (const name of names) again.push((await next.create({ name, ownerKey: `p/s/Toy/${name}` })).id);
    expect(again).toEqual(made);
    expect(service.objects).toHaveLength(5);
    // The entries stay until a later run's state shows each id (here: its diff).
    for (const [i, name] of names.entries()) {
      expect(pendingCreate(`p/s/Toy/${name}`)?.createdId).toBe(made[i]);
      await next.diff(made[i]!, { name, ownerKey: `p/s/Toy/${name}` }, { name, ownerKey: `p/s/Toy/${name}` });
      expect(pendingCreate(`p/s/Toy/${name}`)).toBeUndefined();
    }
  });

  it("makes a new object when the one it made is gone, and takes no other", async () => {
    const service = toyService(["www"]);
    await toyKind(service, { kind: "Gone" }).create({ name: "www", ownerKey: "p/s/Toy/www" });
    service.objects.splice(1, 1); // deleted by hand after the kill
    forgetClaimsOfThisProcess();
    const { id } = await toyKind(service, { kind: "Gone" }).create({ name: "www", ownerKey: "p/s/Toy/www" });
    expect(id).toBe("2");
    expect(service.objects.map((o) => o.id)).toEqual(["1", "2"]);
    expect(pendingCreate("p/s/Toy/www")?.createdId).toBe("2");
  });
});

/** A journal entry as a dead run would have left it: the create of `key` answered with `id`. */
function createAnsweredFor(key: string, kind: string, account: string, id: string): void {
  beginCreate({ key, kind, account, since: new Date().toISOString() });
  createAnswered(key, id);
}

describe("common inputs", () => {
  it("take an account as a positive whole number or digits, and nothing else", async () => {
    const provider = lifecycleOf(failingHalfway);
    for (const account of [0, -1, 1.5, "1a", ""]) {
      expect((await provider.check({}, { name: "x", account })).failures).toEqual([
        { property: "account", reason: expect.any(String) },
      ]);
    }
    expect((await provider.check({}, { name: "x", account: 7, ownerKey: "k", adopt: false })).inputs).toEqual(
      {
        name: "x",
        account: "7",
        ownerKey: "k",
        adopt: false,
      },
    );
  });
});

describe("state the provider keeps", () => {
  it("is never taken from a program: check names the field and says whose it is", async () => {
    const provider = lifecycleOf({
      ...failingHalfway,
      inputs: { name: z.string(), pendingOrderId: z.number().optional() },
      providerOwned: ["pendingOrderId"],
    });
    expect((await provider.check({}, { name: "x", pendingOrderId: 7 })).failures).toEqual([
      { property: "pendingOrderId", reason: expect.stringContaining("kept by the provider") },
    ]);
    expect((await provider.check({}, { name: "x" })).failures).toEqual([]);
  });
});

describe("the framework's last rules", () => {
  it("names the existing objects in the adopt hint, with an error of its own kind", async () => {
    const provider = lifecycleOf({
      ...failingHalfway,
      kind: "Twins",
      refusesDuplicates: true,
      async create() {
        throw failedWith(422);
      },
      async findMatching() {
        return [
          { id: "1", outs: {}, createdAt: "2020-01-01T00:00:00Z" },
          { id: "2", outs: {}, createdAt: "2020-01-01T00:00:00Z" },
        ];
      },
    });
    const error = (await provider.create({ name: "x" }).catch((e: unknown) => e)) as Error;
    expect(error.name).toBe("AlreadyExistsError");
    expect(error.message).toBe(
      "422 HTTP error (POST /v2/1/toys). A Twins like this already exists (id 1, 2) and was not made by this stack. " +
        "To manage the existing Twins with Pulumi instead of creating a new one, set `adopt: true` on this resource " +
        '(see the README, "Adopting existing objects").',
    );
  });

  it("lets a refusal stand word for word where the kind allows twins", async () => {
    const refused = failedWith(400);
    for (const refusesDuplicates of [false, undefined]) {
      const provider = lifecycleOf({
        ...failingHalfway,
        kind: "Twinnable",
        ...(refusesDuplicates === undefined ? {} : { refusesDuplicates }),
        async create() {
          throw refused;
        },
        async findMatching() {
          return [{ id: "1", outs: {} }];
        },
      });
      await expect(provider.create({ name: "x" })).rejects.toBe(refused);
    }
  });

  it("does not look for the object of a create that failed in this process (a bug, not the service)", async () => {
    const findMatching = jest.fn(async () => []);
    const provider = lifecycleOf({
      ...failingHalfway,
      kind: "Buggy",
      async create() {
        throw new TypeError("cannot read x");
      },
      findMatching,
    });
    await expect(provider.create({ name: "x" })).rejects.toThrow("cannot read x");
    expect(findMatching).not.toHaveBeenCalled();
  });

  it("does not resend a create whose outcome it could not look up", async () => {
    configureRuntime({
      get: (key) =>
        ({ "dnsimple:account": "1", "dnsimple:token": "unit-token", "dnsimple:maxRetries": "1" })[key],
    });
    let creates = 0;
    const provider = lifecycleOf({
      ...failingHalfway,
      kind: "Unlookable",
      async create() {
        creates++;
        throw lostAnswer(0);
      },
      async findMatching() {
        throw new Error("listing failed");
      },
    });
    await expect(provider.create({ name: "x" })).rejects.toThrow(/other side closed/);
    expect(creates).toBe(1);
  });

  it("takes the oldest of its own objects by number, not by spelling", async () => {
    forgetClaimsOfThisProcess();
    const now = new Date(Date.now() + 1000).toISOString();
    const provider = answerLost("Ordered", async () =>
      ["10", "9"].map((id) => ({ id, outs: {}, createdAt: now })),
    );
    expect((await provider.create({ name: "x" })).id).toBe("9");
  });

  it("never adopts for a second resource what a first one took in this run", async () => {
    forgetClaimsOfThisProcess();
    const service = toyService(["solo"]);
    expect((await toyKind(service, { kind: "Solo" }).create({ name: "solo", adopt: true })).id).toBe("1");
    expect((await toyKind(service, { kind: "Solo" }).create({ name: "solo", adopt: true })).id).toBe("2");
  });

  it("says why a kind cannot adopt, and what to do instead", async () => {
    const { failures } = await toyKind(toyService(), { noMatching: true }).check(
      {},
      { name: "x", adopt: true },
    );
    expect(failures?.[0]?.reason).toMatch(
      /^a Toy-\d+ cannot be adopted: nothing identifies an existing one for sure \(no natural key\), so adopt would have to guess; remove adopt and let Pulumi create it$/,
    );
  });

  it("says how to make a declaration that matches several objects adoptable", async () => {
    await expect(toyKind(toyService(["a", "a"])).create({ name: "a", adopt: true })).rejects.toThrow(
      /\(ids 1, 2\) and adopt will not choose one; make the declaration match exactly one \(or delete the extra objects\)$/,
    );
  });

  it("does not replace an object whose account nobody names", async () => {
    configureRuntime(stackConfig({ token: "unit-token" }));
    const saved = process.env["DNSIMPLE_ACCOUNT"];
    delete process.env["DNSIMPLE_ACCOUNT"];
    try {
      configureRuntime({ get: () => undefined });
      const provider = lifecycleOf(failingHalfway);
      expect(await provider.diff("1", { name: "a", accountId: "1" }, { name: "a" })).toEqual({
        changes: false,
        replaces: [],
        changed: [],
      });
    } finally {
      if (saved !== undefined) process.env["DNSIMPLE_ACCOUNT"] = saved;
    }
  });
});

describe("updates and what the service decides", () => {
  const calls: Array<Record<string, unknown>> = [];
  const provider = lifecycleOf({
    ...failingHalfway,
    kind: "Decided",
    inputs: { name: z.string(), port: z.number().optional() },
    replaceOnChange: [],
    async update(_ctx, _id, olds, news) {
      calls.push({ olds, news });
      return { port: news.port ?? olds.port };
    },
  });
  beforeEach(() => (calls.length = 0));

  it("sends nothing when only an input the service decides is left out, and keeps the service's value", async () => {
    const { outs } = await provider.update("1", { name: "a", port: 53, accountId: "1" }, { name: "a" });
    expect(calls).toEqual([]);
    expect(outs).toEqual({ name: "a", port: 53, accountId: "1" });
  });

  it("keeps the service's value for an input given as undefined", async () => {
    const { outs } = await provider.update(
      "1",
      { name: "a", port: 53, accountId: "1" },
      { name: "b", port: undefined },
    );
    expect(calls).toHaveLength(1);
    expect(outs).toEqual({ name: "b", port: 53, accountId: "1" });
  });
});

describe("recovering by id for kinds without creation times", () => {
  useTemporaryJournal();

  it("notes the highest id in the journal and recovers only a newer object", async () => {
    forgetClaimsOfThisProcess();
    const objects = [{ id: "5" }, { id: "3" }];
    const provider = lifecycleOf({
      ...failingHalfway,
      kind: "Hooks",
      async highestIdBeforeCreate() {
        return 5;
      },
      async create() {
        objects.push({ id: "6" });
        throw lostAnswer(8);
      },
      async findMatching() {
        return objects.map((o) => ({ id: o.id, outs: {} }));
      },
    });
    // A dead run's create made 6 and its answer was lost: only the journal is left. This run's
    // create would be refused, so only the recovery can answer.
    beginCreate({
      key: "p/s/Hook/a",
      kind: "Hooks",
      account: "1",
      since: new Date().toISOString(),
      newerThanId: 5,
    });
    objects.push({ id: "6" });
    const refusing = lifecycleOf({
      ...failingHalfway,
      kind: "Hooks",
      async create() {
        throw createStatusError({
          status: 400,
          method: "POST",
          url: "http://127.0.0.1/v2/1/hooks",
          body: {},
        });
      },
      async findMatching() {
        return objects.map((o) => ({ id: o.id, outs: {} }));
      },
    });
    expect((await refusing.create({ name: "a", ownerKey: "p/s/Hook/a" })).id).toBe("6");
    forgetClaimsOfThisProcess();
    objects.length = 0;
    objects.push({ id: "5" });
    await expect(provider.create({ name: "b", ownerKey: "p/s/Hook/b" })).resolves.toMatchObject({ id: "6" });
    expect(pendingCreate("p/s/Hook/b")).toMatchObject({ newerThanId: 5, createdId: "6" });
  });
});

describe("what diff says changes, property by property", () => {
  const lifecycle = lifecycleOf({
    ...failingHalfway,
    kind: "Detailed",
    inputs: { name: z.string(), ttl: z.number().optional(), pendingOrderId: z.number().optional() },
    replaceOnChange: ["name"],
    providerOwned: ["pendingOrderId"],
    normalize: { name: (v) => String(v).toLowerCase() },
    deleteBeforeReplace: () => true,
  });
  const olds = { name: "a", ttl: 60, accountId: "1" };

  it("names every property that differs, and which of them replace", async () => {
    expect(await lifecycle.diff("1", olds, { name: "b", ttl: 300 })).toEqual({
      changes: true,
      replaces: ["name"],
      changed: ["name", "ttl"],
      deleteBeforeReplace: true,
    });
    expect(await lifecycle.diff("1", olds, { name: "a", ttl: 300 })).toEqual({
      changes: true,
      replaces: [],
      changed: ["ttl"],
    });
  });

  it("names a value unknown at preview as changed", async () => {
    expect((await lifecycle.diff("1", olds, { name: UNKNOWN, ttl: 60 })).changed).toEqual(["name"]);
  });

  it("names nothing the service only spells differently, nor adopt or the owner key", async () => {
    const news = { name: "A", ttl: 60, adopt: true, ownerKey: "another key" };
    expect(await lifecycle.diff("1", { ...olds, ownerKey: "a key" }, news)).toEqual({
      changes: false,
      replaces: [],
      changed: [],
    });
  });

  it("names a move to another account as changed and replaced, creating the new object first", async () => {
    expect(await lifecycle.diff("1", olds, { name: "a", ttl: 60, account: "2" })).toEqual({
      changes: true,
      replaces: ["account"],
      changed: ["account"],
      deleteBeforeReplace: false,
    });
  });

  it("has changes while work is unfinished, even when no property changed", async () => {
    expect(await lifecycle.diff("1", { ...olds, createUnconfirmed: true }, { name: "a", ttl: 60 })).toEqual({
      changes: true,
      replaces: [],
      changed: [],
    });
    // A marker declared as an input is a property like any other: the update clears it.
    expect(
      (await lifecycle.diff("1", { ...olds, pendingOrderId: 7 }, { name: "a", ttl: 60 })).changed,
    ).toEqual(["pendingOrderId"]);
  });
});

describe("the owner key: the create journal's name for a resource", () => {
  const journal = useTemporaryJournal();
  const urn = "urn:pulumi:dev::site::dnsimple-dynamic:index:Toy::www";

  it("is the one create is given, before the ownerKey input", async () => {
    const service = toyService();
    const { id } = await toyKind(service, { kind: "Keyed" }).create(
      { name: "www", ownerKey: "sdk key" },
      urn,
    );
    expect(pendingCreate(urn)).toMatchObject({ kind: "Keyed", createdId: id });
    expect(pendingCreate("sdk key")).toBeUndefined();
  });

  it("lets a later run take over what a create under that key made", async () => {
    const service = toyService();
    await toyKind(service, { kind: "KeyedAgain" }).create({ name: "www" }, urn);
    forgetClaimsOfThisProcess();
    const again = await toyKind(service, { kind: "KeyedAgain" }).create({ name: "www" }, urn);
    expect(again.id).toBe("1");
    expect(service.objects).toHaveLength(1);
  });

  it("is the ownerKey input when none is given, and no key when that is empty", async () => {
    await toyKind(toyService(), { kind: "ByInput" }).create({ name: "www", ownerKey: "sdk key" });
    expect(pendingCreate("sdk key")).toMatchObject({ kind: "ByInput" });
    rmSync(path.join(journal(), readdirSync(journal())[0]!));
    await toyKind(toyService(), { kind: "Empty" }).create({ name: "www" }, "");
    expect(readdirSync(journal())).toEqual([]);
  });

  it("settles the entry when diff, read, update or delete are given it with the id from state", async () => {
    for (const op of ["diff", "read", "update", "delete"] as const) {
      const lifecycle = toyKind(toyService(), { kind: `Given-${op}` });
      const { id, outs } = await lifecycle.create({ name: "www" }, urn);
      // Without the key the state (which has no ownerKey) names no entry: it stays.
      await lifecycle.read(id, outs);
      expect(pendingCreate(urn)?.createdId).toBe(id);
      if (op === "diff") await lifecycle.diff(id, outs, outs, urn);
      if (op === "read") await lifecycle.read(id, outs, urn);
      if (op === "update") await lifecycle.update(id, outs, outs, urn);
      if (op === "delete") await lifecycle.delete(id, outs, urn);
      expect(pendingCreate(urn)).toBeUndefined();
    }
  });
});

describe("an object kept in state", () => {
  it("is told apart by its brand, also when thrown by another copy of the lifecycle module", async () => {
    const error = await lifecycleOf(failingHalfway)
      .create({ name: "x" })
      .catch((e: unknown) => e);
    let other: typeof import("./lifecycle") | undefined;
    jest.isolateModules(() => (other = jest.requireActual<typeof import("./lifecycle")>("./lifecycle")));
    expect(error).not.toBeInstanceOf(other!.KeptInStateError);
    expect(other!.isKeptInState(error)).toBe(true);
    expect(isKeptInState(new Error("second step failed"))).toBe(false);
  });

  it("is what an update done in part leaves: the state before it, what is true now, the account", async () => {
    const lifecycle = lifecycleOf({
      ...failingHalfway,
      kind: "Ordered",
      inputs: { name: z.string(), pendingOrderId: z.number().optional() },
      replaceOnChange: [],
      providerOwned: ["pendingOrderId"],
      async update() {
        throw new PartialCreateError("order 5 is pending", { id: "9", outs: { pendingOrderId: 5 } });
      },
    });
    const error = await lifecycle
      .update("9", { name: "a", accountId: "1" }, { name: "b" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeptInStateError);
    expect(error).toMatchObject({
      id: "9",
      properties: { name: "a", pendingOrderId: 5, accountId: "1" },
      reasons: ["order 5 is pending"],
    });
  });
});

describe("a lifecycle's steps", () => {
  it("count as in flight while a create, update or delete works, and not once answered", async () => {
    const seen: number[] = [];
    const lifecycle = lifecycleOf({
      ...failingHalfway,
      kind: "Counted",
      replaceOnChange: [],
      async create() {
        seen.push(stepsInFlight("Counted"));
        return { id: "1", outs: {} };
      },
      async update() {
        seen.push(stepsInFlight("Counted"));
        return {};
      },
      async delete() {
        seen.push(stepsInFlight("Counted"));
      },
    });
    await lifecycle.create({ name: "a" });
    await lifecycle.update("1", { name: "a", accountId: "1" }, { name: "b" });
    await lifecycle.delete("1", { name: "b", accountId: "1" });
    expect(seen).toEqual([1, 1, 1]);
    expect(stepsInFlight("Counted")).toBe(0);
  });
});
