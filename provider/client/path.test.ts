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

describe("path encoding, exactly", () => {
  it("names what is wrong with a segment", () => {
    expect(() => encodeSegment(Infinity)).toThrow("Invalid path segment: Infinity");
    expect(() => encodeSegment("")).toThrow("A path segment must not be empty");
    expect(() => encodeSegment("..")).toThrow('Invalid path segment: ".."');
    expect(() => encodeSegment(".")).toThrow('Invalid path segment: "."');
    expect(() => encodeSegment(true as unknown as string)).toThrow("Invalid path segment type: boolean");
  });

  it("takes numbers as written, including zero and negatives", () => {
    expect(encodeSegment(0)).toBe("0");
    expect(encodeSegment(-1)).toBe("-1");
    expect(buildPath([])).toBe("/");
  });

  it("keeps the literal parts of a template, also after the last value", () => {
    expect(path`/${1}/domains/${"a b"}/records?x`).toBe("/1/domains/a%20b/records?x");
    expect(path`plain`).toBe("plain");
  });

  it("repeats the key for each value of a list, and writes booleans as text", () => {
    expect(buildQuery({ type: ["A", "AAAA"], exact: true, none: [] })).toBe("?type=A&type=AAAA&exact=true");
    expect(buildQuery(undefined)).toBe("");
  });
});
