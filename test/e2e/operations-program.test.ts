/**
 * Issue 16 inside a real Pulumi program: a one-shot renewal runs once, again only when its
 * trigger changes, and destroy undoes nothing; a v1 token reset keeps the new token a secret;
 * listing functions return what the account holds without its secrets.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { REPO_ROOT, collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-operations-token-7b3e";
const V1_TOKEN = "e2e-operations-v1-token-40aa";
const EMAIL = "operations@example.com";
const DOMAIN = "operations-e2e.com";
const PROGRAM = path.join(REPO_ROOT, "dist/test/e2e/programs/operations/index.js");
let emulator: RunningEmulator;
let e2e: E2eStack;

const renewals = () =>
  emulator.requests().filter((r) => r.method === "POST" && r.path.endsWith(`/${DOMAIN}/renewals`)).length;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    email: EMAIL,
    v1Token: V1_TOKEN,
    seed: { domains: [{ account: 1, name: DOMAIN, state: "registered", expiresOn: "2030-01-01" }] },
  });
  e2e = await createE2eStack({
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    env: { DNSIMPLE_V1_EMAIL: EMAIL, DNSIMPLE_V1_TOKEN: V1_TOKEN, DNSIMPLE_V1_BASE_URL: emulator.v1Url },
    program: PROGRAM,
  });
  await e2e.stack.setConfig("domain", { value: DOMAIN });
}, 120_000);

afterAll(async () => {
  await e2e?.cleanup();
  await emulator?.close();
});

describe("one-shot resources and listings in a program", () => {
  let token: string;

  it("renew once and reset the token, with listings in the outputs", async () => {
    const result = await e2e.stack.up(collect(e2e));
    const value = (key: string) => result.outputs[key]?.value;
    expect(value("renewalState")).toBe("renewed");
    expect(value("domainStates")).toEqual(["registered"]);
    expect(value("legacyNames")).toContain(DOMAIN);
    expect(value("legacyFields")).not.toContain("token");
    expect(result.outputs["domainToken"]?.secret).toBe(true);
    token = String(value("domainToken"));
    expect(token.length).toBeGreaterThan(8);
    expect(renewals()).toBe(1);
  });

  it("do not run again on an up with the same inputs", async () => {
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.same).toBeGreaterThanOrEqual(2);
    expect(renewals()).toBe(1);
  });

  it("run again when the trigger changes", async () => {
    await e2e.stack.setConfig("trigger", { value: "second" });
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.replace).toBe(1);
    expect(renewals()).toBe(2);
  });

  it("keep the new token out of the state and the output in clear", async () => {
    expect(await e2e.exportState()).not.toContain(token);
    expect(readFileSync(e2e.stateFile(), "utf8")).not.toContain(token);
    expect(e2e.output.join("\n")).not.toContain(token);
  });

  it("undo nothing on destroy", async () => {
    const before = emulator.requests().length;
    await e2e.stack.destroy(collect(e2e));
    const after = emulator.requests().slice(before);
    expect(after.filter((r) => r.method !== "GET")).toEqual([]);
  });
});
