import {
  canonicalDomainName,
  canonicalDomainRef,
  domainNameProblem,
  unicodeDomainName,
} from "./domain-names";

describe("domain names", () => {
  it.each([
    ["Example.COM.", "example.com", "example.com"],
    ["exämple.com", "xn--exmple-cua.com", "exämple.com"],
    ["xn--exmple-cua.com", "xn--exmple-cua.com", "exämple.com"],
  ])(
    "treats case, a trailing dot and unicode vs punycode as the same name: %s is %s, in unicode %s",
    (typed, canonical, unicode) => {
      expect(canonicalDomainName(typed)).toBe(canonical);
      expect(unicodeDomainName(canonical)).toBe(unicode);
    },
  );

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
  it.each([
    [42, "42"],
    ["42", "42"],
    ["Example.COM1.", "example.com1"],
  ])("keeps an id as its digits and makes a name canonical: %j is %s", (ref, path) => {
    expect(canonicalDomainRef(ref)).toBe(path);
  });
});
