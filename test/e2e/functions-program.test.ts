/**
 * The SDK's functions inside a real Pulumi program: settings come from the stack config (the
 * token as a secret) in the program's process, and the token never reaches the output or state.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { REPO_ROOT, collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-functions-token-2c4b";
const PROGRAM = path.join(REPO_ROOT, "dist/test/e2e/programs/functions/index.js");
let emulator: RunningEmulator;
let e2e: E2eStack;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  writeFileSync(
    path.join(e2e.workDir, "index.js"),
    `module.exports = require(${JSON.stringify(path.relative(e2e.workDir, PROGRAM))});\n`,
  );
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
  });

  it("never put the token in the output or the state", async () => {
    expect(e2e.output.join("\n")).not.toContain(TOKEN);
    expect(await e2e.exportState()).not.toContain(TOKEN);
    expect(readFileSync(e2e.stateFile(), "utf8")).not.toContain(TOKEN);
  });
});
