import { z } from "zod";
import { UNKNOWN } from "./unknown";
import { engineFailures, failurePath, reasonOf, validateInputs } from "./validation";
import { domainName, port } from "./fields";

const fields = { name: domainName(), port: port().default(53), tags: z.array(z.string()).optional() };

describe("validateInputs", () => {
  it("fills defaults and keeps valid values", () => {
    expect(validateInputs(fields, { name: "example.com" })).toEqual({
      inputs: { name: "example.com", port: 53 },
      failures: [],
    });
  });

  it("names the property in every failure", () => {
    const { failures } = validateInputs(fields, { name: "not a domain", port: 70000 });
    expect(failures.map((f) => f.property).sort()).toEqual(["name", "port"]);
    expect(failures.find((f) => f.property === "port")?.reason).toMatch(/between 1 and 65535/);
  });

  it("reports a missing required property as required", () => {
    expect(validateInputs(fields, {}).failures).toEqual([{ property: "name", reason: "name is required" }]);
  });

  it("lets preview's unknown values through, also inside arrays", () => {
    const result = validateInputs(fields, { name: UNKNOWN, tags: ["a", UNKNOWN] });
    expect(result.failures).toEqual([]);
    expect(result.inputs.name).toBe(UNKNOWN);
  });

  it("names the element of an array that is wrong", () => {
    const { failures } = validateInputs(fields, { name: "example.com", tags: ["a", 3] });
    expect(failures[0]?.property).toBe("tags[1]");
  });

  it("rejects properties the resource does not have, but ignores __provider", () => {
    const { failures } = validateInputs(fields, { name: "example.com", nmae: "x", __provider: "code" });
    expect(failures).toEqual([{ property: "nmae", reason: 'unknown property "nmae"' }]);
  });
});

describe("validateInputs, exactly", () => {
  const nested = { rule: z.object({ hosts: z.array(z.object({ port: z.number() })) }), count: z.number() };

  it("names a nested property by its full path", () => {
    expect(
      validateInputs(nested, { rule: { hosts: [{ port: 1 }, { port: "x" }] }, count: 1 }).failures,
    ).toEqual([{ property: "rule.hosts[1].port", reason: expect.stringMatching(/expected number/) }]);
  });

  it("calls only a missing top-level value required, not a missing nested one or a wrong type", () => {
    const { failures } = validateInputs(nested, { rule: { hosts: [{}] }, count: "1" });
    expect(failures).toEqual([
      { property: "rule.hosts[0].port", reason: expect.not.stringMatching(/required/) },
      { property: "count", reason: expect.not.stringMatching(/required/) },
    ]);
  });

  it("leaves out optional values that are not set, and keeps falsy ones that are", () => {
    const optional = { flag: z.boolean().optional(), n: z.number().optional(), s: z.string().optional() };
    expect(validateInputs(optional, { flag: false, n: 0, s: "" }).inputs).toEqual({
      flag: false,
      n: 0,
      s: "",
    });
    expect(validateInputs(optional, { flag: null }).inputs).toEqual({});
    expect(Object.keys(validateInputs(optional, {}).inputs)).toEqual([]);
  });

  it("keeps an unknown value as it is, without validating it", () => {
    expect(validateInputs({ n: z.number().transform((v) => v * 2) }, { n: UNKNOWN }).inputs).toEqual({
      n: UNKNOWN,
    });
    expect(validateInputs({ n: z.number().transform((v) => v * 2) }, { n: 2 }).inputs).toEqual({ n: 4 });
  });

  it("ignores a property the resource does not have when it is unset", () => {
    expect(validateInputs(fields, { name: "example.com", old: undefined, older: null }).failures).toEqual([]);
  });
});

describe("what counts as required", () => {
  it("keeps a rule's own reason when it refuses a value left out", () => {
    const fieldsWithRule = {
      token: z
        .string()
        .optional()
        .refine((v) => v !== undefined, "must be set for this kind"),
    };
    expect(validateInputs(fieldsWithRule, {}).failures).toEqual([
      { property: "token", reason: "must be set for this kind" },
    ]);
  });
});

describe("failures as the engine prints them", () => {
  it("keeps an input's own property (the engine shows its value), moves a path inside one into the reason", () => {
    expect(
      engineFailures([
        { property: "content", reason: 'must be an IPv4 address, got "1.2.3"' },
        { property: "records[1].content", reason: 'must be an IPv4 address, got "999.1.2.3"' },
        { property: "zoneFile.name", reason: "z.zone line 5: …" },
        { property: "", reason: "no property" },
      ]),
    ).toEqual([
      { property: "content", reason: 'must be an IPv4 address, got "1.2.3"' },
      { property: "", reason: 'records[1].content: must be an IPv4 address, got "999.1.2.3"' },
      { property: "", reason: "zoneFile.name: z.zone line 5: …" },
      { property: "", reason: "no property" },
    ]);
  });

  it("names the value given inside an input, which the engine cannot show", () => {
    const { failures } = validateInputs(
      { records: z.array(z.object({ ttl: z.number().min(1, "must be at least 1") })) },
      { records: [{ ttl: 60 }, { ttl: 0 }] },
    );
    expect(failures).toEqual([{ property: "records[1].ttl", reason: "must be at least 1 (got 0)" }]);
    expect(engineFailures(failures).map((f) => [failurePath(f), reasonOf(f)])).toEqual([
      ["records[1].ttl", "must be at least 1 (got 0)"],
    ]);
  });
});
