import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { configureRuntime, getClient, resetRuntime } from "../framework/runtime";
import { v1Of } from "./legacy-v1";
import { nameServerDelegationResource } from "./name-server-delegation";
import { registryNameServerResource } from "./registry-name-server";
import { templateResource } from "./template";
import { stackConfig } from "../../test/stack-config";

const delegation = toDynamicProvider(nameServerDelegationResource);
const template = toDynamicProvider(templateResource);
const glue = toDynamicProvider(registryNameServerResource);

beforeEach(() => configureRuntime(stackConfig({ account: "1", token: "t" })));
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

  describe("the service's own name servers", () => {
    const TODAY = ["ns1.dnsimple.com", "ns2.dnsimple-edge.net", "ns3.dnsimple.com", "ns4.dnsimple-edge.org"];
    const OLD = ["ns1.dnsimple.com", "ns2.dnsimple.com", "ns3.dnsimple.com", "ns4.dnsimple.com"];
    const delegated = { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] };

    /** A v1 API that answers `current` and records every change. */
    function fakeV1(current: string[]) {
      const sent: string[][] = [];
      const v1 = {
        getNameServers: async () => current,
        setNameServers: async (_domain: string, servers: string[]) => {
          sent.push(servers);
          return servers;
        },
      };
      return { sent, ctx: { client: { v1 } as never, account: "1" } };
    }

    beforeEach(() =>
      configureRuntime({
        get: (key) =>
          ({ "dnsimple:account": "1", "dnsimple:token": "t", "dnsimple:v1Email": "a@example.org" })[key],
      }),
    );

    it("create refuses a domain already delegated elsewhere, even to the declared servers, and changes nothing", async () => {
      const { sent, ctx } = fakeV1(["ns1.example.net", "ns2.example.net"]);
      await expect(
        nameServerDelegationResource.create(ctx, delegated, { since: new Date() }),
      ).rejects.toThrow(
        /example\.com is already delegated to ns1\.example\.net, ns2\.example\.net, not by this stack.*adopt: true/,
      );
      expect(sent).toEqual([]);
    });

    it("create from the service's name servers delegates and remembers them", async () => {
      const { sent, ctx } = fakeV1(OLD);
      const created = await nameServerDelegationResource.create(ctx, delegated, { since: new Date() });
      expect(sent).toEqual([delegated.nameServers]);
      expect(created.outs.previousNameServers).toEqual(OLD);
    });

    it("adopt finds the delegation in place; none while the domain is on the service's servers", async () => {
      expect(await nameServerDelegationResource.findMatching!(fakeV1(TODAY).ctx, delegated)).toEqual([]);
      expect(
        await nameServerDelegationResource.findMatching!(fakeV1(["ns9.other.org"]).ctx, delegated),
      ).toEqual([
        {
          id: "example.com",
          outs: { nameServers: ["ns9.other.org"], previousNameServers: ["ns9.other.org"] },
        },
      ]);
    });

    it("an adopted delegation keeps what it found through updates, and destroy puts it back", async () => {
      const { sent, ctx } = fakeV1(["ns9.other.org"]);
      const adopted = { ...delegated, previousNameServers: ["ns9.other.org"] };
      const updated = await nameServerDelegationResource.update!(ctx, "example.com", adopted, {
        ...delegated,
        nameServers: ["ns3.example.net"],
      });
      expect(updated.previousNameServers).toEqual(["ns9.other.org"]);
      await nameServerDelegationResource.delete!(ctx, "example.com", { ...delegated, ...updated });
      expect(sent).toEqual([["ns3.example.net"], ["ns9.other.org"]]);
    });

    it("destroy restores today's set, not the old ns1-ns4.dnsimple.com", async () => {
      const { sent, ctx } = fakeV1(delegated.nameServers);
      await nameServerDelegationResource.delete!(ctx, "example.com", delegated);
      expect(sent).toEqual([TODAY]);
    });

    it.each([
      ["today's set", TODAY],
      [
        "today's set in another order, upper case, with trailing dots",
        ["NS3.dnsimple.com.", ...TODAY.slice(0, 2), TODAY[3]!],
      ],
      ["the old ns1-ns4.dnsimple.com set", OLD],
      [
        "a mix of both",
        ["ns1.dnsimple.com", "ns2.dnsimple.com", "ns2.dnsimple-edge.net", "ns4.dnsimple-edge.org"],
      ],
    ])("refresh sees a domain back on %s as no longer delegated", async (_what, current) => {
      const { ctx } = fakeV1(current);
      expect(await nameServerDelegationResource.read(ctx, "example.com", delegated)).toBeUndefined();
    });

    it("refresh keeps a delegation to other servers, and to the service's own when declared so", async () => {
      const other = ["ns1.example.net", "ns9.example.net"];
      expect(await nameServerDelegationResource.read(fakeV1(other).ctx, "example.com", delegated)).toEqual({
        nameServers: other,
      });
      // One of the service's servers among others is a delegation like any other.
      const mixed = ["ns1.dnsimple.com", "ns1.example.net"];
      expect(await nameServerDelegationResource.read(fakeV1(mixed).ctx, "example.com", delegated)).toEqual({
        nameServers: mixed,
      });
      // No name servers at all is not the service's delegation either.
      expect(await nameServerDelegationResource.read(fakeV1([]).ctx, "example.com", delegated)).toEqual({
        nameServers: [],
      });
      const declared = { ...delegated, nameServers: TODAY };
      expect(await nameServerDelegationResource.read(fakeV1(TODAY).ctx, "example.com", declared)).toEqual({
        nameServers: TODAY,
      });
    });
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
