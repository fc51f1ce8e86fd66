/**
 * The provider through the real Pulumi engine against the target (test/live/target.ts): up,
 * a no-change preview, an update in place, refresh after an outside deletion, adoption, refusal
 * of an object the stack did not make, and destroy. Requests of the provider process are counted
 * from its request log (`dnsimple:requestLog`, one line per request in the engine's output).
 */
import { collect, type DnsimpleClient } from "../../provider/client";
import { createE2eStack, type Declaration, type E2eStack } from "../e2e/harness";
import { closeTarget, liveTarget, named, requestsLogged, targetClient, type Target } from "./target";
import { itWithEmulator } from "./tests";

let target: Target;
let client: DnsimpleClient;
let e2e: E2eStack;
const DOMAIN = named("engine.com");
const SECONDARY = named("engine-secondary.net");
const OUTSIDE = named("outside.com");
const HOOK = `https://hooks.example.org/${named("engine")}`;
const ADOPTED_HOOK = `https://hooks.example.org/${named("adopted")}`;

function program(options: { ttl?: number; adoptHook?: boolean; takeOutside?: boolean } = {}): Declaration[] {
  return [
    { type: "Domain", name: "domain", args: { name: DOMAIN } },
    {
      type: "ZoneRecord",
      name: "www",
      args: {
        zoneName: { $ref: "domain.name" },
        name: named("www"),
        type: "A",
        content: "192.0.2.10",
        ttl: options.ttl ?? 3600,
      },
    },
    {
      type: "ZoneRecords",
      name: "hosts",
      args: {
        zoneName: { $ref: "domain.name" },
        records: [
          { name: named("app1"), type: "A", content: "192.0.2.11", ttl: 3600 },
          { name: named("app2"), type: "A", content: "192.0.2.12", ttl: 3600 },
        ],
      },
    },
    {
      type: "EmailForward",
      name: "forward",
      args: {
        domain: { $ref: "domain.name" },
        aliasName: named("sales"),
        destinationEmail: "sales@example.org",
      },
    },
    { type: "Webhook", name: "hook", args: { url: HOOK } },
    { type: "SecondaryZone", name: "secondary", args: { name: SECONDARY } },
    {
      type: "PrimaryServer",
      name: "primary",
      args: { name: named("ns1.example.org"), ip: "192.0.2.53", linkedZones: [{ $ref: "secondary.name" }] },
    },
    ...(options.adoptHook
      ? [{ type: "Webhook", name: "adopted", args: { url: ADOPTED_HOOK, adopt: true } }]
      : []),
    ...(options.takeOutside ? [{ type: "Domain", name: "outside", args: { name: OUTSIDE } }] : []),
  ];
}

async function records(): Promise<string[]> {
  const all = await collect(client.zones.records.iterate(target.account, DOMAIN));
  return all
    .filter((r) => !r.system_record)
    .map((r) => `${r.name} ${r.type} ${r.content} ${r.ttl}`)
    .sort();
}

beforeAll(async () => {
  target = await liveTarget();
  ({ client } = targetClient(target));
  e2e = await createE2eStack({ baseUrl: target.baseUrl, token: target.token, account: target.account });
  await e2e.stack.setConfig("dnsimple:requestLog", { value: "true" });
});

afterAll(async () => {
  await e2e?.stack.destroy({ onOutput: (l) => e2e.output.push(l) }).catch(() => undefined);
  for (const name of [OUTSIDE, DOMAIN, SECONDARY])
    await client?.domains.delete(target.account, name).catch(() => undefined);
  await e2e?.cleanup();
  await closeTarget();
});

describe("the engine against the target", () => {
  it("creates a domain, a record, a record set, a forward, a webhook and a secondary zone with its primary", async () => {
    await e2e.declare(program());
    const up = await e2e.stack.up({ onOutput: (l) => e2e.output.push(l) });
    expect(up.summary.resourceChanges).toEqual({ create: 8 });
    expect(await records()).toEqual([
      `${named("app1")} A 192.0.2.11 3600`,
      `${named("app2")} A 192.0.2.12 3600`,
      `${named("www")} A 192.0.2.10 3600`,
    ]);
    const forwards = await collect(client.emailForwards.iterate(target.account, DOMAIN));
    expect(forwards.map((f) => f.alias_email)).toEqual([`${named("sales")}@${DOMAIN}`]);
    expect((await client.webhooks.list(target.account)).map((h) => h.url)).toContain(HOOK);
    const primaries = await collect(client.secondaryDns.iteratePrimaries(target.account));
    expect(primaries.find((p) => p.name === named("ns1.example.org"))?.linked_secondary_zones).toEqual([
      SECONDARY,
    ]);
  });

  it("previews an unchanged program with no change and no API request", async () => {
    const from = e2e.output.length;
    const preview = await e2e.stack.preview({ onOutput: (l) => e2e.output.push(l) });
    expect(preview.changeSummary).toEqual({ same: 8 });
    expect([...requestsLogged(e2e.output, from).values()]).toEqual([]);
  });

  it("changes a TTL in place: one update, one request", async () => {
    await e2e.declare(program({ ttl: 600 }));
    const from = e2e.output.length;
    const up = await e2e.stack.up({ onOutput: (l) => e2e.output.push(l) });
    expect(up.summary.resourceChanges).toEqual({ same: 7, update: 1 });
    const writes = [...requestsLogged(e2e.output, from).values()].filter((r) => !r.startsWith("GET "));
    expect(writes).toEqual([expect.stringMatching(/^PATCH \/v2\/\d+\/zones\/.+\/records\/\d+$/)]);
    expect(await records()).toContain(`${named("www")} A 192.0.2.10 600`);
  });

  it("notices a record deleted outside the stack on refresh, and up puts it back", async () => {
    const [www] = await collect(client.zones.records.iterate(target.account, DOMAIN, { name: named("www") }));
    await client.zones.records.delete(target.account, DOMAIN, www!.id);
    const refresh = await e2e.stack.refresh({ onOutput: (l) => e2e.output.push(l) });
    expect(refresh.summary.resourceChanges?.delete).toBe(1);
    const up = await e2e.stack.up({ onOutput: (l) => e2e.output.push(l) });
    expect(up.summary.resourceChanges?.create).toBe(1);
    expect(await records()).toContain(`${named("www")} A 192.0.2.10 600`);
  });

  it("adopts a webhook made outside the stack when told to (adopt: true), creating nothing", async () => {
    await client.webhooks.create(target.account, { url: ADOPTED_HOOK });
    await e2e.declare(program({ ttl: 600, adoptHook: true }));
    const up = await e2e.stack.up({ onOutput: (l) => e2e.output.push(l) });
    expect(up.summary.resourceChanges).toEqual({ same: 8, create: 1 });
    const hooks = (await client.webhooks.list(target.account)).filter((h) => h.url === ADOPTED_HOOK);
    expect(hooks).toHaveLength(1);
  });

  it("refuses a domain of the same name it did not make, and leaves it alone", async () => {
    const outside = await client.domains.create(target.account, { name: OUTSIDE });
    await e2e.declare(program({ ttl: 600, adoptHook: true, takeOutside: true }));
    await expect(e2e.stack.up({ onOutput: (l) => e2e.output.push(l) })).rejects.toThrow(
      /A Domain like this already exists \(id \d+\) and was not made by this stack/,
    );
    expect((await client.domains.get(target.account, OUTSIDE)).id).toBe(outside.id);
  });

  it("destroys what the stack made and adopted, and nothing else", async () => {
    await e2e.declare(program({ ttl: 600, adoptHook: true }));
    const destroy = await e2e.stack.destroy({ onOutput: (l) => e2e.output.push(l) });
    expect(destroy.summary.resourceChanges?.delete).toBe(9);
    expect(await client.domains.find(target.account, DOMAIN)).toBeUndefined();
    expect(await client.domains.find(target.account, SECONDARY)).toBeUndefined();
    const urls = (await client.webhooks.list(target.account)).map((h) => h.url);
    expect(urls.filter((u) => u === HOOK || u === ADOPTED_HOOK)).toEqual([]);
    expect((await client.domains.get(target.account, OUTSIDE)).name).toBe(OUTSIDE);
  });

  itWithEmulator(
    "logged every request the emulator answered for it, by request id",
    "reads the emulator's request log",
    async () => {
      const provider = requestsLogged(e2e.output);
      const answered = target.emulator!.requests().filter((r) => provider.has(r.requestId));
      expect(provider.size).toBeGreaterThan(10);
      expect(answered.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...provider.values()].sort());
    },
  );
});
