/**
 * More of the rules by which a create takes an object as this stack's: a resend refused by the
 * object its first send made takes that object; ids that are names are never "newer than" the
 * highest id before a create; an object recovered from the journal is claimed; and a kind's own
 * recovery gets exactly what the journal's entry says.
 */
import { z } from "zod";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { ApiConnectionError, createStatusError } from "../client/internal";
import { beginCreate, createAnswered } from "./create-journal";
import type { Created, CreateMark, ResourceContext, ResourceDefinition, State } from "./definition";
import {
  AlreadyExistsError,
  createSettlingAmbiguity,
  findToAdopt,
  forgetClaimsOfThisProcess,
  recoverEarlierCreate,
} from "./ownership";
import { configureRuntime, resetRuntime } from "./runtime";
import { stackConfig } from "../../test/stack-config";

const ctx = { account: "1" } as unknown as ResourceContext;
const url = "https://api.test/v2/1/toys";
const lost = () => new ApiConnectionError("socket hang up", { method: "POST", url });
const duplicate = () =>
  createStatusError({ status: 422, method: "POST", url, body: { message: "already taken" } });

/** A toy kind whose service answers from `script` (create) and `matching` (lookups). */
function toyKind(over: Partial<ResourceDefinition> = {}): ResourceDefinition {
  return {
    kind: "Toy",
    inputs: { name: z.string() },
    replaceOnChange: ["name"],
    refusesDuplicates: true,
    async create() {
      throw new Error("not expected");
    },
    async read(_ctx, id) {
      return { name: `toy ${id}` };
    },
    async delete() {},
    ...over,
  };
}

const savedDir = process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
let dir: string;
beforeEach(() => {
  configureRuntime(stackConfig({ account: "1", maxRetries: "1" }));
  forgetClaimsOfThisProcess();
  dir = mkdtempSync(path.join(tmpdir(), "ownership-resends-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = dir;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
afterAll(() => {
  resetRuntime();
  if (savedDir === undefined) delete process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
  else process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = savedDir;
});

describe("a create sent again after its answer was lost", () => {
  const since = new Date("2024-05-01T10:00:00Z");
  const made: Created = { id: "31", outs: { name: "a" }, createdAt: "2024-05-01T10:00:02Z" };

  /** The first send's answer is lost; the object it made shows up only after the read-back. */
  function settlingSlowly() {
    const sends: string[] = [];
    const answers = [lost(), duplicate()];
    const lookups: Created[][] = [[], [made], [made]];
    const definition = toyKind({
      async create() {
        sends.push("send");
        throw answers.shift();
      },
      findMatching: async () => lookups.shift() ?? [made],
    });
    return { definition, sends };
  }

  it("takes the object its first send made when the service refuses the resend as a duplicate", async () => {
    const { definition, sends } = settlingSlowly();
    await expect(
      createSettlingAmbiguity(definition, ctx, { name: "a" }, { since }, undefined),
    ).resolves.toEqual(made);
    expect(sends).toEqual(["send", "send"]);
  });

  it("claims that object, so that no other resource of this process adopts it", async () => {
    const { definition } = settlingSlowly();
    await createSettlingAmbiguity(definition, ctx, { name: "a" }, { since }, undefined);
    await expect(
      findToAdopt(toyKind({ findMatching: async () => [made] }), ctx, { name: "a" }),
    ).resolves.toBe(undefined);
  });

  it("still refuses with the adopt hint when the duplicate was there before the create began", async () => {
    const old: Created = { ...made, createdAt: "2024-05-01T09:00:00Z" };
    const answers = [lost(), duplicate()];
    const lookups: Created[][] = [[], [old], [old]];
    const definition = toyKind({
      async create() {
        throw answers.shift();
      },
      findMatching: async () => lookups.shift() ?? [old],
    });
    await expect(
      createSettlingAmbiguity(definition, ctx, { name: "a" }, { since }, undefined),
    ).rejects.toThrow(AlreadyExistsError);
  });
});

describe("a create recovered from the journal by the highest id before it", () => {
  /** An entry without an answer, the highest id then being 5, and what the service holds now. */
  async function recovered(held: string[]): Promise<Created | undefined> {
    beginCreate({
      key: "p/s/Toy/a",
      kind: "Toy",
      account: "1",
      since: new Date().toISOString(),
      newerThanId: 5,
    });
    const definition = toyKind({
      findMatching: async () => held.map((id) => ({ id, outs: { name: "a" } })),
    });
    return recoverEarlierCreate(definition, ctx, { name: "a" }, "p/s/Toy/a");
  }

  it("never takes an id that starts with digits but is a name", async () => {
    await expect(recovered(["123.example", "700"])).resolves.toMatchObject({ id: "700" });
    await expect(recovered(["123.example"])).resolves.toBeUndefined();
  });

  it("never takes an id that ends with digits but is a name", async () => {
    await expect(recovered(["10.0.0.5", "700"])).resolves.toMatchObject({ id: "700" });
    await expect(recovered(["10.0.0.5"])).resolves.toBeUndefined();
  });
});

describe("a create whose answer the journal holds", () => {
  it("is claimed once recovered: another resource of this process neither adopts nor recovers it", async () => {
    const since = new Date().toISOString();
    beginCreate({ key: "p/s/Toy/a", kind: "Toy", account: "1", since });
    createAnswered("p/s/Toy/a", "42");
    beginCreate({ key: "p/s/Toy/b", kind: "Toy", account: "1", since });
    createAnswered("p/s/Toy/b", "42");
    const definition = toyKind({ findMatching: async () => [{ id: "42", outs: { name: "toy 42" } }] });
    await expect(recoverEarlierCreate(definition, ctx, { name: "a" }, "p/s/Toy/a")).resolves.toEqual({
      id: "42",
      outs: { name: "toy 42" },
    });
    await expect(findToAdopt(definition, ctx, { name: "a" })).resolves.toBeUndefined();
    await expect(recoverEarlierCreate(definition, ctx, { name: "a" }, "p/s/Toy/b")).resolves.toBeUndefined();
  });
});

describe("a kind's own recovery", () => {
  /** What `recover` was handed for an entry written as `entry`. */
  async function markHanded(entry: { since: string; newerThanId?: number }): Promise<CreateMark> {
    const marks: CreateMark[] = [];
    const definition = toyKind({
      async recover(_ctx: ResourceContext, _inputs: State, mark: CreateMark) {
        marks.push(mark);
        return undefined;
      },
    });
    beginCreate({ key: "p/s/Toy/a", kind: "Toy", account: "1", ...entry });
    await recoverEarlierCreate(definition, ctx, { name: "a" }, "p/s/Toy/a");
    expect(marks).toHaveLength(1);
    return marks[0]!;
  }

  it("is handed the entry's start alone when the entry names no highest id", async () => {
    const since = new Date().toISOString();
    await expect(markHanded({ since })).resolves.toStrictEqual({ since: new Date(since) });
  });

  it("is handed the entry's start and its highest id when it names one", async () => {
    const since = new Date().toISOString();
    await expect(markHanded({ since, newerThanId: 9 })).resolves.toStrictEqual({
      since: new Date(since),
      newerThanId: 9,
    });
  });
});
