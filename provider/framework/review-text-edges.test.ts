/**
 * More of the review's words (framework/review-text.ts): a delete never turns renewals on, and a
 * record's name loses only a trailing dot before it is told to be the apex or not.
 */
import type { Change } from "./definition";
import { domainOrderBuys, fqdn, isApex, renewalsTurnedOn } from "./review-text";

/** A change of a domain order, with the inputs it is handed before and after. */
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

describe("renewals a change turns on", () => {
  it("are none for a delete, whatever inputs it is handed after it", () => {
    // Only an order or an update turns renewals on: a delete buys nothing, even with renewals
    // off before and on in the inputs beside it.
    const deleted = change("delete", { autoRenew: false }, { autoRenew: true });
    expect(renewalsTurnedOn(deleted)).toBe(false);
    expect(domainOrderBuys(deleted, "registration")).toEqual([]);
    // The same inputs on an update do turn them on.
    expect(renewalsTurnedOn(change("update", { autoRenew: false }, { autoRenew: true }))).toBe(true);
  });
});

describe("a record's name with a dot", () => {
  it("drops only a trailing dot: a dot before the `@` keeps it from being the apex", () => {
    expect([".@", "@.", "."].map(isApex)).toEqual([false, true, true]);
    expect(fqdn({ name: ".@", zoneName: "example.com" })).toBe(".@.example.com");
  });
});
