/**
 * Contact, ZoneRecord and Dnssec through the real engine against the emulator: create, no-change
 * preview, in-place update, replacement, refresh after outside changes and deletions, adopt,
 * destroy; personal data and the token never in clear in state.
 */
import { readFileSync } from "node:fs";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { admin, findResource, v2 } from "./extended-api";
import { collect, createE2eStack, type Declaration, type E2eStack } from "./harness";

const TOKEN = "e2e-records-token-71c2";
const ZONE = "records-e2e.com";
const PHONE = "+1.5555550142";
const EMAIL = "ada.private@example.org";
let emulator: RunningEmulator;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;

interface Knobs {
  wwwType?: "CNAME" | "A";
  wwwContent?: string;
  wwwTtl?: number;
  phone?: string;
  adoptRecord?: boolean;
}

const BILLING = {
  label: "billing",
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace.private@example.org",
  phone: "+1.5555550177",
  address1: "7 Compiler Lane",
  city: "Arlington",
  stateProvince: "VA",
  postalCode: "22201",
  country: "US",
};

function program(k: Knobs = {}): Declaration[] {
  return [
    { type: "Domain", name: "zone", args: { name: ZONE } },
    {
      type: "Contact",
      name: "owner",
      args: {
        label: "owner",
        firstName: "Ada",
        lastName: "Lovelace",
        email: EMAIL,
        phone: k.phone ?? PHONE,
        address1: "12 Analytical Row",
        city: "London",
        stateProvince: "London",
        postalCode: "N1 9GU",
        country: "gb",
      },
    },
    {
      type: "ZoneRecord",
      name: "www",
      args: {
        zoneName: { $ref: "zone.name" },
        name: "www",
        type: k.wwwType ?? "CNAME",
        // Trailing dot and upper case: the service stores it differently, which must not be a diff.
        content: k.wwwContent ?? "Target.Example.NET.",
        ttl: k.wwwTtl ?? 3600,
      },
    },
    {
      type: "ZoneRecord",
      name: "spf",
      args: { zoneName: { $ref: "zone.name" }, name: "", type: "TXT", content: '"v=spf1 -all"' },
    },
    { type: "Dnssec", name: "signing", args: { domain: { $ref: "zone.name" } } },
    ...(k.adoptRecord
      ? [
          { type: "Contact", name: "billing", args: { ...BILLING, adopt: true } },
          {
            type: "ZoneRecord",
            name: "mail",
            args: {
              zoneName: { $ref: "zone.name" },
              name: "",
              type: "MX",
              content: "mx.example.net",
              priority: 10,
              adopt: true,
            },
          },
        ]
      : []),
  ];
}

/**
 * The program's declarations hold the contact's personal data: the harness keeps them outside the
 * project folder, so that only the resources themselves could leak it into what the engine wrote.
 */
async function declare(resources: Declaration[]): Promise<void> {
  await e2e.declare(resources);
}

async function records(): Promise<any[]> {
  return (await api("GET", `/1/zones/${ZONE}/records?per_page=100`)).body.data.filter(
    (r: any) => !r.system_record,
  );
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  api = v2(emulator.v2Url, TOKEN);
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  await declare(program());
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("Contact, ZoneRecord and Dnssec with the real engine", () => {
  let wwwId: string;
  let contactId: string;

  it("creates everything on up", async () => {
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(6);
    const ids = result.outputs.ids?.value as Record<string, string>;
    wwwId = ids.www as string;
    contactId = ids.owner as string;
    const www = await api("GET", `/1/zones/${ZONE}/records/${wwwId}`);
    expect(www.body.data).toMatchObject({ name: "www", type: "CNAME", ttl: 3600 });
    const contact = await api("GET", `/1/contacts/${contactId}`);
    expect(contact.body.data).toMatchObject({ phone: PHONE, country: "GB" });
    expect((await api("GET", `/1/domains/${ZONE}/dnssec`)).body.data.enabled).toBe(true);
  });

  it("shows no changes on a second preview (the service's rewrites are not diffs)", async () => {
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 6 });
  });

  it("updates the record and the contact in place", async () => {
    await declare(program({ wwwContent: "other.example.net", wwwTtl: 600, phone: "+1.5555550199" }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ update: 2, same: 4 });
    expect((result.outputs.ids?.value as Record<string, string>).www).toBe(wwwId);
    const www = (await api("GET", `/1/zones/${ZONE}/records/${wwwId}`)).body.data;
    expect(www).toMatchObject({ content: "other.example.net", ttl: 600 });
    expect((await api("GET", `/1/contacts/${contactId}`)).body.data.phone).toBe("+1.5555550199");
  });

  it("replaces the record when its type changes", async () => {
    await declare(program({ wwwType: "A", wwwContent: "192.0.2.10", phone: "+1.5555550199" }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ replace: 1 });
    const newId = (result.outputs.ids?.value as Record<string, string>).www as string;
    expect(newId).not.toBe(wwwId);
    expect((await api("GET", `/1/zones/${ZONE}/records/${wwwId}`)).status).toBe(404);
    wwwId = newId;
  });

  it("refresh shows a change made outside Pulumi, and the next up puts it back", async () => {
    await api("PATCH", `/1/zones/${ZONE}/records/${wwwId}`, { content: "192.0.2.99" });
    await api("PATCH", `/1/contacts/${contactId}`, { city: "Paris" });
    await admin(emulator.url)("DELETE", "/requests");
    await e2e.stack.refresh(collect(e2e));
    // Records and contacts are read from their list pages, not with one GET each.
    const log: Array<{ method: string; path: string }> = await admin(emulator.url)("GET", "/requests");
    expect(log.filter((r) => /\/records\/\d+$|\/contacts\/\d+$/.test(r.path))).toEqual([]);
    expect(log.filter((r) => r.path === `/v2/1/zones/${ZONE}/records`)).toHaveLength(1);
    const exported = await e2e.exportState();
    expect(findResource(exported, "www")?.outputs.content).toBe("192.0.2.99");
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toMatchObject({ update: 2 });
    await e2e.stack.up(collect(e2e));
    expect((await api("GET", `/1/zones/${ZONE}/records/${wwwId}`)).body.data.content).toBe("192.0.2.10");
    expect((await api("GET", `/1/contacts/${contactId}`)).body.data.city).toBe("London");
  });

  it("refresh drops what was deleted outside Pulumi; up recreates it", async () => {
    expect((await api("DELETE", `/1/contacts/${contactId}`)).status).toBe(204);
    expect((await api("DELETE", `/1/zones/${ZONE}/records/${wwwId}`)).status).toBe(204);
    expect((await api("DELETE", `/1/domains/${ZONE}/dnssec`)).status).toBe(204);
    const refresh = await e2e.stack.refresh(collect(e2e));
    expect(refresh.summary.resourceChanges?.delete).toBe(3);
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(3);
    expect((await api("GET", `/1/domains/${ZONE}/dnssec`)).body.data.enabled).toBe(true);
  });

  it("adopts an existing record and contact instead of creating duplicates", async () => {
    const billing = await api("POST", "/1/contacts", {
      label: "billing",
      first_name: "Old",
      last_name: "Name",
      email: "old.billing@example.org",
      phone: "+1.5555550100",
      address1: "1 Old St",
      city: "Nowhere",
      state_province: "NV",
      postal_code: "89001",
      country: "US",
    });
    expect(billing.status).toBe(201);
    const made = await api("POST", `/1/zones/${ZONE}/records`, {
      name: "",
      type: "MX",
      content: "MX.example.net.",
      priority: 20,
    });
    expect(made.status).toBe(201);
    await e2e.declare(
      program({ wwwType: "A", wwwContent: "192.0.2.10", phone: "+1.5555550199", adoptRecord: true }),
    );
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(2);
    const contacts = (await api("GET", "/1/contacts")).body.data.filter((c: any) => c.label === "billing");
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ id: billing.body.data.id, first_name: "Grace", city: "Arlington" });
    const mx = (await records()).filter((r) => r.type === "MX");
    expect(mx).toHaveLength(1);
    expect(String(mx[0].id)).toBe(String(made.body.data.id));
    expect(mx[0].priority).toBe(10); // brought in line with the program
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 8 });
  });

  it("keeps personal data and the token out of state in clear", async () => {
    const exported = await e2e.exportState();
    const file = readFileSync(e2e.stateFile(), "utf8");
    expect(exported).not.toContain(TOKEN);
    expect(file).not.toContain(TOKEN);
    // The default provider's entry holds this test's own program config; judge the resources.
    for (const text of [exported, file]) {
      const parsed = JSON.parse(text);
      const deployment = parsed.deployment ?? parsed.checkpoint.latest;
      const resources = JSON.stringify(
        deployment.resources.filter((r: { type: string }) => !r.type.startsWith("pulumi:providers:")),
      );
      expect(resources).not.toContain("5555550199");
      expect(resources).not.toContain(EMAIL);
      expect(resources).not.toContain(BILLING.email);
      expect(resources).not.toContain("Compiler Lane");
      expect(resources).not.toContain("Analytical");
      expect(resources).toContain("records-e2e.com");
    }
    const owner = findResource(exported, "owner");
    expect(owner?.outputs.phone).toMatchObject({ "4dabf18193072939515e22adb298388d": expect.any(String) });
    expect(owner?.inputs.phone).toMatchObject({ "4dabf18193072939515e22adb298388d": expect.any(String) });
    expect(owner?.outputs.country).toBe("GB");
  });

  it("destroy deletes records and contact and disables DNSSEC", async () => {
    await e2e.stack.destroy(collect(e2e));
    expect((await api("GET", `/1/domains/${ZONE}`)).status).toBe(404);
    expect((await api("GET", `/1/contacts`)).body.data).toHaveLength(0);
  });

  it("never printed the token or personal data in the engine's output", () => {
    const output = e2e.output.join("\n");
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain(EMAIL);
  });
});
