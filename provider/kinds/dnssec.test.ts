import { dnssecResource } from "./dnssec";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";

const provider = toDynamicProvider(dnssecResource);
const state = { domain: "example.com", enabled: true, accountId: "1" };

useAccount("1");

describe("Dnssec", () => {
  it("check names the domain property", async () => {
    expect((await provider.check!({}, { domain: "bad domain" })).failures).toEqual([
      { property: "domain", reason: expect.any(String) },
    ]);
    expect((await provider.check!({}, { domain: UNKNOWN })).failures).toEqual([]);
  });

  it("diff ignores case and a trailing dot, replaces on another domain", async () => {
    expect(await provider.diff!("example.com", state, { domain: "EXAMPLE.com." })).toEqual({
      changes: false,
    });
    expect((await provider.diff!("example.com", state, { domain: "other.com" })).replaces).toEqual([
      "domain",
    ]);
  });
});
