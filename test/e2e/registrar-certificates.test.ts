/**
 * DomainRegistration, DomainTransfer and LetsEncryptCertificate through the real engine against
 * the emulator, with its configurable delays: waiting, timeout with the partial resource kept in
 * state, resuming on the next `up` without ordering again, cancel on destroy, secrets in state.
 */
import { readFileSync } from "node:fs";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { admin, findResource, v2 } from "./extended-api";
import { GENERIC_PROGRAM, collect, createE2eStack, type Declaration, type E2eStack } from "./harness";

const TOKEN = "e2e-registrar-token-3b8d";
const AUTH_CODE = "auth-code-sekrit-0417";
const FAST = { timeoutSeconds: 20, pollIntervalSeconds: 0.05 };
let emulator: RunningEmulator;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;
let adm: ReturnType<typeof admin>;

interface Knobs {
  autoRenew?: boolean;
  certName?: string;
  slow?: boolean;
  premiumPrice?: string | null;
  transfer?: "slow" | "none";
  adopt?: boolean;
  fastTransfer?: boolean;
}

function program(k: Knobs = {}): Declaration[] {
  const owner = { $ref: "owner.contactId" };
  return [
    {
      type: "Contact",
      name: "owner",
      args: {
        firstName: "Reg",
        lastName: "Istrant",
        email: "reg@example.org",
        phone: "+1.5555550111",
        address1: "1 Registry Way",
        city: "Austin",
        stateProvince: "TX",
        postalCode: "73301",
        country: "US",
      },
    },
    {
      type: "DomainRegistration",
      name: "reg",
      args: {
        domain: "reg-e2e.com",
        registrantId: owner,
        autoRenew: k.autoRenew ?? false,
        whoisPrivacy: k.autoRenew ?? false,
        ...FAST,
      },
    },
    { type: "Domain", name: "zone", args: { name: "cert-e2e.com" } },
    {
      type: "LetsEncryptCertificate",
      name: "cert",
      args: {
        domain: { $ref: "zone.name" },
        name: k.certName ?? "www",
        alternateNames: ["alt.cert-e2e.com"],
        ...FAST,
      },
    },
    ...(k.slow
      ? [
          {
            type: "DomainRegistration",
            name: "slow",
            args: {
              domain: "slow-e2e.com",
              registrantId: owner,
              timeoutSeconds: 0.5,
              pollIntervalSeconds: 0.05,
            },
          },
        ]
      : []),
    ...(k.slow
      ? [
          {
            type: "LetsEncryptCertificate",
            name: "slowcert",
            args: {
              domain: { $ref: "zone.name" },
              name: "slow",
              timeoutSeconds: 0.5,
              pollIntervalSeconds: 0.05,
            },
          },
        ]
      : []),
    ...(k.premiumPrice !== undefined
      ? [
          {
            type: "DomainRegistration",
            name: "premium",
            args: {
              domain: "premium-e2e.io",
              registrantId: owner,
              ...(k.premiumPrice !== null ? { premiumPrice: k.premiumPrice } : {}),
              ...FAST,
            },
          },
        ]
      : []),
    ...(k.transfer === "slow"
      ? [
          {
            type: "DomainTransfer",
            name: "xfer",
            args: {
              domain: "xfer-e2e.com",
              registrantId: owner,
              authCode: AUTH_CODE,
              timeoutSeconds: 0.3,
              pollIntervalSeconds: 0.05,
            },
          },
        ]
      : []),
    ...(k.fastTransfer
      ? [
          {
            type: "DomainTransfer",
            name: "xferok",
            args: {
              domain: "xferok-e2e.com",
              registrantId: owner,
              authCode: AUTH_CODE,
              whoisPrivacy: true,
              ...FAST,
            },
          },
        ]
      : []),
    ...(k.adopt
      ? [
          {
            type: "DomainRegistration",
            name: "adopted",
            args: { domain: "adopt-e2e.com", registrantId: 10, adopt: true, ...FAST },
          },
        ]
      : []),
  ];
}

/** Declarations carry the auth code: the harness keeps them outside the project folder. */
async function declare(resources: Declaration[]): Promise<void> {
  await e2e.declare(resources);
}

/** How many orders of a kind the provider placed for a domain (from the emulator's request log). */
async function orders(domain: string, kind: "registrations" | "transfers"): Promise<number> {
  const log: Array<{ method: string; path: string }> = await adm("GET", "/requests");
  return log.filter((r) => r.method === "POST" && r.path === `/v2/1/registrar/domains/${domain}/${kind}`)
    .length;
}

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    delays: { registration: 300, transfer: 300, certificate: 300 },
    seed: {
      contacts: [{ account: 1, id: 10, firstName: "Old", lastName: "Owner", email: "old@example.org" }],
      domains: [
        { account: 1, name: "adopt-e2e.com", state: "registered", registrantId: 10, expiresOn: "2030-01-01" },
      ],
      registrar: { premium: { "premium-e2e.io": "1200.00" } },
    } as never,
  });
  api = v2(emulator.v2Url, TOKEN);
  adm = admin(emulator.url);
  // The generic program from its folder, not inline: an `up` with `continueOnError` below leaves
  // resources whose inputs failed `check` unregistered, and the program's promises of their
  // outputs reject; in a program process the Pulumi runtime reports them, inside the test process
  // jest would take them for the test's own errors.
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1, program: GENERIC_PROGRAM });
  await declare(program());
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("registrar and certificates with the real engine", () => {
  it("registers (waiting through the 202) and issues a certificate", async () => {
    const started = Date.now();
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(5);
    const domain = (await api("GET", "/1/domains/reg-e2e.com")).body.data;
    expect(domain.state).toBe("registered");
    const exported = await e2e.exportState();
    const cert = findResource(exported, "cert");
    expect(cert?.outputs.certificateState).toBe("issued");
    expect(cert?.outputs.certificate).toContain("BEGIN CERTIFICATE");
    expect(cert?.outputs.chain.length).toBeGreaterThan(0);
    expect(cert?.outputs.privateKey).toMatchObject({
      "4dabf18193072939515e22adb298388d": expect.any(String),
    });
    expect(findResource(exported, "reg")?.outputs.pendingOrderId ?? null).toBeNull(); // nothing pending
    expect(Date.now() - started).toBeGreaterThan(300);
  });

  it("shows no changes on a second preview", async () => {
    expect((await e2e.stack.preview(collect(e2e))).changeSummary).toEqual({ same: 5 });
  });

  it("changes auto-renew and WHOIS privacy in place; a new certificate name replaces", async () => {
    await declare(program({ autoRenew: true, certName: "api" }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ update: 1, replace: 1 });
    const domain = (await api("GET", "/1/domains/reg-e2e.com")).body.data;
    expect(domain).toMatchObject({ auto_renew: true, private_whois: true });
    expect(findResource(await e2e.exportState(), "cert")?.outputs.commonName).toBe("api.cert-e2e.com");
  });

  it("on timeout keeps the pending registration and transfer in state; premium needs the price", async () => {
    await adm("PUT", "/delays", { registration: 4000, transfer: 60_000, certificate: 4000 });
    await declare(
      program({ autoRenew: true, certName: "api", slow: true, premiumPrice: null, transfer: "slow" }),
    );
    // Several resources fail on purpose here; without continueOnError the engine would not start
    // the ones still waiting for their dependencies once the first failed (a timing race).
    const error = await e2e.stack.up({ ...collect(e2e), continueOnError: true }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const message = String((error as Error).message);
    expect(message).toMatch(/registration of slow-e2e\.com is still registering/);
    expect(message).toMatch(/premiumPrice: "1200\.00"/);
    const exported = await e2e.exportState();
    expect(findResource(exported, "slow")?.outputs.pendingOrderId).toEqual(expect.any(Number));
    expect(findResource(exported, "xfer")?.outputs.pendingOrderId).toEqual(expect.any(Number));
    // The pending transfer holds the auth code only encrypted, in the partial state too.
    expect(findResource(exported, "xfer")?.inputs.authCode).toMatchObject({
      "4dabf18193072939515e22adb298388d": expect.any(String),
    });
    expect(exported).not.toContain(AUTH_CODE);
    expect(readFileSync(e2e.stateFile(), "utf8")).not.toContain(AUTH_CODE);
    expect(findResource(exported, "slowcert")?.outputs).toMatchObject({
      certificateState: "requesting",
      pendingOrderId: expect.any(Number),
    });
    expect(message).toMatch(/certificate for cert-e2e\.com is still requesting/);
    expect(findResource(exported, "premium")).toBeUndefined();
  });

  it("refresh keeps a pending registration", async () => {
    await e2e.stack.refresh(collect(e2e));
    expect(findResource(await e2e.exportState(), "slow")?.outputs.pendingOrderId).toEqual(expect.any(Number));
  });

  it("the next up resumes waiting instead of registering again; destroying a pending transfer cancels it", async () => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await declare(program({ autoRenew: true, certName: "api", slow: true, premiumPrice: "1200.00" }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ update: 2, create: 1, delete: 1 });
    const slowcert = findResource(await e2e.exportState(), "slowcert")?.outputs;
    expect(slowcert).toMatchObject({
      certificateState: "issued",
      certificate: expect.stringContaining("BEGIN CERTIFICATE"),
    });
    expect(slowcert?.pendingOrderId ?? null).toBeNull();
    const purchases = ((await adm("GET", "/requests")) as Array<{ method: string; path: string }>).filter(
      (r) => r.method === "POST" && r.path === "/v2/1/domains/cert-e2e.com/certificates/letsencrypt",
    );
    expect(purchases).toHaveLength(3); // www, api, slow: resuming did not order again
    expect(await orders("slow-e2e.com", "registrations")).toBe(1);
    expect((await api("GET", "/1/domains/slow-e2e.com")).body.data.state).toBe("registered");
    expect(findResource(await e2e.exportState(), "slow")?.outputs.pendingOrderId ?? null).toBeNull();
    expect((await api("GET", "/1/domains/premium-e2e.io")).body.data.state).toBe("registered");
    const transfers = (await adm("GET", "/state")).tables.orders.rows.filter(
      (o: any) => o.kind === "transfer",
    );
    expect(transfers.map((o: any) => o.state)).toEqual(["cancelled"]);
  });

  it("refresh shows outside changes and keeps a registration whose domain is gone, marked gone", async () => {
    expect((await api("DELETE", "/1/registrar/domains/reg-e2e.com/auto_renewal")).status).toBe(204);
    expect((await api("DELETE", "/1/domains/premium-e2e.io")).status).toBe(204);
    const refresh = await e2e.stack.refresh(collect(e2e));
    // Dropping it would make the next `up` register (pay for) it again: see registrar-safety.test.ts.
    expect(refresh.summary.resourceChanges?.delete).toBeUndefined();
    const exported = await e2e.exportState();
    expect(findResource(exported, "reg")?.outputs.autoRenew).toBe(false);
    expect(findResource(exported, "premium")?.outputs.goneFromAccount).toBe(true);
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toMatchObject({ update: 2 });
  });

  it("adopts a registered domain without ordering; a transfer completes after its 202", async () => {
    await adm("PUT", "/delays", { registration: 50, transfer: 300 });
    await declare(program({ autoRenew: true, certName: "api", slow: true, adopt: true, fastTransfer: true }));
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges).toMatchObject({ create: 2, update: 1 });
    expect(await orders("adopt-e2e.com", "registrations")).toBe(0);
    const moved = (await api("GET", "/1/domains/xferok-e2e.com")).body.data;
    expect(moved).toMatchObject({ state: "registered", private_whois: true });
    expect(findResource(await e2e.exportState(), "xferok")?.outputs.transferState).toBe("transferred");
  });

  it("keeps the token, the auth code and the private key out of state in clear", async () => {
    const exported = await e2e.exportState();
    const file = readFileSync(e2e.stateFile(), "utf8");
    const key: string = (
      await api(
        "GET",
        `/1/domains/cert-e2e.com/certificates/${findResource(exported, "cert")?.id}/private_key`,
      )
    ).body.data.private_key;
    for (const text of [exported, file]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(AUTH_CODE);
      expect(text).not.toContain(key.split("\n")[1]);
    }
  });

  it("destroy leaves registrations at the registry; a registrant in use is not deleted", async () => {
    const error = await e2e.stack.destroy(collect(e2e)).catch((e: Error) => e);
    expect(String((error as Error).message)).toMatch(/registrant of a domain.*retainOnDelete/s);
    expect((await api("GET", "/1/domains/reg-e2e.com")).body.data.state).toBe("registered");
    expect((await api("GET", "/1/domains/slow-e2e.com")).body.data.state).toBe("registered");
    // Give the registrations up at the service; then the contact can go too.
    for (const name of ["reg-e2e.com", "slow-e2e.com", "adopt-e2e.com", "xferok-e2e.com"])
      await api("DELETE", `/1/domains/${name}`);
    await e2e.stack.destroy(collect(e2e));
    expect(e2e.output.join("\n")).not.toContain(TOKEN);
    expect(e2e.output.join("\n")).not.toContain(AUTH_CODE);
  });
});
