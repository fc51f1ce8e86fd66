import { domainResource } from "./domain";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";

const provider = toDynamicProvider(domainResource);
const state = { name: "example.com", domainId: 5, accountId: "1", state: "hosted", __provider: "old code" };

useAccount("1");

describe("Domain check", () => {
  it("fails on an invalid name, naming the property", async () => {
    const result = await provider.check!({}, { name: "not a domain" });
    expect(result.failures).toEqual([
      { property: "name", reason: expect.stringMatching(/valid domain name/) },
    ]);
  });

  it("accepts an unknown name during preview", async () => {
    expect((await provider.check!({}, { name: UNKNOWN })).failures).toEqual([]);
  });
});

describe("Domain diff", () => {
  it("reports no change when only the provider code differs", async () => {
    expect(await provider.diff!("5", state, { name: "example.com", __provider: "new code" })).toEqual({
      changes: false,
    });
  });

  it("ignores what the service rewrites: case and a trailing dot", async () => {
    expect((await provider.diff!("5", state, { name: "Example.COM." })).changes).toBe(false);
  });

  it("replaces the domain when the name changes", async () => {
    expect(await provider.diff!("5", state, { name: "other.com" })).toEqual({
      changes: true,
      replaces: ["name"],
      deleteBeforeReplace: false,
    });
  });

  it("replaces when the name is not known yet", async () => {
    expect((await provider.diff!("5", state, { name: UNKNOWN })).replaces).toEqual(["name"]);
  });

  it("updates in place when only allowDeleteRegistered changes", async () => {
    expect(await provider.diff!("5", state, { name: "example.com", allowDeleteRegistered: true })).toEqual({
      changes: true,
    });
  });

  it("replaces when the resource moves to another account", async () => {
    expect((await provider.diff!("5", state, { name: "example.com", account: "2" })).replaces).toEqual([
      "account",
    ]);
  });
});
