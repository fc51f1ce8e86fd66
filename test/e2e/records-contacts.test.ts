/**
 * Contact, ZoneRecord and Dnssec through the real engine against the emulator: create, no-change
 * preview, in-place update, replacement, refresh after outside changes and deletions, adopt,
 * destroy; personal data and the token never in clear in state. Through the public API only, so
 * the live suite (scripts/test-live) runs it against an account of the service too: the target
 * is this file's emulator or that account (test/live/target.ts), every name carries the run's
 * prefix, and requests are counted from the provider's own request log.
 */
import { readFileSync } from "node:fs";
import { closeTarget, liveTarget, named, requestsLogged, type Target } from "../live/target";
import { findResource, v2 } from "./extended-api";
import { collect, createE2eStack, type Declaration, type E2eStack } from "./harness";

const ZONE = named("records-e2e.com");
const OWNER_LABEL = named("owner");
const PHONE = "+1.5555550142";
const EMAIL = "ada.private@example.org";
let target: Target;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;
/** `/<account>`: the start of every path of the account's API. */
let a: string;

interface Knobs {
  wwwType?: "CNAME" | "A";
  wwwContent?: string;
  wwwTtl?: number;
  phone?: string;
  adoptRecord?: boolean;
}

const BILLING = {
  label: named("billing"),
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
        label: OWNER_LABEL,
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
  return (await api("GET", `${a}/zones/${ZONE}/records?per_page=100`)).body.data.filter(
    (r: any) => !r.system_record,
  );
}

beforeAll(async () => {
  target = await liveTarget();
  a = `/${target.account}`;
  api = v2(target.baseUrl, target.token);
  e2e = await createE2eStack({ baseUrl: target.baseUrl, token: target.token, account: target.account });
  // One line per request in the engine's output: how requests are counted on any target.
  await e2e.stack.setConfig("dnsimple:requestLog", { value: "true" });
  await declare(program());
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await closeTarget();
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
    const www = await api("GET", `${a}/zones/${ZONE}/records/${wwwId}`);
    expect(www.body.data).toMatchObject({ name: "www", type: "CNAME", ttl: 3600 });
    const contact = await api("GET", `${a}/contacts/${contactId}`);
    expect(contact.body.data).toMatchObject({ phone: PHONE, country: "GB" });
    expect((await api("GET", `${a}/domains/${ZONE}/dnssec`)).body.data.enabled).toBe(true);
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
    const www = (await api("GET", `${a}/zones/${ZONE}/records/${wwwId}`)).body.data;
    expect(www).toMatchObject({ content: "other.example.net", ttl: 600 });
    expect((await api("GET", `${a}/contacts/${contactId}`)).body.data.phone).toBe("+1.5555550199");
  });

  it("replaces the record when its type changes", async () => {
    await declare(program({ wwwType: "A", wwwContent: "192.0.2.10", phone: "+1.5555550199" }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ replace: 1 });
    const newId = (result.outputs.ids?.value as Record<string, string>).www as string;
    expect(newId).not.toBe(wwwId);
    expect((await api("GET", `${a}/zones/${ZONE}/records/${wwwId}`)).status).toBe(404);
    wwwId = newId;
  });

  it("refresh shows a change made outside Pulumi, and the next up puts it back", async () => {
    await api("PATCH", `${a}/zones/${ZONE}/records/${wwwId}`, { content: "192.0.2.99" });
    await api("PATCH", `${a}/contacts/${contactId}`, { city: "Paris" });
    const from = e2e.output.length;
    await e2e.stack.refresh(collect(e2e));
    // Records and contacts are read from their list pages, not with one GET each.
    const log = [...requestsLogged(e2e.output, from).values()];
    expect(log.filter((r) => /\/records\/\d+$|\/contacts\/\d+$/.test(r))).toEqual([]);
    expect(log.filter((r) => r === `GET /v2/${target.account}/zones/${ZONE}/records`)).toHaveLength(1);
    const exported = await e2e.exportState();
    expect(findResource(exported, "www")?.outputs.content).toBe("192.0.2.99");
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toMatchObject({ update: 2 });
    await e2e.stack.up(collect(e2e));
    expect((await api("GET", `${a}/zones/${ZONE}/records/${wwwId}`)).body.data.content).toBe("192.0.2.10");
    expect((await api("GET", `${a}/contacts/${contactId}`)).body.data.city).toBe("London");
  });

  it("refresh drops what was deleted outside Pulumi; up recreates it", async () => {
    expect((await api("DELETE", `${a}/contacts/${contactId}`)).status).toBe(204);
    expect((await api("DELETE", `${a}/zones/${ZONE}/records/${wwwId}`)).status).toBe(204);
    expect((await api("DELETE", `${a}/domains/${ZONE}/dnssec`)).status).toBe(204);
    const refresh = await e2e.stack.refresh(collect(e2e));
    expect(refresh.summary.resourceChanges?.delete).toBe(3);
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(3);
    expect((await api("GET", `${a}/domains/${ZONE}/dnssec`)).body.data.enabled).toBe(true);
  });

  it("adopts an existing record and contact instead of creating duplicates", async () => {
    const billing = await api("POST", `${a}/contacts`, {
      label: BILLING.label,
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
    const made = await api("POST", `${a}/zones/${ZONE}/records`, {
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
    const contacts = (await api("GET", `${a}/contacts?sort=id:desc&per_page=100`)).body.data.filter(
      (c: any) => c.label === BILLING.label,
    );
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
    expect(exported).not.toContain(target.token);
    expect(file).not.toContain(target.token);
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
      expect(resources).toContain(ZONE);
    }
    const owner = findResource(exported, "owner");
    expect(owner?.outputs.phone).toMatchObject({ "4dabf18193072939515e22adb298388d": expect.any(String) });
    expect(owner?.inputs.phone).toMatchObject({ "4dabf18193072939515e22adb298388d": expect.any(String) });
    expect(owner?.outputs.country).toBe("GB");
  });

  it("destroy deletes records and contact and disables DNSSEC", async () => {
    await e2e.stack.destroy(collect(e2e));
    expect((await api("GET", `${a}/domains/${ZONE}`)).status).toBe(404);
    const contacts = (await api("GET", `${a}/contacts?sort=id:desc&per_page=100`)).body.data;
    expect(contacts.filter((c: any) => [OWNER_LABEL, BILLING.label].includes(c.label))).toEqual([]);
  });

  it("never printed the token or personal data in the engine's output", () => {
    const output = e2e.output.join("\n");
    expect(output).not.toContain(target.token);
    expect(output).not.toContain(EMAIL);
  });
});
