/**
 * scripts/test-live's guards, which run before anything is installed or sent: without an account
 * it runs nothing and says what it needs; it refuses the production service without
 * --production, paid operations off the sandbox, and a prefix the sweeper would refuse.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";

const SCRIPT = path.join(__dirname, "test-live");
const LIVE = { DNSIMPLE_LIVE_TOKEN: "a-token-never-sent", DNSIMPLE_LIVE_ACCOUNT: "1010" };

function testLive(env: Record<string, string>, args: string[] = []) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("DNSIMPLE_LIVE")),
  );
  const result = spawnSync("bash", [SCRIPT, ...args], { env: { ...clean, ...env }, encoding: "utf8" });
  return { code: result.status, text: `${result.stdout}${result.stderr}` };
}

describe("bash scripts/test-live", () => {
  it("runs nothing without an account, says what it needs, and exits 0", () => {
    const { code, text } = testLive({});
    expect(code).toBe(0);
    expect(text).toContain("test-live runs nothing without an account to run against");
    expect(text).toMatch(/DNSIMPLE_LIVE_TOKEN[\s\S]*DNSIMPLE_LIVE_ACCOUNT[\s\S]*DNSIMPLE_LIVE_BASE_URL/);
  });

  it("refuses the production service unless --production is given", () => {
    const { code, text } = testLive({ ...LIVE, DNSIMPLE_LIVE_BASE_URL: "https://api.dnsimple.com/v2" });
    expect(code).toBe(1);
    expect(text).toContain("refusing to run against the production service (https://api.dnsimple.com/v2)");
    expect(text).toContain("Pass --production if that is what you want.");
  });

  it("runs paid operations only on the sandbox", () => {
    const { code, text } = testLive(
      {
        ...LIVE,
        DNSIMPLE_LIVE_PAID: "1",
        DNSIMPLE_LIVE_BASE_URL: "https://api.dnsimple.com/v2",
      },
      ["--production"],
    );
    expect(code).toBe(1);
    expect(text).toContain("DNSIMPLE_LIVE_PAID=1 runs only on the sandbox");
  });

  it("refuses a run prefix the sweeper could not take, and an account that is not a number", () => {
    expect(testLive({ ...LIVE, LIVE_RUN_PREFIX: "live" }).text).toContain(
      "LIVE_RUN_PREFIX must be at least 6 characters",
    );
    expect(testLive({ ...LIVE, DNSIMPLE_LIVE_ACCOUNT: "acme" })).toEqual({
      code: 1,
      text: expect.stringContaining("DNSIMPLE_LIVE_ACCOUNT must be a numeric account id"),
    });
  });

  it("never prints the token", () => {
    for (const env of [
      { ...LIVE, DNSIMPLE_LIVE_BASE_URL: "https://api.dnsimple.com/v2" },
      { ...LIVE, DNSIMPLE_LIVE_ACCOUNT: "x" },
    ])
      expect(testLive(env).text).not.toContain(LIVE.DNSIMPLE_LIVE_TOKEN);
  });
});
