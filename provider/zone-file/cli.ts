/**
 * `pulumi-dnsimple-dynamic export-zone-file`: what the service holds for a zone, written as a BIND
 * zone file (SOA and NS first, then the records by name and type), so a team can diff the
 * service against the zone file in its repository. Every file it writes passes BIND's
 * `named-checkzone`; ALIAS, URL and POOL records (the service's own, no DNS type) are comments.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { DnsimpleClient } from "../client";
import { clientFromEnvironment } from "../client/from-environment";
import { writeZoneFile } from "./records";

export const USAGE = `Usage: pulumi-dnsimple-dynamic export-zone-file --account <id> --zone <name> [--out <file>]

Writes the records the service holds for a zone as a BIND zone file.

Options:
  --account <id>   the account (required)
  --zone <name>    the zone, e.g. example.com (required)
  --out <file>     where to write it (default: standard output)
  -h, --help       this text

Environment: DNSIMPLE_TOKEN (required), DNSIMPLE_BASE_URL or DNSIMPLE_SANDBOX=true.
`;

export interface ExportIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** The client (tests count its requests); default: one built from the environment. */
  client?: DnsimpleClient;
}

/** Runs the command; returns the exit status (0 written, 1 usage error, 2 the zone could not be read). */
export async function exportZoneFileMain(argv: string[], io: ExportIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        account: { type: "string" },
        zone: { type: "string" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const problem =
    values.account === undefined
      ? "--account is required"
      : !/^\d+$/.test(values.account)
        ? `--account must be a numeric account id, not "${values.account}"`
        : values.zone === undefined
          ? "--zone is required, e.g. --zone example.com"
          : undefined;
  if (problem !== undefined) {
    io.err(`${problem}\n\n${USAGE}`);
    return 1;
  }
  const client = io.client ?? clientFromEnvironment(io.env, "export-zone-file");
  if (!client) {
    io.err("export-zone-file needs DNSIMPLE_TOKEN in the environment (an API token of the account)\n");
    return 1;
  }
  const zone = values.zone!.toLowerCase().replace(/\.$/, "");
  const records = [];
  try {
    for await (const r of client.zones.records.iterate(values.account!, zone)) records.push(r);
  } catch (error) {
    io.err(`cannot read the records of ${zone}: ${(error as Error).message}\n`);
    return 2;
  }
  const text = writeZoneFile(zone, records);
  if (values.out === undefined) io.out(text);
  else {
    writeFileSync(values.out, text);
    io.err(`Wrote ${records.length} records of ${zone} to ${values.out}\n`);
  }
  return 0;
}
