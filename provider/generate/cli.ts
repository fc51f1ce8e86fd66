/**
 * `pulumi-dnsimple-dynamic generate-program`: an existing account as a Pulumi program that adopts
 * everything. Reads through the provider's client (retries, rate-limit pacing), progress on
 * standard error, a summary on standard output; never writes or prints a secret.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createClient, type DnsimpleClient } from "../client";
import { writeProgram } from "./program";
import { objectCount, readAccount } from "./snapshot";

export const USAGE = `Usage: pulumi-dnsimple-dynamic generate-program --account <id> [options]

Writes a TypeScript Pulumi program that declares what the account holds, every resource with
adopt: true, so that \`pulumi up\` takes the objects over without creating or deleting anything:
domains, zone records (the service's system records left out), email forwards, DS records,
DNSSEC, contacts, webhooks, secondary zones and primary servers.

Options:
  --account <id>          the account to read (required)
  --domains <a.com,b.com> only these domains (and the secondary zones named), no account-wide objects
  --out <dir>             where to write the program (default: ./dnsimple-account-<id>)
  -h, --help              this text

Environment: DNSIMPLE_TOKEN (required), DNSIMPLE_BASE_URL or DNSIMPLE_SANDBOX=true.
Webhook URLs and contacts' personal data are read from secret stack config: the command
prints the keys to set, never their values.
`;

export interface GenerateIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** The client (tests count its requests); default: one built from the environment. */
  client?: DnsimpleClient;
}

class UsageError extends Error {}

interface Args {
  account: string;
  domains?: string[];
  out?: string;
}

function parseArgs(argv: string[]): Args | "help" {
  let account: string | undefined;
  let domains: string[] | undefined;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === "-h" || flag === "--help") return "help";
    const value = argv[i + 1];
    if (!["--account", "--domains", "--out"].includes(flag)) throw new UsageError(`unknown option ${flag}`);
    if (value === undefined || value.startsWith("--")) throw new UsageError(`${flag} needs a value`);
    i++;
    if (flag === "--account") {
      if (!/^\d+$/.test(value))
        throw new UsageError(`--account must be a numeric account id, not "${value}"`);
      account = value;
    } else if (flag === "--domains") {
      domains = value
        .split(",")
        .map((d) => d.trim().toLowerCase())
        .filter((d) => d !== "");
      if (domains.length === 0) throw new UsageError("--domains needs at least one domain name");
    } else out = value;
  }
  if (account === undefined) throw new UsageError("--account is required");
  return { account, ...(domains ? { domains } : {}), ...(out !== undefined ? { out } : {}) };
}

/** Runs the command; returns the exit status (0 written, 1 usage error, 2 the account could not be read). */
export async function generateProgramMain(argv: string[], io: GenerateIo): Promise<number> {
  let args: Args | "help";
  try {
    args = parseArgs(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (args === "help") {
    io.out(USAGE);
    return 0;
  }
  let client = io.client;
  if (!client) {
    const token = io.env.DNSIMPLE_TOKEN;
    if (!token) {
      io.err("generate-program needs DNSIMPLE_TOKEN in the environment (an API token of the account)\n");
      return 1;
    }
    client = createClient({
      token,
      ...(io.env.DNSIMPLE_BASE_URL ? { baseUrl: io.env.DNSIMPLE_BASE_URL } : {}),
      sandbox: io.env.DNSIMPLE_SANDBOX === "true",
      userAgentSuffix: "generate-program",
    });
  }
  const outDir = path.resolve(args.out ?? `dnsimple-account-${args.account}`);
  let snapshot;
  try {
    snapshot = await readAccount(client, args.account, {
      ...(args.domains ? { domains: args.domains } : {}),
      progress: (message) => io.err(`${message}\n`),
    });
  } catch (error) {
    io.err(`cannot read account ${args.account}: ${(error as Error).message}\n`);
    return 2;
  }
  const program = writeProgram(snapshot);
  for (const [file, text] of program.files) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), text);
  }
  const lines = [
    `Wrote ${program.files.size} files to ${outDir}: ${objectCount(snapshot)} objects of account ${args.account} ` +
      `as ${program.resources} resources, every one with adopt: true.`,
    `Next, in that folder: npm install; pulumi stack init; pulumi config set dnsimple:account ${args.account};`,
    `pulumi config set --secret dnsimple:token <API token>`,
    ...program.secrets.map((s) =>
      s.shape
        ? `pulumi config set --secret ${s.key} '${s.shape}'   # ${s.what}`
        : `pulumi config set --secret ${s.key} <${s.what}>`,
    ),
    `then pulumi preview (creates only, by adoption) and pulumi up.`,
  ];
  io.out(`${lines.join("\n")}\n`);
  return 0;
}
