/**
 * The six core resources through the real engine against the emulator, in one program: create,
 * no-change preview, in-place update, replacement, refresh after outside changes and deletions,
 * adopt, a second account, destroy in dependency order. The preview text is what a reviewer sees
 * in a pull request, so it is checked too.
 */
import { readFileSync } from "node:fs";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorAdmin, emulatorApi } from "./emulator-api";
import { collect, createE2eStack, type Declaration, type E2eStack } from "./harness";

const TOKEN = "e2e-core-user-token-9d1e";
let emulator: RunningEmulator;
let e2e: E2eStack;
let api: ReturnType<typeof emulatorApi>;
let admin: ReturnType<typeof emulatorAdmin>;

const DOMAIN = "core-e2e.com";
const DIGEST = "1f987cc6583e92df0890718c42fd5e2d7d56d1e1e2bcd1f3d8e3a6b4c3d2e1f0";

interface Knobs {
  destination?: string;
  dsKeytag?: string;
  hookUrl?: string;
  secondName?: string;
  adoptOthers?: boolean;
  zones?: string[];
  extraZone?: boolean;
  webhookAccount?: number;
  adoptForward?: boolean;
}

function program(knobs: Knobs = {}): Declaration[] {
  const zones = knobs.zones ?? ["sz1"];
  return [
    { type: "Domain", name: "domain", args: { name: DOMAIN } },
    {
      type: "DsRecord",
      name: "ds",
      args: {
        domain: { $ref: "domain.name" },
        algorithm: "13",
        digestType: "2",
        keytag: knobs.dsKeytag ?? "2371",
        digest: DIGEST,
      },
    },
    {
      type: "EmailForward",
      name: "forward",
      args: {
        domain: { $ref: "domain.name" },
        aliasName: "sales",
        destinationEmail: knobs.destination ?? "team@example.org",
      },
    },
    ...(knobs.adoptForward
      ? [
          {
            type: "EmailForward",
            name: "adopted",
            args: {
              domain: { $ref: "domain.name" },
              aliasName: "legacy",
              destinationEmail: "old@example.org",
              adopt: true,
            },
          },
        ]
      : []),
    {
      type: "Webhook",
      name: "hook",
      args: {
        url: knobs.hookUrl ?? "https://hooks.example.com/dnsimple",
        ...(knobs.webhookAccount ? { account: knobs.webhookAccount } : {}),
      },
    },
    { type: "SecondaryZone", name: "sz1", args: { name: "secondary-one.net" } },
    ...(knobs.extraZone
      ? [{ type: "SecondaryZone", name: "sz2", args: { name: knobs.secondName ?? "secondary-two.net" } }]
      : []),
    ...(knobs.adoptOthers
      ? [
          {
            type: "DsRecord",
            name: "adoptedDs",
            args: {
              domain: { $ref: "domain.name" },
              algorithm: "8",
              digestType: "2",
              keytag: "3000",
              digest: DIGEST,
              adopt: true,
            },
          },
          {
            type: "Webhook",
            name: "adoptedHook",
            args: { url: "https://hooks.example.com/adopted", adopt: true },
          },
          { type: "SecondaryZone", name: "adoptedZone", args: { name: "adopted-zone.net", adopt: true } },
          {
            type: "PrimaryServer",
            name: "adoptedPrimary",
            args: { name: "ns2.adopted.net", ip: "2001:db8::53", port: 5353, adopt: true },
          },
        ]
      : []),
    {
      type: "PrimaryServer",
      name: "primary",
      args: {
        name: "ns1.core-e2e.net",
        ip: "192.0.2.10",
        linkedZones: zones.map((z) => ({ $ref: `${z}.name` })),
      },
    },
  ];
}

async function up(knobs: Knobs = {}) {
  await e2e.declare(program(knobs));
  return e2e.stack.up(collect(e2e));
}

async function previewText(knobs: Knobs): Promise<string> {
  await e2e.declare(program(knobs));
  const lines: string[] = [];
  await e2e.stack.preview({ onOutput: (line) => lines.push(line), diff: true });
  e2e.output.push(...lines);
  return lines.join("");
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  admin = emulatorAdmin(emulator.url);
  // One user token for two accounts: programs that manage several accounts with one token.
  await admin.call("POST", "/accounts", { id: 2, email: "second@example.com" });
  await admin.call("POST", "/users", { email: "ops@example.com", accounts: [1, 2], token: TOKEN });
  api = emulatorApi(emulator.v2Url, TOKEN);
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
});

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("the six core resources with the real engine", () => {
  it("creates all six in one up, each exactly once", async () => {
    const result = await up();
    expect(result.summary.resourceChanges?.create).toBe(7); // six resources and the stack
    expect(await api.list(`/1/domains/${DOMAIN}/ds_records`)).toEqual([
      expect.objectContaining({ keytag: "2371", digest_type: "2", algorithm: "13" }),
    ]);
    expect(await api.list(`/1/domains/${DOMAIN}/email_forwards`)).toEqual([
      expect.objectContaining({ alias_email: `sales@${DOMAIN}`, destination_email: "team@example.org" }),
    ]);
    expect((await api.get("/1/webhooks")).body.data).toEqual([
      expect.objectContaining({ url: "https://hooks.example.com/dnsimple" }),
    ]);
    expect(await api.list("/1/secondary_dns/primaries")).toEqual([
      expect.objectContaining({
        name: "ns1.core-e2e.net",
        port: 53,
        linked_secondary_zones: ["secondary-one.net"],
      }),
    ]);
    const zone = await api.get("/1/zones/secondary-one.net");
    expect(zone.body.data.secondary).toBe(true);
  });

  it("shows no changes on a second preview and makes no API call for it but the check of credentials", async () => {
    await admin.clearRequests();
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 7 });
    // The check of credentials, once per provider process whatever the number of resources
    // (framework/credentials.ts): this stack's token is a user's, so its accounts are read too.
    expect((await admin.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v2/whoami",
      "GET /v2/accounts",
    ]);
  });

  it("previews an in-place update of linked zones as an update naming the property", async () => {
    const text = await previewText({ extraZone: true, zones: ["sz1", "sz2"] });
    expect(text).toMatch(/~ pulumi-nodejs:dynamic\/dnsimple:PrimaryServer: \(update\)/);
    expect(text).toMatch(/~ linkedZones: \[/);
    expect(text).toMatch(/\+ \[1\]: "secondary-two.net"/);
    expect(text).not.toMatch(/PrimaryServer: \(replace\)/);
  });

  it("links a second zone in place", async () => {
    const before = (await api.list("/1/secondary_dns/primaries"))[0];
    const result = await up({ extraZone: true, zones: ["sz1", "sz2"] });
    expect(result.summary.resourceChanges).toMatchObject({ create: 1, update: 1 });
    const after = await api.list("/1/secondary_dns/primaries");
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before.id);
    expect([...after[0].linked_secondary_zones].sort()).toEqual(["secondary-one.net", "secondary-two.net"]);
  });

  it("previews a new destination as a replacement naming the property", async () => {
    const text = await previewText({
      extraZone: true,
      zones: ["sz1", "sz2"],
      destination: "sales@example.org",
    });
    expect(text).toMatch(/\+-pulumi-nodejs:dynamic\/dnsimple:EmailForward: \(replace\)/);
    expect(text).toMatch(/~ destinationEmail: "team@example.org" => "sales@example.org"/);
  });

  it("replaces the forward when its destination changes, leaving exactly one", async () => {
    const before = (await api.list(`/1/domains/${DOMAIN}/email_forwards`))[0];
    await up({ extraZone: true, zones: ["sz1", "sz2"], destination: "sales@example.org" });
    const after = await api.list(`/1/domains/${DOMAIN}/email_forwards`);
    expect(after).toHaveLength(1);
    expect(after[0].id).not.toBe(before.id);
    expect(after[0].destination_email).toBe("sales@example.org");
  });

  const settled: Knobs = { extraZone: true, zones: ["sz1", "sz2"], destination: "sales@example.org" };

  it("shows a zone unlinked behind Pulumi's back on refresh, and links it again on up", async () => {
    const primary = (await api.list("/1/secondary_dns/primaries"))[0];
    expect(
      (await api.put(`/1/secondary_dns/primaries/${primary.id}/unlink`, { zone: "secondary-two.net" }))
        .status,
    ).toBe(200);
    const refresh = await e2e.stack.refresh(collect(e2e));
    expect(refresh.summary.resourceChanges?.update).toBe(1);
    const text = await previewText(settled);
    expect(text).toMatch(/~ pulumi-nodejs:dynamic\/dnsimple:PrimaryServer: \(update\)/);
    await up(settled);
    const after = (await api.list("/1/secondary_dns/primaries"))[0];
    expect([...after.linked_secondary_zones].sort()).toEqual(["secondary-one.net", "secondary-two.net"]);
  });

  it("drops objects deleted behind Pulumi's back on refresh and recreates them on up", async () => {
    const hook = (await api.get("/1/webhooks")).body.data[0];
    expect((await api.delete(`/1/webhooks/${hook.id}`)).status).toBe(204);
    const ds = (await api.list(`/1/domains/${DOMAIN}/ds_records`))[0];
    expect((await api.delete(`/1/domains/${DOMAIN}/ds_records/${ds.id}`)).status).toBe(204);
    const refresh = await e2e.stack.refresh(collect(e2e));
    expect(refresh.summary.resourceChanges?.delete).toBe(2);
    const result = await up(settled);
    expect(result.summary.resourceChanges?.create).toBe(2);
    expect((await api.get("/1/webhooks")).body.data).toHaveLength(1);
    expect(await api.list(`/1/domains/${DOMAIN}/ds_records`)).toHaveLength(1);
  });

  it("adopts an existing forward instead of creating a duplicate", async () => {
    const existing = await api.post(`/1/domains/${DOMAIN}/email_forwards`, {
      alias_name: "legacy",
      destination_email: "old@example.org",
    });
    expect(existing.status).toBe(201);
    const result = await up({ ...settled, adoptForward: true });
    expect(result.outputs.ids?.value.adopted).toBe(String(existing.body.data.id));
    const legacy = (await api.list(`/1/domains/${DOMAIN}/email_forwards`)).filter((f) =>
      f.alias_email.startsWith("legacy@"),
    );
    expect(legacy).toHaveLength(1);
  });

  it("moves a resource to another account when its account override changes", async () => {
    await up({ ...settled, adoptForward: true, webhookAccount: 2 });
    expect((await api.get("/2/webhooks")).body.data).toEqual([
      expect.objectContaining({ url: "https://hooks.example.com/dnsimple" }),
    ]);
    expect((await api.get("/1/webhooks")).body.data).toEqual([]);
  });

  const moved: Knobs = { ...settled, adoptForward: true, webhookAccount: 2 };
  const renamed: Knobs = {
    ...moved,
    dsKeytag: "2372",
    hookUrl: "https://hooks.example.com/dnsimple/v2",
    secondName: "secondary-three.net",
  };

  it("replaces a DS record, a webhook and a secondary zone when what identifies them changes", async () => {
    const result = await up(renamed);
    expect(result.summary.resourceChanges).toMatchObject({ replace: 3 });
    expect((await api.list(`/1/domains/${DOMAIN}/ds_records`)).map((d) => d.keytag)).toEqual(["2372"]);
    expect((await api.get("/2/webhooks")).body.data.map((w: { url: string }) => w.url)).toEqual([
      "https://hooks.example.com/dnsimple/v2",
    ]);
    expect((await api.get("/1/zones/secondary-two.net")).status).toBe(404);
    expect((await api.get("/1/zones/secondary-three.net")).body.data.secondary).toBe(true);
    const primary = (await api.list("/1/secondary_dns/primaries"))[0];
    expect([...primary.linked_secondary_zones].sort()).toEqual(["secondary-one.net", "secondary-three.net"]);
  });

  it("drops a forward, a primary server and a secondary zone deleted behind Pulumi's back, then recreates them", async () => {
    const forward = (await api.list(`/1/domains/${DOMAIN}/email_forwards`)).find((f) =>
      f.alias_email.startsWith("sales@"),
    );
    expect((await api.delete(`/1/domains/${DOMAIN}/email_forwards/${forward.id}`)).status).toBe(204);
    const primary = (await api.list("/1/secondary_dns/primaries"))[0];
    expect((await api.delete(`/1/secondary_dns/primaries/${primary.id}`)).status).toBe(204);
    expect((await api.delete("/1/domains/secondary-one.net")).status).toBe(204);
    const refresh = await e2e.stack.refresh(collect(e2e));
    expect(refresh.summary.resourceChanges?.delete).toBe(3);
    const result = await up(renamed);
    expect(result.summary.resourceChanges?.create).toBe(3);
    expect(await api.list("/1/secondary_dns/primaries")).toEqual([
      expect.objectContaining({ name: "ns1.core-e2e.net" }),
    ]);
    expect((await api.get("/1/zones/secondary-one.net")).status).toBe(200);
  });

  it("adopts a DS record, a webhook, a secondary zone and a primary server that already exist", async () => {
    const ds = await api.post(`/1/domains/${DOMAIN}/ds_records`, {
      algorithm: "8",
      digest_type: "2",
      keytag: "3000",
      digest: DIGEST,
    });
    const hook = await api.post("/1/webhooks", { url: "https://hooks.example.com/adopted" });
    const zone = await api.post("/1/secondary_dns/zones", { name: "adopted-zone.net" });
    const primary = await api.post("/1/secondary_dns/primaries", {
      name: "ns2.adopted.net",
      ip: "2001:db8::53",
      port: 5353,
    });
    for (const answer of [ds, hook, zone, primary]) expect(answer.status).toBe(201);
    const result = await up({ ...renamed, adoptOthers: true });
    expect(result.outputs.ids?.value).toMatchObject({
      adoptedDs: String(ds.body.data.id),
      adoptedHook: String(hook.body.data.id),
      adoptedZone: String(zone.body.data.id),
      adoptedPrimary: String(primary.body.data.id),
    });
    expect(
      (await api.list(`/1/domains/${DOMAIN}/ds_records`)).filter((d) => d.keytag === "3000"),
    ).toHaveLength(1);
    expect((await api.get("/1/webhooks")).body.data).toHaveLength(1);
    expect(
      (await api.list("/1/secondary_dns/primaries")).filter((p) => p.name === "ns2.adopted.net"),
    ).toHaveLength(1);
  });

  it("keeps the token out of the exported stack and the state file", async () => {
    expect(await e2e.exportWithCli()).not.toContain(TOKEN);
    expect(readFileSync(e2e.stateFile(), "utf8")).not.toContain(TOKEN);
  });

  it("destroys everything, children before their domain", async () => {
    const domainId = (await api.get(`/1/domains/${DOMAIN}`)).body.data.id;
    await admin.clearRequests();
    await e2e.stack.destroy(collect(e2e));
    const deletes = (await admin.requests()).filter((r) => r.method === "DELETE").map((r) => r.path);
    const domainDelete = deletes.indexOf(`/v2/1/domains/${domainId}`);
    expect(domainDelete).toBeGreaterThanOrEqual(0);
    for (const child of ["email_forwards", "ds_records"]) {
      const childDelete = deletes.findIndex((p) => p.includes(`/domains/${DOMAIN}/${child}/`));
      expect(childDelete).toBeGreaterThanOrEqual(0);
      expect(childDelete).toBeLessThan(domainDelete);
    }
    expect((await api.get(`/1/domains/${DOMAIN}`)).status).toBe(404);
    expect(await api.list("/1/secondary_dns/primaries")).toEqual([]);
    expect((await api.get("/2/webhooks")).body.data).toEqual([]);
    expect((await api.get("/1/zones/secondary-one.net")).status).toBe(404);
    expect(e2e.output.join("\n")).not.toContain(TOKEN);
  });
});
