import { dsRecordResource } from "./ds-record";
import { emailForwardResource } from "./email-forward";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";
import { primaryServerResource } from "./primary-server";
import { secondaryZoneResource } from "./secondary-zone";
import { webhookResource } from "./webhook";

useAccount("1");

const DIGEST = "1f987cc6583e92df0890718c42fd5e2d7d56d1e1e2bcd1f3d8e3a6b4c3d2e1f0";
const properties = (result: { failures?: ReadonlyArray<{ property: string }> }) =>
  (result.failures ?? []).map((f) => f.property).sort();

describe("DsRecord", () => {
  const provider = toDynamicProvider(dsRecordResource);
  const valid = { domain: "example.com", algorithm: "13", digestType: "2", keytag: "2371", digest: DIGEST };

  it("accepts DS data and normalises numbers to strings", async () => {
    const result = await provider.check!({}, { ...valid, algorithm: 13, keytag: 2371 });
    expect(result.failures).toEqual([]);
    expect(result.inputs).toMatchObject({ algorithm: "13", keytag: "2371" });
  });

  it("names each bad field", async () => {
    expect(properties(await provider.check!({}, { ...valid, algorithm: "99" }))).toEqual(["algorithm"]);
    expect(properties(await provider.check!({}, { ...valid, digest: "xyz" }))).toEqual(["digest"]);
    expect(properties(await provider.check!({}, { ...valid, keytag: "70000" }))).toEqual(["keytag"]);
    expect(properties(await provider.check!({}, { ...valid, digestType: "9" }))).toEqual(["digestType"]);
  });

  it("checks the digest length against its type", async () => {
    const result = await provider.check!({}, { ...valid, digest: "abcd" });
    expect(result.failures).toEqual([
      { property: "digest", reason: expect.stringMatching(/64 hex digits, got 4/) },
    ]);
  });

  it("needs DS data or a public key", async () => {
    expect(properties(await provider.check!({}, { domain: "example.com", algorithm: "13" }))).toEqual([
      "digest",
    ]);
    expect(
      (await provider.check!({}, { domain: "example.com", algorithm: "13", publicKey: "AwEAAa" })).failures,
    ).toEqual([]);
  });

  it("replaces on any change but ignores the digest's case", async () => {
    const state = { ...valid, dsRecordId: 1, accountId: "1" };
    expect((await provider.diff!("1", state, { ...valid, digest: DIGEST.toUpperCase() })).changes).toBe(
      false,
    );
    expect((await provider.diff!("1", state, { ...valid, keytag: "1" })).replaces).toEqual(["keytag"]);
  });
});

describe("EmailForward", () => {
  const provider = toDynamicProvider(emailForwardResource);
  const valid = { domain: "example.com", aliasName: "sales", destinationEmail: "team@example.org" };

  it("rejects a full address as the alias and a malformed destination", async () => {
    expect(properties(await provider.check!({}, { ...valid, aliasName: "sales@example.com" }))).toEqual([
      "aliasName",
    ]);
    expect(properties(await provider.check!({}, { ...valid, destinationEmail: "nobody" }))).toEqual([
      "destinationEmail",
    ]);
  });

  it("treats case differences as no change and a new destination as a replacement", async () => {
    const state = { ...valid, emailForwardId: 3, aliasEmail: "sales@example.com", accountId: "1" };
    expect(
      (await provider.diff!("3", state, { ...valid, aliasName: "Sales", domain: "Example.com" })).changes,
    ).toBe(false);
    expect(
      (await provider.diff!("3", state, { ...valid, destinationEmail: "x@example.org" })).replaces,
    ).toEqual(["destinationEmail"]);
  });

  it("replaces when the domain is not known during preview", async () => {
    const state = { ...valid, accountId: "1" };
    expect((await provider.diff!("3", state, { ...valid, domain: UNKNOWN })).replaces).toEqual(["domain"]);
  });
});

describe("Webhook", () => {
  const provider = toDynamicProvider(webhookResource);

  it.each(["http://hooks.example.com", "ftp://hooks.example.com", "not a url"])("rejects %s", async (url) => {
    expect(properties(await provider.check!({}, { url }))).toEqual(["url"]);
  });

  it("accepts HTTPS", async () => {
    expect((await provider.check!({}, { url: "https://hooks.example.com/x" })).failures).toEqual([]);
  });
});

describe("SecondaryZone", () => {
  const provider = toDynamicProvider(secondaryZoneResource);

  it("accepts internationalised names and treats punycode as the same zone", async () => {
    expect((await provider.check!({}, { name: "bücher.example" })).failures).toEqual([]);
    const state = { name: "bücher.example", zoneId: 1, accountId: "1" };
    expect((await provider.diff!("1", state, { name: "xn--bcher-kva.example" })).changes).toBe(false);
  });
});

describe("PrimaryServer", () => {
  const provider = toDynamicProvider(primaryServerResource);
  const valid = { name: "ns1", ip: "192.0.2.1" };

  it("defaults the port to 53 and the linked zones to none", async () => {
    expect((await provider.check!({}, valid)).inputs).toEqual({ ...valid, port: 53, linkedZones: [] });
  });

  it("accepts IPv6 and rejects bad addresses and ports", async () => {
    expect((await provider.check!({}, { ...valid, ip: "2001:db8::1" })).failures).toEqual([]);
    expect(properties(await provider.check!({}, { ...valid, ip: "300.1.1.1", port: 0 }))).toEqual([
      "ip",
      "port",
    ]);
    expect(properties(await provider.check!({}, { ...valid, port: 65536 }))).toEqual(["port"]);
    expect(properties(await provider.check!({}, { ...valid, linkedZones: ["ok.com", "bad zone"] }))).toEqual([
      "linkedZones[1]",
    ]);
  });

  it("updates linked zones in place, ignoring order and case, and replaces on a new address", async () => {
    const state = { ...valid, port: 53, linkedZones: ["a.com", "b.com"], primaryServerId: 1, accountId: "1" };
    expect(
      (await provider.diff!("1", state, { ...valid, port: 53, linkedZones: ["B.com", "a.com"] })).changes,
    ).toBe(false);
    expect(await provider.diff!("1", state, { ...valid, port: 53, linkedZones: ["a.com"] })).toEqual({
      changes: true,
    });
    expect(
      (
        await provider.diff!("1", state, {
          ...valid,
          ip: "192.0.2.2",
          port: 53,
          linkedZones: ["a.com", "b.com"],
        })
      ).replaces,
    ).toEqual(["ip"]);
  });
});
