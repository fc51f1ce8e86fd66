import * as rpc from "@pulumi/pulumi/runtime/rpc";
import { fromWire, SECRET_SIG, secretOf, SIG, toWire, UNKNOWN } from "./wire";

describe("the engine's wire form", () => {
  it("uses @pulumi/pulumi's own markers", () => {
    expect(SIG).toBe(rpc.specialSigKey);
    expect(SECRET_SIG).toBe(rpc.specialSecretSig);
    expect(UNKNOWN).toBe(rpc.unknownValue);
  });

  it("unwraps secrets anywhere inside a property and names the property", () => {
    const { plain, secret } = fromWire({
      token: secretOf("abc"),
      nested: { list: [1, secretOf({ deep: "x" })] },
      plain: "p",
      pending: UNKNOWN,
    });
    expect(plain).toEqual({
      token: "abc",
      nested: { list: [1, { deep: "x" }] },
      plain: "p",
      pending: UNKNOWN,
    });
    expect([...secret].sort()).toEqual(["nested", "token"]);
  });

  it("wraps the properties named secret, leaves the rest, drops undefined", () => {
    const wire = toWire(
      { a: "1", b: { c: "2", gone: undefined }, nothing: null, absent: undefined },
      new Set(["a", "b", "nothing"]),
    );
    expect(wire).toEqual({ a: secretOf("1"), b: secretOf({ c: "2" }), nothing: null });
    expect(fromWire(wire).plain).toEqual({ a: "1", b: { c: "2" }, nothing: null });
  });
});
