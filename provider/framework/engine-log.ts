/**
 * Messages from the provider process to the engine's output (what `pulumi up` prints and keeps in
 * its diagnostics). `pulumi.log` does not reach the engine from a dynamic provider: the provider
 * process has no `PULUMI_NODEJS_ENGINE`, so it falls back to `console.log` with a `[runtime]`
 * tag. The engine's address is the provider's first argument (the plugin protocol), so messages
 * go to the engine's `Log` call with a real severity; anywhere else (tests, a failed call) they
 * go to stderr, which the engine also shows, as info. See docs/decisions/007-progress-messages.md.
 */

/** How a message shows: `warning` counts in the summary; `debug` only with `--debug`. */
export type Severity = "debug" | "info" | "warning" | "error";

/** Where messages go. */
export interface LogSink {
  /** `ephemeral`: shown while the operation runs, left out of the summary at the end. */
  write(severity: Severity, message: string, ephemeral: boolean): Promise<void>;
}

/** Every message starts with this, so a reader knows which plugin speaks. */
export const MESSAGE_PREFIX = "dnsimple: ";

const STDERR_TAG: Record<Severity, string> = {
  debug: "debug: ",
  info: "",
  warning: "warning: ",
  error: "error: ",
};

/** Writes one line per message to stderr (the engine shows each line as info of the stack). */
export const stderrSink: LogSink = {
  async write(severity, message) {
    process.stderr.write(`${STDERR_TAG[severity]}${message.replace(/\r?\n/g, " ")}\n`);
  },
};

/**
 * The engine's address among a resource plugin's arguments: the first that is not a flag. The
 * engine starts every resource plugin with its gRPC address, after its own flags when it has any
 * (`--logtostderr`, `-v=9`, `--tracing <endpoint>`).
 */
export function engineAddressOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--tracing") i++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

/** The engine's address when this process is Pulumi's dynamic provider, else `undefined`. */
export function engineAddress(argv: readonly string[] = process.argv): string | undefined {
  const script = (argv[1] ?? "").replace(/\\/g, "/");
  if (!/\/cmd\/dynamic-provider(\/index\.js)?$/.test(script)) return undefined;
  const address = engineAddressOf(argv.slice(2));
  return address !== undefined && /^[\w.-]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$/.test(address) ? address : undefined;
}

interface EngineModules {
  grpc: typeof import("@grpc/grpc-js");
  client: { log(req: unknown, meta: unknown, options: unknown, cb: (err: Error | null) => void): void };
  proto: {
    LogRequest: new () => {
      setSeverity(s: number): void;
      setMessage(m: string): void;
      setUrn(u: string): void;
      setStreamid(id: number): void;
      setEphemeral(e: boolean): void;
    };
    LogSeverity: Record<"DEBUG" | "INFO" | "WARNING" | "ERROR", number>;
  };
}

/** The engine's `Log` call; loaded on the first message only (grpc is already in the process). */
export function engineSink(address: string): LogSink {
  let modules: EngineModules | undefined;
  const load = (): EngineModules => {
    if (modules) return modules;
    // The same copies @pulumi/pulumi uses: its generated stubs check the grpc objects they get.
    const base = require.resolve("@pulumi/pulumi/package.json");
    const from = { paths: [base.slice(0, base.length - "package.json".length)] };
    const grpc = require(require.resolve("@grpc/grpc-js", from)) as EngineModules["grpc"];
    const rpc = require("@pulumi/pulumi/proto/engine_grpc_pb") as {
      EngineClient: new (addr: string, creds: unknown) => EngineModules["client"];
    };
    const proto = require("@pulumi/pulumi/proto/engine_pb") as EngineModules["proto"];
    modules = { grpc, proto, client: new rpc.EngineClient(address, grpc.credentials.createInsecure()) };
    return modules;
  };
  const level = { debug: "DEBUG", info: "INFO", warning: "WARNING", error: "ERROR" } as const;
  return {
    write(severity, message, ephemeral) {
      const { grpc, proto, client } = load();
      const req = new proto.LogRequest();
      req.setSeverity(proto.LogSeverity[level[severity]]);
      req.setMessage(message);
      req.setUrn("");
      req.setStreamid(0);
      req.setEphemeral(ephemeral);
      return new Promise<void>((resolve, reject) =>
        client.log(req, new grpc.Metadata(), { deadline: Date.now() + 5_000 }, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
    },
  };
}

let sink: LogSink | undefined;
let queue: Promise<void> = Promise.resolve();
const said = new Set<string>();
const secrets = new Set<string>();

function currentSink(): LogSink {
  if (!sink) {
    const address = engineAddress();
    sink = address !== undefined ? engineSink(address) : stderrSink;
  }
  return sink;
}

/**
 * Credentials to remove from every message, whatever put them there (a last guard: messages are
 * built from paths, states and names, never from inputs that are secret).
 */
export function registerSecrets(values: ReadonlyArray<string | undefined>): void {
  for (const value of values) if (value !== undefined && value.length >= 4) secrets.add(value);
}

function scrub(text: string): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join("[REDACTED]");
  return out;
}

/**
 * Sends a message to the engine's output, after the ones before it. Never fails: if the engine
 * cannot take it, it and every later message go to stderr.
 *
 * @example
 * await report("info", "DomainRegistration example.com: waiting for the registration", { ephemeral: true });
 */
export function report(
  severity: Severity,
  message: string,
  options: { ephemeral?: boolean } = {},
): Promise<void> {
  const text = scrub(MESSAGE_PREFIX + message);
  const ephemeral = options.ephemeral === true;
  queue = queue.then(async () => {
    const target = currentSink();
    try {
      await target.write(severity, text, ephemeral);
    } catch {
      sink = stderrSink;
      if (target !== stderrSink) await stderrSink.write(severity, text, ephemeral).catch(() => undefined);
    }
  });
  return queue;
}

/**
 * A warning said once per provider process (one `pulumi up`), for a way of working that is
 * slower or weaker than normal. Returns whether it was said now.
 *
 * @example
 * reportOnce("batch-fallback", "account 1 cannot use batch changes; zone records go one request each");
 */
export function reportOnce(key: string, message: string, severity: Severity = "warning"): boolean {
  if (said.has(key)) return false;
  said.add(key);
  void report(severity, message);
  return true;
}

/** Resolves when every message reported so far has been handed over. */
export function flushReports(): Promise<void> {
  return queue;
}

/**
 * Sends messages to the engine at `address`, for a process the engine starts other than as the
 * dynamic provider (the provider plugin: its address argument, or the one its handshake names).
 */
export function setEngineAddress(address: string): void {
  sink = engineSink(address);
}

/** For tests: send messages to `target` (undefined: pick again), forget what was said once. */
export function setLogSink(target: LogSink | undefined): void {
  sink = target;
  said.clear();
  secrets.clear();
}
