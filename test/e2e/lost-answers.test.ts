/**
 * Creates whose answer never arrives, through the real engine: the emulator carries out the
 * create and then cuts the connection (`drop-after`), or cuts it before (`drop`). Nothing may be
 * duplicated, and nothing may be reported as failed that the next `up` cannot finish by itself.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorAdmin, emulatorApi } from "./emulator-api";
import { collect, createE2eStack, type Declaration, type E2eStack } from "./harness";

const TOKEN = "e2e-lost-answers-token-3c1d";
const DOMAIN = "lost-answer.com";
let emulator: RunningEmulator;
let admin: ReturnType<typeof emulatorAdmin>;
let api: ReturnType<typeof emulatorApi>;
let e2e: E2eStack;

const contact = (label: string): Declaration => ({
  type: "Contact",
  name: label,
  args: {
    label,
    firstName: "Grace",
    lastName: "Hopper",
    email: `${label}@example.org`,
    phone: "+1.5551234567",
    address1: "1 Navy Yard",
    city: "Arlington",
    stateProvince: "VA",
    postalCode: "22202",
    country: "US",
  },
});

const domainAndForward: Declaration[] = [
  { type: "Domain", name: "domain", args: { name: DOMAIN } },
  {
    type: "EmailForward",
    name: "sales",
    args: { domain: { $ref: "domain.name" }, aliasName: "sales", destinationEmail: "team@example.org" },
  },
];

async function upOutcome(): Promise<{ ok: boolean; text: string }> {
  const lines: string[] = [];
  try {
    await e2e.stack.up({ onOutput: (line) => lines.push(line) });
    return { ok: true, text: lines.join("") };
  } catch (error) {
    return { ok: false, text: `${lines.join("")}\n${(error as Error).message}` };
  } finally {
    e2e.output.push(...lines);
  }
}

async function domainsNamed(name: string) {
  return (await api.list("/1/domains")).filter((d: { name: string }) => d.name === name);
}

function resourceOfType(state: string, type: string) {
  return JSON.parse(state).deployment.resources.find((r: { type: string }) => r.type.endsWith(`:${type}`)) as
    { id: string; outputs: Record<string, unknown> } | undefined;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  admin = emulatorAdmin(emulator.url);
  api = emulatorApi(emulator.v2Url, TOKEN);
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  // One retry per request keeps the unreachable stretch below short.
  await e2e.stack.setConfig("dnsimple:maxRetries", { value: "1" });
}, 120_000);

afterAll(async () => {
  await admin?.call("DELETE", "/faults").catch(() => undefined);
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("a domain create whose answer is lost and cannot be read back", () => {
  it("fails the up but keeps the domain in the stack as unconfirmed", async () => {
    await e2e.declare(domainAndForward);
    // The create goes through; its answer and every read-back of the domain are lost.
    await admin.call("PUT", "/faults", {
      rate: 1,
      kinds: ["drop-after"],
      routes: "^(POST|GET) /v2/1/domains",
    });
    const first = await upOutcome();
    await admin.call("DELETE", "/faults");
    expect(first.ok).toBe(false);
    expect(first.text).toMatch(/Whether the Domain was created is unknown/);
    expect(await domainsNamed(DOMAIN)).toHaveLength(1);
    const kept = resourceOfType(await e2e.exportState(), "Domain");
    expect(kept?.id).toBe(DOMAIN);
    expect(kept?.outputs.createUnconfirmed).toBe(true);
  }, 180_000);

  it("is settled by the next up: the domain is taken over, not refused or created twice", async () => {
    const second = await upOutcome();
    expect(second.text).not.toMatch(/already/);
    expect(second.ok).toBe(true);
    expect(await domainsNamed(DOMAIN)).toHaveLength(1);
    expect(await api.list(`/1/domains/${DOMAIN}/email_forwards`)).toEqual([
      expect.objectContaining({ alias_email: `sales@${DOMAIN}` }),
    ]);
    const settled = resourceOfType(await e2e.exportState(), "Domain");
    expect(settled?.outputs.createUnconfirmed).toBeUndefined();
    expect(settled?.outputs.domainId).toBe((await domainsNamed(DOMAIN))[0].id);
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 3 });
  }, 180_000);
});

describe("a contact create whose connection drops (contacts have no natural key to read back)", () => {
  it("takes over the contact the lost create made, in the same up", async () => {
    await e2e.declare([...domainAndForward, contact("made")]);
    await admin.call("PUT", "/faults", {
      rate: 1,
      kinds: ["drop-after"],
      routes: "^POST /v2/1/contacts",
      count: 1,
    });
    const outcome = await upOutcome();
    expect(outcome.ok).toBe(true);
    const contacts = (await api.list("/1/contacts")).filter((c: { label: string }) => c.label === "made");
    expect(contacts).toHaveLength(1);
  }, 180_000);

  it("sends it again, in the same up, when the connection dropped before the service saw it", async () => {
    await e2e.declare([...domainAndForward, contact("made"), contact("resent")]);
    await admin.call("PUT", "/faults", {
      rate: 1,
      kinds: ["drop"],
      routes: "^POST /v2/1/contacts",
      count: 1,
    });
    const outcome = await upOutcome();
    expect(outcome.ok).toBe(true);
    const contacts = (await api.list("/1/contacts")).filter((c: { label: string }) => c.label === "resent");
    expect(contacts).toHaveLength(1);
  }, 180_000);
});
