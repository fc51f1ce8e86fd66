import {
  canonicalDomainName,
  canonicalDomainRef,
  domainNameProblem,
  unicodeDomainName,
} from "./domain-names";

describe("domain names", () => {
  it("treats case, a trailing dot and unicode vs punycode as the same name", () => {
    expect(canonicalDomainName("Example.COM.")).toBe("example.com");
    expect(canonicalDomainName("exämple.com")).toBe("xn--exmple-cua.com");
    expect(canonicalDomainName("xn--exmple-cua.com")).toBe("xn--exmple-cua.com");
    expect(unicodeDomainName("xn--exmple-cua.com")).toBe("exämple.com");
  });

  it.each([
    ["example.com", undefined],
    ["sub.example.co.uk", undefined],
    ["exämple.com", undefined],
    ["example.com.", undefined],
    // Only a top-level domain of digits alone is refused.
    ["example.a1", undefined],
  ])("accepts %s", (name, problem) => {
    expect(domainNameProblem(name)).toBe(problem);
  });

  it.each([
    ["", /empty/],
    ["localhost", /fully qualified/],
    ["-bad.com", /invalid label/],
    ["bad_.com", /cannot have: "_"/],
    ["a.com/../../1/domains", /cannot have: "\/"/],
    ["a.com?x=1", /cannot have: "\?"/],
    ["a.com#x", /cannot have: "#"/],
    ["user@a.com", /cannot have: "@"/],
    ["a..com", /invalid|not a valid/],
    [" example.com", /spaces/],
    ["example.123", /numeric top-level|not a valid/],
    ["192.0.2.10", /numeric top-level/],
    [`${"a".repeat(64)}.com`, /invalid label/],
  ])("rejects %j", (name, reason) => {
    expect(domainNameProblem(name)).toMatch(reason);
  });
});

describe("domain references (a name or a numeric id)", () => {
  it("keeps an id as its digits and makes a name canonical", () => {
    expect(canonicalDomainRef(42)).toBe("42");
    expect(canonicalDomainRef("42")).toBe("42");
    expect(canonicalDomainRef("Example.COM1.")).toBe("example.com1");
  });
});
