#!/usr/bin/env node
/**
 * `pulumi-dnsimple-dynamic <command>`: the package's command line (its `bin`). Each command lives
 * in a file of this folder and is loaded only when it runs.
 */
import type { CommandIo } from "./command";

export const USAGE = `Usage: pulumi-dnsimple-dynamic <command> [options]

Commands:
  review             a pull-request summary of \`pulumi preview --json\` (see review --help)
  generate-program   an existing account as a Pulumi program that adopts everything
  export-zone-file   a zone's records as a BIND zone file
  per-record-to-set  a stack's per-record ZoneRecords as one adopting ZoneRecords per zone
  sweep              delete what a run named with a prefix left in an account
  unrecorded-creates what this machine created that no later run's state confirmed (after a kill)
  install-plugin     install the provider plugin for Python, YAML, Go and other programs

\`pulumi-dnsimple-dynamic <command> --help\` says more of each.
`;

const COMMANDS: Record<string, (argv: string[], io: CommandIo) => Promise<number>> = {
  review: async (argv, io) => (await import("./review")).reviewMain(argv, io),
  "generate-program": async (argv, io) => (await import("./generate-program")).generateProgramMain(argv, io),
  "export-zone-file": async (argv, io) => (await import("./export-zone-file")).exportZoneFileMain(argv, io),
  "per-record-to-set": async (argv, io) => (await import("./per-record-to-set")).perRecordToSetMain(argv, io),
  sweep: async (argv, io) => (await import("./sweep")).sweepMain(argv, io),
  "unrecorded-creates": async (argv, io) =>
    (await import("./unrecorded-creates")).unrecordedCreatesMain(argv, io),
  "install-plugin": async (argv, io) => (await import("./install-plugin")).installPluginMain(argv, io),
};

const processIo: CommandIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  env: process.env,
};

/** Runs the command line; returns the exit status (1: no or an unknown command). */
export async function main(argv: string[], io: Partial<CommandIo> = {}): Promise<number> {
  const full: CommandIo = { ...processIo, ...io };
  const [command, ...rest] = argv;
  if (command === "-h" || command === "--help") {
    full.out(USAGE);
    return 0;
  }
  const run = command === undefined ? undefined : COMMANDS[command];
  if (run === undefined) {
    full.err(`${command === undefined ? "no command given" : `unknown command ${command}`}\n\n${USAGE}`);
    return 1;
  }
  return run(rest, full);
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exitCode = 2;
    },
  );
}
