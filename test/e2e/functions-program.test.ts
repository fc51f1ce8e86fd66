/**
 * The SDK's functions inside a real Pulumi program: settings come from the stack config (the
 * token as a secret) in the program's process, and the token never reaches the output or state.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { REPO_ROOT, collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-functions-token-2c4b";
const PROGRAM = path.join(REPO_ROOT, "dist/test/e2e/programs/functions/index.js");
let emulator: RunningEmulator;
let e2e: E2eStack;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    seed: {
      contacts: [
        { account: 1, id: 10, firstName: "Reg", lastName: "Owner", email: "owner@example.org" },
        { account: 1, id: 11, firstName: "New", lastName: "Owner", email: "new@example.org" },
      ],
      domains: [
        {
          account: 1,
          name: "functions-zone.com",
          state: "registered",
          registrantId: 10,
          expiresOn: "2030-01-01",
        },
      ],
    } as never,
  });
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1, program: PROGRAM });
}, 120_000);

afterAll(async () => {
  await e2e?.cleanup();
  await emulator?.close();
});

describe("functions inside a program", () => {
  it("return typed results during up", async () => {
    const result = await e2e.stack.up(collect(e2e));
    const value = (key: string) => result.outputs[key]?.value;
    expect(value("accountId")).toBe(1);
    expect(value("accountCount")).toBe(1);
    expect(value("available")).toBe(true);
    expect(value("registrationPrice")).toBeGreaterThan(0);
    expect(typeof value("availability")).toBe("string");
    expect(value("chargeCount")).toBe(0);
    expect(value("zoneName")).toBe("functions-zone.com");
    expect(value("zoneActive")).toBe(true);
    expect(value("zoneNames")).toEqual(["functions-zone.com"]);
    expect(value("registrantChangeContact")).toBe(11);
    expect(typeof value("registryOwnerChange")).toBe("boolean");
  });

  it("never put the token in the output or the state", async () => {
    expect(e2e.output.join("\n")).not.toContain(TOKEN);
    expect(await e2e.exportState()).not.toContain(TOKEN);
    expect(readFileSync(e2e.stateFile(), "utf8")).not.toContain(TOKEN);
  });
});
