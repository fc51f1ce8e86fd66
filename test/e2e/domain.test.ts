/**
 * The Domain resource through the real Pulumi engine against the emulator: the whole lifecycle a
 * user goes through, and what lands in state.
 */
import { readFileSync } from "node:fs";
import { request } from "undici";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-domain-token-5f0c";
let emulator: RunningEmulator;
let e2e: E2eStack;

async function api(method: "GET" | "DELETE", path: string) {
  const response = await request(`${emulator.v2Url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, accept: "application/json" },
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  await e2e.declare([{ type: "Domain", name: "main", args: { name: "e2e-domain.com" } }]);
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("Domain with the real engine", () => {
  it("creates the domain in the emulator on up", async () => {
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(2); // the stack and the domain
    const found = await api("GET", "/1/domains/e2e-domain.com");
    expect(found.status).toBe(200);
    expect(found.body.data.name).toBe("e2e-domain.com");
    expect(String(found.body.data.id)).toBe(result.outputs.ids?.value.main);
  });

  it("shows no changes on a second preview", async () => {
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 2 });
  });

  it("drops the domain from state on refresh after it was deleted behind Pulumi's back", async () => {
    expect((await api("DELETE", "/1/domains/e2e-domain.com")).status).toBe(204);
    const refresh = await e2e.stack.refresh(collect(e2e));
    expect(refresh.summary.resourceChanges?.delete).toBe(1);
    const state = JSON.parse(await e2e.exportState());
    const types = state.deployment.resources.map((r: { type: string }) => r.type);
    expect(types).not.toContain("pulumi-nodejs:dynamic/dnsimple:Domain");
  });

  it("recreates it on the next up", async () => {
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(1);
    expect((await api("GET", "/1/domains/e2e-domain.com")).status).toBe(200);
  });

  it("keeps the token out of state and ships a small provider", async () => {
    const exported = await e2e.exportState();
    expect(exported).not.toContain(TOKEN);
    expect(readFileSync(e2e.stateFile(), "utf8")).not.toContain(TOKEN);
    const state = JSON.parse(exported);
    const domain = state.deployment.resources.find(
      (r: { type: string }) => r.type === "pulumi-nodejs:dynamic/dnsimple:Domain",
    );
    expect(domain).toBeDefined();
    const code: string = domain.outputs.__provider;
    expect(typeof code).toBe("string");
    expect(Buffer.byteLength(code)).toBeLessThan(4096);
    expect(code).toContain('require("pulumi-dnsimple-dynamic/provider")');
    expect(code).not.toContain(TOKEN);
  });

  it("deletes the domain on destroy", async () => {
    await e2e.stack.destroy(collect(e2e));
    expect((await api("GET", "/1/domains/e2e-domain.com")).status).toBe(404);
  });

  it("never printed the token in the engine's output", () => {
    expect(e2e.output.join("\n")).not.toContain(TOKEN);
  });
});
