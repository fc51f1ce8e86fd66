import type { DnsimpleClient } from "../client";
import { SERVICE_NAME_SERVERS } from "./delegation";
import { domainDelegationResource } from "./domain-delegation";

/** A registered domain delegated to `current`, through API v2; records what is sent. */
function fakeRegistrar(current: string[]) {
  const sent: string[][] = [];
  let servers = current;
  const client = {
    registrar: {
      getDelegation: async () => servers,
      setDelegation: async (_account: string, _domain: string, list: string[]) => {
        sent.push(list);
        servers = list;
        return list;
      },
    },
  } as unknown as DnsimpleClient;
  return { ctx: { client, account: "1" }, sent };
}

const declared = { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] };
const mark = { since: new Date(0) };

describe("DomainDelegation (API v2)", () => {
  it("delegates a domain on the service's name servers, and destroy gives them back", async () => {
    const { ctx, sent } = fakeRegistrar([...SERVICE_NAME_SERVERS]);
    const created = await domainDelegationResource.create(ctx, declared, mark);
    expect(created.outs).toMatchObject({ nameServers: declared.nameServers });
    await domainDelegationResource.delete(ctx, created.id, { ...declared, ...created.outs });
    expect(sent).toEqual([declared.nameServers, [...SERVICE_NAME_SERVERS]]);
  });

  it("refuses a delegation made elsewhere without adopt, and sends nothing", async () => {
    const { ctx, sent } = fakeRegistrar(["ns9.other.org"]);
    await expect(domainDelegationResource.create(ctx, declared, mark)).rejects.toThrow(
      /already delegated to ns9\.other\.org, not by this stack.*`adopt: true` on this DomainDelegation/,
    );
    expect(sent).toEqual([]);
  });

  it("adopted, destroy puts back the delegation it found", async () => {
    const { ctx, sent } = fakeRegistrar(["ns9.other.org"]);
    const [found] = await domainDelegationResource.findMatching!(ctx, declared);
    const state = { ...declared, ...found!.outs };
    await domainDelegationResource.update!(ctx, found!.id, state, declared);
    await domainDelegationResource.delete(ctx, found!.id, state);
    expect(sent).toEqual([declared.nameServers, ["ns9.other.org"]]);
  });
});
