/**
 * A per-record program whose CNAME shares its name with another `ZoneRecord` of the program (the
 * name spelled differently) fails at `pulumi preview`, naming both resources, and sends nothing but
 * the credentials check; `up` has nothing to half-make. Without the clash the same program goes up.
 */
import { createStack, spawnEmulator, type EmulatorProcess, type TestStack } from "./reliability-lib";

const TOKEN = "e2e-cname-neighbours-token-5d2b";
const ZONE = "cname-neighbours.com";

const record = (name: string, args: Record<string, unknown>) => ({
  type: "ZoneRecord",
  name,
  args: { zoneName: ZONE, ttl: 3600, ...args },
});

describe("a CNAME beside another ZoneRecord of the program", () => {
  let emulator: EmulatorProcess;
  let stack: TestStack;

  beforeAll(async () => {
    emulator = await spawnEmulator({ token: TOKEN });
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: ZONE }] });
    stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  });

  afterAll(async () => {
    await stack?.cli(["destroy", "--yes", "--skip-preview"], { allowFailure: true });
    await stack?.cleanup();
    await emulator?.close();
  });

  it("fails the preview, naming both resources, with no request but the credentials check", async () => {
    await stack.declare([
      record("web", { name: "www", type: "A", content: "192.0.2.10" }),
      record("alias", { name: "WWW", type: "CNAME", content: "shop.example.net" }),
    ]);
    await emulator.clearRequests();
    const { code, text } = await stack.cli(["preview"], { allowFailure: true });
    expect(code).not.toBe(0);
    // The engine checks the two at once: whichever comes second fails, naming the other.
    const messages = [
      'a CNAME must be the only record at its name: ZoneRecord "web" (A) and this CNAME are both at "www"',
      'a CNAME must be the only record at its name: ZoneRecord "alias" (CNAME) and this A are both at "www"',
    ];
    expect(messages.filter((m) => text.includes(m))).toHaveLength(1);
    const requests = (await emulator.requests()).map((r) => `${r.method} ${r.path}`);
    expect(requests.filter((r) => !r.endsWith("/whoami"))).toEqual([]);
  });

  it("goes up once the CNAME has a name of its own", async () => {
    await stack.declare([
      record("web", { name: "www", type: "A", content: "192.0.2.10" }),
      record("alias", { name: "shop", type: "CNAME", content: "shop.example.net" }),
    ]);
    await stack.cli(["up", "--yes"]);
    const { text } = await stack.cli(["preview", "--expect-no-changes"]);
    expect(text).not.toContain("CNAME must be");
  });
});
