import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { useAccount } from "../../test/kinds-support";
import { platformMessageResource } from "./platform-message";
import { platformMetadataResource } from "./platform-metadata";

const message = toDynamicProvider(platformMessageResource);
const metadata = toDynamicProvider(platformMetadataResource);

useAccount("1");

describe("PlatformMessage", () => {
  it("check names resource, url and expiresAt", async () => {
    const { failures } = await message.check!({}, { resource: "zone:1", url: "nope", expiresAt: "someday" });
    expect((failures ?? []).map((f) => f.property).sort()).toEqual(["expiresAt", "resource", "url"]);
  });

  it("diff: the service's textual time is the same instant; text changes in place; resource replaces", async () => {
    const state = {
      resource: "domain:1",
      title: "Hi",
      message: "",
      url: "",
      expiresAt: "Wed, 01 Jan 2031 00:00:00.000000000 UTC +00:00",
      accountId: "1",
    };
    const program = { resource: "domain:1", title: "Hi", expiresAt: "2031-01-01T00:00:00Z" };
    expect(await message.diff!("1", state, program)).toEqual({ changes: false });
    expect(await message.diff!("1", state, { ...program, title: "Hello" })).toEqual({ changes: true });
    expect((await message.diff!("1", state, { ...program, resource: "domain:2" })).replaces).toEqual([
      "resource",
    ]);
  });
});

describe("PlatformMetadata", () => {
  it("a new value on the same key is an update, another key a replacement", async () => {
    const state = { resource: "domain:1", key: "team", value: "a", metadataId: 4, accountId: "1" };
    expect(await metadata.diff!("4", state, { ...state, value: "b" })).toEqual({ changes: true });
    expect((await metadata.diff!("4", state, { ...state, key: "owner" })).replaces).toEqual(["key"]);
    expect((await metadata.check!({}, { resource: "domain:x", key: "", value: "v" })).failures?.length).toBe(
      2,
    );
  });
});
