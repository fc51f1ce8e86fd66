/**
 * The Domain resource through the real Pulumi engine against the emulator: the whole lifecycle a
 * user goes through, and what lands in state.
 */
import { readFileSync } from "node:fs";
import { request } from "undici";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorAdmin } from "./emulator-api";
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
    expect(Buffer.byteLength(code)).toBeLessThan(600);
    expect(code).toContain('require("pulumi-dnsimple-dynamic/stubs/domain")');
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

describe("Domain adoption and registered domains", () => {
  it("refuses to create a domain that already exists and says how to adopt it", async () => {
    const created = await request(`${emulator.v2Url}/1/domains`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "existing-e2e.com" }),
    });
    expect(created.statusCode).toBe(201);
    await created.body.dump();
    await e2e.declare([{ type: "Domain", name: "existing", args: { name: "existing-e2e.com" } }]);
    const lines: string[] = [];
    await expect(e2e.stack.up({ onOutput: (l) => lines.push(l) })).rejects.toThrow();
    expect(lines.join("")).toMatch(/set `adopt: true` on this resource/);
  });

  it("adopts the existing domain with adopt: true, without a duplicate", async () => {
    const existing = (await api("GET", "/1/domains/existing-e2e.com")).body.data;
    await e2e.declare([
      { type: "Domain", name: "existing", args: { name: "existing-e2e.com", adopt: true } },
    ]);
    const result = await e2e.stack.up(collect(e2e));
    expect(result.outputs.ids?.value.existing).toBe(String(existing.id));
    const all = (await api("GET", "/1/domains?name_like=existing-e2e")).body.data;
    expect(all).toHaveLength(1);
  });

  it("will not delete a registered domain unless allowDeleteRegistered is set", async () => {
    await emulatorAdmin(emulator.url).call("POST", "/seed", {
      domains: [{ account: 1, name: "kept-registration.com", state: "registered", expiresOn: "2030-01-01" }],
    });
    await e2e.declare([
      { type: "Domain", name: "kept", args: { name: "kept-registration.com", adopt: true } },
    ]);
    await e2e.stack.up(collect(e2e)); // also deletes the adopted "existing" domain, no longer declared
    const lines: string[] = [];
    await expect(e2e.stack.destroy({ onOutput: (l) => lines.push(l) })).rejects.toThrow();
    expect(lines.join("")).toMatch(/kept-registration.com is registered.*allowDeleteRegistered: true/s);
    expect((await api("GET", "/1/domains/kept-registration.com")).status).toBe(200);

    await e2e.declare([
      {
        type: "Domain",
        name: "kept",
        args: { name: "kept-registration.com", adopt: true, allowDeleteRegistered: true },
      },
    ]);
    const update = await e2e.stack.up(collect(e2e));
    expect(update.summary.resourceChanges?.update).toBe(1);
    await e2e.stack.destroy(collect(e2e));
    expect((await api("GET", "/1/domains/kept-registration.com")).status).toBe(404);
  });
});
