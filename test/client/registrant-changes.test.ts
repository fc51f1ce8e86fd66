/**
 * The client's registrant-change group against the emulator: check, create (done at once or
 * pending), get, list and iterate, find the open one, cancel; typed errors; and a create whose
 * answer is lost is not sent twice.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import {
  collect,
  createClient,
  isApiError,
  outcomeUnknown,
  type ApiError,
  type DnsimpleClient,
} from "../../provider/client";

const A = 1;
let emu: RunningEmulator;
let c: DnsimpleClient;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  c = createClient({ token: emu.token, baseUrl: emu.v2Url, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
});
afterAll(() => emu.close());
beforeEach(async () => {
  await admin("POST", "/reset");
});

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emu.url}/__admin${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error("expected the call to fail");
}

async function person(first: string, email: string): Promise<number> {
  const contact = await c.contacts.create(A, {
    first_name: first,
    last_name: "Example",
    email,
    phone: "+18001234567",
    address1: "1 Main St",
    city: "Rome",
    state_province: "RM",
    postal_code: "00100",
    country: "IT",
  });
  return contact.id;
}

async function registeredTo(name: string, registrant: number): Promise<number> {
  return (await c.registrar.register(A, name, { registrant_id: registrant })).domain_id;
}

describe("client registrant changes", () => {
  it("checks, changes at once (201) and reads the change back", async () => {
    const owner = await person("Ada", "ada@example.com");
    const domainId = await registeredTo("at-once.fi", owner);
    const buyer = await person("Bob", "bob@example.com");
    const check = await c.registrar.checkRegistrantChange(A, { domain_id: "at-once.fi", contact_id: buyer });
    expect(check).toMatchObject({ domain_id: domainId, contact_id: buyer, registry_owner_change: true });
    expect(check.extended_attributes.find((a) => a.required)?.name).toBe("x-fi-registrant-idnumber");
    const change = await c.registrar.createRegistrantChange(A, {
      domain_id: "at-once.fi",
      contact_id: buyer,
      extended_attributes: { "x-fi-registrant-idnumber": "1234" },
    });
    expect(change).toMatchObject({ state: "completed", domain_id: domainId, contact_id: buyer });
    expect((await c.registrar.getRegistrantChange(A, change.id)).irt_lock_lifted_by).toMatch(/^\d{4}-/);
    expect((await c.domains.get(A, "at-once.fi")).registrant_id).toBe(buyer);
    const completed = await c.registrar.listRegistrantChanges(A, { state: "completed", domainId });
    expect(completed.data.map((x) => x.id)).toEqual([change.id]);
    expect(await c.registrar.findOpenRegistrantChange(A, "at-once.fi", buyer)).toBeUndefined();
  });

  it("finds a pending change, iterates the open ones and cancels through 204 and 202", async () => {
    await admin("PUT", "/delays", { registrant_change: 60_000 });
    const owner = await person("Ada", "ada@example.com");
    await registeredTo("slow-one.com", owner);
    await registeredTo("slow-two.com", owner);
    const buyer = await person("Bob", "bob@example.com");
    const one = await c.registrar.createRegistrantChange(A, { domain_id: "slow-one.com", contact_id: buyer });
    const two = await c.registrar.createRegistrantChange(A, { domain_id: "slow-two.com", contact_id: buyer });
    expect([one.state, two.state]).toEqual(["new", "new"]);
    expect((await c.registrar.findOpenRegistrantChange(A, "slow-two.com", buyer))?.id).toBe(two.id);
    expect(await c.registrar.findOpenRegistrantChange(A, "slow-two.com", owner)).toBeUndefined();
    const open = await collect(c.registrar.iterateRegistrantChanges(A, { contactId: buyer }));
    expect(open.map((x) => x.id)).toEqual([one.id, two.id]);
    expect(await c.registrar.cancelRegistrantChange(A, one.id)).toBeUndefined();
    await admin("POST", "/jobs/run"); // two: new → pending
    expect((await c.registrar.findOpenRegistrantChange(A, "slow-two.com", buyer))?.state).toBe("pending");
    expect((await c.registrar.cancelRegistrantChange(A, two.id))?.state).toBe("cancelling");
    const again = await failure(c.registrar.cancelRegistrantChange(A, one.id));
    expect(again.status).toBe(400);
  });

  it("raises typed errors: 404 naming the contact, 402 unpaid, 400 validation per field", async () => {
    const owner = await person("Ada", "ada@example.com");
    await registeredTo("errors.fi", owner);
    const missing = await failure(
      c.registrar.checkRegistrantChange(A, { domain_id: "errors.fi", contact_id: 999_999 }),
    );
    expect(missing.status).toBe(404);
    expect(missing.message).toMatch(/Contact `999999` not found/);
    const buyer = await person("Bob", "bob@example.com");
    const attributes = await failure(
      c.registrar.createRegistrantChange(A, { domain_id: "errors.fi", contact_id: buyer }),
    );
    expect(attributes.status).toBe(400);
    expect(attributes.message).toMatch(/extended_attributes: x-fi-registrant-idnumber is required/);
    await admin("PATCH", "/accounts/1", { outstandingPayments: true });
    const unpaid = await failure(
      c.registrar.createRegistrantChange(A, {
        domain_id: "errors.fi",
        contact_id: buyer,
        extended_attributes: { "x-fi-registrant-idnumber": "1" },
      }),
    );
    expect(unpaid.code).toBe("payment_required");
    expect((await failure(c.registrar.getRegistrantChange(A, 4242))).status).toBe(404);
  });

  it("does not start a change again when its answer is lost: the outcome is unknown, and the change is open once", async () => {
    await admin("PUT", "/delays", { registrant_change: 60_000 });
    const owner = await person("Ada", "ada@example.com");
    await registeredTo("lost-answer.com", owner);
    const buyer = await person("Bob", "bob@example.com");
    await admin("PUT", "/faults", {
      rate: 1,
      kinds: ["drop-after"],
      count: 1,
      routes: "^POST /v2/1/registrar/registrant_changes$",
    });
    const lost = await failure(
      c.registrar.createRegistrantChange(A, { domain_id: "lost-answer.com", contact_id: buyer }),
    );
    expect(outcomeUnknown(lost)).toBe(true);
    // What the domain resources look for after a lost answer (registrar-lifecycle.ts).
    const change = await c.registrar.findOpenRegistrantChange(A, "lost-answer.com", buyer);
    const open = await collect(c.registrar.iterateRegistrantChanges(A, {}));
    expect(open.map((x) => x.id)).toEqual([change?.id]);
    const log = (await admin("GET", "/requests")) as Array<{ method: string; path: string }>;
    expect(
      log.filter((r) => r.method === "POST" && r.path === "/v2/1/registrar/registrant_changes"),
    ).toHaveLength(1);
  });
});
