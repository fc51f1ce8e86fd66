import { parseArgs } from "./cli";

describe("emulator command line", () => {
  it("parses every option into startEmulator options", () => {
    expect(
      parseArgs([
        "--port",
        "0",
        "--data",
        "state.json",
        "--token=t",
        "--account",
        "7",
        "--allow-http-webhooks",
        "--rate-limit",
        "10/60",
        "--delay-ms",
        "25",
        "--faults",
        '{"rate":0.5,"kinds":["502"]}',
      ]),
    ).toMatchObject({
      port: 0,
      dataFile: "state.json",
      token: "t",
      accountId: 7,
      allowHttpWebhooks: true,
      rateLimit: { limit: 10, windowSeconds: 60 },
      delays: { registration: 25, transfer: 25, renewal: 25, restore: 25, certificate: 25 },
      faults: { rate: 0.5, kinds: ["502"] },
    });
  });

  it("turns the admin surface off with --no-admin, and leaves it on by default", () => {
    expect(parseArgs(["--no-admin"])).toEqual({ admin: false });
    expect(parseArgs([]).admin).toBeUndefined();
  });

  it("refuses unknown options and bad values with a readable message", () => {
    expect(() => parseArgs(["--nope"])).toThrow("unknown option --nope");
    expect(() => parseArgs(["--port", "abc"])).toThrow("--port needs a non-negative integer");
    expect(() => parseArgs(["--account", "0"])).toThrow("--account must be at least 1");
    expect(() => parseArgs(["--faults", '{"kinds":["teapot"]}'])).toThrow(/unknown fault kind/);
    expect(() => parseArgs(["--data"])).toThrow("--data needs a value");
  });
});
