/**
 * DomainRegistration through the real engine against the emulator: a new `registrantId` is a
 * registrant change done in place (one that stays pending is kept in state and resumed by the
 * next `up`), and a domain that left the account behind Pulumi's back is never registered again
 * (paid for twice) unless the program says `orderAgain: true`.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { admin, findResource, v2 } from "./extended-api";
import { collect, createE2eStack, type Declaration, type E2eStack } from "./harness";

const TOKEN = "e2e-registrant-token-7c1e";
let emulator: RunningEmulator;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;
let adm: ReturnType<typeof admin>;

const PERSON = {
  phone: "+1.5555550111",
  address1: "1 Registry Way",
  city: "Austin",
  stateProvince: "TX",
  postalCode: "73301",
  country: "US",
};

interface Knobs {
  registrant?: "owner" | "buyer";
  timeoutSeconds?: number;
  orderAgain?: boolean;
}

function program(k: Knobs = {}): Declaration[] {
  return [
    {
      type: "Contact",
      name: "owner",
      args: { firstName: "Olga", lastName: "Owner", email: "olga@example.org", ...PERSON },
    },
    {
      type: "Contact",
      name: "buyer",
      args: { firstName: "Bruno", lastName: "Buyer", email: "bruno@example.org", ...PERSON },
    },
    {
      type: "DomainRegistration",
      name: "reg",
      args: {
        domain: "registrant-e2e.com",
        registrantId: { $ref: `${k.registrant ?? "owner"}.contactId` },
        timeoutSeconds: k.timeoutSeconds ?? 20,
        pollIntervalSeconds: 0.05,
      },
    },
    {
      type: "DomainRegistration",
      name: "leaves",
      args: {
        domain: "leaves-e2e.com",
        registrantId: { $ref: "owner.contactId" },
        pollIntervalSeconds: 0.05,
        ...(k.orderAgain ? { orderAgain: true } : {}),
      },
    },
  ];
}

/** The emulator's request log, filtered to POSTs on one path. */
async function posts(path: string): Promise<number> {
  const log: Array<{ method: string; path: string }> = await adm("GET", "/requests");
  return log.filter((r) => r.method === "POST" && r.path === path).length;
}

const CHANGES = "/v2/1/registrar/registrant_changes";
const LEAVES_ORDERS = "/v2/1/registrar/domains/leaves-e2e.com/registrations";

async function outputs(name: string): Promise<Record<string, any>> {
  return findResource(await e2e.exportState(), name)?.outputs ?? {};
}

async function contactId(name: "owner" | "buyer"): Promise<number> {
  return Number(findResource(await e2e.exportState(), name)?.id);
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1, delays: { registration: 0 } });
  api = v2(emulator.v2Url, TOKEN);
  adm = admin(emulator.url);
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  await e2e.declare(program());
  const result = await e2e.stack.up(collect(e2e));
  expect(result.summary.resourceChanges).toMatchObject({ create: 5 }); // the stack and its four resources;
}, 180_000);

afterAll(async () => {
  // Registered domains keep their registrant contacts in use: give them up first.
  for (const name of ["registrant-e2e.com", "leaves-e2e.com"]) await api?.("DELETE", `/1/domains/${name}`);
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("a new registrant through the real engine", () => {
  it("previews the change as an update in place and runs a registrant change", async () => {
    await adm("PUT", "/delays", { registrant_change: 400 });
    await e2e.declare(program({ registrant: "buyer" }));
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 4, update: 1 });
    const before = await posts(CHANGES);
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toEqual({ same: 4, update: 1 });
    const buyer = await contactId("buyer");
    expect((await api("GET", "/1/domains/registrant-e2e.com")).body.data.registrant_id).toBe(buyer);
    expect(await posts(CHANGES)).toBe(before + 1);
    expect(await posts("/v2/1/registrar/domains/registrant-e2e.com/registrations")).toBe(1);
    const reg = await outputs("reg");
    expect(reg).toMatchObject({ registrantId: String(buyer), registrantChangeState: "completed" });
    const change = (await api("GET", `/1/registrar/registrant_changes/${reg.registrantChangeId}`)).body.data;
    expect(change).toMatchObject({ contact_id: buyer, state: "completed", registry_owner_change: true });
  });

  it("keeps a change still pending in state, and the next up resumes it instead of starting another", async () => {
    await adm("PUT", "/delays", { registrant_change: 60_000 });
    await e2e.declare(program({ registrant: "owner", timeoutSeconds: 0.5 }));
    const before = await posts(CHANGES);
    const error = await e2e.stack.up(collect(e2e)).catch((e: Error) => e);
    expect(String((error as Error).message)).toMatch(
      /registrant change of registrant-e2e\.com to contact \d+ \(\d+\) is still new/,
    );
    const buyer = await contactId("buyer");
    const pending = await outputs("reg");
    // The registry has not confirmed yet: state still says the buyer, and records the open change.
    expect(pending).toMatchObject({ registrantId: String(buyer), registrantChangeState: "new" });
    expect(pending.registrantChangeId).toEqual(expect.any(Number));
    expect(pending.pendingRegistrantChangeId).toBe(pending.registrantChangeId);
    expect(await posts(CHANGES)).toBe(before + 1);
    expect((await e2e.stack.preview(collect(e2e))).changeSummary).toMatchObject({ update: 1 });

    // The registry moves on (new → pending now, completed 100 ms later) while the next up waits.
    await adm("PUT", "/delays", { registrant_change: 200 });
    await adm("POST", "/jobs/run");
    await e2e.declare(program({ registrant: "owner" }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(await posts(CHANGES)).toBe(before + 1);
    const owner = await contactId("owner");
    expect((await api("GET", "/1/domains/registrant-e2e.com")).body.data.registrant_id).toBe(owner);
    expect(await outputs("reg")).toMatchObject({
      registrantId: String(owner),
      registrantChangeId: pending.registrantChangeId,
      registrantChangeState: "completed",
    });
    expect((await outputs("reg")).pendingRegistrantChangeId).toBeUndefined();
    expect((await e2e.stack.preview(collect(e2e))).changeSummary).toEqual({ same: 5 });
  });
});

describe("no second payment by surprise", () => {
  it("refresh keeps a registration whose domain left the account, marked gone", async () => {
    expect(await posts(LEAVES_ORDERS)).toBe(1);
    expect((await api("DELETE", "/1/domains/leaves-e2e.com")).status).toBe(204);
    await e2e.stack.refresh(collect(e2e));
    const leaves = findResource(await e2e.exportState(), "leaves");
    expect(leaves).toBeDefined();
    expect(leaves?.outputs).toMatchObject({ goneFromAccount: true, domain: "leaves-e2e.com" });
    expect((await e2e.stack.preview(collect(e2e))).changeSummary).toEqual({ same: 4, update: 1 });
  });

  it("up fails with the explanation and orders nothing", async () => {
    const error = await e2e.stack.up(collect(e2e)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const message = String((error as Error).message);
    expect(message).toMatch(/leaves-e2e\.com is no longer registered in DNSimple account 1/);
    expect(message).toMatch(/new, paid registration/);
    expect(message).toMatch(/set `orderAgain: true` on this DomainRegistration/);
    expect(await posts(LEAVES_ORDERS)).toBe(1);
    expect((await api("GET", "/1/domains/leaves-e2e.com")).status).toBe(404);
    expect((await outputs("leaves")).goneFromAccount).toBe(true);
  });

  it("with orderAgain: true it registers the domain again, once", async () => {
    await e2e.declare(program({ registrant: "owner", orderAgain: true }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(await posts(LEAVES_ORDERS)).toBe(2);
    expect((await api("GET", "/1/domains/leaves-e2e.com")).body.data.state).toBe("registered");
    expect(await outputs("leaves")).toMatchObject({ goneFromAccount: false, state: "registered" });
    expect((await e2e.stack.preview(collect(e2e))).changeSummary).toEqual({ same: 5 });
  });
});
