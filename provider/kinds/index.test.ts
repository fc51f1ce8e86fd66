/** Serving the kinds: one lifecycle per kind, whichever adapter serves it. */
import { lifecycleFor } from "./index";
import { providerFor } from "../dynamic";

describe("a kind's lifecycle", () => {
  it("is made once per kind, and the dynamic provider serves that one", () => {
    expect(lifecycleFor("Webhook")).toBe(lifecycleFor("Webhook"));
    expect(lifecycleFor("Webhook").kind).toBe("Webhook");
    expect(lifecycleFor("Zone")).not.toBe(lifecycleFor("Webhook"));
    expect(providerFor("Webhook")).toBe(providerFor("Webhook"));
  });

  it("names a kind the installed package does not have, and what to do", () => {
    for (const kind of ["NoSuchKind", "toString"]) {
      expect(() => lifecycleFor(kind)).toThrow(
        `pulumi-dnsimple-dynamic has no resource kind "${kind}": the installed package is older than the one ` +
          `that created this resource; install a matching version of pulumi-dnsimple-dynamic`,
      );
      expect(() => providerFor(kind)).toThrow(`no resource kind "${kind}"`);
    }
  });
});
