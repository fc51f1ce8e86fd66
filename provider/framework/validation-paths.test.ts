/**
 * More of `check`'s failures (framework/validation.ts): the value named inside an input whatever
 * its primitive type, what is missing inside a field made a value before it is checked, and
 * failures read back in either form (the lifecycle's, with a property; the engine's, with the path
 * leading the reason), including reasons that name no path or carry a colon of their own.
 */
import { z } from "zod";
import { engineFailures, failurePath, reasonOf, validateInputs } from "./validation";

describe("the value a failure inside an input names", () => {
  it("names a boolean given, as it names text and numbers", () => {
    const fields = { options: z.object({ on: z.literal(false), name: z.literal("a"), n: z.literal(1) }) };
    expect(validateInputs(fields, { options: { on: true, name: "b", n: 2 } }).failures).toEqual([
      { property: "options.on", reason: "Invalid input: expected false (got true)" },
      { property: "options.name", reason: 'Invalid input: expected "a" (got "b")' },
      { property: "options.n", reason: "Invalid input: expected 1 (got 2)" },
    ]);
  });
});

describe("a field left out that is made a value before it is checked", () => {
  it("names what is missing inside that value, not the field as required", () => {
    // The field makes a missing value `{}` and checks that: `port` is missing inside it, `rule` is not.
    const fields = { rule: z.preprocess((v) => v ?? {}, z.object({ port: z.number() })) };
    expect(validateInputs(fields, {}).failures).toEqual([
      { property: "rule.port", reason: "Invalid input: expected number, received undefined" },
    ]);
  });
});

describe("a failure read back in either form", () => {
  it("names no path, and keeps the whole reason, when the engine's form has none", () => {
    const failure = { property: "", reason: "the zone has no records" };
    expect([failurePath(failure), reasonOf(failure)]).toEqual(["", "the zone has no records"]);
  });

  it("takes a path only from the start of the reason, not from a colon further on", () => {
    const failure = { property: "", reason: "the zone file's line 5: no such type" };
    expect([failurePath(failure), reasonOf(failure)]).toEqual(["", "the zone file's line 5: no such type"]);
  });

  it("takes the path and the reason apart when the path leads", () => {
    const failure = { property: "", reason: 'records[1].content: must be an IPv4 address, got "999.1.2.3"' };
    expect([failurePath(failure), reasonOf(failure)]).toEqual([
      "records[1].content",
      'must be an IPv4 address, got "999.1.2.3"',
    ]);
  });

  it("keeps the reason of a failure with a property whole, even when it starts like a path", () => {
    const failure = { property: "zoneFile", reason: "zones/a.zone: line 5: no such type" };
    expect([failurePath(failure), reasonOf(failure)]).toEqual([
      "zoneFile",
      "zones/a.zone: line 5: no such type",
    ]);
  });
});

describe("failures as the engine prints them, once more", () => {
  it("does not put the path first twice when the reason already starts with it", () => {
    expect(
      engineFailures([{ property: "records[1].ttl", reason: "records[1].ttl: must be at least 1 (got 0)" }]),
    ).toEqual([{ property: "", reason: "records[1].ttl: must be at least 1 (got 0)" }]);
  });
});
