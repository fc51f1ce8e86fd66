/**
 * Rules of the lifecycle that lifecycle.test.ts leaves implicit: the account ids check takes, an
 * object kept in state told apart by its name and brand, the declaration read gives back, a kind's
 * rewrite of a value given only values, the mass-change count asked only for a change, the words
 * of a create kept as unconfirmed, and a setting missing for the check of credentials.
 */
import { z } from "zod";
import { ApiConnectionError } from "../client/internal";
import type { ResourceDefinition, State } from "./definition";
import { isKeptInState, lifecycleOf } from "./lifecycle";
import { MassChangeError } from "./mass-change";
import { forgetClaimsOfThisProcess } from "./ownership";
import { PartialCreateError } from "./partial";
import { configureRuntime, resetRuntime } from "./runtime";
import { MissingSettingError } from "./settings";
import { stackConfig } from "../../test/stack-config";

beforeEach(() => {
  configureRuntime(stackConfig({ account: "1", token: "unit-token" }));
  forgetClaimsOfThisProcess();
});
afterAll(() => resetRuntime());

/** A toy kind of named objects: `read` finds every one, create and delete do nothing. */
const plain: ResourceDefinition = {
  kind: "Plain",
  inputs: { name: z.string(), ttl: z.number().optional() },
  replaceOnChange: ["name"],
  async create() {
    return { id: "1", outs: {} };
  },
  async read() {
    return { made: true };
  },
  async delete() {},
};

describe("the account a resource names", () => {
  it("is taken as digits of any length, and given back as text", async () => {
    expect(await lifecycleOf(plain).check({}, { name: "x", account: "12345" })).toEqual({
      inputs: { name: "x", account: "12345" },
      failures: [],
    });
  });
});

describe("an object kept in state", () => {
  const halfway: ResourceDefinition = {
    ...plain,
    kind: "Halfway",
    async create() {
      throw new PartialCreateError("second step failed", { id: "42", outs: { made: true } });
    },
  };
  const brand = Symbol.for("pulumi-dnsimple-dynamic.KeptInStateError");

  it("is a KeptInStateError by name, carrying the brand another copy of the module knows it by", async () => {
    const error = await lifecycleOf(halfway)
      .create({ name: "x" })
      .catch((e: unknown) => e);
    expect(isKeptInState(error)).toBe(true);
    expect((error as Error).name).toBe("KeptInStateError");
    expect((error as unknown as Record<symbol, unknown>)[brand]).toBe(true);
  });

  it("is recognised by that brand alone, as another copy of the module throws it", () => {
    const fromAnotherCopy = Object.assign(new Error("second step failed"), { [brand]: true });
    expect(isKeptInState(fromAnotherCopy)).toBe(true);
    expect(isKeptInState(Object.assign(new Error("x"), { [Symbol.for("another brand")]: true }))).toBe(false);
  });
});

describe("read", () => {
  it("gives back as the declaration only the inputs the state holds, no key for the others", async () => {
    const read = await lifecycleOf(plain).read("1", { name: "a", accountId: "1" });
    expect(read.props).toStrictEqual({ name: "a", made: true, accountId: "1" });
    expect(read.inputs).toStrictEqual({ name: "a" });
  });
});

describe("a kind's own rewrite of a value", () => {
  const seen: unknown[] = [];
  const labelled = lifecycleOf({
    ...plain,
    kind: "Labelled",
    inputs: { name: z.string(), label: z.string().nullable().optional() },
    // The service keeps labels in lower case; this rewrite knows nothing but strings.
    normalize: {
      label: (value) => {
        seen.push(value);
        return (value as string).toLowerCase();
      },
    },
  });
  beforeEach(() => (seen.length = 0));

  it("is given only values: a label set where the state has none, or null, is a change", async () => {
    expect(await labelled.diff("1", { name: "a", accountId: "1" }, { name: "a", label: "Web" })).toEqual({
      changes: true,
      replaces: [],
      changed: ["label"],
    });
    expect(
      await labelled.diff("1", { name: "a", label: null, accountId: "1" }, { name: "a", label: "Web" }),
    ).toEqual({ changes: true, replaces: [], changed: ["label"] });
    expect(seen).toEqual(["Web", "Web"]);
  });

  it("makes a label the service only spells differently no change", async () => {
    expect(
      await labelled.diff("1", { name: "a", label: "web", accountId: "1" }, { name: "a", label: "WEB" }),
    ).toEqual({ changes: false, replaces: [], changed: [] });
  });
});

describe("the mass-change guard in diff", () => {
  const counted: Array<{ olds: State; news: State }> = [];
  /** A toy record set: `records` by position; a change updates the positions that differ. */
  const recordSet = lifecycleOf({
    ...plain,
    kind: "RecordSet",
    inputs: { name: z.string(), records: z.array(z.string()), force: z.number().optional() },
    massChange: {
      force: "force",
      counts(olds, news) {
        counted.push({ olds, news });
        const before = olds.records as string[];
        const after = news.records as string[];
        return {
          existing: before.length,
          updates: before.filter((r, i) => after[i] !== undefined && after[i] !== r).length,
          deletes: Math.max(0, before.length - after.length),
        };
      },
    },
  });
  const records = Array.from({ length: 20 }, (_, i) => `10.0.0.${i}`);
  const olds = { name: "a", records, accountId: "1" };
  beforeEach(() => (counted.length = 0));

  it("asks the kind to count nothing when no property changed, even with work unfinished", async () => {
    expect(await recordSet.diff("1", olds, { name: "a", records })).toEqual({
      changes: false,
      replaces: [],
      changed: [],
    });
    expect(await recordSet.diff("1", { ...olds, createUnconfirmed: true }, { name: "a", records })).toEqual({
      changes: true,
      replaces: [],
      changed: [],
    });
    expect(counted).toEqual([]);
  });

  it("counts a change, and refuses one that updates too many of the records unless forced", async () => {
    const news = { name: "a", records: records.map((r) => `${r}0`) };
    await expect(recordSet.diff("1", olds, news)).rejects.toBeInstanceOf(MassChangeError);
    expect(counted).toEqual([{ olds, news }]);
    // Forced by the number of records it updates: all 20.
    expect((await recordSet.diff("1", olds, { ...news, force: 20 })).changed).toEqual(["records", "force"]);
  });
});

describe("a create whose outcome stays unknown, for a kind with a natural key", () => {
  it("says what failed, that whether it was made is unknown, and what the next up does", async () => {
    const lost = new ApiConnectionError(
      "Connection failed [UND_ERR_SOCKET]: other side closed (POST /v2/1/named)",
      {
        method: "POST",
        url: "http://127.0.0.1/v2/1/named",
        retries: 8,
      },
    );
    const provider = lifecycleOf({
      ...plain,
      kind: "Named",
      naturalId: (inputs) => String(inputs.name),
      async create() {
        throw lost;
      },
    });
    const error = await provider.create({ name: "made.com" }).catch((e: unknown) => e);
    expect(isKeptInState(error)).toBe(true);
    expect((error as Error).message).toBe(
      `${lost.message}. Whether the Named was created is unknown: it is kept in the stack as ` +
        "unconfirmed, and the next `pulumi up` checks the service and creates it only if it is not there",
    );
  });
});

describe("check, with the check of credentials on but no token", () => {
  it("fails as the missing setting's error, not as a failure of the inputs", async () => {
    resetRuntime();
    configureRuntime(
      stackConfig({
        account: "1",
        // Nothing listens on the discard port: no request of this test reaches a service.
        baseUrl: "http://127.0.0.1:9/v2",
        verifyCredentials: "true",
        maxRetries: "0",
      }),
    );
    const error = await lifecycleOf(plain)
      .check({}, { name: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingSettingError);
    expect((error as Error).message).toContain("dnsimple:token");
  });
});
