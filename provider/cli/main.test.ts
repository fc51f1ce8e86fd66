/**
 * The package's command line: one entry, seven commands, one way of reading options. Every
 * command answers --help, and refuses an unknown option the same way (exit 1, the parser's
 * message, then its usage), before it reads anything or builds a client.
 */
import { main, USAGE } from "./main";

async function run(argv: string[]) {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t), env: {} });
  return { code, out, err };
}

const COMMANDS = ["review", "generate-program", "export-zone-file", "sweep", "unrecorded-creates"];

describe("pulumi-dnsimple-dynamic", () => {
  it("lists its commands with --help, and refuses no command or an unknown one with the list", async () => {
    expect(await run(["--help"])).toEqual({ code: 0, out: USAGE, err: "" });
    for (const command of COMMANDS) expect(USAGE).toMatch(new RegExp(`^  ${command} `, "m"));
    expect(await run([])).toEqual({ code: 1, out: "", err: `no command given\n\n${USAGE}` });
    expect(await run(["publish"])).toEqual({ code: 1, out: "", err: `unknown command publish\n\n${USAGE}` });
  });

  it.each(COMMANDS)("%s answers --help with its own usage", async (command) => {
    const { code, out, err } = await run([command, "--help"]);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out).toMatch(new RegExp(`^Usage: pulumi-dnsimple-dynamic ${command} `));
  });

  it.each(COMMANDS)(
    "%s refuses an unknown option with the parser's message and its usage",
    async (command) => {
      const { code, out, err } = await run([command, "--bogus"]);
      expect({ code, out }).toEqual({ code: 1, out: "" });
      expect(err).toMatch(
        new RegExp(`^Unknown option '--bogus'[\\s\\S]*\\n\\nUsage: pulumi-dnsimple-dynamic ${command} `),
      );
    },
  );

  it.each([
    ["generate-program", []],
    ["export-zone-file", ["--zone", "example.com"]],
    ["sweep", ["--prefix", "live-abcdef"]],
  ])("%s refuses an account that is not a number, the same way", async (command, rest) => {
    const { code, err } = await run([command, "--account", "acme", ...rest]);
    expect(code).toBe(1);
    expect(err).toContain('--account must be a numeric account id, not "acme"');
  });
});
