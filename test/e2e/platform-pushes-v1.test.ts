/**
 * DomainPush and DomainPushAnswer (two accounts, one user token), PlatformMessage and
 * PlatformMetadata, and the legacy v1 NameServerDelegation, Template and RegistryNameServer,
 * through the real engine against the emulator.
 */
import { readFileSync } from "node:fs";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { admin, findResource, v1, v2 } from "./extended-api";
import { collect, createE2eStack, type Declaration, type E2eStack } from "./harness";

const TOKEN = "e2e-platform-user-token-5e7a";
const V1_EMAIL = "dev@example.com";
const V1_TOKEN = "dev-v1-token";
const REGISTERED = "v1-e2e.com";
const SERVICE_NS = ["ns1.dnsimple.com", "ns2.dnsimple-edge.net", "ns3.dnsimple.com", "ns4.dnsimple-edge.org"];
let emulator: RunningEmulator;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;
let legacy: ReturnType<typeof v1>;
let adm: ReturnType<typeof admin>;
let domainResource: string;

interface Knobs {
  push?: boolean;
  changed?: boolean;
  renamed?: boolean;
  adoptTemplate?: boolean;
}

function program(k: Knobs = {}): Declaration[] {
  const c = k.changed === true;
  return [
    ...(k.push
      ? [
          { type: "Domain", name: "pushme", args: { name: "push-e2e.com" } },
          { type: "Domain", name: "rejectme", args: { name: "reject-e2e.com" } },
          {
            type: "DomainPush",
            name: "push",
            args: { domain: { $ref: "pushme.name" }, targetAccount: "target@example.org" },
          },
          {
            type: "DomainPush",
            name: "push2",
            args: { domain: { $ref: "rejectme.name" }, targetAccount: "target@example.org" },
          },
          {
            type: "DomainPushAnswer",
            name: "accept",
            args: { account: 2, pushId: { $ref: "push.pushId" }, contactId: 20 },
          },
          {
            type: "DomainPushAnswer",
            name: "reject",
            args: { account: 2, pushId: { $ref: "push2.pushId" }, accept: false },
          },
        ]
      : []),
    {
      type: "PlatformMessage",
      name: "msg",
      args: {
        resource: domainResource,
        title: c ? "Updated" : "Hello",
        url: "https://example.com/runbook",
        expiresAt: "2031-01-01T00:00:00Z",
      },
    },
    {
      type: "PlatformMetadata",
      name: "meta",
      args: { resource: domainResource, key: k.renamed ? "owner" : "team", value: c ? "platform" : "dns" },
    },
    {
      type: "NameServerDelegation",
      name: "ns",
      args: {
        domain: REGISTERED,
        nameServers: c
          ? ["ns1.example.net", "ns2.example.net", "NS3.example.net."]
          : ["ns1.example.net", "ns2.example.net"],
      },
    },
    {
      type: "Template",
      name: "tpl",
      args: { name: "Mail", shortName: "mail-e2e", description: c ? "MX and SPF" : "MX" },
    },
    {
      type: "RegistryNameServer",
      name: "glue",
      args: {
        domain: REGISTERED,
        name: `${k.renamed ? "ns2" : "ns1"}.${REGISTERED}`,
        ip: c ? "192.0.2.54" : "192.0.2.53",
      },
    },
    ...(k.adoptTemplate
      ? [{ type: "Template", name: "legacy", args: { name: "Legacy", shortName: "legacy", adopt: true } }]
      : []),
  ];
}

async function domainRow(name: string): Promise<any> {
  return (await adm("GET", "/state")).tables.domains.rows.find((d: any) => d.name === name);
}

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: "unused-account-token",
    accountId: 1,
    seed: {
      accounts: [{ id: 2, email: "target@example.org" }],
      users: [{ email: "ops@example.org", password: "pw", accounts: [1, 2], token: TOKEN }],
      contacts: [
        { account: 1, id: 10, firstName: "Reg", lastName: "Owner", email: "owner@example.org" },
        { account: 2, id: 20, firstName: "New", lastName: "Owner", email: "new@example.org" },
      ],
      domains: [
        { account: 1, name: REGISTERED, state: "registered", registrantId: 10, expiresOn: "2030-01-01" },
      ],
    } as never,
  });
  api = v2(emulator.v2Url, TOKEN);
  legacy = v1(emulator.v1Url, V1_EMAIL, V1_TOKEN);
  adm = admin(emulator.url);
  domainResource = `domain:${(await api("GET", `/1/domains/${REGISTERED}`)).body.data.id}`;
  e2e = await createE2eStack({
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    env: { DNSIMPLE_V1_EMAIL: V1_EMAIL, DNSIMPLE_V1_TOKEN: V1_TOKEN },
  });
  await e2e.declare(program({ push: true }));
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("pushes, platform and legacy v1 with the real engine", () => {
  let metadataId: string;

  it("creates everything; the target account accepts one push and rejects the other", async () => {
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(12); // 11 resources and the stack
    expect((await api("GET", "/2/domains/push-e2e.com")).status).toBe(200);
    expect((await api("GET", "/1/domains/push-e2e.com")).status).toBe(404);
    expect((await api("GET", "/1/domains/reject-e2e.com")).status).toBe(200);
    expect((await api("GET", "/2/pushes")).body.data).toHaveLength(0);
    expect(await legacy("GET", `/domains/${REGISTERED}/name_servers`)).toMatchObject({
      body: ["ns1.example.net", "ns2.example.net"],
    });
    expect((await domainRow(REGISTERED)).registry_name_servers).toEqual([
      { name: `ns1.${REGISTERED}`, ip: "192.0.2.53" },
    ]);
    expect((await legacy("GET", "/templates/mail-e2e")).status).toBe(200);
    metadataId = (result.outputs.ids?.value as Record<string, string>).meta as string;
  });

  it("shows no changes on a second preview", async () => {
    expect((await e2e.stack.preview(collect(e2e))).changeSummary).toEqual({ same: 12 });
  });

  it("removing the push resources leaves the pushes alone (they cannot be undone)", async () => {
    await e2e.declare(program());
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.delete).toBe(6);
    expect((await api("GET", "/2/domains/push-e2e.com")).status).toBe(200);
  });

  it("updates message, metadata, delegation, template and glue in place", async () => {
    await e2e.declare(program({ changed: true }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ update: 5 });
    const entries = (await api("GET", `/1/platform/metadata/${domainResource}`)).body.data;
    expect(entries).toEqual([expect.objectContaining({ key: "team", value: "platform" })]);
    expect(String(entries[0].id)).toBe(metadataId);
    expect((await legacy("GET", `/domains/${REGISTERED}/name_servers`)).body).toEqual([
      "ns1.example.net",
      "ns2.example.net",
      "ns3.example.net",
    ]);
    expect((await domainRow(REGISTERED)).registry_name_servers).toEqual([
      { name: `ns1.${REGISTERED}`, ip: "192.0.2.54" },
    ]);
    expect((await legacy("GET", "/templates/mail-e2e")).body.dns_template.description).toBe("MX and SPF");
    expect((await e2e.stack.preview(collect(e2e))).changeSummary).toEqual({ same: 6 });
  });

  it("replaces metadata under another key and glue under another name", async () => {
    await e2e.declare(program({ changed: true, renamed: true }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ replace: 2 });
    const entries = (await api("GET", `/1/platform/metadata/${domainResource}`)).body.data;
    expect(entries).toEqual([expect.objectContaining({ key: "owner", value: "platform" })]);
    expect((await domainRow(REGISTERED)).registry_name_servers).toEqual([
      { name: `ns2.${REGISTERED}`, ip: "192.0.2.54" },
    ]);
    await e2e.declare(program({ changed: true }));
    await e2e.stack.up(collect(e2e));
  });

  it("refresh shows outside changes and drops what was deleted outside Pulumi", async () => {
    await legacy("POST", `/domains/${REGISTERED}/name_servers`, { name_servers: { ns1: "ns9.example.org" } });
    const msgId = findResource(await e2e.exportState(), "msg")?.id;
    expect((await api("DELETE", `/1/platform/messages/${msgId}`)).status).toBe(204);
    expect((await legacy("DELETE", "/templates/mail-e2e")).status).toBe(200);
    const refresh = await e2e.stack.refresh(collect(e2e));
    expect(refresh.summary.resourceChanges).toMatchObject({ delete: 2 });
    expect(findResource(await e2e.exportState(), "ns")?.outputs.nameServers).toEqual(["ns9.example.org"]);
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ create: 2, update: 1 });
  });

  it("adopts an existing template instead of creating a second one", async () => {
    expect(
      (await legacy("POST", "/templates", { dns_template: { name: "Old", short_name: "legacy" } })).status,
    ).toBe(201);
    await e2e.declare(program({ changed: true, adoptTemplate: true }));
    await e2e.stack.up(collect(e2e));
    const templates = (await legacy("GET", "/templates")).body.filter(
      (t: any) => t.dns_template.short_name === "legacy",
    );
    expect(templates).toHaveLength(1);
    expect(templates[0].dns_template.name).toBe("Legacy");
  });

  it("destroy restores the service's name servers, removes glue, template and metadata", async () => {
    const exported = await e2e.exportState();
    expect(exported).not.toContain(TOKEN);
    expect(exported).not.toContain(V1_TOKEN);
    expect(readFileSync(e2e.stateFile(), "utf8")).not.toContain(TOKEN);
    await e2e.stack.destroy(collect(e2e));
    expect((await legacy("GET", `/domains/${REGISTERED}/name_servers`)).body).toEqual(SERVICE_NS);
    expect((await domainRow(REGISTERED)).registry_name_servers).toEqual([]);
    expect((await legacy("GET", "/templates")).body).toHaveLength(0);
    expect((await api("GET", `/1/platform/metadata/${domainResource}`)).body.data).toHaveLength(0);
    expect(e2e.output.join("\n")).not.toContain(TOKEN);
  });
});
