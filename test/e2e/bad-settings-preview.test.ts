/**
 * Bad settings fail `pulumi preview`, not `up` after the merge: the provider process checks the
 * credentials once, the first time it needs the service (`GET /whoami`, framework/credentials.ts).
 * A one-Domain program is previewed with a wrong token, a token of another account, a base URL on
 * a closed port and one on a host name that does not exist; each preview must fail naming the
 * setting, never show the token, and send no write. How long each took is recorded
 * (bench/results.json), not asserted: a slow machine must not fail the test, the figures show it.
 */
import { createServer } from "node:net";
import { recordResults } from "../../bench/lib/record";
import { createStack, spawnEmulator, type EmulatorProcess } from "./reliability-lib";

const TOKEN = "e2e-bad-settings-token-4c1f";
const OTHER_ACCOUNT_TOKEN = "e2e-bad-settings-account-2-token-9a7e";
const WRONG_TOKEN = "e2e-bad-settings-wrong-token-77d3";
/** The limit a failure must beat to count as fast in the figures. */
const FAST_SECONDS = 15;

const DOMAIN = [{ type: "Domain", name: "site", args: { name: "bad-settings.com" } }];

/** A port where nothing listens: bound once by the system, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface BadSetting {
  what: string;
  token: string;
  baseUrl: () => string;
  names: RegExp[];
}

describe("bad settings fail pulumi preview", () => {
  let emulator: EmulatorProcess;
  let port: number;
  const outcomes = new Map<string, { seconds: number; fast: boolean }>();

  beforeAll(async () => {
    emulator = await spawnEmulator({ token: TOKEN });
    await emulator.admin.call("POST", "/accounts", {
      id: 2,
      email: "second@example.com",
      token: OTHER_ACCOUNT_TOKEN,
    });
    port = await closedPort();
  });

  afterAll(async () => {
    await emulator?.close();
    if (outcomes.size !== CASES.length) return;
    const fast = [...outcomes.values()].filter((o) => o.fast).length;
    recordResults(
      "bad-settings-preview",
      { bad_settings_preview_cases: outcomes.size, bad_settings_preview_cases_failed_fast: fast },
      {
        title: "Bad settings caught at preview",
        command: "npx jest --selectProjects e2e --runTestsByPath test/e2e/bad-settings-preview.test.ts",
        body: [
          `${fast} of ${outcomes.size} previews of a one-Domain program with a bad setting failed in under`,
          `${FAST_SECONDS} s naming the setting, with no write sent and the token never shown.`,
          "",
          "| bad setting | seconds to the failed preview |",
          "|---|---|",
          ...[...outcomes].map(([what, o]) => `| ${what} | ${o.seconds.toFixed(1)} |`),
        ].join("\n"),
      },
    );
  });

  async function preview(token: string, baseUrl: string, config: Record<string, string> = {}) {
    const stack = await createStack({ program: "generic", baseUrl, token, account: 1, config });
    try {
      await stack.declare(DOMAIN);
      await emulator.clearRequests();
      const started = Date.now();
      const { code, text } = await stack.cli(["preview"], { allowFailure: true });
      return { code, text, seconds: (Date.now() - started) / 1000, requests: await emulator.requests() };
    } finally {
      await stack.cleanup();
    }
  }

  const CASES: BadSetting[] = [
    {
      what: "wrong token",
      token: WRONG_TOKEN,
      baseUrl: () => emulator.v2Url,
      names: [/dnsimple:token \(or DNSIMPLE_TOKEN\)/, /401 Authentication failed/],
    },
    {
      what: "token of another account",
      token: OTHER_ACCOUNT_TOKEN,
      baseUrl: () => emulator.v2Url,
      names: [/Account 1 \(dnsimple:account \(or DNSIMPLE_ACCOUNT\)\)/, /account token of account 2/],
    },
    {
      what: "closed port",
      token: TOKEN,
      baseUrl: () => `http://127.0.0.1:${port}/v2`,
      names: [/dnsimple:baseUrl \(or DNSIMPLE_BASE_URL\)/, /ECONNREFUSED/],
    },
    {
      what: "wrong host name",
      token: TOKEN,
      baseUrl: () => "http://nothing.invalid/v2",
      names: [/dnsimple:baseUrl \(or DNSIMPLE_BASE_URL\)/, /nothing\.invalid/],
    },
  ];

  it.each(CASES.map((c) => [c.what, c] as const))(
    "fails with a %s, naming the setting, without the token or a write",
    async (what, bad) => {
      const { code, text, seconds, requests } = await preview(bad.token, bad.baseUrl());
      expect(code).not.toBe(0);
      for (const name of bad.names) expect(text).toMatch(name);
      expect(text).not.toContain(bad.token);
      const writes = requests.filter((r) => r.method !== "GET");
      expect(writes).toEqual([]);
      // Only the check's own reads reach the service, if anything does.
      expect(requests.map((r) => `${r.method} ${r.path}`).filter((r) => !/\/whoami$/.test(r))).toEqual([]);
      outcomes.set(what, { seconds, fast: seconds < FAST_SECONDS });
    },
  );

  it("passes with good settings, sending exactly the one whoami", async () => {
    const { code, text, requests } = await preview(TOKEN, emulator.v2Url);
    if (code !== 0) throw new Error(text);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v2/whoami"]);
  });

  it("fails with a value outside its setting's rule, naming the setting, the value and what is accepted", async () => {
    // The one rule of flags (framework/settings.ts): `true` or `false`; `yes` is refused, not guessed.
    const { code, text, requests } = await preview(TOKEN, emulator.v2Url, { "dnsimple:sandbox": "yes" });
    expect(code).not.toBe(0);
    expect(text).toContain('dnsimple:sandbox (or DNSIMPLE_SANDBOX) must be true or false, got "yes"');
    expect(requests).toEqual([]);
  });

  it("passes offline with dnsimple:verifyCredentials false, sending nothing", async () => {
    const { code, text } = await preview(TOKEN, `http://127.0.0.1:${port}/v2`, {
      "dnsimple:verifyCredentials": "false",
    });
    if (code !== 0) throw new Error(text);
  });
});
