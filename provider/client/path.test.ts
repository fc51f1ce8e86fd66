import { buildPath, buildQuery, encodeSegment, path } from "./path";

describe("path encoding", () => {
  it("encodes every interpolated value as one segment", () => {
    expect(path`/${1}/domains/${"example.com"}`).toBe("/1/domains/example.com");
    expect(path`/${1}/domains/${"a/b?c#d"}`).toBe("/1/domains/a%2Fb%3Fc%23d");
    expect(path`/${1}/platform/metadata/${"domain:1"}`).toBe("/1/platform/metadata/domain%3A1");
  });

  it("refuses dot segments, which URL normalisation would turn into a climb out of the account", () => {
    expect(() => path`/${1}/domains/${".."}`).toThrow(TypeError);
    expect(() => encodeSegment(".")).toThrow(TypeError);
    expect(encodeSegment("...")).toBe("...");
  });

  it("rejects empty segments and non-finite numbers", () => {
    expect(() => encodeSegment("")).toThrow(TypeError);
    expect(() => encodeSegment(Number.NaN)).toThrow(TypeError);
  });

  it("builds paths from arrays and unicode names", () => {
    expect(buildPath([1, "domains", "exämple.com"])).toBe("/1/domains/ex%C3%A4mple.com");
  });

  it("builds query strings leaving out undefined and null", () => {
    expect(buildQuery({ page: 2, per_page: undefined, name_like: "a b", x: null })).toBe(
      "?page=2&name_like=a+b",
    );
    expect(buildQuery({})).toBe("");
  });
});
