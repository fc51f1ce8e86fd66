import { z } from "zod";
import { docOf } from "./kind";
import { serviceObject } from "../client/internal";
import { outputsFrom, serviceFields, snakeCase, stampDocs } from "./outputs-from";

interface Forward {
  id: number;
  alias_email: string;
  destination_email: string;
  suppressed_at?: string | null;
  pending_since?: string | null;
  created_at: string;
}

const outputs = {
  forwardId: z.number(),
  aliasEmail: z.string(),
  destinationEmail: z.string(),
  suppressedAt: z.string().nullable(),
  createdAt: z.string(),
  seenFirst: z.boolean().optional(),
  pendingSince: z.string().nullable().optional(),
};

const forward: Forward = {
  id: 7,
  alias_email: "sales@example.com",
  destination_email: "team@example.org",
  created_at: "2026-11-27T10:00:00Z",
};

/** The mapping under test, made inside each test (so that each test covers making it). */
const forwardOutputs = (found: Forward) => outputsFrom<Forward>()(outputs, { forwardId: (f) => f.id })(found);

describe("outputsFrom", () => {
  it("takes each output from the service's field of the same name in snake_case", () => {
    expect(forwardOutputs(forward)).toEqual({
      forwardId: 7,
      aliasEmail: "sales@example.com",
      destinationEmail: "team@example.org",
      suppressedAt: null,
      createdAt: "2026-11-27T10:00:00Z",
    });
  });

  it("makes an absent field null where the output is nullable, and leaves an absent optional one out", () => {
    const made = forwardOutputs(forward);
    expect(made.suppressedAt).toBeNull();
    expect(Object.keys(made)).not.toContain("seenFirst");
    // Nullable and optional: left out too (the kind sets it elsewhere; a refresh must not clear it).
    expect(Object.keys(made)).not.toContain("pendingSince");
    expect(forwardOutputs({ ...forward, pending_since: null }).pendingSince).toBeNull();
    expect(forwardOutputs({ ...forward, suppressed_at: "2026-11-28T00:00:00Z" }).suppressedAt).toBe(
      "2026-11-28T00:00:00Z",
    );
  });

  it("takes an output named in the mapping from the service's field it names: a field renamed", () => {
    const renamed = outputsFrom<Forward>()(outputs, { forwardId: "id", aliasEmail: "destination_email" });
    expect(renamed(forward)).toMatchObject({ forwardId: 7, aliasEmail: "team@example.org" });
  });

  it("lets the kind make any output itself, the ones the service holds included", () => {
    const lowerCased = outputsFrom<Forward>()(outputs, {
      forwardId: (f) => f.id * 10,
      aliasEmail: (f) => f.alias_email.toUpperCase(),
      seenFirst: () => true,
    });
    expect(lowerCased(forward)).toMatchObject({
      forwardId: 70,
      aliasEmail: "SALES@EXAMPLE.COM",
      seenFirst: true,
    });
  });

  it("refuses a service's object that does not give the declared outputs, naming the output", () => {
    const broken = { ...forward, destination_email: 42 } as unknown as Forward;
    expect(() => forwardOutputs(broken)).toThrow(
      "the service's object does not give the declared outputs: destinationEmail: Invalid input: expected string, received number",
    );
  });

  it("names every output it cannot give, by its path", () => {
    const listed = outputsFrom<{ tags: unknown[]; count: string }>()(
      { tags: z.array(z.string()), count: z.number() },
      // @ts-expect-error both are of other types than the outputs'.
      {},
    );
    expect(() => listed({ tags: ["a", 7], count: "three" })).toThrow(
      "the service's object does not give the declared outputs: tags.1: Invalid input: expected string, received number; count: Invalid input: expected number, received string",
    );
  });

  it("does not compile when an output the service does not hold is not made", () => {
    // @ts-expect-error forwardId: the service's object has no `forward_id`.
    outputsFrom<Forward>()(outputs, {});
    // @ts-expect-error a field of another type is not the output as it is.
    outputsFrom<{ id: number; alias_email: number }>()({ id: z.number(), aliasEmail: z.string() }, {});
    expect(snakeCase("lastTransferredAt")).toBe("last_transferred_at");
    expect(snakeCase("address1")).toBe("address1");
  });
});

describe("serviceFields", () => {
  const ForwardSchema = z.looseObject({
    id: z.number().int(),
    alias_email: z.string(),
    suppressed_at: z.string().nullable(),
  });

  it("gives an output declared by its doc the type of the service's field of the same name", () => {
    const declared = serviceFields(ForwardSchema, {
      aliasEmail: "The receiving address.",
      suppressedAt: "When delivery stopped; null otherwise.",
    });
    expect(docOf(declared.aliasEmail)).toBe("The receiving address.");
    expect(docOf(declared.suppressedAt)).toBe("When delivery stopped; null otherwise.");
    expect(declared.suppressedAt.safeParse(null).success).toBe(true);
    expect(declared.aliasEmail.safeParse(null).success).toBe(false);
    expect(declared.aliasEmail.safeParse(7).success).toBe(false);
    // The service's schema itself keeps no doc.
    expect(docOf(ForwardSchema.shape.alias_email)).toBeUndefined();
  });

  it("documents the stamps of an object the service keeps, named once, as the service's date-times", () => {
    const declared = serviceFields(serviceObject({ alias_email: z.string() }), {
      aliasEmail: "The receiving address.",
      ...stampDocs("the forward"),
    });
    expect(docOf(declared.createdAt)).toBe("When the service created the forward.");
    expect(docOf(declared.updatedAt)).toBe("When the service last changed the forward.");
    expect(declared.createdAt.safeParse("2026-01-01T00:00:00Z").success).toBe(true);
    expect(declared.updatedAt.safeParse(null).success).toBe(false);
  });

  it("keeps an output declared with its own type as it is", () => {
    const forwardId = z.number().describe("The service's id of the forward.");
    const declared = serviceFields(ForwardSchema, { forwardId, aliasEmail: "The receiving address." });
    expect(declared.forwardId).toBe(forwardId);
    expect(Object.keys(declared)).toEqual(["forwardId", "aliasEmail"]);
    const made = outputsFrom<z.infer<typeof ForwardSchema>>()(declared, { forwardId: (f) => f.id });
    expect(made({ id: 7, alias_email: "sales@example.com", suppressed_at: null })).toEqual({
      forwardId: 7,
      aliasEmail: "sales@example.com",
    });
  });

  it("does not compile, and throws, for a doc of a field the service's object does not have", () => {
    // @ts-expect-error the service's object has no `destination_email`.
    expect(() => serviceFields(ForwardSchema, { destinationEmail: "Where the mail goes." })).toThrow(
      "the service's object has no field destination_email for the output destinationEmail",
    );
  });
});
