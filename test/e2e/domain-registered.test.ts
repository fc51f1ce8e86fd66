/**
 * A registered domain is never deleted by `destroy` unless the program says
 * `allowDeleteRegistered: true`. Needs the emulator: the registered domain is seeded through its
 * admin surface (a registration is a paid order at the service); the rest of the Domain lifecycle
 * is domain.test.ts, which runs live too.
 */
import { request } from "undici";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorAdmin } from "./emulator-api";
import { collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-domain-registered-token-3b8e";
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
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("a registered Domain", () => {
  it("will not delete a registered domain unless allowDeleteRegistered is set", async () => {
    await emulatorAdmin(emulator.url).call("POST", "/seed", {
      domains: [{ account: 1, name: "kept-registration.com", state: "registered", expiresOn: "2030-01-01" }],
    });
    await e2e.declare([
      { type: "Domain", name: "kept", args: { name: "kept-registration.com", adopt: true } },
    ]);
    await e2e.stack.up(collect(e2e));
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
