/**
 * `defineResource` and `pulumi import`: a typed kind's import locates its object by the service's
 * numeric id, and Pulumi gets that id as its string while the kind's own read and declaration see
 * it parsed; a kind that declares no import passes on no reason of its own, one that says why it
 * cannot be imported passes that reason on.
 */
import { z } from "zod";
import type { DnsimpleClient } from "../client";
import { underDomain } from "./imports";
import { defineResource, numericIds } from "./kind";
import { lifecycleOf } from "./lifecycle";
import { forgetClaimsOfThisProcess } from "./ownership";
import { configureRuntime, resetRuntime } from "./runtime";
import { stackConfig } from "../../test/stack-config";

beforeEach(() => {
  configureRuntime(stackConfig({ account: "1", token: "unit-token" }));
  forgetClaimsOfThisProcess();
});
afterAll(() => resetRuntime());

const ctx = { client: {} as DnsimpleClient, account: "1" };
/** What every kind declares for its tests and the review. */
const toyFacts = {
  docs: { summary: "A forward.", example: "" },
  examples: {
    valid: { domain: "example.com", from: "sales" },
    replaces: {},
    inPlace: {},
    same: [],
    invalid: [],
  },
  review: {
    section: "platform",
    noun: ["forward", "forwards"],
    label: (p: Record<string, unknown>) => String(p.from),
  },
} as const;
const inputs = { domain: z.string(), from: z.string() };
const outputs = { to: z.string() };

/** A typed kind of forwards with numeric ids; forward 7 under example.com exists. `seen` records each call. */
function forwardKind(seen: string[]) {
  return defineResource({
    kind: "Forward",
    ...toyFacts,
    inputs,
    outputs,
    ids: numericIds,
    replaceOnChange: ["domain"],
    imports: {
      forms: underDomain("domain", "forwardId", "example.com_7"),
      async locate(_ctx, { domain, id }) {
        seen.push(`locate ${domain} ${id}`);
        return domain === "example.com" && id === 7 ? { id: 7, state: { domain } } : undefined;
      },
      declared(_ctx, { id, state }) {
        seen.push(`declared ${typeof id} ${id}`);
        return { inputs: { domain: state.domain, from: "sales" } };
      },
    },
    async create() {
      return { id: 1, outs: { to: "a@example.net" } };
    },
    async read(_ctx, id) {
      seen.push(`read ${typeof id} ${id}`);
      return id === 7 ? { to: "a@example.net" } : undefined;
    },
    async delete() {},
  });
}

describe("importing an object of a typed kind", () => {
  it("gives Pulumi the located id as a string and the kind's read and declaration the number", async () => {
    const seen: string[] = [];
    const definition = forwardKind(seen);
    const imported = await lifecycleOf(definition).import("example.com_7");
    expect({ id: imported.id, inputs: imported.inputs }).toEqual({
      id: "7",
      inputs: { domain: "example.com", from: "sales" },
    });
    expect(seen).toEqual(["locate example.com 7", "read number 7", "declared number 7"]);
    // The definition's own locate, as the lifecycle calls it: the id already Pulumi's string.
    expect(await definition.imports!.locate(ctx, { domain: "example.com", id: 7 })).toEqual({
      id: "7",
      state: { domain: "example.com" },
    });
  });

  it("finds nothing when the kind's locate finds nothing", async () => {
    const definition = forwardKind([]);
    expect(await definition.imports!.locate(ctx, { domain: "example.com", id: 8 })).toBeUndefined();
  });
});

describe("a kind that cannot be imported", () => {
  const notImported = (notImportable?: string) =>
    defineResource({
      kind: "Toy",
      ...toyFacts,
      inputs,
      outputs,
      ids: numericIds,
      replaceOnChange: [],
      ...(notImportable !== undefined ? { notImportable } : {}),
      async create() {
        return { id: 1, outs: { to: "a@example.net" } };
      },
      async read() {
        return undefined;
      },
      async delete() {},
    });

  it("passes on the reason it gives, and the import refusal says it", async () => {
    const definition = notImported("the service shows no id for one");
    expect(definition.notImportable).toBe("the service shows no id for one");
    await expect(lifecycleOf(definition).import("1")).rejects.toThrow(
      "a Toy cannot be imported: the service shows no id for one",
    );
  });

  it("passes on no reason when it gives none, nor any import", async () => {
    const definition = notImported();
    expect({ notImportable: "notImportable" in definition, imports: "imports" in definition }).toEqual({
      notImportable: false,
      imports: false,
    });
    await expect(lifecycleOf(definition).import("1")).rejects.toThrow(
      "a Toy cannot be imported: the provider cannot read one back by an id",
    );
  });
});
