/**
 * `ZoneRecord`s of one program checked by one provider process, as a preview checks them: a CNAME
 * beside another record at its name fails at preview on the later of the two, however the name is
 * spelled; the same program checked again, or records in other zones or accounts, do not.
 */
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "../framework/runtime";
import { UNKNOWN } from "../framework/unknown";
import { zoneRecordResource } from "./zone-record";
import { resetDeclaredRecords } from "./zone-record-neighbours";
import { stackConfig } from "../../test/stack-config";

const provider = toDynamicProvider(zoneRecordResource);
beforeEach(() => {
  configureRuntime(stackConfig({ account: "1" }));
  resetDeclaredRecords();
});
afterAll(() => resetRuntime());

/** The check of resource `name` of stack dev of project site, as the SDK names it (`ownerKey`). */
const check = async (name: string, props: Record<string, unknown>) =>
  (
    await provider.check!(
      {},
      { zoneName: "example.com", ttl: 3600, ownerKey: `site/dev/dnsimple:ZoneRecord::${name}`, ...props },
    )
  ).failures;

describe("ZoneRecords of one program at one name", () => {
  it("refuse a CNAME after an A at its name, naming the other resource", async () => {
    expect(await check("web", { name: "www", type: "A", content: "192.0.2.1" })).toEqual([]);
    expect(await check("alias", { name: "www", type: "CNAME", content: "example.net" })).toEqual([
      {
        property: "name",
        reason:
          'a CNAME must be the only record at its name: ZoneRecord "web" (A) and this CNAME are both at "www"',
      },
    ]);
  });

  it("refuse any record after a CNAME, whatever the spelling of the name (case, @ or empty for the apex)", async () => {
    expect(await check("alias", { name: "Shop", type: "CNAME", content: "shops.example.net" })).toEqual([]);
    expect(
      await check("mail", { name: "shop", type: "MX", content: "mx.example.net", priority: 10 }),
    ).toEqual([
      {
        property: "name",
        reason:
          'a CNAME must be the only record at its name: ZoneRecord "alias" (CNAME) and this MX are both at "shop"',
      },
    ]);
    expect(await check("apex-alias", { name: "@", type: "ALIAS", content: "a.example.net" })).toEqual([]);
    expect(await check("apex-alias-2", { name: "", type: "ALIAS", content: "b.example.net" })).toEqual([
      {
        property: "name",
        reason: 'only one ALIAS record may be at a name: ZoneRecord "apex-alias" is already at "@"',
      },
    ]);
  });

  it("accept records side by side that may be: several A, a TXT beside an MX", async () => {
    expect(await check("a1", { name: "www", type: "A", content: "192.0.2.1" })).toEqual([]);
    expect(await check("a2", { name: "www", type: "A", content: "192.0.2.2" })).toEqual([]);
    expect(await check("mx", { name: "", type: "MX", content: "mx.example.net", priority: 10 })).toEqual([]);
    expect(await check("spf", { name: "@", type: "TXT", content: "v=spf1 -all" })).toEqual([]);
  });

  it("pass when the program checks the same resources again (a preview, then the update of one `up`)", async () => {
    for (let pass = 0; pass < 2; pass++) {
      expect(await check("web", { name: "www", type: "A", content: "192.0.2.1" })).toEqual([]);
      expect(await check("mail", { name: "www", type: "TXT", content: "hello" })).toEqual([]);
    }
  });

  it("pass when a resource moves its name from CNAME to A: only what is declared now counts", async () => {
    expect(await check("www", { name: "www", type: "CNAME", content: "example.net" })).toEqual([]);
    expect(await check("www", { name: "www", type: "A", content: "192.0.2.1" })).toEqual([]);
    expect(await check("www-v6", { name: "www", type: "AAAA", content: "2001:db8::1" })).toEqual([]);
  });

  it("compare only within one zone of one account", async () => {
    expect(await check("web", { name: "www", type: "A", content: "192.0.2.1" })).toEqual([]);
    expect(
      await check("other-zone", { zoneName: "example.org", name: "www", type: "CNAME", content: "x.net" }),
    ).toEqual([]);
    expect(
      await check("other-account", { account: "2", name: "www", type: "CNAME", content: "x.net" }),
    ).toEqual([]);
  });

  it("leave a record whose name or type is still unknown out, and compare it once known", async () => {
    expect(await check("web", { name: "www", type: "A", content: "192.0.2.1" })).toEqual([]);
    expect(await check("alias", { name: UNKNOWN, type: "CNAME", content: "example.net" })).toEqual([]);
    expect(await check("alias", { name: "www", type: "CNAME", content: UNKNOWN })).toEqual([
      {
        property: "name",
        reason:
          'a CNAME must be the only record at its name: ZoneRecord "web" (A) and this CNAME are both at "www"',
      },
    ]);
  });
});
