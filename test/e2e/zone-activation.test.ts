/**
 * `Zone` and the transfer lock through the real engine, on objects made outside the stack: a Zone
 * without `adopt` only reads its zone and refuses to turn the DNS service off; with `adopt` it
 * does, and destroy turns it back on and leaves the zone. A registration adopted with
 * `transferLock: false` unlocks the domain in place, and refresh reads the lock back.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { v2 } from "./extended-api";
import { collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-zone-token-6b1e";
const HANDMADE = "zone-handmade-e2e.com";
const REGISTERED = "zone-registered-e2e.com";
let emulator: RunningEmulator;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    seed: {
      contacts: [{ account: 1, id: 10, firstName: "Reg", lastName: "Owner", email: "owner@example.org" }],
      domains: [
        { account: 1, name: REGISTERED, state: "registered", registrantId: 10, expiresOn: "2030-01-01" },
      ],
    } as never,
  });
  api = v2(emulator.v2Url, TOKEN);
  // Made by hand, outside any stack.
  expect((await api("POST", "/1/domains", { name: HANDMADE })).status).toBe(201);
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

const zoneActive = async (name: string) => (await api("GET", `/1/zones/${name}`)).body.data.active;
const transferLock = async (name: string) =>
  (await api("GET", `/1/registrar/domains/${name}/transfer_lock`)).body.data.enabled;
const outputsOf = async (name: string) =>
  (await e2e.stack.exportStack()).deployment.resources.find((r: { urn: string }) =>
    r.urn.endsWith(`::${name}`),
  )?.outputs;

describe("Zone", () => {
  it("reads a zone it did not make, changing nothing", async () => {
    await e2e.declare([{ type: "Zone", name: "handmade", args: { name: HANDMADE } }]);
    await e2e.stack.up(collect(e2e));
    expect(await outputsOf("handmade")).toMatchObject({ name: HANDMADE, active: true, activeFound: null });
    expect(await zoneActive(HANDMADE)).toBe(true);
  });

  it("without adopt, refuses to turn the DNS service off, naming the property", async () => {
    await e2e.declare([{ type: "Zone", name: "handmade", args: { name: HANDMADE, active: false } }]);
    const error = await e2e.stack.up(collect(e2e)).catch((e: unknown) => e);
    expect(String(error)).toMatch(
      /active: turning the DNS service of zone-handmade-e2e\.com off.*adopt: true/,
    );
    expect(await zoneActive(HANDMADE)).toBe(true);
  });

  it("with adopt, turns it off; destroy turns it back on and leaves the zone", async () => {
    await e2e.declare([
      { type: "Zone", name: "adopted", args: { name: HANDMADE, active: false, adopt: true } },
    ]);
    await e2e.stack.up(collect(e2e));
    expect(await zoneActive(HANDMADE)).toBe(false);
    expect(await outputsOf("adopted")).toMatchObject({ active: false, activeFound: true });
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 2 });
    await e2e.stack.destroy(collect(e2e));
    expect(await zoneActive(HANDMADE)).toBe(true);
    expect((await api("GET", `/1/domains/${HANDMADE}`)).status).toBe(200);
  });
});

describe("transfer lock", () => {
  it("an adopted registration unlocks the domain in place; refresh reads the lock back", async () => {
    await api("POST", `/1/registrar/domains/${REGISTERED}/transfer_lock`);
    expect(await transferLock(REGISTERED)).toBe(true);
    await e2e.declare([
      {
        type: "DomainRegistration",
        name: "registered",
        args: { domain: REGISTERED, registrantId: 10, transferLock: false, adopt: true },
      },
    ]);
    await e2e.stack.up(collect(e2e));
    expect(await transferLock(REGISTERED)).toBe(false);
    expect(await outputsOf("registered")).toMatchObject({ transferLock: false });
    // Locked again at the service: refresh notices, and the next up unlocks it again.
    await api("POST", `/1/registrar/domains/${REGISTERED}/transfer_lock`);
    await e2e.stack.refresh(collect(e2e));
    expect(await outputsOf("registered")).toMatchObject({ transferLock: true });
    await e2e.stack.up(collect(e2e));
    expect(await transferLock(REGISTERED)).toBe(false);
  });
});
