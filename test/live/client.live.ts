/**
 * The client's contract against the target (test/live/target.ts): a real account in live mode,
 * else an emulator. Everything it makes is named with the run's prefix and deleted again; the
 * requests are counted through the client's own hook, never through the emulator's log.
 */
import { collect, isApiError, isNotFound, type ApiError, type DnsimpleClient } from "../../provider/client";
import { closeTarget, liveTarget, named, targetClient, type Target } from "./target";
import { itWithEmulator } from "./tests";

let target: Target;
let client: DnsimpleClient;
let requests: string[];
const DOMAIN = named("client.com");
const SECONDARY = named("client-secondary.net");

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error("expected the call to fail");
}

beforeAll(async () => {
  target = await liveTarget();
  ({ client, requests } = targetClient(target));
});

afterAll(async () => {
  // What a failed test left: the sweep at the end of the live run takes it too.
  await client?.domains.delete(target.account, DOMAIN).catch(() => undefined);
  await client?.domains.delete(target.account, SECONDARY).catch(() => undefined);
  await closeTarget();
});

describe("the client against the target", () => {
  it("knows whose token it holds: whoami names the account", async () => {
    const me = await client.identity.whoami();
    expect(String(me.account?.id ?? (await client.accounts.list())[0]?.id)).toBe(target.account);
  });

  it("creates, gets, finds and lists a domain", async () => {
    const made = await client.domains.create(target.account, { name: DOMAIN });
    expect(made.name).toBe(DOMAIN);
    expect((await client.domains.get(target.account, DOMAIN)).id).toBe(made.id);
    expect((await client.domains.find(target.account, DOMAIN))?.id).toBe(made.id);
    const listed = await collect(client.domains.iterate(target.account, { nameLike: target.prefix }));
    expect(listed.map((d) => d.name)).toContain(DOMAIN);
  });

  it("answers a domain that is not there with a 404 the client calls not found", async () => {
    const error = await failure(client.domains.get(target.account, named("absent.com")));
    expect({ status: error.status, notFound: isNotFound(error) }).toEqual({ status: 404, notFound: true });
    expect(await client.domains.find(target.account, named("absent.com"))).toBeUndefined();
  });

  it("creates, updates and deletes a record; the zone file has it meanwhile", async () => {
    const record = await client.zones.records.create(target.account, DOMAIN, {
      name: named("www"),
      type: "A",
      content: "192.0.2.10",
      ttl: 3600,
    });
    expect(record).toMatchObject({ name: named("www"), type: "A", content: "192.0.2.10", ttl: 3600 });
    const updated = await client.zones.records.update(target.account, DOMAIN, record.id, { ttl: 600 });
    expect(updated.ttl).toBe(600);
    expect(await client.zones.file(target.account, DOMAIN)).toContain(named("www"));
    await client.zones.records.delete(target.account, DOMAIN, record.id);
    const error = await failure(client.zones.records.get(target.account, DOMAIN, record.id));
    expect(error.status).toBe(404);
  });

  it("refuses a malformed record with the field named", async () => {
    const error = await failure(
      client.zones.records.create(target.account, DOMAIN, {
        name: named("bad"),
        type: "A",
        content: "not-an-ip",
      }),
    );
    expect(error.status).toBe(400);
    expect(Object.keys(error.errors)).toContain("content");
  });

  it("applies a batch all at once: creates, an update and a delete", async () => {
    const first = await client.zones.records.batch(target.account, DOMAIN, {
      creates: [
        { name: named("b1"), type: "A", content: "192.0.2.1", ttl: 3600 },
        { name: named("b2"), type: "TXT", content: "hello", ttl: 3600 },
      ],
    });
    expect(first.creates.map((r) => r.name)).toEqual([named("b1"), named("b2")]);
    const [b1, b2] = first.creates;
    const second = await client.zones.records.batch(target.account, DOMAIN, {
      updates: [{ id: b1!.id, ttl: 600 }],
      deletes: [{ id: b2!.id }],
    });
    expect({ updated: second.updates.map((r) => r.ttl), deleted: second.deletes.map((d) => d.id) }).toEqual({
      updated: [600],
      deleted: [b2!.id],
    });
    const left = await collect(
      client.zones.records.iterate(target.account, DOMAIN, { nameLike: named("b") }),
    );
    expect(left.map((r) => r.name)).toEqual([named("b1")]);
  });

  it("creates, reads and deletes an email forward", async () => {
    const forward = await client.emailForwards.create(target.account, DOMAIN, {
      alias_name: named("sales"),
      destination_email: "sales@example.org",
    });
    expect(forward.alias_email).toBe(`${named("sales")}@${DOMAIN}`);
    expect((await client.emailForwards.get(target.account, DOMAIN, forward.id)).destination_email).toBe(
      "sales@example.org",
    );
    await client.emailForwards.delete(target.account, DOMAIN, forward.id);
    expect(await collect(client.emailForwards.iterate(target.account, DOMAIN))).toEqual([]);
  });

  it("creates, lists and deletes a webhook", async () => {
    const url = `https://hooks.example.org/${named("events")}`;
    const hook = await client.webhooks.create(target.account, { url });
    expect((await client.webhooks.list(target.account)).map((h) => h.url)).toContain(url);
    await client.webhooks.delete(target.account, hook.id);
    expect((await client.webhooks.list(target.account)).map((h) => h.url)).not.toContain(url);
  });

  it("creates, updates and deletes a contact", async () => {
    const contact = await client.contacts.create(target.account, {
      label: named("contact"),
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.org",
      phone: "+1.5555550100",
      address1: "12 Analytical Row",
      city: "Springfield",
      state_province: "IL",
      postal_code: "62701",
      country: "US",
    });
    expect((await client.contacts.update(target.account, contact.id, { city: "Shelbyville" })).city).toBe(
      "Shelbyville",
    );
    await client.contacts.delete(target.account, contact.id);
    expect((await failure(client.contacts.get(target.account, contact.id))).status).toBe(404);
  });

  it("makes a secondary zone, links a primary server to it, unlinks and deletes both", async () => {
    const zone = await client.secondaryDns.createZone(target.account, { name: SECONDARY });
    expect(zone.secondary).toBe(true);
    const primary = await client.secondaryDns.createPrimary(target.account, {
      name: named("ns1.example.org"),
      ip: "192.0.2.53",
    });
    const linked = await client.secondaryDns.linkPrimary(target.account, primary.id, SECONDARY);
    expect(linked.linked_secondary_zones).toEqual([SECONDARY]);
    const unlinked = await client.secondaryDns.unlinkPrimary(target.account, primary.id, SECONDARY);
    expect(unlinked.linked_secondary_zones).toEqual([]);
    await client.secondaryDns.deletePrimary(target.account, primary.id);
    await client.domains.delete(target.account, SECONDARY);
    expect((await failure(client.zones.get(target.account, SECONDARY))).status).toBe(404);
  });

  it("deletes the domain, and with it its records", async () => {
    await client.domains.delete(target.account, DOMAIN);
    expect(await client.domains.find(target.account, DOMAIN)).toBeUndefined();
  });

  it("counted every request through its own hook, one line each, no credential in them", () => {
    expect(requests.length).toBeGreaterThan(20);
    expect(requests.every((r) => /^(GET|POST|PUT|PATCH|DELETE) \/v2\/\S+$/.test(r))).toBe(true);
    expect(requests.join("\n")).not.toContain(target.token);
  });

  itWithEmulator("counts the same requests as the emulator's log", "reads the request log", async () => {
    const logged = target.emulator!.requests().map((r) => `${r.method} ${r.path}`);
    expect(logged.length).toBe(requests.length);
  });
});
