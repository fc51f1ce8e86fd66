/**
 * `pulumi import` round trips through the provider plugin, as the engine makes them, without the
 * engine: for every case (test/import-cases.ts) and every id form of its kind, the plugin's `Read`
 * with the id alone (what the engine sends for an import), then its `Check` of the imported inputs
 * (the engine's check of an import) and of the program's declaration, and `Diff` of the two (what
 * the next preview asks): the same id as a create gives, no check failure, no change, and no
 * write at the service. Used by test/integration/imports.test.ts and bench/imports.ts.
 */
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type { RunningEmulator } from "../emulator";
import { createClient } from "../provider/client";
import { startPluginServer } from "../provider/plugin/server";
import type { ImportForm } from "../provider/framework/imports";
import { KINDS } from "../provider/kinds/registry.generated";
import { IMPORT_CASES, IMPORT_DOMAIN, type ImportCase, type MadeObject } from "./import-cases";

const PKG = "dnsimple-dynamic";

/** The outcome of one import id: what went wrong, if anything. */
export interface RoundTrip {
  readonly kind: string;
  readonly form: ImportForm;
  readonly importId: string;
  /** Empty when the round trip passed. */
  readonly problems: string[];
}

/** A connection to an in-process plugin server, configured for `emulator`'s account 1. */
export async function pluginFor(emulator: RunningEmulator) {
  const plugin = await startPluginServer();
  const client = new provrpc.ResourceProviderClient(
    `127.0.0.1:${plugin.port}`,
    grpc.credentials.createInsecure(),
  );
  const call = <Req, Res>(method: string, request: Req): Promise<Res> =>
    new Promise((resolve, reject) =>
      (
        client as unknown as Record<
          string,
          (r: Req, cb: (e: grpc.ServiceError | null, r: Res) => void) => void
        >
      )[method]!.call(client, request, (error, response) => (error ? reject(error) : resolve(response))),
    );
  const configure = new provproto.ConfigureRequest();
  configure.setArgs(
    Struct.fromJavaScript({
      account: "1",
      token: emulator.token,
      baseUrl: emulator.v2Url,
      v1Email: emulator.email,
      v1Token: emulator.v1Token,
      verifyCredentials: false,
    }),
  );
  await call("configure", configure);
  const urn = (kind: string) => `urn:pulumi:dev::imports::${PKG}:index:${kind}::imported`;
  const typed = <R extends { setUrn(u: string): unknown; setType(t: string): unknown }>(
    request: R,
    kind: string,
  ) => {
    request.setUrn(urn(kind));
    request.setType(`${PKG}:index:${kind}`);
    return request;
  };
  const js = (value: Struct | undefined) => (value?.toJavaScript() ?? {}) as Record<string, unknown>;
  return {
    /** The engine's import: `Read` with the id alone. */
    async read(kind: string, id: string) {
      const request = typed(new provproto.ReadRequest(), kind);
      request.setId(id);
      const response = await call<provproto.ReadRequest, provproto.ReadResponse>("read", request);
      return { id: response.getId(), props: js(response.getProperties()), inputs: js(response.getInputs()) };
    },
    async check(kind: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
      const request = typed(new provproto.CheckRequest(), kind);
      request.setOlds(Struct.fromJavaScript(olds as never));
      request.setNews(Struct.fromJavaScript(news as never));
      const response = await call<provproto.CheckRequest, provproto.CheckResponse>("check", request);
      return {
        inputs: js(response.getInputs()),
        failures: response.getFailuresList().map((f) => `${f.getProperty()}: ${f.getReason()}`),
      };
    },
    async diff(kind: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
      const request = typed(new provproto.DiffRequest(), kind);
      request.setId(id);
      request.setOlds(Struct.fromJavaScript(olds as never));
      request.setNews(Struct.fromJavaScript(news as never));
      const response = await call<provproto.DiffRequest, provproto.DiffResponse>("diff", request);
      return {
        changes: response.getChanges() === provproto.DiffResponse.DiffChanges.DIFF_SOME,
        diffs: response.getDiffsList(),
      };
    },
    async stop() {
      client.close();
      await plugin.stop();
    },
  };
}

export type PluginConnection = Awaited<ReturnType<typeof pluginFor>>;

/** Every id form of `kind`, from its table. */
export function formsOf(kind: string): ReadonlyArray<ImportForm> {
  return KINDS[kind]!().imports?.forms ?? [];
}

/** One import id through the plugin, checked as the engine and the next preview would. */
export async function roundTrip(
  emulator: RunningEmulator,
  plugin: PluginConnection,
  kind: string,
  made: MadeObject,
  form: ImportForm,
): Promise<RoundTrip> {
  const importId = form.format(made.target);
  const problems: string[] = [];
  const before = emulator.requests().length;
  try {
    const imported = await plugin.read(kind, importId);
    const writes = emulator
      .requests()
      .slice(before)
      .filter((r) => r.method !== "GET");
    if (writes.length > 0)
      problems.push(`import wrote: ${writes.map((w) => `${w.method} ${w.path}`).join(", ")}`);
    if (imported.id !== made.id) problems.push(`id ${JSON.stringify(imported.id)}, expected ${made.id}`);
    const own = await plugin.check(kind, imported.inputs, imported.inputs);
    if (own.failures.length > 0) problems.push(`the imported inputs fail check: ${own.failures.join("; ")}`);
    const declared = await plugin.check(kind, {}, { ...made.declaration });
    if (declared.failures.length > 0)
      problems.push(`the declaration fails check: ${declared.failures.join("; ")}`);
    // What `pulumi import` writes as the program's code is the answer's inputs: the declaration,
    // as the kind compares them (the service's spelling of a digest is the same digest).
    const asWritten = await plugin.diff(kind, imported.id, imported.inputs, declared.inputs);
    if (asWritten.changes)
      problems.push(`the imported inputs differ from the declaration in ${asWritten.diffs.join(", ")}`);
    const diff = await plugin.diff(kind, imported.id, imported.props, declared.inputs);
    if (diff.changes) problems.push(`the declaration differs from the import in ${diff.diffs.join(", ")}`);
  } catch (error) {
    problems.push(`import failed: ${(error as Error).message}`);
  }
  return { kind, form, importId, problems };
}

/** Makes every case's object (the cases' domain first) and runs every form of every case. */
export async function allRoundTrips(
  emulator: RunningEmulator,
  plugin: PluginConnection,
  cases: ReadonlyArray<ImportCase> = IMPORT_CASES,
): Promise<RoundTrip[]> {
  const client = createClient({
    token: emulator.token,
    baseUrl: emulator.v2Url,
    v1: { email: emulator.email, token: emulator.v1Token, baseUrl: emulator.v1Url },
  });
  await client.domains.create(1, { name: IMPORT_DOMAIN });
  const results: RoundTrip[] = [];
  for (const c of cases) {
    const made = await c.make(client, 1);
    for (const form of formsOf(c.kind)) results.push(await roundTrip(emulator, plugin, c.kind, made, form));
  }
  return results;
}
