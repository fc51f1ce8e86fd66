/**
 * Properties of name and content normalisation, for any input rather than a few examples: what
 * the service rewrites (case, a trailing dot, punycode, quotes around TXT data) never shows as a
 * difference, and what it keeps does.
 */
import fc from "fast-check";
import { domainToASCII } from "node:url";
import {
  canonicalDomainName,
  canonicalDomainRef,
  domainNameProblem,
  unicodeDomainName,
} from "../dns/domain-names";
import { canonicalContent, canonicalRecordName } from "./zone-record";

const runs = { seed: 18, numRuns: 300 };

const asciiLabel = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/);
const unicodeLabel = fc
  .array(fc.constantFrom(..."abcxyzäöüéñøßåçπж字"), { minLength: 1, maxLength: 12 })
  .map((chars) => chars.join(""));
const label = fc.oneof(asciiLabel, unicodeLabel);
const tld = fc.stringMatching(/^[a-z]{2,6}$/);
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
  .map(([ls, t]) => [...ls, t].join("."));

/**
 * Upper-cases some letters, as a person typing the name might; only letters whose capital is one
 * letter that comes back (`ß` capitalises to `SS`, which is another name).
 */
const recase = (text: string, mask: boolean[]) =>
  [...text]
    .map((c, i) =>
      mask[i % Math.max(1, mask.length)] && c.toUpperCase().toLowerCase() === c ? c.toUpperCase() : c,
    )
    .join("");

describe("domain names, for any name", () => {
  it("are canonical once: normalising twice changes nothing", () => {
    fc.assert(
      fc.property(domain, (name) => {
        const once = canonicalDomainName(name);
        expect(canonicalDomainName(once)).toBe(once);
      }),
      runs,
    );
  });

  it("ignore case, surrounding spaces and one trailing dot", () => {
    fc.assert(
      fc.property(domain, fc.array(fc.boolean()), fc.boolean(), (name, mask, dot) => {
        const typed = ` ${recase(name, mask)}${dot ? "." : ""} `;
        expect(canonicalDomainName(typed)).toBe(canonicalDomainName(name));
      }),
      runs,
    );
  });

  it("are the same in unicode and in punycode, and canonical in lower-case punycode", () => {
    fc.assert(
      fc.property(domain, (name) => {
        const canonical = canonicalDomainName(name);
        expect(canonical).toBe(domainToASCII(name));
        expect(canonical).toMatch(/^[a-z0-9.-]+$/);
        expect(canonicalDomainName(unicodeDomainName(name))).toBe(canonical);
        expect(unicodeDomainName(canonical)).toBe(unicodeDomainName(name));
      }),
      runs,
    );
  });

  it("are valid as declared in any of those spellings", () => {
    fc.assert(
      fc.property(domain, fc.array(fc.boolean()), fc.boolean(), (name, mask, dot) => {
        const typed = `${recase(name, mask)}${dot ? "." : ""}`;
        expect(domainNameProblem(typed)).toBeUndefined();
        expect(domainNameProblem(canonicalDomainName(typed))).toBeUndefined();
      }),
      runs,
    );
  });

  it("are refused with anything a URL would read as a path, query, user or port", () => {
    fc.assert(
      fc.property(domain, fc.constantFrom("/", "?", "#", "@", ":", "%", "\\", " ", "_"), (name, bad) => {
        expect(domainNameProblem(name.replace(".", `${bad}.`))).toMatch(/cannot have/);
      }),
      runs,
    );
  });

  it("keep ids as ids and canonicalise names, as paths take both", () => {
    fc.assert(
      fc.property(fc.nat(), domain, (id, name) => {
        expect(canonicalDomainRef(id)).toBe(String(id));
        expect(canonicalDomainRef(String(id))).toBe(String(id));
        expect(canonicalDomainRef(recase(name, [true]))).toBe(canonicalDomainName(name));
      }),
      runs,
    );
  });
});

describe("domain names, by example", () => {
  it("keeps a name it cannot convert as typed, in lower case", () => {
    expect(canonicalDomainName("A..B")).toBe("a..b");
    expect(unicodeDomainName("a..b")).toBe("a..b");
    expect(canonicalDomainName(" XN--A.com. ")).toBe("xn--a.com");
    expect(unicodeDomainName("XN--A.com")).toBe("XN--A.com");
  });

  it("drops only one trailing dot", () => {
    expect(canonicalDomainName("example.com..")).toBe("example.com.");
    expect(canonicalDomainRef("Example.com.")).toBe("example.com");
  });

  it.each([
    ["   ", "must not be empty"],
    ["example.com ", "must not have leading or trailing spaces"],
    ["xn--a.com", '"xn--a.com" is not a valid domain name'],
    ["a..com", '"a..com" has an invalid label ""'],
    ["example", '"example" is not a fully qualified domain name (expected e.g. example.com)'],
    ["-a.com", '"-a.com" has an invalid label "-a"'],
    ["a-.com", '"a-.com" has an invalid label "a-"'],
    ["192.0.2.1", '"192.0.2.1" has a numeric top-level domain'],
    ["example.42", '"example.42" is not a valid domain name'],
    ["a_b.com", '"a_b.com" holds a character a domain name cannot have: "_"'],
  ])("says what is wrong with the name %j: %s", (name, problem) => {
    expect(domainNameProblem(name)).toBe(problem);
  });

  it("takes a top-level domain of digits and letters", () => {
    expect(domainNameProblem("example.4a")).toBeUndefined();
  });

  it("takes names up to 253 characters and no longer", () => {
    const name = (length: number) =>
      `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.`.padEnd(length - 4, "d") + ".com";
    expect(name(253)).toHaveLength(253);
    expect(domainNameProblem(name(253))).toBeUndefined();
    expect(domainNameProblem(name(254))).toBe("must be at most 253 characters");
    expect(domainNameProblem(`${"a".repeat(63)}.com`)).toBeUndefined();
  });
});

describe("record names, for any name", () => {
  it("are relative, lower case, without a trailing dot, and @ is the apex", () => {
    fc.assert(
      fc.property(
        fc.array(asciiLabel, { maxLength: 3 }),
        fc.array(fc.boolean()),
        fc.boolean(),
        (ls, mask, dot) => {
          const name = ls.join(".");
          const typed = ` ${recase(name, mask)}${dot && name !== "" ? "." : ""}`;
          const canonical = canonicalRecordName(typed);
          expect(canonical).toBe(name);
          expect(canonicalRecordName(canonical)).toBe(canonical);
        },
      ),
      runs,
    );
    expect(canonicalRecordName("@")).toBe("");
    expect(canonicalRecordName(" @. ")).toBe("");
  });
});

describe("record content, for any content", () => {
  const hostTypes = ["CNAME", "ALIAS", "NS", "PTR", "MX", "POOL"];
  const text = fc.string({ maxLength: 40 });

  it("is canonical once, for every type", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...hostTypes, "TXT", "SPF", "A", "AAAA", "CAA", "SRV"),
        text,
        (type, content) => {
          const once = canonicalContent(type, content);
          if (type === "TXT" || type === "SPF") return; // unquoting is once by design: "\"a\"" stays quoted data
          expect(canonicalContent(type, once)).toBe(once);
        },
      ),
      runs,
    );
  });

  it("of host names ignores case, spaces around and a trailing dot, whatever the type's case", () => {
    fc.assert(
      fc.property(fc.constantFrom(...hostTypes), domain, fc.array(fc.boolean()), (type, host, mask) => {
        const ascii = canonicalDomainName(host);
        expect(canonicalContent(type.toLowerCase(), ` ${recase(ascii, mask)}. `)).toBe(ascii);
      }),
      runs,
    );
  });

  it("of TXT and SPF is the same quoted or not, and keeps its case and inner spaces", () => {
    // Without backslashes: how the service escapes one inside quotes is not recorded anywhere.
    const txt = fc.string({ maxLength: 60 }).filter((s) => s.trim() === s && !s.includes("\\"));
    fc.assert(
      fc.property(fc.constantFrom("TXT", "SPF", "txt"), txt, (type, data) => {
        const quoted = `"${data.replace(/"/g, '\\"')}"`;
        expect(canonicalContent(type, quoted)).toBe(canonicalContent(type, data));
        if (!/^".*"$/.test(data)) expect(canonicalContent(type, data)).toBe(data);
      }),
      runs,
    );
    expect(canonicalContent("TXT", '"a" "b"')).toBe('"a" "b"');
    expect(canonicalContent("TXT", ' "v=spf1 -all" ')).toBe("v=spf1 -all");
  });

  it.each([
    ["AAAA", " 2001:DB8::1 ", "2001:db8::1"],
    ["A", " 192.0.2.1 ", "192.0.2.1"],
    ["CAA", ' 0 issue "LetsEncrypt.org" ', '0 issue "LetsEncrypt.org"'],
    ["SRV", "0 5 5060 Sip.Example.com.", "0 5 5060 Sip.Example.com."],
  ])(
    "of AAAA ignores case; of A and other types only surrounding spaces: %s %j",
    (type, content, canonical) => {
      expect(canonicalContent(type, content)).toBe(canonical);
    },
  );
});
