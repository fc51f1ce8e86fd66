/**
 * `pulumi-dnsimple-dynamic export-zone-file`: what the service holds for a zone, written as a BIND
 * zone file (SOA and NS first, then the records by name and type), so a team can diff the
 * service against the zone file in its repository. Every file it writes passes BIND's
 * `named-checkzone`; ALIAS, URL and POOL records (the service's own, no DNS type) are comments.
 */
import { writeFileSync } from "node:fs";
import { writeZoneFile } from "../dns/zone-file/records";
import { accountOption, type CommandIo, commandClient, runWithOptions, UsageError } from "./command";

export const USAGE = `Usage: pulumi-dnsimple-dynamic export-zone-file --account <id> --zone <name> [--out <file>]

Writes the records the service holds for a zone as a BIND zone file.

Options:
  --account <id>   the account (required)
  --zone <name>    the zone, e.g. example.com (required)
  --out <file>     where to write it (default: standard output)
  -h, --help       this text

Environment: DNSIMPLE_TOKEN (required), DNSIMPLE_BASE_URL or DNSIMPLE_SANDBOX=true.
`;

/** Runs the command; returns the exit status (0 written, 1 usage error, 2 the zone could not be read). */
export function exportZoneFileMain(argv: string[], io: CommandIo): Promise<number> {
  const options = { account: { type: "string" }, zone: { type: "string" }, out: { type: "string" } } as const;
  return runWithOptions(USAGE, io, argv, options, async (values) => {
    const account = accountOption(values.account);
    if (values.zone === undefined) throw new UsageError("--zone is required, e.g. --zone example.com");
    const client = await commandClient(io, "export-zone-file");
    if (!client) {
      io.err("export-zone-file needs DNSIMPLE_TOKEN in the environment (an API token of the account)\n");
      return 1;
    }
    const zone = values.zone.toLowerCase().replace(/\.$/, "");
    const records = [];
    try {
      for await (const r of client.zones.records.iterate(account, zone)) records.push(r);
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
  });
}
