/**
 * The words of a review entry: a value as text for a label (nothing for nothing, unknown values
 * and other resources' outputs named, secrets never shown), URLs without what may be secret, and
 * e-mail addresses without their local part; what a change orders (a delete never turns renewals
 * on); a record's name (only a trailing dot is dropped before it is told to be the apex or not).
 */
import type { Change } from "./definition";
import {
  domainOrderBuys,
  fqdn,
  isApex,
  maskEmail,
  maskUrl,
  orders,
  renewalsTurnedOn,
  SECRET_SIG,
  str,
  TRANSFER_OUT_EFFECT,
  UNKNOWN,
  zoneReplaced,
} from "./review-text";

describe("a value as label text", () => {
  it("is empty for a missing value", () => {
    expect(str(undefined)).toBe("");
    expect(str(null)).toBe("");
  });

  it("is the value itself for text, numbers and booleans", () => {
    expect(str("www")).toBe("www");
    expect(str(3600)).toBe("3600");
    expect(str(0)).toBe("0");
    expect(str(false)).toBe("false");
  });

  it("names a value known only after up instead of showing the preview's sentinel", () => {
    expect(str(UNKNOWN)).toBe("(known after up)");
  });

  it("never shows a secret, whatever it holds", () => {
    expect(str({ [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270", plaintext: '"hunter2"' })).toBe(
      "[secret]",
    );
    expect(str({ [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270", $from: "token" })).toBe("[secret]");
  });

  it("recognises a secret by Pulumi's signature key", () => {
    // Loaded inside the test, as the review loads it (so that mutation testing credits the key's
    // declaration to this test).
    let fresh!: typeof import("./review-text");
    jest.isolateModules(() => {
      fresh = require("./review-text");
    });
    expect(fresh.str({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" })).toBe(
      "[secret]",
    );
    expect(fresh.str({ "": "not a signature" })).toBe("(object)");
  });

  it("names the resource an output comes from", () => {
    expect(str({ $from: "zone1" })).toBe("(from zone1)");
  });

  it("lists the items of an array, each as label text", () => {
    expect(str(["a", 2, UNKNOWN, { $from: "r1" }])).toBe("a, 2, (known after up), (from r1)");
    expect(str([])).toBe("");
  });

  it("says only that there is an object when it is no secret and comes from no resource", () => {
    expect(str({ name: "www", ttl: 60 })).toBe("(object)");
    expect(str({ $from: 42 })).toBe("(object)");
  });
});

describe("a URL in a review", () => {
  it.each([
    [
      "user info, path and query",
      "https://user:pw@hooks.example.com/T0/B0/secret?x=1",
      "https://hooks.example.com/…",
    ],
    ["a path after a port", "https://hooks.example.com:8443/hook", "https://hooks.example.com:8443/…"],
    ["a query after no path", "https://hooks.example.com/?token=abc", "https://hooks.example.com/…"],
    ["a query after the host", "https://hooks.example.com?token=abc", "https://hooks.example.com/…"],
    ["nothing after the host but /", "https://hooks.example.com/", "https://hooks.example.com"],
    ["nothing after the host", "https://hooks.example.com", "https://hooks.example.com"],
  ])("keeps the scheme, host and port, and hides %s behind one ellipsis (if any)", (_what, url, shown) => {
    expect(maskUrl(url)).toBe(shown);
  });

  it("is not shown when it is not a URL, and is empty when there is none", () => {
    expect(maskUrl("hooks.example.com/secret")).toBe("(not a URL)");
    expect(maskUrl(undefined)).toBe("");
  });

  it("is not shown for a value known only after up, nor for a secret", () => {
    expect(maskUrl(UNKNOWN)).toBe("(not a URL)");
    expect(
      maskUrl({ [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270", plaintext: '"https://x.test/s"' }),
    ).toBe("(not a URL)");
  });
});

describe("an e-mail address in a review", () => {
  it.each([
    ["an address", "someone@example.org", "•••@example.org"],
    ["an @ in the local part", '"a@b"@example.org', "•••@example.org"],
    ["an empty local part", "@example.org", "•••@example.org"],
    ["no @", "someone", "•••"],
    ["no address", undefined, "•••"],
  ])("hides the local part and keeps the domain from the last @ on: %s", (_what, address, shown) => {
    expect(maskEmail(address)).toBe(shown);
  });
});

describe("the effect of a transfer out", () => {
  it("is an ownership risk", () => {
    expect(TRANSFER_OUT_EFFECT.tag).toBe("ownership");
  });

  it("says which domain gets unlocked and that its authorization code lets anyone move it", () => {
    const text = TRANSFER_OUT_EFFECT.text("`example.com`");
    expect(text).toMatch(/^Unlocks `example\.com` /);
    expect(text).toContain("authorization code");
    expect(text).toContain("another registrar");
  });
});

/**
 * A change of one resource as the review reads it from a preview. The helpers read its operation,
 * zone and properties, never its kind: the kind is one no definition has.
 */
function change(op: Change["op"], before?: Record<string, unknown>, after?: Record<string, unknown>): Change {
  return {
    kind: "SomeOrder",
    name: "reg",
    urn: "urn:pulumi:dev::site::dnsimple:index:SomeOrder::reg",
    op,
    account: "1",
    zone: "example.com",
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
    changed: [],
    replaceReasons: [],
    deleteFirst: false,
  };
}

describe("what a change orders", () => {
  it("is an order for a create and a replacement, not for an update or a delete", () => {
    expect(["create", "replace", "update", "delete"].map((op) => orders(change(op as Change["op"])))).toEqual(
      [true, true, false, false],
    );
  });

  it("turns renewals on when an order has them on, or an update switches them on", () => {
    const on = { autoRenew: true };
    const off = { autoRenew: false };
    expect(renewalsTurnedOn(change("create", undefined, on))).toBe(true);
    expect(renewalsTurnedOn(change("replace", on, on))).toBe(true);
    expect(renewalsTurnedOn(change("update", off, on))).toBe(true);
    expect(renewalsTurnedOn(change("update", {}, on))).toBe(true);
    // Already on, or off: nothing new is bought.
    expect(renewalsTurnedOn(change("update", on, on))).toBe(false);
    expect(renewalsTurnedOn(change("create", undefined, off))).toBe(false);
    expect(renewalsTurnedOn(change("create", undefined, {}))).toBe(false);
    expect(renewalsTurnedOn(change("delete", on))).toBe(false);
  });

  it("buys a domain order's own purchase when it orders, and renewals when they turn on", () => {
    const on = { autoRenew: true };
    const off = { autoRenew: false };
    expect(domainOrderBuys(change("create", undefined, on), "registration")).toEqual([
      "registration",
      "renewal",
    ]);
    expect(domainOrderBuys(change("create", undefined, off), "transfer")).toEqual(["transfer"]);
    expect(domainOrderBuys(change("update", off, on), "transfer")).toEqual(["renewal"]);
    expect(domainOrderBuys(change("update", on, on), "registration")).toEqual([]);
  });

  it("turns no renewals on for a delete, whatever inputs it is handed after it", () => {
    // Only an order or an update turns renewals on: a delete buys nothing, even with renewals
    // off before and on in the inputs beside it.
    const deleted = change("delete", { autoRenew: false }, { autoRenew: true });
    expect(renewalsTurnedOn(deleted)).toBe(false);
    expect(domainOrderBuys(deleted, "registration")).toEqual([]);
    // The same inputs on an update do turn them on.
    expect(renewalsTurnedOn(change("update", { autoRenew: false }, { autoRenew: true }))).toBe(true);
  });
});

describe("a record's name", () => {
  it("is the apex when empty, `@` or a lone dot, spaces and a trailing dot aside", () => {
    expect(["", ".", "@", " @ ", "@.", undefined].map(isApex)).toEqual([true, true, true, true, true, true]);
    expect(["www", "www.", "@@", "a.@"].map(isApex)).toEqual([false, false, false, false]);
  });

  it("makes the full name in lower case, the zone alone for the apex", () => {
    expect(fqdn({ name: "WWW", zoneName: "Example.COM." })).toBe("www.example.com");
    expect(fqdn({ name: "@", zoneName: "example.com" })).toBe("example.com");
    expect(fqdn({ name: "", zoneName: "example.com." })).toBe("example.com");
    expect(fqdn({ name: "mail" })).toBe("mail.(new zone)");
  });

  it("drops only a trailing dot: a dot before the `@` keeps it from being the apex", () => {
    expect([".@", "@.", "."].map(isApex)).toEqual([false, true, true]);
    expect(fqdn({ name: ".@", zoneName: "example.com" })).toBe(".@.example.com");
  });
});

describe("a zone replaced", () => {
  it("is a replace risk naming the new zone and the old one, deleted with its records", () => {
    const say = { code: (text: string) => `<${text}>`, value: () => "" };
    expect(zoneReplaced(change("replace", { name: "old.com" }, { name: "new.com" }), say)).toEqual([
      "replace",
      "A new zone <new.com> is created and <old.com> is deleted with every record in it.",
    ]);
  });
});
