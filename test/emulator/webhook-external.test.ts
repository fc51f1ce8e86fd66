/**
 * The emulator never sends traffic off this machine by default: events for webhooks whose URL is
 * not a loopback address are recorded as skipped, and do not count as failures.
 */
import { isLoopbackUrl } from "../../emulator/events";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { request } from "./helpers";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.close());

describe("webhook delivery to external hosts", () => {
  it("knows which URLs are on this machine", () => {
    expect(isLoopbackUrl("http://127.0.0.1:9000/x")).toBe(true);
    expect(isLoopbackUrl("https://localhost/x")).toBe(true);
    expect(isLoopbackUrl("http://[::1]:8080/")).toBe(true);
    expect(isLoopbackUrl("https://hooks.example.com/x")).toBe(false);
    expect(isLoopbackUrl("https://10.0.0.1/x")).toBe(false);
  });

  it("records events for an external webhook as skipped, without failures or suppression", async () => {
    const auth = { authorization: `Bearer ${emu.token}` };
    const hook = await request(`${emu.v2Url}/1/webhooks`, {
      method: "POST",
      headers: auth,
      body: { url: "https://hooks.example.com/never-called" },
    });
    expect(hook.status).toBe(201);
    for (let i = 0; i < 20; i++) {
      await request(`${emu.v2Url}/1/domains`, {
        method: "POST",
        headers: auth,
        body: { name: `ext-${i}.com` },
      });
    }
    const deliveries = (await request(`${emu.url}/__admin/webhook-deliveries`)).body.deliveries as Array<{
      skipped?: boolean;
      webhook_id: number;
    }>;
    const ours = deliveries.filter((d) => d.webhook_id === hook.body.data.id);
    expect(ours.length).toBeGreaterThanOrEqual(20);
    expect(ours.every((d) => d.skipped === true)).toBe(true);
    const after = await request(`${emu.v2Url}/1/webhooks/${hook.body.data.id}`, { headers: auth });
    expect(after.body.data.suppressed_at).toBeNull();
  });
});
