/**
 * DNS records through the real engine against the target (test/live/target.ts): a record set of
 * 50 that goes up and down in batch requests, a content change that replaces a record, and a
 * record made outside the stack that is refused until adopted. Requests of the provider process
 * are read from its request log (`dnsimple:requestLog`).
 */
import { collect, type DnsimpleClient } from "../../provider/client";
import { createE2eStack, type Declaration, type E2eStack } from "../e2e/harness";
import { closeTarget, liveTarget, named, requestsLogged, targetClient, type Target } from "./target";

let target: Target;
let client: DnsimpleClient;
let e2e: E2eStack;
const DOMAIN = named("records.com");
const HOSTS = Array.from({ length: 50 }, (_, i) => ({
  name: named(`h${i}`),
  type: "A",
  content: `192.0.2.${i + 1}`,
  ttl: 3600,
}));

function program(
  options: { hosts?: boolean; web?: string; alias?: "absent" | "plain" | "adopt" } = {},
): Declaration[] {
  return [
    { type: "Domain", name: "domain", args: { name: DOMAIN } },
    ...(options.hosts
      ? [{ type: "ZoneRecords", name: "hosts", args: { zoneName: { $ref: "domain.name" }, records: HOSTS } }]
      : []),
    {
      type: "ZoneRecords",
      name: "web",
      args: {
        zoneName: { $ref: "domain.name" },
        records: [{ name: named("web"), type: "A", content: options.web ?? "192.0.2.80", ttl: 3600 }],
      },
    },
    ...(options.alias && options.alias !== "absent"
      ? [
          {
            type: "ZoneRecord",
            name: "alias",
            args: {
              zoneName: { $ref: "domain.name" },
              name: named("alias"),
              type: "CNAME",
              content: "target.example.net",
              ...(options.alias === "adopt" ? { adopt: true } : {}),
            },
          },
        ]
      : []),
  ];
}

async function records(): Promise<string[]> {
  const all = await collect(client.zones.records.iterate(target.account, DOMAIN));
  return all.filter((r) => !r.system_record).map((r) => `${r.name} ${r.type} ${r.content}`);
}

const push = (line: string) => void e2e.output.push(line);

beforeAll(async () => {
  target = await liveTarget();
  ({ client } = targetClient(target));
  e2e = await createE2eStack({ baseUrl: target.baseUrl, token: target.token, account: target.account });
  await e2e.stack.setConfig("dnsimple:requestLog", { value: "true" });
});

afterAll(async () => {
  await e2e?.stack.destroy({ onOutput: push }).catch(() => undefined);
  await client?.domains.delete(target.account, DOMAIN).catch(() => undefined);
  await e2e?.cleanup();
  await closeTarget();
});

describe("records against the target", () => {
  it("creates a set of 50 records in batch requests, not one request each", async () => {
    await e2e.declare(program({ hosts: true }));
    const from = e2e.output.length;
    const up = await e2e.stack.up({ onOutput: push });
    expect(up.summary.resourceChanges).toEqual({ create: 4 });
    expect((await records()).filter((r) => r.startsWith(named("h")))).toHaveLength(50);
    const writes = [...requestsLogged(e2e.output, from).values()].filter((r) => !r.startsWith("GET "));
    expect(writes.filter((r) => r.endsWith("/batch")).length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(5);
  });

  it("replaces a record whose content changes: the new one is made, the old one goes", async () => {
    await e2e.declare(program({ hosts: true, web: "192.0.2.81" }));
    const up = await e2e.stack.up({ onOutput: push });
    expect(up.summary.resourceChanges?.update ?? 0).toBe(1);
    const web = (await records()).filter((r) => r.startsWith(named("web")));
    expect(web).toEqual([`${named("web")} A 192.0.2.81`]);
  });

  it("refuses a record made outside the stack, and takes it over only with adopt: true", async () => {
    const outside = await client.zones.records.create(target.account, DOMAIN, {
      name: named("alias"),
      type: "CNAME",
      content: "target.example.net",
    });
    await e2e.declare(program({ hosts: true, web: "192.0.2.81", alias: "plain" }));
    await expect(e2e.stack.up({ onOutput: push })).rejects.toThrow(/already exists/);
    expect((await client.zones.records.get(target.account, DOMAIN, outside.id)).content).toBe(
      "target.example.net",
    );
    await e2e.declare(program({ hosts: true, web: "192.0.2.81", alias: "adopt" }));
    const up = await e2e.stack.up({ onOutput: push });
    expect(up.summary.resourceChanges?.create).toBe(1);
    const aliases = (await records()).filter((r) => r.startsWith(named("alias")));
    expect(aliases).toEqual([`${named("alias")} CNAME target.example.net`]);
  });

  it("deletes the 50 in batch requests when the set is removed, and the rest on destroy", async () => {
    await e2e.declare(program({ web: "192.0.2.81", alias: "adopt" }));
    const from = e2e.output.length;
    const up = await e2e.stack.up({ onOutput: push });
    expect(up.summary.resourceChanges?.delete).toBe(1);
    expect((await records()).filter((r) => r.startsWith(named("h")))).toEqual([]);
    expect(
      [...requestsLogged(e2e.output, from).values()].filter((r) => r.startsWith("DELETE ")).length,
    ).toBeLessThanOrEqual(1);
    const destroy = await e2e.stack.destroy({ onOutput: push });
    expect(destroy.summary.resourceChanges?.delete).toBe(4);
    expect(await client.domains.find(target.account, DOMAIN)).toBeUndefined();
  });
});
