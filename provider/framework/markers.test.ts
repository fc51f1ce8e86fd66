/**
 * The two markers the framework reads from what it is handed: preview's unknown values, and an
 * object made halfway (a partial create), also when it comes from another copy of the module.
 */
import { unknownValue } from "@pulumi/pulumi/runtime/rpc";

import { isPartialCreate, PartialCreateError } from "./partial";
import { containsUnknown, UNKNOWN } from "./unknown";

describe("unknown values", () => {
  it("are the sentinel string Pulumi sends for them", () => {
    expect(UNKNOWN).toBe(unknownValue);
  });

  it("are found anywhere inside a value", () => {
    expect(containsUnknown(UNKNOWN)).toBe(true);
    expect(containsUnknown(["a", [UNKNOWN]])).toBe(true);
    expect(containsUnknown({ a: { b: [1, UNKNOWN] } })).toBe(true);
  });

  it("are not found in known values", () => {
    for (const value of [null, undefined, "", "unknown", 0, [], {}, ["a", { b: "c" }], { a: null }]) {
      expect(containsUnknown(value)).toBe(false);
    }
  });
});

describe("partial creates", () => {
  it("are recognised by name and the object they carry, across copies of the module", () => {
    expect(isPartialCreate(new PartialCreateError("half", { id: "1", outs: {} }))).toBe(true);
    const foreign = Object.assign(new Error("half"), {
      name: "PartialCreateError",
      created: { id: "1", outs: {} },
    });
    expect(isPartialCreate(foreign)).toBe(true);
  });

  it("are not any other error", () => {
    expect(isPartialCreate(Object.assign(new Error("x"), { name: "PartialCreateError" }))).toBe(false);
    expect(isPartialCreate(Object.assign(new Error("x"), { created: { id: "1", outs: {} } }))).toBe(false);
    expect(isPartialCreate({ name: "PartialCreateError", created: {} })).toBe(false);
    expect(new PartialCreateError("half", { id: "1", outs: {} }).name).toBe("PartialCreateError");
  });
});
