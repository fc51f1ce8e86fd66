/**
 * Functions get the one client factory's client (provider/framework/client-factory.ts)
 * through both adapters: a TypeScript program's function (sdk/nodejs/functions.ts, settings from the
 * environment) and the plugin's invoke (settings from Configure). The same settings have the same
 * effect in both: `maxRetries` (a 502 retried, or not), `requestLog` (one line per request) and
 * the v1 credentials (a legacy v1 function answered, or refused).
 */
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { parseFaultConfig } from "../../emulator/faults";
import { flushReports, type LogSink, setLogSink } from "../../provider/framework/engine-log";
import { resetRuntime } from "../../provider/framework/runtime";
import { SETTINGS } from "../../provider/framework/settings";
import { type RunningPlugin, startPluginServer } from "../../provider/plugin/server";

const PKG = "dnsimple-dynamic";
const TOKEN = "function-client-token-8b1e";
let emulator: RunningEmulator;
let plugin: RunningPlugin;
let grpcClient: provrpc.ResourceProviderClient;
const savedEnv = { ...process.env };

/** Settings by field, as a test gives them. */
type Given = Partial<Record<"maxRetries" | "requestLog" | "v1Email" | "v1Token" | "v1BaseUrl", string>>;
type FunctionName = "whoami" | "listLegacyDomains";

/** What a call came to, and the lines the provider said meanwhile. */
interface Outcome {
  ok: boolean;
  error: string;
  lines: string[];
}

const sinkInto = (lines: string[]): LogSink => ({
  async write(_severity, message) {
    lines.push(message);
  },
});

function baseSettings(): Record<string, string> {
  return { token: TOKEN, account: "1", baseUrl: emulator.v2Url, verifyCredentials: "false" };
}

/** A TypeScript program: a fresh SDK (its own modules), settings from the environment. */
async function throughFunction(given: Given, name: FunctionName): Promise<Outcome> {
  const settings: Record<string, string> = { ...baseSettings(), ...given };
  for (const key of Object.keys(process.env)) if (key.startsWith("DNSIMPLE_")) delete process.env[key];
  for (const s of SETTINGS) if (settings[s.field] !== undefined) process.env[s.env] = settings[s.field];
  let sdk: typeof import("../../sdk/nodejs/functions") | undefined;
  let log: typeof import("../../provider/framework/engine-log") | undefined;
  jest.isolateModules(() => {
    sdk = require("../../sdk/nodejs/functions") as typeof import("../../sdk/nodejs/functions");
    log =
      require("../../provider/framework/engine-log") as typeof import("../../provider/framework/engine-log");
  });
  const lines: string[] = [];
  // The client is loaded on first use (outside the isolated modules): both logs go to `lines`.
  log!.setLogSink(sinkInto(lines));
  setLogSink(sinkInto(lines));
  try {
    await sdk![name]();
    await log!.flushReports();
    return { ok: true, error: "", lines };
  } catch (error) {
    await log!.flushReports();
    return { ok: false, error: (error as Error).message, lines };
  } finally {
    setLogSink(undefined);
    for (const key of Object.keys(process.env)) if (key.startsWith("DNSIMPLE_")) delete process.env[key];
  }
}

function call<Req, Res>(method: string, request: Req): Promise<Res> {
  return new Promise((resolve, reject) =>
    (
      grpcClient as unknown as Record<
        string,
        (r: Req, cb: (e: grpc.ServiceError | null, r: Res) => void) => void
      >
    )[method]!.call(grpcClient, request, (error, response) => (error ? reject(error) : resolve(response))),
  );
}

/** A program of another language: the plugin configured with the settings, then an invoke. */
async function throughInvoke(given: Given, name: FunctionName): Promise<Outcome> {
  const settings: Record<string, string> = { ...baseSettings(), ...given };
  const args: Record<string, string> = {};
  for (const s of SETTINGS) {
    if (settings[s.field] !== undefined) args[s.config.slice("dnsimple:".length)] = settings[s.field]!;
  }
  resetRuntime();
  const lines: string[] = [];
  setLogSink(sinkInto(lines));
  const configure = new provproto.ConfigureRequest();
  configure.setArgs(Struct.fromJavaScript(args));
  configure.setAcceptsecrets(true);
  await call("configure", configure);
  const invoke = new provproto.InvokeRequest();
  invoke.setTok(`${PKG}:index:${name}`);
  try {
    await call("invoke", invoke);
    await flushReports();
    return { ok: true, error: "", lines };
  } catch (error) {
    await flushReports();
    return { ok: false, error: (error as grpc.ServiceError).details, lines };
  } finally {
    setLogSink(undefined);
  }
}

const ADAPTERS = [
  ["a TypeScript function", throughFunction],
  ["the plugin's invoke", throughInvoke],
] as const;

beforeAll(async () => {
  for (const key of Object.keys(process.env)) if (key.startsWith("DNSIMPLE_")) delete process.env[key];
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  plugin = await startPluginServer();
  grpcClient = new provrpc.ResourceProviderClient(
    `127.0.0.1:${plugin.port}`,
    grpc.credentials.createInsecure(),
  );
});

afterAll(async () => {
  grpcClient?.close();
  await plugin?.stop();
  await emulator?.close();
  process.env = savedEnv;
});

/** The next whoami request gets a 502 (once). */
const oneBadGateway = () =>
  emulator.app.faults.configure(
    parseFaultConfig({ rate: 1, kinds: ["502"], count: 1, routes: "GET .*/whoami$" }),
  );

describe.each(ADAPTERS)("the client of %s", (_adapter, run) => {
  afterEach(() => emulator.app.faults.configure(null));

  it("retries as dnsimple:maxRetries says: a 502 fails with 0 retries and is retried with 1", async () => {
    oneBadGateway();
    const none = await run({ maxRetries: "0" }, "whoami");
    expect(none.ok).toBe(false);
    expect(none.error).toMatch(/502/);
    oneBadGateway();
    const one = await run({ maxRetries: "1", requestLog: "true" }, "whoami");
    expect(one).toMatchObject({ ok: true });
    expect(one.lines.filter((l) => /^dnsimple: request GET \/v2\/whoami: /.test(l))).toEqual([
      expect.stringMatching(/: 502 in \d+ ms/),
      expect.stringMatching(/: 200 in \d+ ms.*, retry 1$/),
    ]);
  });

  it("logs one line per request when dnsimple:requestLog is true, none when it is false", async () => {
    const on = await run({ requestLog: "true" }, "whoami");
    expect(on.ok).toBe(true);
    expect(on.lines).toContainEqual(
      expect.stringMatching(/^dnsimple: request GET \/v2\/whoami: 200 in \d+ ms/),
    );
    const off = await run({ requestLog: "false" }, "whoami");
    expect(off.ok).toBe(true);
    expect(off.lines.filter((l) => l.startsWith("dnsimple: request "))).toEqual([]);
  });

  it("sends the v1 credentials to the legacy v1 API, and never repeats them", async () => {
    const v1 = { v1Email: emulator.email, v1BaseUrl: emulator.v1Url };
    const good = await run({ ...v1, v1Token: emulator.v1Token }, "listLegacyDomains");
    expect(good).toMatchObject({ ok: true });
    const wrongToken = "not-the-v1-token-5c2a";
    const bad = await run({ ...v1, v1Token: wrongToken, requestLog: "true" }, "listLegacyDomains");
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/401/);
    expect([bad.error, ...bad.lines].join("\n")).not.toContain(wrongToken);
    const missing = await run({}, "listLegacyDomains");
    expect(missing.error).toMatch(/v1Email is not set/);
  });
});
