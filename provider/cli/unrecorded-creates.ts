/**
 * `pulumi-dnsimple-dynamic unrecorded-creates [--stack <project>/<stack>] [--state <file>]`: the
 * creates this machine's create journal holds that no later run's state has confirmed yet
 * (framework/create-journal.ts). After a run killed with `PULUMI_SKIP_CHECKPOINTS=true`, these are
 * the objects it made: the next `up` takes over those the program still declares, and this lists
 * the rest, which no `up`, `refresh` or `destroy` can see. Reads local files only; sends no request.
 */
import { readFileSync } from "node:fs";
import { journalDir, listCreates, type CreateJournalEntry } from "../framework/create-journal";
import { type CommandIo, runWithOptions, UsageError } from "./command";

export const UNRECORDED_CREATES_USAGE = `Usage: pulumi-dnsimple-dynamic unrecorded-creates [--stack <project>/<stack>] [--state <file>]

Lists the creates this machine's create journal holds that no later run's state has confirmed:
objects an \`up\` made (or may have made, when its answer was lost) that the stack may not know.
After an \`up\` killed with PULUMI_SKIP_CHECKPOINTS=true, the next \`up\` takes over those the program
still declares; the others are left in the account, where \`refresh\` and \`destroy\` cannot see
them. Each line: kind, id (or "answer lost"), account, when the create started, the resource.

Options:
  --stack <project>/<stack>  only this stack's resources
  --state <file>             the output of \`pulumi stack export\`: leave out what that state holds
  -h, --help                 this text

Environment: DNSIMPLE_CREATE_JOURNAL_DIR, or PULUMI_HOME (the journal is
$PULUMI_HOME/dnsimple-dynamic/creates). Sends no request. Exit status: 0; 1 usage error.
`;

/** Whether an owner key (the SDK's `project/stack/...` or a URN) names a resource of `stack`. */
export function ofStack(key: string, stack: string): boolean {
  const [project, name] = stack.split("/") as [string, string];
  return key.startsWith(`${project}/${name}/`) || key.startsWith(`urn:pulumi:${name}::${project}::`);
}

/** The ids a `pulumi stack export` holds. */
function idsInState(file: string): Set<string> {
  let exported: { deployment?: { resources?: Array<{ id?: unknown }> } };
  try {
    exported = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UsageError(
      `--state ${file}: not the output of pulumi stack export (${(error as Error).message})`,
    );
  }
  return new Set((exported.deployment?.resources ?? []).flatMap((r) => (r.id ? [String(r.id)] : [])));
}

function line(entry: CreateJournalEntry): string {
  const id = entry.createdId ?? "answer lost";
  return `${entry.kind} ${id} account ${entry.account} started ${entry.since} ${entry.key}\n`;
}

export function unrecordedCreatesMain(argv: string[], io: CommandIo): Promise<number> {
  const options = { stack: { type: "string" }, state: { type: "string" } } as const;
  return runWithOptions(UNRECORDED_CREATES_USAGE, io, argv, options, async (values) => {
    const stack = values.stack;
    if (stack !== undefined && !/^[^/]+\/[^/]+$/.test(stack))
      throw new UsageError(`--stack must be <project>/<stack> (for example web/prod), not "${stack}"`);
    const held = values.state === undefined ? new Set<string>() : idsInState(values.state);
    const dir = journalDir(io.env);
    const entries = listCreates(dir).filter(
      (e) => (stack === undefined || ofStack(e.key, stack)) && !(e.createdId && held.has(e.createdId)),
    );
    io.out(`${entries.length} create(s) in ${dir} not confirmed by a later run's state\n`);
    for (const entry of entries) io.out(line(entry));
    return 0;
  });
}
