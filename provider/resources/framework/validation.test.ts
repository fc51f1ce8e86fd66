import { z } from "zod";
import { UNKNOWN } from "./unknown";
import { validateInputs } from "./validation";
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
