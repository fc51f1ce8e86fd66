/**
 * Registries slower than the rest: `registrar.registrationDelays` keeps a registration of a name
 * under a suffix pending for that long, whatever `delays.registration` says. The contract answers a
 * registration 202 while it is pending completion and 201 when completed (../shared/spec/api-spec.md,
 * "Version 2 registrations, transfers, renewals, restores, certificates"); the recorded read of a
 * pending one is `registering` (../shared/reference/data/dnsimple-developer/fixtures/v2/api/
 * getDomainRegistration/success.http). The Terraform provider's acceptance suite relies on such a
 * registry: `TestAccRegisteredDomainResource_AsyncRegistration` registers a `.com.br` name with
 * trustee and expects it still pending after its 20-second create and update timeouts (with one
 * delay for every TLD it failed: the registration completed at once and the domain's transfer lock
 * was read back as `true`).
 */
import { CONTACT } from "./fixtures";
import { admin, useEmulator, v2, waitFor } from "./helpers";

describe("emulator registration delays by registry", () => {
  const emu = useEmulator();

  it("keeps a registration under a slow suffix pending while other names register at once", async () => {
    const settings = await admin(emu()).put("/registrar", {
      registrationDelays: { "com.br": 3_600_000, br: 50 },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.registration_delays).toEqual({ "com.br": 3_600_000, br: 50 });
    const c = v2(emu());
    const registrant = (await c.post("/1/contacts", CONTACT)).body.data.id;

    const slow = await c.post("/1/registrar/domains/slow-registry.com.br/registrations", {
      registrant_id: registrant,
      trustee: true,
    });
    expect(slow.status).toBe(202);
    expect(slow.body.data).toMatchObject({ state: "registering", trustee: true });
    const id = slow.body.data.id;
    expect(
      (await c.get(`/1/registrar/domains/slow-registry.com.br/registrations/${id}`)).body.data.state,
    ).toBe("registering");
    expect((await c.get("/1/domains/slow-registry.com.br")).body.data.state).toBe("hosted");

    // Another name of the account, same moment: the default delay (0) completes it in the request.
    const fast = await c.post("/1/registrar/domains/fast-registry.com/registrations", {
      registrant_id: registrant,
    });
    expect(fast.status).toBe(201);
    expect(fast.body.data.state).toBe("registered");

    // The longest matching suffix wins: `.br` alone has its own, shorter delay.
    const shorter = await c.post("/1/registrar/domains/other.br/registrations", {
      registrant_id: registrant,
    });
    expect(shorter.status).toBe(202);
    await waitFor(async () => (await c.get("/1/domains/other.br")).body.data.state === "registered");
    expect(
      (await c.get(`/1/registrar/domains/slow-registry.com.br/registrations/${id}`)).body.data.state,
    ).toBe("registering");

    // The pending registration is an ordinary job: running the jobs completes it.
    await admin(emu()).post("/jobs/run");
    expect(
      (await c.get(`/1/registrar/domains/slow-registry.com.br/registrations/${id}`)).body.data.state,
    ).toBe("registered");
    expect((await c.get("/1/domains/slow-registry.com.br")).body.data.state).toBe("registered");
  });

  it("refuses a delay that is not a whole number of milliseconds", async () => {
    const res = await admin(emu()).put("/registrar", { registrationDelays: { "com.br": "soon" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/registrationDelays\.com\.br/);
  });
});
