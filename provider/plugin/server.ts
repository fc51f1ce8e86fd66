/**
 * The provider plugin's gRPC server (`pulumirpc.ResourceProvider`): the kinds' lifecycles
 * (`lifecycleFor`) served to any Pulumi language, the way `../dynamic/dynamic-provider.ts` serves them to
 * Node.js programs as dynamic providers. All that is the plugin's own is here: the wire form
 * (`wire.ts`: secrets unwrapped in, wrapped out), tokens (`<package>:index:<Kind>`, the package
 * named by the schema it serves), the configuration (`config.ts`), the detailed diff, and the
 * engine's answer for an object kept in state (ErrorResourceInitFailed). The owner key of the
 * create journal is the resource's URN: stable for the resource, unique in the stack.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { packageVersion } from "../client";
import { configureRuntime } from "../framework/runtime";
import { lifecycleFor as kindLifecycleFor } from "../kinds";
import type { State } from "../framework/definition";
import type { Lifecycle } from "../framework/lifecycle";
import { setEngineAddress } from "../framework/engine-log";
import { getSettings } from "../framework/runtime";
import { isSecret } from "../framework/kind";
import { isKeptInState, type KeptInStateError } from "../framework/lifecycle";
import { engineFailures } from "../framework/validation";
import { KINDS } from "../kinds/registry.generated";
import {
  compatFunctionOf,
  compatKindOf,
  compatLifecycleFor,
  COMPAT_KIND,
  invokeCompat,
  ourKindOf,
  servedNameOf,
  servedOutputsOf,
} from "./compat";
import { outputsOf } from "../functions/results";
import { FUNCTIONS, type FunctionsByName } from "../functions/call-table";
import { checkConfig, diffConfig, inPluginWords, SECRET_SETTINGS, sourceOf } from "./config";
import { fromWire, toWire, UNKNOWN } from "./wire";

type Struct = import("google-protobuf/google/protobuf/struct_pb").Struct;

/** The copies @pulumi/pulumi's generated stubs use: they check the objects they are handed. */
function fromPulumi<T>(id: string): T {
  const base = require.resolve("@pulumi/pulumi/package.json");
  return require(require.resolve(id, { paths: [path.dirname(base)] })) as T;
}
const grpc = fromPulumi<typeof import("@grpc/grpc-js")>("@grpc/grpc-js");
const structproto = fromPulumi<typeof import("google-protobuf/google/protobuf/struct_pb")>(
  "google-protobuf/google/protobuf/struct_pb",
);
const anyproto = fromPulumi<typeof import("google-protobuf/google/protobuf/any_pb")>(
  "google-protobuf/google/protobuf/any_pb",
);
const emptyproto = fromPulumi<typeof import("google-protobuf/google/protobuf/empty_pb")>(
  "google-protobuf/google/protobuf/empty_pb",
);

/** The largest message the engine sends (`maxRPCMessageSize` of Pulumi's servers: 400 MiB). */
const MAX_RPC_MESSAGE_SIZE = 1024 * 1024 * 400;

/** The package schema's text: `provider/plugin/schema.json`, beside this file or the package's root from dist. */
export function schemaPath(): string {
  const candidates = [
    path.join(__dirname, "schema.json"),
    path.join(__dirname, "..", "..", "..", "provider", "plugin", "schema.json"),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  throw new Error(
    `the package schema of pulumi-dnsimple-dynamic is missing (looked for ${candidates.join(", ")}): ` +
      "run `npm run generate` in a checkout, or reinstall the package",
  );
}

let schemaText: string | undefined;
function schema(): { text: string; name: string } {
  schemaText ??= readFileSync(schemaPath(), "utf8");
  return { text: schemaText, name: (JSON.parse(schemaText) as { name: string }).name };
}

/** The package's name, as tokens and config keys spell it (the schema's `name`). */
export function packageName(): string {
  return schema().name;
}

const secretFieldsByKind = new Map<string, ReadonlySet<string>>();

/** The fields a kind marks secret (inputs and outputs): they leave the plugin secret, always. */
export function secretFieldsOf(kind: string): ReadonlySet<string> {
  let fields = secretFieldsByKind.get(kind);
  if (!fields) {
    const definition = KINDS[ourKindOf(kind)]!();
    const shape = { ...definition.inputs, ...definition.schema?.inputs, ...definition.schema?.outputs };
    fields = new Set(
      Object.keys(shape)
        .filter((key) => isSecret(shape[key]!))
        .map((key) => servedNameOf(kind, key)),
    );
    secretFieldsByKind.set(kind, fields);
  }
  return fields;
}

/**
 * The kind a request is about, from its type (or, from older engines, its URN's): `ZoneRecord`,
 * or `compat:ZoneRecord` for the bridged names (`<package>:compat:ZoneRecord`, ./compat.ts).
 */
function kindOf(type: string, urn: string): string {
  const token = type || (urn.split("::")[2] ?? "").split("$").pop() || "";
  const compat = compatKindOf(token, packageName());
  if (compat) return compat;
  const prefix = `${packageName()}:index:`;
  const kind = token.startsWith(prefix) ? token.slice(prefix.length) : "";
  if (!Object.hasOwn(KINDS, kind)) {
    throw new Error(
      `${packageName()} has no resource type "${token}": its types are ${prefix}<Kind>, e.g. ${prefix}Domain ` +
        `(${urn}); if a newer version of pulumi-dnsimple-dynamic made it, install that version`,
    );
  }
  return kind;
}

/**
 * What a preview shows of a create or update: the inputs, and each output the inputs do not set
 * as unknown. The engine asks for it (with a handshake it takes every plugin to support previews);
 * nothing reaches the service.
 */
function previewOf(kind: string, inputs: State): State {
  const outputs = servedOutputsOf(kind);
  return { ...Object.fromEntries(outputs.map((key) => [key, UNKNOWN])), ...inputs };
}

/** What serves a kind: our kind's lifecycle, or a compat kind's made of it. */
function lifecycleFor(kind: string): Lifecycle {
  return kind.startsWith(COMPAT_KIND) ? compatLifecycleFor(kind, kindLifecycleFor) : kindLifecycleFor(kind);
}

const union = (...sets: ReadonlyArray<ReadonlySet<string>>): Set<string> =>
  new Set(sets.flatMap((s) => [...s]));

const structOf = (props: Record<string, unknown>) => structproto.Struct.fromJavaScript(props as never);
const propsOf = (struct: Struct | undefined) => fromWire(struct?.toJavaScript() as Record<string, unknown>);

/** An error the engine shows: in the plugin's words (its config keys), with a gRPC status. */
class PluginError extends Error {
  override readonly name = "PluginError";
  constructor(
    message: string,
    readonly code: number,
    readonly metadata = new grpc.Metadata(),
  ) {
    super(message);
  }
}

function statusOf(error: unknown): {
  code: number;
  details: string;
  metadata: InstanceType<typeof grpc.Metadata>;
} {
  if (error instanceof PluginError) {
    return { code: error.code, details: error.message, metadata: error.metadata };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: grpc.status.UNKNOWN,
    details: inPluginWords(packageName(), message),
    metadata: new grpc.Metadata(),
  };
}

/**
 * An object the engine must keep in state although its create (or update) did not finish: the
 * status Pulumi's own Node provider server sends (`grpcResponseFromError`), with the inputs too,
 * so the engine records them and the next `up` finishes the job.
 */
function initFailed(error: KeptInStateError, secret: ReadonlySet<string>, inputs: State): PluginError {
  const message = inPluginWords(packageName(), error.message);
  const detail = new provproto.ErrorResourceInitFailed();
  detail.setId(error.id);
  detail.setProperties(structOf(toWire(error.properties, secret)));
  detail.setReasonsList(error.reasons.map((reason) => inPluginWords(packageName(), reason)));
  detail.setInputs(structOf(toWire(inputs, secret)));
  const details = new anyproto.Any();
  details.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
  const status = new statusproto.Status();
  status.setCode(grpc.status.UNKNOWN);
  status.setMessage(message);
  status.addDetails(details);
  const metadata = new grpc.Metadata();
  // grpc-js has no status details of its own: this trailer is where Go's gRPC reads them.
  metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  return new PluginError(message, grpc.status.UNKNOWN, metadata);
}

/** The create or update's failure as the engine takes it. */
function failureOf(error: unknown, secret: ReadonlySet<string>, inputs: State): unknown {
  return isKeptInState(error) ? initFailed(error, secret, inputs) : error;
}

/** A check in the engine's words: the inputs (already on the wire) and each failure as property and reason. */
function checkResponse(
  inputs: Record<string, unknown>,
  failures: ReadonlyArray<{ readonly property: string; readonly reason: string }>,
): provproto.CheckResponse {
  const response = new provproto.CheckResponse();
  response.setInputs(structOf(inputs));
  response.setFailuresList(
    failures.map(({ property, reason }) => {
      const failure = new provproto.CheckFailure();
      failure.setProperty(property);
      failure.setReason(reason);
      return failure;
    }),
  );
  return response;
}

/** A read in the engine's words: the object's id, its properties and its inputs, secrets marked. */
function readResponse(
  id: string,
  props: State,
  inputs: State,
  secret: ReadonlySet<string>,
): provproto.ReadResponse {
  const response = new provproto.ReadResponse();
  response.setId(id);
  response.setProperties(structOf(toWire(props, secret)));
  response.setInputs(structOf(toWire(inputs, secret)));
  return response;
}

type Kind = provproto.PropertyDiff.Kind;

/**
 * A diff in the engine's words: each changed property added, deleted or updated, `_REPLACE` when
 * it needs a new object; `changes`, `replaces` and `deleteBeforeReplace` as they are.
 */
function diffResponse(
  olds: State,
  news: State,
  diff: {
    changes: boolean;
    changed: string[];
    replaces: string[];
    deleteBeforeReplace?: boolean | undefined;
  },
): provproto.DiffResponse {
  const { ADD, ADD_REPLACE, DELETE, DELETE_REPLACE, UPDATE, UPDATE_REPLACE } = provproto.PropertyDiff.Kind;
  const response = new provproto.DiffResponse();
  response.setChanges(
    diff.changes
      ? provproto.DiffResponse.DiffChanges.DIFF_SOME
      : provproto.DiffResponse.DiffChanges.DIFF_NONE,
  );
  response.setReplacesList(diff.replaces);
  response.setDiffsList(diff.changed);
  response.setDeletebeforereplace(diff.deleteBeforeReplace === true);
  response.setHasdetaileddiff(true);
  const detailed = response.getDetaileddiffMap();
  for (const key of diff.changed) {
    const replaces = diff.replaces.includes(key);
    const added = olds[key] === undefined && news[key] !== undefined;
    const deleted = olds[key] !== undefined && news[key] === undefined;
    const kind: Kind = added
      ? replaces
        ? ADD_REPLACE
        : ADD
      : deleted
        ? replaces
          ? DELETE_REPLACE
          : DELETE
        : replaces
          ? UPDATE_REPLACE
          : UPDATE;
    const property = new provproto.PropertyDiff();
    property.setKind(kind);
    property.setInputdiff(true);
    detailed.set(key, property);
  }
  return response;
}

/** The service's handlers, each an async function of its request. */
function handlers() {
  return {
    async handshake(req: provproto.ProviderHandshakeRequest) {
      if (req.getEngineAddress()) setEngineAddress(req.getEngineAddress());
      const response = new provproto.ProviderHandshakeResponse();
      response.setAcceptSecrets(true);
      response.setAcceptResources(false);
      response.setAcceptOutputs(false);
      return response;
    },

    async getPluginInfo() {
      const info = new plugproto.PluginInfo();
      info.setVersion(packageVersion());
      return info;
    },

    async getSchema(req: provproto.GetSchemaRequest) {
      if (req.getSubpackageName()) {
        throw new PluginError(
          `${packageName()} has no subpackage "${req.getSubpackageName()}"`,
          grpc.status.INVALID_ARGUMENT,
        );
      }
      const response = new provproto.GetSchemaResponse();
      response.setSchema(schema().text);
      return response;
    },

    async checkConfig(req: provproto.CheckRequest) {
      const { plain, secret } = propsOf(req.getNews());
      return checkResponse(toWire(plain, union(secret, SECRET_SETTINGS)), checkConfig(packageName(), plain));
    },

    async diffConfig(req: provproto.DiffRequest) {
      const olds = propsOf(req.hasOldInputs() ? req.getOldInputs() : req.getOlds()).plain;
      const news = propsOf(req.getNews()).plain;
      const diff = diffConfig(packageName(), olds, news);
      return diffResponse(olds, news, { ...diff, changes: diff.changed.length > 0 });
    },

    async configure(req: provproto.ConfigureRequest) {
      const variables = new Map(req.getVariablesMap().toArray());
      const args = req.hasArgs() ? propsOf(req.getArgs()).plain : undefined;
      configureRuntime(sourceOf(packageName(), variables, args));
      const response = new provproto.ConfigureResponse();
      response.setAcceptsecrets(true);
      response.setSupportspreview(true);
      response.setAcceptresources(false);
      response.setAcceptoutputs(false);
      return response;
    },

    /**
     * The read-only functions (their definitions: provider/functions), each by the call table
     * generated from its definition, run with this provider's settings; the result as the schema
     * says (outputsOf).
     */
    async invoke(req: provproto.InvokeRequest): Promise<provproto.InvokeResponse> {
      const compat = compatFunctionOf(req.getTok(), packageName());
      if (compat) {
        const args = req.hasArgs() ? propsOf(req.getArgs()).plain : {};
        const { result, secret } = await invokeCompat(compat, args, functions());
        const response = new provproto.InvokeResponse();
        response.setReturn(structOf(toWire(withoutUndefined(result), secret)));
        return response;
      }
      const prefix = `${packageName()}:index:`;
      const name = req.getTok().startsWith(prefix) ? req.getTok().slice(prefix.length) : undefined;
      const entry = name !== undefined && Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
      if (!entry) {
        throw new PluginError(
          `unknown function "${req.getTok()}": the ${packageName()} plugin serves ${prefix}<function> for the functions of its schema`,
          grpc.status.UNIMPLEMENTED,
        );
      }
      const args = req.hasArgs() ? propsOf(req.getArgs()).plain : {};
      const result = await entry.call(functions(), args);
      const outputs = withoutUndefined(outputsOf(result, entry.result));
      // A function that answers a secret (the schema marks its outputs secret): secret on the wire too.
      const secret = new Set(entry.secret ? Object.keys(outputs) : []);
      const response = new provproto.InvokeResponse();
      response.setReturn(structOf(toWire(outputs, secret)));
      return response;
    },

    async check(req: provproto.CheckRequest) {
      const kind = kindOf(req.getType(), req.getUrn());
      const olds = propsOf(req.getOlds()).plain;
      const news = propsOf(req.getNews());
      const { inputs, failures } = await lifecycleFor(kind).check(olds, news.plain, req.getUrn());
      return checkResponse(
        toWire(inputs, union(news.secret, secretFieldsOf(kind))),
        engineFailures(failures),
      );
    },

    async diff(req: provproto.DiffRequest) {
      const kind = kindOf(req.getType(), req.getUrn());
      const olds = propsOf(req.getOlds()).plain;
      const news = propsOf(req.getNews()).plain;
      const diff = await lifecycleFor(kind).diff(req.getId(), olds, news, req.getUrn());
      return diffResponse(olds, news, diff);
    },

    async create(req: provproto.CreateRequest) {
      const kind = kindOf(req.getType(), req.getUrn());
      const inputs = propsOf(req.getProperties());
      const secret = union(inputs.secret, secretFieldsOf(kind));
      const response = new provproto.CreateResponse();
      if (req.getPreview()) {
        response.setProperties(structOf(toWire(previewOf(kind, inputs.plain), secret)));
        return response;
      }
      const { id, outs } = await lifecycleFor(kind)
        .create(inputs.plain, req.getUrn())
        .catch((error: unknown) => {
          throw failureOf(error, secret, inputs.plain);
        });
      response.setId(id);
      response.setProperties(structOf(toWire(outs, secret)));
      return response;
    },

    async read(req: provproto.ReadRequest) {
      const kind = kindOf(req.getType(), req.getUrn());
      const state = propsOf(req.getProperties());
      const inputs = propsOf(req.getInputs());
      const secret = union(state.secret, inputs.secret, secretFieldsOf(kind));
      // An import (`pulumi import`, the `import` option) or a `get` sends the id alone: the id in
      // any of the kind's forms, the object read with no write, its declaration as the inputs.
      if (Object.keys(state.plain).length === 0 && Object.keys(inputs.plain).length === 0) {
        const imported = await lifecycleFor(kind).import(req.getId());
        return readResponse(imported.id, imported.props, imported.inputs, secret);
      }
      const found = await lifecycleFor(kind).read(
        req.getId(),
        { ...inputs.plain, ...state.plain },
        req.getUrn(),
      );
      if (!found.id) return new provproto.ReadResponse();
      return readResponse(found.id, found.props ?? {}, found.inputs ?? inputs.plain, secret);
    },

    async update(req: provproto.UpdateRequest) {
      const kind = kindOf(req.getType(), req.getUrn());
      const olds = propsOf(req.getOlds());
      const news = propsOf(req.getNews());
      const secret = union(olds.secret, news.secret, secretFieldsOf(kind));
      const response = new provproto.UpdateResponse();
      if (req.getPreview()) {
        response.setProperties(structOf(toWire(previewOf(kind, news.plain), secret)));
        return response;
      }
      const { outs } = await lifecycleFor(kind)
        .update(req.getId(), olds.plain, news.plain, req.getUrn())
        .catch((error: unknown) => {
          throw failureOf(error, secret, news.plain);
        });
      response.setProperties(structOf(toWire(outs, secret)));
      return response;
    },

    async delete(req: provproto.DeleteRequest) {
      const kind = kindOf(req.getType(), req.getUrn());
      await lifecycleFor(kind).delete(req.getId(), propsOf(req.getProperties()).plain, req.getUrn());
      return new emptyproto.Empty();
    },

    async cancel() {
      return new emptyproto.Empty();
    },

    async attach(req: plugproto.PluginAttach) {
      // PULUMI_DEBUG_PROVIDERS: the engine attaches to a plugin started by hand.
      if (req.getAddress()) setEngineAddress(req.getAddress());
      return new emptyproto.Empty();
    },

    async getMapping() {
      return new provproto.GetMappingResponse();
    },

    async getMappings() {
      return new provproto.GetMappingsResponse();
    },
  };
}

/** A handler as grpc-js calls it: errors become the status {@link statusOf} says. */
function unary<Req, Res>(handler: (req: Req) => Promise<Res>) {
  return (call: { request: Req }, callback: (error: unknown, response?: Res) => void) => {
    handler(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(statusOf(error)),
    );
  };
}

export interface RunningPlugin {
  readonly port: number;
  /** Stops taking calls and ends the ones in flight. */
  stop(): Promise<void>;
}

/**
 * Starts the server on `host` (an ephemeral port): what `main.ts` runs, and the tests.
 *
 * @example
 * const { port } = await startPluginServer();
 * process.stdout.write(`${port}\n`);
 */
export async function startPluginServer(host = "127.0.0.1"): Promise<RunningPlugin> {
  packageName(); // a missing schema fails now, not at the engine's first call
  const server = new grpc.Server({
    "grpc.max_receive_message_length": MAX_RPC_MESSAGE_SIZE,
    "grpc.max_send_message_length": MAX_RPC_MESSAGE_SIZE,
  });
  const implementation = Object.fromEntries(
    Object.entries(handlers()).map(([name, handler]) => [
      name,
      unary(handler as (req: unknown) => Promise<unknown>),
    ]),
  );
  server.addService(provrpc.ResourceProviderService, implementation as never);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:0`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 1_000).unref();
      }),
  };
}

let runnable: FunctionsByName | undefined;

/** The functions as the plugin runs them: with the settings it was configured with (loaded on first invoke). */
function functions(): FunctionsByName {
  runnable ??= (require("../functions/runtime") as typeof import("../functions/runtime")).functionsWith(
    getSettings,
  );
  return runnable;
}

/** A value as a protobuf Struct can hold it: `undefined` fields left out, at any depth. */
function withoutUndefined(value: Record<string, unknown>): State {
  return JSON.parse(JSON.stringify(value)) as State;
}
