/**
 * `defineResource`: a typed kind becomes the framework's definition. Ids travel as Pulumi's
 * strings and reach the kind's operations parsed; optional members are passed on exactly when a
 * kind declares them; the schema the generator reads says what the kind offers; field docs and
 * secret marks are found through optional and default wrappers.
 */
import { z } from "zod";
import type { DnsimpleClient } from "../client";
import { defineResource, docOf, isSecret, numericIds, secret, stringIds } from "./kind";

const ctx = { client: {} as DnsimpleClient, account: "1" };
const mark = { since: new Date(0) };
const inputs = { name: z.string().describe("The name.") };
const outputs = { size: z.number().describe("The size.") };
/** What every kind declares for its tests and the review. */
const toyFacts = {
  examples: { valid: { name: "a" }, replaces: { name: "b" }, inPlace: {}, same: [], invalid: [] },
  review: {
    section: "platform",
    noun: ["toy", "toys"],
    label: (p: Record<string, unknown>) => String(p.name),
  },
} as const;

function minimal(calls: string[]) {
  return defineResource({
    kind: "Toy",
    docs: { summary: "A toy.", example: 'new dnsimple.Toy("t", { name: "a" });' },
    ...toyFacts,
    inputs,
    outputs,
    ids: numericIds,
    replaceOnChange: ["name"],
    async create(_ctx, given) {
      calls.push(`create ${given.name}`);
      return { id: 42, outs: { size: 1 } };
    },
    async read(_ctx, id) {
      calls.push(`read ${typeof id} ${id}`);
      return { size: 2 };
    },
    async delete(_ctx, id) {
      calls.push(`delete ${typeof id} ${id}`);
    },
  });
}

describe("defineResource", () => {
  it("hands operations parsed ids and gives Pulumi string ids back", async () => {
    const calls: string[] = [];
    const definition = minimal(calls);
    expect(await definition.create(ctx, { name: "a" }, mark)).toEqual({ id: "42", outs: { size: 1 } });
    expect(await definition.read(ctx, "42", {})).toEqual({ size: 2 });
    await definition.delete(ctx, "42", {});
    expect(calls).toEqual(["create a", "read number 42", "delete number 42"]);
    // A malformed id in state is refused before the kind's code runs.
    expect(() => definition.read(ctx, "abc", {})).toThrow('Toy id "abc" in state is not a numeric id');
    expect(() => definition.delete(ctx, "4x", {})).toThrow('Toy id "4x" in state is not a numeric id');
  });

  it("passes on no optional member a kind does not declare, and says it cannot adopt", () => {
    const definition = minimal([]);
    for (const member of [
      "localOnly",
      "markers",
      "providerOwned",
      "normalize",
      "refine",
      "refinePartial",
      "expand",
      "findMatching",
      "refusesDuplicates",
      "recover",
      "highestIdBeforeCreate",
      "deleteBeforeReplace",
      "naturalId",
      "update",
    ])
      expect({ member, present: member in definition }).toEqual({ member, present: false });
    expect(definition.schema).toEqual({
      docs: { summary: "A toy.", example: 'new dnsimple.Toy("t", { name: "a" });' },
      examples: toyFacts.examples,
      review: toyFacts.review,
      inputs,
      outputs,
      adoptable: false,
      replaceOnChange: ["name"],
      providerOwned: [],
    });
  });

  it("passes on every optional member a kind declares, ids converted both ways", async () => {
    const calls: string[] = [];
    const refine = () => [];
    const refinePartial = () => [];
    const expand = (given: Record<string, unknown>) => ({ inputs: given, failures: [] });
    const deleteBeforeReplace = () => true;
    const naturalId = () => "natural";
    const normalize = { name: (v: string) => v.toLowerCase() };
    const refusesDuplicates = () => true;
    const highestIdBeforeCreate = async () => 7;
    /** The optional members declared, each to be passed on as it is. */
    const declared = {
      localOnly: ["keep"],
      markers: ["marker"],
      providerOwned: ["owned"],
      normalize,
      refine,
      refinePartial,
      expand,
      refusesDuplicates,
      highestIdBeforeCreate,
      deleteBeforeReplace,
      naturalId,
    } as const;
    const definition = defineResource({
      kind: "Toy",
      docs: { summary: "A toy.", example: "" },
      ...toyFacts,
      inputs: {
        ...inputs,
        keep: z.boolean().optional(),
        marker: z.string().optional(),
        owned: z.string().optional(),
      },
      outputs,
      info: { inputs: ["name"], of: (found: { n: string }) => ({ size: 1, name: found.n }) },
      ids: stringIds,
      replaceOnChange: [],
      ...declared,
      async create() {
        return { id: "x", outs: { size: 1 } };
      },
      async findMatching() {
        return [{ id: "m1", outs: { size: 1 } }];
      },
      async recover() {
        return { id: "r1", outs: { size: 1 }, createdAt: "2026-01-01T00:00:00Z" };
      },
      async read() {
        return undefined;
      },
      async update(_ctx, id, _olds, news) {
        calls.push(`update ${id} ${news.name}`);
        return { size: 3 };
      },
      async delete() {},
    });
    const members = Object.keys(declared) as Array<keyof typeof declared>;
    expect({
      ...Object.fromEntries(members.map((member) => [member, definition[member]])),
      adoptable: definition.schema.adoptable,
      schemaOwned: definition.schema.providerOwned,
    }).toEqual({ ...declared, adoptable: true, schemaOwned: ["owned"] });
    expect(await definition.findMatching!(ctx, {})).toEqual([{ id: "m1", outs: { size: 1 } }]);
    expect(await definition.recover!(ctx, {}, mark)).toEqual({
      id: "r1",
      outs: { size: 1 },
      createdAt: "2026-01-01T00:00:00Z",
    });
    expect(await definition.update!(ctx, "u1", {}, { name: "b" })).toEqual({ size: 3 });
    expect(calls).toEqual(["update u1 b"]);
    expect(definition.refusesDuplicates).toBe(refusesDuplicates);
    // The reference page says a duplicate is refused, for the declarations the function names.
    expect(definition.schema.duplicates).toBe("refused for some declarations");
    // What the SDK's functions return: the generator reads the inputs shown, the functions the mapping.
    expect(definition.schema.info).toEqual({ inputs: ["name"] });
    expect(definition.info?.of({ n: "a" })).toEqual({ size: 1, name: "a" });
  });

  it("keeps a recovery that found nothing as nothing", async () => {
    const definition = defineResource({
      kind: "Toy",
      docs: { summary: "", example: "" },
      ...toyFacts,
      inputs,
      outputs,
      ids: numericIds,
      replaceOnChange: [],
      async create() {
        return { id: 1, outs: { size: 1 } };
      },
      async recover() {
        return undefined;
      },
      async read() {
        return undefined;
      },
      async delete() {},
    });
    expect(await definition.recover!(ctx, {}, mark)).toBeUndefined();
    expect("findMatching" in definition).toBe(false);
  });
});

describe("field docs and secret marks", () => {
  it("are found through optional and default wrappers, the outermost doc first", () => {
    const token = secret(z.string().describe("The token."));
    expect({ secret: isSecret(token), doc: docOf(token) }).toEqual({ secret: true, doc: "The token." });
    const wrapped = token.optional();
    expect({ secret: isSecret(wrapped), doc: docOf(wrapped) }).toEqual({ secret: true, doc: "The token." });
    const defaulted = z.number().describe("Inner.").default(3).describe("Outer.");
    expect({ secret: isSecret(defaulted), doc: docOf(defaulted) }).toEqual({ secret: false, doc: "Outer." });
    expect(docOf(z.string())).toBeUndefined();
    expect(isSecret(z.string().meta({ secret: false }))).toBe(false);
  });

  it("take the outermost secret mark, as they take the outermost doc", () => {
    const unmarked = secret(z.string()).optional().meta({ secret: false });
    expect(isSecret(unmarked)).toBe(false);
    expect(isSecret(secret(z.string().meta({ secret: false }).optional()))).toBe(true);
  });
});

describe("id formats", () => {
  it("numeric ids accept digits only; string ids pass through", () => {
    expect(numericIds.parse("0012", "Toy")).toBe(12);
    expect(() => numericIds.parse("12a", "Toy")).toThrow('Toy id "12a" in state is not a numeric id');
    expect(() => numericIds.parse("", "Toy")).toThrow("not a numeric id");
    expect(() => numericIds.parse("x12", "Toy")).toThrow('Toy id "x12" in state is not a numeric id');
    expect(stringIds.parse("example.com/www", "Toy")).toBe("example.com/www");
  });

  it("are named numeric and string", () => {
    // Loaded inside the test, as the provider loads a kind's definition on first use (so that
    // mutation testing credits the formats' declarations to this test).
    let formats!: typeof import("./kind");
    jest.isolateModules(() => {
      formats = require("./kind");
    });
    expect([formats.numericIds.name, formats.stringIds.name]).toEqual(["numeric", "string"]);
  });
});
