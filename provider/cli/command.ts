/**
 * What every command of `pulumi-dnsimple-dynamic` shares: its options read with Node's
 * `util.parseArgs` (one parser), one usage error, the account option, and the API client built
 * from the settings module (framework/settings.ts), the one place that reads `DNSIMPLE_*`.
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import type { DnsimpleClient } from "../client";
import { resolveSettings } from "../framework/settings";

/** A command line a command cannot act on: printed with the command's usage, exit status 1. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Where a command writes and what it reads; tests pass their own (and a client to count requests). */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** The client (tests count its requests); default: one built from the environment's settings. */
  client?: DnsimpleClient;
}

/** The options of `argv` as `options` declares them; anything else is a `UsageError`. */
export function readOptions<O extends ParseArgsOptionsConfig>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `-h`, `--help`: every command takes it. */
const HELP = { help: { type: "boolean", short: "h" } } as const;

/**
 * Runs a command that reads `options` (and `-h`/`--help`, which prints the usage, exit status 0):
 * `body` gets the options' values; a `UsageError` is printed with the usage, exit status 1.
 *
 * @example
 * runWithOptions(USAGE, io, argv, { zone: { type: "string" } }, async (values) => (values.zone ? 0 : 1));
 */
export function runWithOptions<O extends ParseArgsOptionsConfig>(
  usage: string,
  io: CommandIo,
  argv: string[],
  options: O,
  body: (values: ReturnType<typeof readOptions<O>>) => Promise<number>,
): Promise<number> {
  return runCommand(usage, io, async () => {
    // parseArgs' value types do not resolve for a generic `O` merged with `HELP`: typed as the two parts.
    const values = readOptions(argv, { ...options, ...HELP }) as ReturnType<typeof readOptions<O>> & {
      help?: boolean;
    };
    if (values.help) {
      io.out(usage);
      return 0;
    }
    return body(values);
  });
}

/** `--account`: required, a numeric account id. */
export function accountOption(value: string | undefined): string {
  if (value === undefined) throw new UsageError("--account is required");
  if (!/^\d+$/.test(value)) throw new UsageError(`--account must be a numeric account id, not "${value}"`);
  return value;
}

/**
 * The client a command uses: the one given, or one from the environment's settings through the
 * one client factory (framework/client-factory.ts: retries, hooks, secrets, v1 credentials);
 * `undefined` without a token. The client (undici, the schemas) is loaded only here: `review` without
 * `--prices` never loads it.
 */
export async function commandClient(
  io: CommandIo,
  command: string,
  options: { maxRetries?: number } = {},
): Promise<DnsimpleClient | undefined> {
  if (io.client) return io.client;
  const settings = resolveSettings(undefined, io.env);
  if (!settings.token) return undefined;
  const { clientFromSettings } = await import("../framework/client-factory");
  return clientFromSettings(settings, { userAgentSuffix: command, maxRetries: options.maxRetries });
}

/** Runs a command's body; a `UsageError` is printed with the usage and gives exit status 1. */
export async function runCommand(usage: string, io: CommandIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${usage}`);
    return 1;
  }
}
