/**
 * Command line: `node dist/emulator/cli.js [--port N] [--data FILE] [--token T] [--account N] ...`.
 * Prints one line with the base URL, account and token, then serves until SIGINT/SIGTERM.
 */
import { parseFaultConfig, parseRateLimit } from "./faults";
import { startEmulator, type EmulatorOptions } from "./server";

const USAGE = `usage: emulator [options]
  --port N                 port on 127.0.0.1 (0 = a free port; default 0)
  --data FILE              persist state in FILE (default: memory only)
  --token TOKEN            account token of the default account (default dev-token)
  --account N              id of the default account (default 1)
  --email EMAIL            email of the default account and user (default dev@example.com)
  --password PASSWORD      basic-auth password of the default user (default dev-password)
  --v1-token TOKEN         v1 token of the default user (default dev-v1-token)
  --seed FILE              seed file applied to a new state and on reset
  --allow-http-webhooks    accept http:// webhook URLs (for local receivers)
  --deliver-external-webhooks
                           POST events to webhook hosts outside this machine (default: loopback only)
  --rate-limit N[/SECONDS] request budget per credential (default 100000/3600)
  --faults JSON            fault config, as PUT /__admin/faults takes
  --delay-ms N             delay of every pending operation (registrations, transfers, certificates, ...)
  --no-admin               no admin surface: /__admin/* answers 404 like any unknown API path
`;

/** Parses argv into options; throws an Error with a readable message. */
export function parseArgs(argv: string[]): EmulatorOptions {
  const o: EmulatorOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const int = (): number => {
      const v = value();
      if (!/^\d+$/.test(v)) throw new Error(`${flag} needs a non-negative integer, got ${v}`);
      return Number(v);
    };
    switch (flag) {
      case "--port":
        o.port = int();
        break;
      case "--data":
        o.dataFile = value();
        break;
      case "--token":
        o.token = value();
        break;
      case "--account":
        o.accountId = int();
        if (o.accountId < 1) throw new Error("--account must be at least 1");
        break;
      case "--email":
        o.email = value();
        break;
      case "--password":
        o.password = value();
        break;
      case "--v1-token":
        o.v1Token = value();
        break;
      case "--seed":
        o.seedFile = value();
        break;
      case "--deliver-external-webhooks":
        o.deliverExternalWebhooks = true;
        break;
      case "--allow-http-webhooks":
        o.allowHttpWebhooks = true;
        break;
      case "--rate-limit": {
        const [limit = "", windowSeconds = "3600"] = value().split("/");
        o.rateLimit = parseRateLimit({ limit: Number(limit), windowSeconds: Number(windowSeconds) });
        break;
      }
      case "--faults":
        o.faults = parseFaultConfig(JSON.parse(value()) as unknown);
        break;
      case "--delay-ms": {
        const ms = int();
        o.delays = {
          registration: ms,
          transfer: ms,
          renewal: ms,
          restore: ms,
          certificate: ms,
          registrant_change: ms,
        };
        break;
      }
      case "--no-admin":
        o.admin = false;
        break;
      case "--help":
      case "-h":
        process.stdout.write(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  return o;
}

async function main(): Promise<void> {
  let options: EmulatorOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`emulator: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    process.exit(2);
  }
  const emu = await startEmulator(options);
  process.stdout.write(`emulator listening on ${emu.url} account=${emu.accountId} token=${emu.token}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void emu.close().then(() => process.exit(0));
  };
  // A local test server keeps serving after an unexpected error; it says so on stderr.
  process.on("uncaughtException", (err) =>
    process.stderr.write(`emulator: unexpected error: ${err.stack ?? String(err)}\n`),
  );
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`emulator: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
