/**
 * `pulumi-dnsimple-dynamic generate-program`: an existing account as a Pulumi program that adopts
 * everything. Reads through the provider's client (retries, rate-limit pacing), progress on
 * standard error, a summary on standard output; never writes or prints a secret.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { type MovedZone, writeProgram } from "../generate/program";
import { objectCount, readAccount } from "../generate/snapshot";
import { domainNameProblem } from "../dns/domain-names";
import { parseZoneFile } from "../dns/zone-file/parse";
import { zoneFileRecords } from "../dns/zone-file/records";
import { accountOption, type CommandIo, commandClient, readOptions, runCommand, UsageError } from "./command";

export const USAGE = `Usage: pulumi-dnsimple-dynamic generate-program --account <id> [options]

Writes a TypeScript Pulumi program that declares what the account holds, every resource with
adopt: true, so that \`pulumi up\` takes the objects over without creating or deleting anything:
domains, zone records (the service's system records left out), email forwards, DS records,
DNSSEC, contacts, webhooks, secondary zones and primary servers.

Options:
  --account <id>          the account to read (required)
  --domains <a.com,b.com> only these domains (and the secondary zones named), no account-wide objects
  --out <dir>             where to write the program (default: ./dnsimple-account-<id>)
  --zone-file [zone=]FILE a zone moved in from a BIND zone file (several allowed): its domain and
                          records, made by \`pulumi up\` (the zone: given, or the file's $ORIGIN).
                          With zone files only the files are read, not the account (no token needed)
  -h, --help              this text

Environment: DNSIMPLE_TOKEN (required), DNSIMPLE_BASE_URL or DNSIMPLE_SANDBOX=true.
Webhook URLs and contacts' personal data are read from secret stack config: the command
prints the keys to set, never their values.
`;

interface Args {
  account: string;
  domains?: string[];
  out?: string;
  zoneFiles: Array<{ zone?: string; file: string }>;
}

function parseArgs(argv: string[]): Args | "help" {
  const values = readOptions(argv, {
    account: { type: "string" },
    domains: { type: "string" },
    out: { type: "string" },
    "zone-file": { type: "string", multiple: true },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const account = accountOption(values.account);
  const zoneFiles = (values["zone-file"] ?? []).map((value) => {
    const eq = value.indexOf("=");
    return eq > 0 && !value.slice(0, eq).includes("/")
      ? { zone: value.slice(0, eq).toLowerCase(), file: value.slice(eq + 1) }
      : { file: value };
  });
  let domains: string[] | undefined;
  if (values.domains !== undefined) {
    domains = values.domains
      .split(",")
      .map((d) => d.trim().toLowerCase())
      .filter((d) => d !== "");
    if (domains.length === 0) throw new UsageError("--domains needs at least one domain name");
  }
  return {
    account,
    zoneFiles,
    ...(domains ? { domains } : {}),
    ...(values.out !== undefined ? { out: values.out } : {}),
  };
}

/** Runs the command; returns the exit status (0 written, 1 usage error, 2 the account could not be read). */
export function generateProgramMain(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(USAGE, io, async () => {
    const args = parseArgs(argv);
    if (args === "help") {
      io.out(USAGE);
      return 0;
    }
    return args.zoneFiles.length > 0 ? movedZonesMain(args, io) : accountMain(args, io);
  });
}

/** The account read and written as a program that adopts everything. */
async function accountMain(args: Args, io: CommandIo): Promise<number> {
  const client = await commandClient(io, "generate-program");
  if (!client) {
    io.err("generate-program needs DNSIMPLE_TOKEN in the environment (an API token of the account)\n");
    return 1;
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
  writeFiles(outDir, program.files);
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

function writeFiles(outDir: string, files: ReadonlyMap<string, string>): void {
  for (const [file, text] of files) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), text);
  }
}

/**
 * The zone a file is for: as given, or its first `$ORIGIN`; when that is the root (`$ORIGIN .`,
 * what several hosts' "export zone" buttons and BIND's own dumps write), the owner of its SOA.
 */
function zoneOf(given: string | undefined, text: string): string | undefined {
  if (given !== undefined) return given.replace(/\.$/, "");
  const origin = /^\$ORIGIN[ \t]+(\S+)/im.exec(text)?.[1];
  if (origin !== undefined && origin !== ".") return origin.replace(/\.$/, "").toLowerCase();
  const soa = parseZoneFile(text, { origin: "." }).entries.find((e) => e.type === "SOA" && e.owner !== ".");
  return soa?.owner.replace(/\.$/, "").toLowerCase();
}

/** `--zone-file`: the zones read from files as a program that makes them (no account read). */
function movedZonesMain(args: Args, io: CommandIo): number {
  const moved: MovedZone[] = [];
  let refused = false;
  for (const { zone: given, file } of args.zoneFiles) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      io.err(`cannot read the zone file ${file}: ${(error as Error).message}\n`);
      return 1;
    }
    const zone = zoneOf(given, text);
    if (zone === undefined) {
      io.err(`${file} has no $ORIGIN and no SOA: name its zone, e.g. --zone-file example.com=${file}\n`);
      return 1;
    }
    // The program declares the zone as a Domain: a name its check refuses is refused here.
    const zoneProblem = domainNameProblem(zone);
    if (zoneProblem !== undefined) {
      io.err(
        `${file}: the zone ${JSON.stringify(zone)} cannot be a domain (${zoneProblem}); name it, e.g. --zone-file example.com=${file}\n`,
      );
      refused = true;
      continue;
    }
    const read = zoneFileRecords(text, { zone });
    for (const e of read.outside)
      io.err(
        `${file} line ${e.line}: left out: ${e.owner} is outside the zone ${zone} (BIND leaves it out too)\n`,
      );
    for (const p of read.problems) io.err(`${file} line ${p.line}: ${p.message}\n`);
    if (read.problems.length > 0) refused = true;
    moved.push({ zone, file, records: read.records.map((r) => r.record) });
  }
  if (refused) {
    io.err("no program written: fix the lines above (the service would refuse them) and run again\n");
    return 2;
  }
  const outDir = path.resolve(args.out ?? `dnsimple-account-${args.account}`);
  const program = writeProgram(
    {
      account: args.account,
      domains: [],
      secondaryZones: [],
      contacts: [],
      webhooks: [],
      primaryServers: [],
    },
    moved,
  );
  writeFiles(outDir, program.files);
  io.out(
    [
      `Wrote ${program.files.size} files to ${outDir}: ${moved.map((m) => `${m.zone} (${m.records.length} records)`).join(", ")}.`,
      `Next, in that folder: npm install; pulumi stack init; pulumi config set dnsimple:account ${args.account};`,
      `pulumi config set --secret dnsimple:token <API token>; then pulumi preview and pulumi up.`,
      "",
    ].join("\n"),
  );
  return 0;
}
