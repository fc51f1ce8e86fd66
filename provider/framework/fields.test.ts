/**
 * The value kinds inputs are made of: what each accepts, and the reason a person reads when a
 * value is refused.
 */
import { z } from "zod";
import {
  domainName,
  domainRef,
  emailAddress,
  httpsUrl,
  ipAddress,
  nonEmptyString,
  numericId,
  port,
  rewriteOf,
} from "./fields";

/** The value as parsed, or the reasons it was refused. */
function parse(schema: z.ZodType, value: unknown): { ok: unknown } | { reasons: string[] } {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : { reasons: result.error.issues.map((i) => i.message) };
}

describe("domainName", () => {
  it("accepts a domain name and says what is wrong with anything else", () => {
    expect(parse(domainName(), "Exämple.com.")).toEqual({ ok: "Exämple.com." });
    expect(parse(domainName(), "localhost")).toEqual({
      reasons: [
        'must be a valid domain name: "localhost" is not a fully qualified domain name (expected e.g. example.com)',
      ],
    });
  });
});

describe("nonEmptyString", () => {
  it("refuses blank text, naming the value", () => {
    expect(parse(nonEmptyString("city"), " x ")).toEqual({ ok: " x " });
    expect(parse(nonEmptyString("city"), "  ")).toEqual({ reasons: ["city must not be empty"] });
    expect(parse(nonEmptyString(), "")).toEqual({ reasons: ["value must not be empty"] });
  });
});

describe("emailAddress", () => {
  it.each(["someone@example.com", "a.b+c@sub.example.org"])("accepts %s", (address) => {
    expect(parse(emailAddress(), address)).toEqual({ ok: address });
  });
  it.each([
    "someone",
    "someone@example",
    "some one@example.com",
    "@example.com",
    "a@b@c.com",
    "x someone@example.com y",
  ])("refuses %j", (address) => {
    expect(parse(emailAddress(), address)).toEqual({
      reasons: ["must be an e-mail address such as someone@example.com"],
    });
  });
});

describe("httpsUrl", () => {
  it("accepts an https URL", () => {
    expect(parse(httpsUrl(), "https://hooks.example.com/a?b=1")).toEqual({
      ok: "https://hooks.example.com/a?b=1",
    });
  });

  it("refuses what is not a URL without repeating credentials in it", () => {
    expect(parse(httpsUrl(), "hooks.example.com")).toEqual({ reasons: ['"hooks.example.com" is not a URL'] });
    expect(parse(httpsUrl(), "//user:secret@x y")).toEqual({ reasons: ['"//…@x y" is not a URL'] });
  });

  it("refuses credentials in the URL, which would be kept in state in clear", () => {
    for (const url of [
      "https://user:secret@hooks.example.com/",
      "https://user@hooks.example.com/",
      "https://:pw@hooks.example.com/",
    ]) {
      const result = parse(httpsUrl(), url);
      expect(result).toEqual({
        reasons: [expect.stringMatching(/^must not contain credentials \(user:password@\)/)],
      });
    }
  });

  it("refuses plain http, naming the protocol", () => {
    expect(parse(httpsUrl(), "http://hooks.example.com/")).toEqual({
      reasons: ["must use https (the service only delivers to HTTPS URLs), got http:"],
    });
  });
});

describe("ipAddress", () => {
  it("accepts IPv4 and IPv6 and nothing else", () => {
    expect(parse(ipAddress(), "192.0.2.1")).toEqual({ ok: "192.0.2.1" });
    expect(parse(ipAddress(), "2001:db8::1")).toEqual({ ok: "2001:db8::1" });
    expect(parse(ipAddress(), "192.0.2.256")).toEqual({ reasons: ["must be an IPv4 or IPv6 address"] });
  });
});

describe("port", () => {
  it("accepts 1 to 65535", () => {
    expect(parse(port(), 1)).toEqual({ ok: 1 });
    expect(parse(port(), 65535)).toEqual({ ok: 65535 });
  });
  it.each([
    [0, "must be between 1 and 65535"],
    [65536, "must be between 1 and 65535"],
    [53.5, "must be a whole number"],
    ["53", "must be a number"],
  ])("refuses %j: %s", (value, reason) => {
    expect(parse(port(), value)).toEqual({ reasons: [reason] });
  });
});

describe("domainRef", () => {
  it("takes a positive id or a domain name, and says which when it is neither", () => {
    expect(parse(domainRef(), 12)).toEqual({ ok: 12 });
    expect(parse(domainRef(), "example.com")).toEqual({ ok: "example.com" });
    expect(parse(domainRef(), 0)).toEqual({ reasons: ["Too small: expected number to be >0"] });
    for (const value of [1.5, true]) {
      expect(parse(domainRef(), value)).toEqual({
        reasons: ["must be a domain name or a numeric domain id"],
      });
    }
    expect(parse(domainRef(), "")).toEqual({ reasons: ["must be a valid domain name: must not be empty"] });
  });
});

describe("numericId", () => {
  it("keeps ids given as numbers or digits as text", () => {
    expect(parse(numericId("pushId"), 7)).toEqual({ ok: "7" });
    expect(parse(numericId("pushId"), "007")).toEqual({ ok: "007" });
  });

  it("refuses anything else", () => {
    for (const value of [2.5, true, null]) {
      expect(parse(numericId("pushId"), value)).toEqual({ reasons: ["pushId must be a numeric id"] });
    }
    expect(parse(numericId("pushId"), -3)).toEqual({ reasons: ["Too small: expected number to be >0"] });
    expect(parse(numericId("pushId"), "7a")).toEqual({ reasons: [expect.stringMatching(/pattern/)] });
  });
});

describe("value kinds, to the last character", () => {
  it("refuses an e-mail address with anything after it, and an id with anything before it", () => {
    expect(parse(emailAddress(), "someone@example.com extra")).toEqual({
      reasons: ["must be an e-mail address such as someone@example.com"],
    });
    expect(parse(numericId("pushId"), "a7")).toEqual({ reasons: [expect.stringMatching(/pattern/)] });
  });

  it("says how to authenticate a receiver without credentials in the URL", () => {
    expect(parse(httpsUrl(), "https://u:p@hooks.example.com/")).toEqual({
      reasons: [
        "must not contain credentials (user:password@): they would be stored in the stack in clear; " +
          "authenticate the receiver another way, e.g. a secret path segment passed as a Pulumi secret",
      ],
    });
  });
});

describe("rewriteOf: how the service rewrites a value of a field's kind", () => {
  it("lower-cases a domain name, drops its trailing dot and spells it in ASCII", () => {
    const rewrite = rewriteOf(domainName())!;
    expect(rewrite.normalize("Example.COM.")).toBe("example.com");
    expect(rewrite.normalize("Bücher.example")).toBe("xn--bcher-kva.example");
    expect(rewrite.normalize(rewrite.respelled("example.com"))).toBe("example.com");
    expect(rewrite.respelled("example.com")).toBe("EXAMPLE.COM.");
  });

  it("keeps a domain's numeric id, and rewrites its name as a domain name", () => {
    const rewrite = rewriteOf(domainRef())!;
    expect(rewrite.normalize(42)).toBe("42");
    expect(rewrite.normalize("EXAMPLE.com.")).toBe("example.com");
    expect(rewrite.respelled(42)).toBe("42");
    expect(rewrite.respelled("example.com")).toBe("EXAMPLE.COM.");
  });

  it("holds a numeric id as text, given as a number or a string", () => {
    const rewrite = rewriteOf(numericId("contactId"))!;
    expect(rewrite.normalize(7)).toBe("7");
    expect(rewrite.normalize(rewrite.respelled("7"))).toBe("7");
    expect(rewrite.respelled("7")).toBe(7);
  });

  it("is found through a description, optional and nullable", () => {
    expect(rewriteOf(domainName().describe("The zone.").optional().nullable())?.normalize("A.com.")).toBe(
      "a.com",
    );
    expect(rewriteOf(numericId("id").optional().describe("An id."))?.normalize(3)).toBe("3");
  });

  it("is undefined for a field the service keeps as written", () => {
    expect(rewriteOf(z.string())).toBeUndefined();
    expect(rewriteOf(emailAddress())).toBeUndefined();
    expect(rewriteOf(z.array(domainName()))).toBeUndefined();
  });
});
