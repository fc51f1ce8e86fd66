import { createStatusError, type DnsimpleClient, type Zone } from "../client/internal";
import { zoneResource } from "./zone";

const ZONE: Zone = {
  id: 12,
  account_id: 1,
  name: "example.com",
  reverse: false,
  secondary: false,
  last_transferred_at: null,
  active: true,
  created_at: "2024-01-01T00:00:00Z",
  updated_at: "2024-01-01T00:00:00Z",
};

/** An account holding `zone` (or none); records every activation change sent. */
function fakeAccount(zone: Zone | undefined) {
  const activations: boolean[] = [];
  let current = zone;
  const client = {
    zones: {
      get: async () => {
        if (!current) {
          throw createStatusError({
            status: 404,
            method: "GET",
            url: "https://api.dnsimple.com/v2/1/zones/example.com",
            body: { message: "Zone `example.com` not found" },
          });
        }
        return current;
      },
      setActive: async (_account: string, _zone: string, active: boolean) => {
        activations.push(active);
        current = { ...current!, active };
        return current;
      },
    },
  } as unknown as DnsimpleClient;
  return { ctx: { client, account: "1" }, activations };
}

const mark = { since: new Date(0) };

describe("Zone", () => {
  it("create reads a zone that exists and changes nothing", async () => {
    const { ctx, activations } = fakeAccount(ZONE);
    const created = await zoneResource.create(ctx, { name: "Example.com." }, mark);
    expect(created).toMatchObject({ id: "12", outs: { active: true, zoneId: 12, activeFound: null } });
    expect(activations).toEqual([]);
  });

  it("create refuses to turn the DNS service off without adopt, naming the property", async () => {
    const { ctx, activations } = fakeAccount(ZONE);
    await expect(zoneResource.create(ctx, { name: "example.com", active: false }, mark)).rejects.toThrow(
      /^active: the DNS service of example\.com is on .*set `adopt: true`/,
    );
    expect(activations).toEqual([]);
  });

  it("never creates a zone: a missing one is an error pointing to Domain", async () => {
    const { ctx } = fakeAccount(undefined);
    await expect(zoneResource.create(ctx, { name: "example.com" }, mark)).rejects.toThrow(
      /^name: there is no zone example\.com in account 1.*Domain/,
    );
  });

  it("adopting notes the activation found, so destroy can put it back", async () => {
    const { ctx, activations } = fakeAccount({ ...ZONE, active: false });
    const [found] = await zoneResource.findMatching!(ctx, { name: "example.com" });
    expect(found!.outs).toMatchObject({ activeFound: false });
    const state = { name: "example.com", ...found!.outs };
    const outs = await zoneResource.update!(ctx, found!.id, state, {
      name: "example.com",
      active: true,
      adopt: true,
    });
    expect(outs).toMatchObject({ active: true, activeFound: false });
    await zoneResource.delete(ctx, found!.id, { ...state, ...outs });
    expect(activations).toEqual([true, false]);
  });

  it("a Zone that did not adopt cannot change the activation later, and destroy touches nothing", async () => {
    const { ctx, activations } = fakeAccount(ZONE);
    const state = { name: "example.com", active: true, activeFound: null };
    await expect(
      zoneResource.update!(ctx, "12", state, { name: "example.com", active: false }),
    ).rejects.toThrow(/^active: .*set `adopt: true`/);
    await zoneResource.delete(ctx, "12", state);
    expect(activations).toEqual([]);
  });

  it("read: another zone of the same name is not ours", async () => {
    const { ctx } = fakeAccount({ ...ZONE, id: 99 });
    expect(await zoneResource.read(ctx, "12", { name: "example.com" })).toBeUndefined();
  });
});
