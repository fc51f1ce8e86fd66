/**
 * `pulumi-dnsimple-dynamic sweep --prefix <p> --account <id> [--yes]`: finds what a run that
 * named everything it made with a prefix left behind in an account (a live test run killed
 * half-way, an experiment), and deletes it. A dry run by default: it lists and changes nothing
 * until `--yes`.
 *
 * What belongs to the prefix is read from names alone, and only these:
 * - domains and secondary zones whose name starts with the prefix (their records and forwards go
 *   with them);
 * - records whose name starts with the prefix, in any other zone of the account (never a system
 *   record);
 * - email forwards whose alias starts with the prefix, on any other domain;
 * - webhooks whose URL contains the prefix;
 * - primary servers whose name contains the prefix (`<prefix>-ns1…`, `ns1.<prefix>-zone.com`);
 * - contacts whose label starts with the prefix, or whose e-mail address contains it.
 */
import { ApiError, type AccountId, type DnsimpleClient } from "../client";
import { accountOption, type CommandIo, commandClient, readOptions, runCommand, UsageError } from "./command";

export const SWEEP_USAGE = `Usage: pulumi-dnsimple-dynamic sweep --prefix <prefix> --account <id> [--yes]

Lists what a run that named its objects with <prefix> left in the account, and with --yes
deletes it: domains and secondary zones named <prefix>... (with their records and forwards),
records named <prefix>... in other zones, email forwards whose alias starts with <prefix>,
webhooks whose URL contains <prefix>, primary servers whose name contains <prefix>, contacts
labelled <prefix>... or whose e-mail address contains <prefix>. Nothing else is read as the
prefix's.

Options:
  --prefix <prefix>  at least 6 characters: lower-case letters, digits and dashes (required)
  --account <id>     the account to sweep (required)
  --yes              delete what was found (without it: a dry run that changes nothing)
  -h, --help         this text

Environment: DNSIMPLE_TOKEN (required), DNSIMPLE_BASE_URL or DNSIMPLE_SANDBOX=true.
Exit status: 0 nothing left (or a dry run); 1 usage error; 2 something could not be read or deleted.
`;

/** Short enough to type, long enough that no account's own names start with it by chance. */
const PREFIX = /^[a-z0-9][a-z0-9-]{5,}$/;

/** One object the prefix owns: what it is, and how it goes. */
export interface Leftover {
  kind: "webhook" | "primary server" | "record" | "email forward" | "domain" | "secondary zone" | "contact";
  /** What the listing prints: the name and the id. */
  label: string;
  remove(): Promise<void>;
}

/** Deletion order: what refers to others first, contacts (a domain's registrant) last. */
const ORDER: Leftover["kind"][] = [
  "webhook",
  "secondary zone",
  "primary server",
  "record",
  "email forward",
  "domain",
  "contact",
];

/** Everything in `account` that belongs to `prefix`, in the order it is deleted. */
export async function findLeftovers(
  client: DnsimpleClient,
  account: AccountId,
  prefix: string,
): Promise<Leftover[]> {
  const found: Leftover[] = [];
  const owned = (name: string | null | undefined) => (name ?? "").toLowerCase().startsWith(prefix);

  for (const hook of await client.webhooks.list(account))
    if (hook.url.toLowerCase().includes(prefix))
      found.push({
        kind: "webhook",
        label: `${hook.url} (id ${hook.id})`,
        remove: () => client.webhooks.delete(account, hook.id),
      });

  for await (const primary of client.secondaryDns.iteratePrimaries(account))
    if (primary.name.toLowerCase().includes(prefix))
      found.push({
        kind: "primary server",
        label: `${primary.name} (id ${primary.id})`,
        remove: async () => {
          // A primary still linked to zones cannot go: unlink what is left first.
          for (const zone of primary.linked_secondary_zones)
            await client.secondaryDns.unlinkPrimary(account, primary.id, zone).catch(() => undefined);
          await client.secondaryDns.deletePrimary(account, primary.id);
        },
      });

  const zonesKept: string[] = [];
  const zonesOwned = new Set<string>();
  for await (const zone of client.zones.iterate(account)) {
    if (owned(zone.name)) {
      zonesOwned.add(zone.name);
      found.push({
        kind: zone.secondary ? "secondary zone" : "domain",
        label: `${zone.name} (zone id ${zone.id})`,
        remove: () => client.domains.delete(account, zone.name),
      });
    } else zonesKept.push(zone.name);
  }
  // A domain without a zone of its own (registered elsewhere, not hosted) is still a domain.
  const domainsKept: string[] = [];
  for await (const domain of client.domains.iterate(account)) {
    if (owned(domain.name) && !zonesOwned.has(domain.name))
      found.push({
        kind: "domain",
        label: `${domain.name} (id ${domain.id})`,
        remove: () => client.domains.delete(account, domain.name),
      });
    else if (!owned(domain.name)) domainsKept.push(domain.name);
  }

  for (const zone of zonesKept)
    for await (const record of client.zones.records.iterate(account, zone, { nameLike: prefix }))
      if (!record.system_record && owned(record.name))
        found.push({
          kind: "record",
          label: `${record.name}.${zone} ${record.type} ${record.content} (id ${record.id})`,
          remove: () => client.zones.records.delete(account, zone, record.id),
        });

  for (const domain of domainsKept)
    for await (const forward of client.emailForwards.iterate(account, domain))
      if (owned(forward.alias_email))
        found.push({
          kind: "email forward",
          label: `${forward.alias_email} (id ${forward.id})`,
          remove: () => client.emailForwards.delete(account, domain, forward.id),
        });

  for await (const contact of client.contacts.iterate(account))
    if (owned(contact.label) || contact.email.toLowerCase().includes(prefix))
      found.push({
        kind: "contact",
        label: `${contact.label || contact.email} (id ${contact.id})`,
        remove: () => client.contacts.delete(account, contact.id),
      });

  return found.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}

function readArgs(argv: string[]): { prefix: string; account: string; yes: boolean } | "help" {
  const values = readOptions(argv, {
    prefix: { type: "string" },
    account: { type: "string" },
    yes: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  });
  if (values.help) return "help";
  if (values.prefix === undefined)
    throw new UsageError("--prefix is required (for example --prefix live-3f9a2c)");
  if (!PREFIX.test(values.prefix))
    throw new UsageError(
      `--prefix must be at least 6 characters of lower-case letters, digits and dashes ` +
        `(for example live-3f9a2c), not "${values.prefix}"`,
    );
  if (values.account === undefined)
    throw new UsageError("--account must be a numeric account id (for example --account 1010)");
  return { prefix: values.prefix, account: accountOption(values.account), yes: values.yes };
}

/** Runs the command; returns the exit status. */
export function sweepMain(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(SWEEP_USAGE, io, () => sweep(argv, io));
}

async function sweep(argv: string[], io: CommandIo): Promise<number> {
  const args = readArgs(argv);
  if (args === "help") {
    io.out(SWEEP_USAGE);
    return 0;
  }
  const client = await commandClient(io, "sweep");
  if (!client) {
    io.err("sweep needs DNSIMPLE_TOKEN in the environment (an API token of the account)\n");
    return 1;
  }
  let found: Leftover[];
  try {
    found = await findLeftovers(client, args.account, args.prefix);
  } catch (error) {
    io.err(`cannot read account ${args.account}: ${(error as Error).message}\n`);
    return 2;
  }
  if (found.length === 0) {
    io.out(`nothing in account ${args.account} starts with ${args.prefix}\n`);
    return 0;
  }
  if (!args.yes) {
    io.out(
      `${found.length} objects in account ${args.account} belong to ${args.prefix} (dry run: nothing deleted; --yes deletes them):\n` +
        found.map((f) => `  ${f.kind} ${f.label}\n`).join(""),
    );
    return 0;
  }
  let failed = 0;
  for (const leftover of found) {
    try {
      await leftover.remove();
      io.out(`deleted ${leftover.kind} ${leftover.label}\n`);
    } catch (error) {
      // Gone already (deleted with its domain, or by someone else): what was asked for holds.
      if (error instanceof ApiError && error.status === 404) {
        io.out(`already gone: ${leftover.kind} ${leftover.label}\n`);
        continue;
      }
      failed++;
      io.err(`could not delete ${leftover.kind} ${leftover.label}: ${(error as Error).message}\n`);
    }
  }
  const left = await findLeftovers(client, args.account, args.prefix).catch(() => undefined);
  if (left === undefined || left.length > 0 || failed > 0) {
    io.err(
      left === undefined
        ? `could not read account ${args.account} again to check that nothing is left\n`
        : `${left.length} objects of ${args.prefix} are left in account ${args.account}\n`,
    );
    return 2;
  }
  io.out(`nothing of ${args.prefix} is left in account ${args.account}\n`);
  return 0;
}
