import { toDynamicProvider } from "./framework/define-resource";
import { configureRuntime, getClient, resetRuntime } from "./framework/runtime";
import {
  nameServerDelegationResource,
  registryNameServerResource,
  templateResource,
  v1Of,
} from "./legacy-v1";

const delegation = toDynamicProvider(nameServerDelegationResource);
const template = toDynamicProvider(templateResource);
const glue = toDynamicProvider(registryNameServerResource);

beforeEach(() =>
  configureRuntime({ get: (key) => ({ "dnsimple:account": "1", "dnsimple:token": "t" })[key] }),
);
afterAll(() => resetRuntime());

describe("NameServerDelegation", () => {
  it("check accepts 1 to 6 host names and names the property", async () => {
    const seven = Array.from({ length: 7 }, (_, i) => `ns${i}.example.net`);
    expect((await delegation.check!({}, { domain: "example.com", nameServers: seven })).failures).toEqual([
      { property: "nameServers", reason: expect.stringMatching(/at most 6/) },
    ]);
    expect(
      (await delegation.check!({}, { domain: "example.com", nameServers: ["bad host"] })).failures,
    ).toEqual([{ property: "nameServers[0]", reason: expect.any(String) }]);
  });

  it("diff ignores case and trailing dots; a new list is an in-place change", async () => {
    const state = {
      domain: "example.com",
      nameServers: ["ns1.example.net", "ns2.example.net"],
      accountId: "1",
    };
    expect(
      await delegation.diff!("example.com", state, {
        domain: "example.com",
        nameServers: ["NS1.example.net.", "ns2.example.net"],
      }),
    ).toEqual({
      changes: false,
    });
    expect(
      await delegation.diff!("example.com", state, {
        domain: "example.com",
        nameServers: ["ns3.example.net"],
      }),
    ).toEqual({
      changes: true,
    });
  });

  it("names the v1 settings when they are missing", () => {
    expect(() => v1Of({ client: getClient(), account: "1" })).toThrow(/dnsimple:v1Email.*DNSIMPLE_V1_EMAIL/);
  });
});

describe("Template", () => {
  it("check validates the short name; everything changes in place", async () => {
    expect((await template.check!({}, { name: "Mail", shortName: "Mail Setup" })).failures).toEqual([
      { property: "shortName", reason: expect.any(String) },
    ]);
    const state = { name: "Mail", shortName: "mail", description: "", templateId: 1, accountId: "1" };
    expect(await template.diff!("1", state, { name: "Mail", shortName: "mail" })).toEqual({ changes: false });
    expect(await template.diff!("1", state, { name: "Mail", shortName: "mail2" })).toEqual({ changes: true });
  });
});

describe("RegistryNameServer", () => {
  it("check requires the name inside the domain and a valid IP", async () => {
    const { failures } = await glue.check!(
      {},
      { domain: "example.com", name: "ns1.other.com", ip: "192.0.2.1" },
    );
    expect(failures).toEqual([{ property: "name", reason: expect.stringMatching(/inside the domain/) }]);
    expect(
      (await glue.check!({}, { domain: "example.com", name: "ns1.example.com", ip: "999.1.1.1" })).failures,
    ).toEqual([{ property: "ip", reason: expect.any(String) }]);
  });

  it("diff: a new IP is in place; a new name replaces", async () => {
    const state = { domain: "example.com", name: "ns1.example.com", ip: "192.0.2.1", accountId: "1" };
    expect(await glue.diff!("x", state, { ...state, ip: "192.0.2.2" })).toEqual({ changes: true });
    expect((await glue.diff!("x", state, { ...state, name: "ns2.example.com" })).replaces).toEqual(["name"]);
  });
});
