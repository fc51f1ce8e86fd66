/**
 * Progress and diagnostics through the real engine (issue 16): a registration and a transfer
 * that take a few seconds (emulator delays) say what they wait for and how long it has been, in
 * `pulumi up`'s own output; a retried request says so; the opt-in request log has a line per
 * request; and neither the token nor the transfer's auth code shows anywhere in that output.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { admin } from "./extended-api";
import { collect, createE2eStack, type Declaration, type E2eStack } from "./harness";

const TOKEN = "e2e-progress-token-7c1e";
const AUTH_CODE = "auth-code-progress-5d2a";
const DELAY_MS = 4_000;
let emulator: RunningEmulator;
let e2e: E2eStack;

const owner = { $ref: "owner.contactId" };
const waiting = { timeoutSeconds: 60, pollIntervalSeconds: 0.25 };
const resources: Declaration[] = [
  {
    type: "Contact",
    name: "owner",
    args: {
      firstName: "Pat",
      lastName: "Ience",
      email: "pat@example.org",
      phone: "+1.5555550112",
      address1: "2 Waiting Lane",
      city: "Austin",
      stateProvince: "TX",
      postalCode: "73301",
      country: "US",
    },
  },
  {
    type: "DomainRegistration",
    name: "reg",
    args: { domain: "progress-e2e.com", registrantId: owner, autoRenew: false, ...waiting },
  },
  {
    type: "DomainTransfer",
    name: "xfer",
    args: { domain: "progress-xfer-e2e.com", registrantId: owner, authCode: AUTH_CODE, ...waiting },
  },
];

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    delays: { registration: DELAY_MS, transfer: DELAY_MS },
  });
  // The first poll of the registration fails once, as a busy service might: it is retried.
  await admin(emulator.url)("PUT", "/faults", {
    rate: 1,
    kinds: ["503"],
    routes: "^GET /v2/1/registrar/domains/progress-e2e\\.com/registrations/",
    count: 1,
  });
  e2e = await createE2eStack({
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    // The environment variable of one setting, stack config for the other: both ways work.
    env: { DNSIMPLE_PROGRESS_INTERVAL: "1" },
  });
  await e2e.stack.setConfig("dnsimple:requestLog", { value: "true" });
  // The transfer's auth code is in the declarations: the harness keeps them outside the project.
  await e2e.declare(resources);
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

describe("a registration that takes a while, with the request log on", () => {
  let output: string;

  beforeAll(async () => {
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(4);
    output = e2e.output.join("\n");
  });

  it("says what it waits for, how often it checks and for how long at most", () => {
    expect(output).toMatch(
      /dnsimple: DomainRegistration progress-e2e\.com: waiting for the registration \(order \d+\) to complete \(state: \w+\); checking every 250 ms, for up to 60 s/,
    );
    expect(output).toMatch(
      /dnsimple: DomainTransfer progress-xfer-e2e\.com: waiting for the transfer \(order \d+\) to complete \(state: \w+\)/,
    );
  });

  it("tells the time so far while waiting, about once per progress interval", () => {
    const seconds = [
      ...output.matchAll(
        /DomainRegistration progress-e2e\.com: still waiting for the registration \(order \d+\) to complete \(state: \w+\), (\d+) s so far/g,
      ),
    ].map((m) => Number(m[1]));
    // 4 s of waiting, a message every second: at least two, growing, never two in the same second.
    expect(seconds.length).toBeGreaterThanOrEqual(2);
    expect(seconds.length).toBeLessThanOrEqual(DELAY_MS / 1000 + 1);
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]!).toBeGreaterThan(seconds[i - 1]!);
  });

  it("reaches the engine's own log: live progress is left out of the summary, the rest is kept", () => {
    // Lines on stderr would all be repeated in the summary; the engine's Log call keeps ephemeral
    // messages out of it. So this fails if the provider has fallen back to stderr.
    const summary = output.slice(output.lastIndexOf("Diagnostics:"));
    expect(output.lastIndexOf("Diagnostics:")).toBeGreaterThan(0);
    expect(summary).toContain("DomainRegistration progress-e2e.com: waiting for the registration");
    expect(summary).toMatch(
      /DomainRegistration progress-e2e\.com: the registration \(order \d+\) is registered/,
    );
    expect(summary).not.toContain("still waiting");
  });

  it("says when the wait is over and how long it took", () => {
    const done = output.match(
      /DomainRegistration progress-e2e\.com: the registration \(order \d+\) is registered after (\d+) s of waiting/,
    );
    expect(done).not.toBeNull();
    expect(Number(done![1])).toBeGreaterThanOrEqual(DELAY_MS / 1000 - 1);
    expect(output).toMatch(
      /DomainTransfer progress-xfer-e2e\.com: the transfer \(order \d+\) is transferred after/,
    );
  });

  it("says that a request is retried, why, and which retry of how many", () => {
    expect(output).toMatch(
      /dnsimple: retrying GET \/v2\/1\/registrar\/domains\/progress-e2e\.com\/registrations\/\d+ \(status 503\), retry 1 of 8, in \d+ ms/,
    );
  });

  it("logs each request with method, path, status, duration and request id", () => {
    const lines = output.split("\n").filter((line) => line.includes("dnsimple: request "));
    expect(lines.join("\n")).toMatch(
      /dnsimple: request POST \/v2\/1\/registrar\/domains\/progress-e2e\.com\/registrations: 20[12] in \d+ ms, request id \S+/,
    );
    expect(lines.join("\n")).toMatch(
      /dnsimple: request GET \/v2\/1\/registrar\/domains\/progress-e2e\.com\/registrations\/\d+: 503 in \d+ ms, request id \S+/,
    );
    expect(lines.join("\n")).toMatch(
      /dnsimple: request POST \/v2\/1\/registrar\/domains\/progress-xfer-e2e\.com\/transfers: 20[12] in \d+ ms/,
    );
  });

  it("has one line for each request the service saw", async () => {
    const poll = /^GET \/v2\/1\/registrar\/domains\/progress-e2e\.com\/registrations\/\d+$/;
    const seen: Array<{ method: string; path: string }> = await admin(emulator.url)("GET", "/requests");
    const served = seen.filter((r) => poll.test(`${r.method} ${r.path}`)).length;
    // The live lines only: the summary at the end repeats every message that is not ephemeral.
    const logged = e2e.output
      .join("\n")
      .split("\n")
      .filter((line) => /pulumi:pulumi:Stack .*dnsimple: request GET \S+\/registrations\/\d+:/.test(line))
      .filter((line) => line.includes("progress-e2e.com"));
    expect(served).toBeGreaterThanOrEqual(DELAY_MS / 250 / 2);
    expect(logged).toHaveLength(served);
  });

  it("shows neither the token nor the auth code anywhere in the engine's output", () => {
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain(AUTH_CODE);
    expect(output).not.toMatch(/authorization|bearer/i);
  });
});
