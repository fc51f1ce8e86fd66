import * as path from "node:path";
import { fileURLToPath } from "node:url";
import type * as pulumi from "@pulumi/pulumi";
import { getProject, getStack } from "@pulumi/pulumi/metadata";
import { secret } from "@pulumi/pulumi/output";
import { CustomResource } from "@pulumi/pulumi/resource";
import type { DomainRegistrationArgs } from "./resources/domain-registration";
import type { LegacyDomainTokenResetArgs } from "./resources/legacy-domain-token-reset";
import type { LegacyDomainTransferOutArgs } from "./resources/legacy-domain-transfer-out";

/** What a ZoneRecords sends for its records: plain records as lines (issue 27). */
export { recordsToWire } from "../../provider/dns/record-lines";

/** Inputs every resource accepts. */
export interface CommonArgs {
  /**
   * The account this object lives in, overriding the provider-wide `dnsimple:account`. For
   * programs that manage several accounts with one token. Changing it replaces the object.
   */
  account?: pulumi.Input<string | number>;
  /**
   * Take over the existing object that matches this declaration in every identifying field,
   * instead of creating a new one (`pulumi import` does not work for dynamic providers). When none
   * exists it is created; when several match, the create fails and names them. Without it, the
   * provider never takes over an object this stack did not make. Kinds with nothing to identify an
   * existing object by refuse it at preview.
   */
  adopt?: pulumi.Input<boolean>;
}

/** How long to wait for an order the service answers as pending (the order kinds' arguments). */
export type WaitingArgs = Pick<DomainRegistrationArgs, "timeoutSeconds" | "pollIntervalSeconds">;

/** The module part of every type token: previews show `pulumi-nodejs:dynamic/dnsimple:Domain`-like types. */
export const MODULE = "dnsimple";

/**
 * The base of every resource class: a dynamic resource (type
 * `pulumi-nodejs:dynamic/dnsimple:<Kind>`) whose provider in state is a `require` of the kind's
 * stub, `pulumi-dnsimple-dynamic/stubs/<kind>` (sdk/nodejs/provider-stub.ts, decision 002).
 *
 * `pulumi.dynamic.Resource` would produce that text with Pulumi's closure serializer, which loads
 * the TypeScript compiler to parse the stub in every program run: about half a second of each
 * `preview` and `up` (measured when decision 002 was taken). So the text is written here (`providerCode`), in the
 * fewest characters that do the same (decision 002): the engine writes the whole state after
 * every step, and each resource holds the text twice.
 */
export abstract class KindResource extends CustomResource {
  protected constructor(
    kind: string,
    name: string,
    props: pulumi.Inputs,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    if ("__provider" in props) throw new Error("a resource must not define the __provider key");
    // Pulumi wraps each of a resource's properties in four promises and gives each the stack
    // trace of its making, formatted at once through source-map-support (which `pulumi` programs
    // always load): about 70 formatted traces per resource, a third of a per-record program's
    // time in its own process (bench/RESULTS.md, "Whose the time of a command is"). The
    // traces serve only the promise-leak report of PULUMI_DEBUG_PROMISE_LEAKS, so they are left
    // out unless that is set. The resource's source position is taken apart from these (Pulumi
    // lifts the limit for it), with the program's frames only (`callersOnly`); the limit and the
    // formatter are back before the constructor returns.
    const stackTraceLimit = Error.stackTraceLimit;
    const prepareStackTrace = Error.prepareStackTrace;
    if (!process.env.PULUMI_DEBUG_PROMISE_LEAKS) Error.stackTraceLimit = 0;
    Error.prepareStackTrace = callersOnly(prepareStackTrace);
    try {
      super(
        `pulumi-nodejs:dynamic/${MODULE}:${kind}`,
        name,
        { ...props, __provider: providerCode(kind) },
        opts,
      );
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
      Error.prepareStackTrace = prepareStackTrace;
    }
  }
}

/** Where this SDK's files are (compiled or not): frames in them are the classes', not the program's. */
const SDK_DIR = path.dirname(__filename) + path.sep;
/** Where Pulumi's Node.js SDK is: its frames under the program's are how it runs the program. */
const PULUMI_DIR = path.dirname(require.resolve("@pulumi/pulumi/package.json")) + path.sep;

function frameFile(site: NodeJS.CallSite): string | undefined {
  const file = site.getFileName() ?? undefined;
  return file?.startsWith("file://") ? fileURLToPath(file) : file;
}

/** What V8 calls to turn an error's call sites into its `stack` (`Error.prepareStackTrace`). */
type StackFormatter = (error: Error, sites: NodeJS.CallSite[]) => unknown;

/**
 * The stack Pulumi records with each resource (`sourcePosition` and `stackTrace` in state), told
 * from the program's side. Pulumi takes the call stack of the resource's construction and drops
 * its own frames and one for the resource's class; a resource of this SDK has two (its kind's
 * class and {@link KindResource}), so its position was the kind's class in `node_modules`, not
 * the program's line. Past those first frames this keeps only the program's: not this SDK's, not
 * Pulumi's (how it runs the program) and not Node's (recorded as empty frames). The state keeps
 * the frames the program wrote, and loses about a quarter of each resource's bytes, which the
 * engine writes after every step (bench/RESULTS.md, "Whose the time of a command is"). Formatting
 * is left to the formatter in place (source-map-support in TypeScript programs). Decision 012.
 */
export function callersOnly(format: StackFormatter | undefined): StackFormatter {
  return (error, sites) => {
    const classFrame = sites.findIndex((site) => !frameFile(site)?.startsWith(PULUMI_DIR));
    const kept =
      classFrame < 0
        ? sites
        : [
            ...sites.slice(0, classFrame + 1),
            ...sites.slice(classFrame + 1).filter((site) => {
              const file = frameFile(site);
              return (
                file !== undefined &&
                !file.startsWith("node:") &&
                !file.startsWith(SDK_DIR) &&
                !file.startsWith(PULUMI_DIR)
              );
            }),
          ];
    if (format) return format(error, kept);
    return [String(error), ...kept.map((site) => `    at ${site}`)].join("\n");
  };
}

/** The module name of a kind (its SDK file, stub and page): `LetsEncryptCertificate` → `lets-encrypt-certificate`. */
export function kebab(kind: string): string {
  return kind.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase();
}

/** The module path of a kind's stub: `ZoneRecord` → `pulumi-dnsimple-dynamic/stubs/zone-record`. */
export function stubModule(kind: string): string {
  return `pulumi-dnsimple-dynamic/stubs/${kebab(kind)}`;
}

/**
 * The provider code a resource of `kind` stores in state: a module whose handler answers the stub,
 * as Pulumi's provider process loads it (`require-from-string`, then `handler()`). One line (72 to
 * 90 bytes) where Pulumi's serializer writes twelve (about 310): a fifth of a record's state,
 * written by the engine twice per step (bench/RESULTS.md, "Whose the time of a command is").
 * State written by earlier versions holds the serializer's text, which loads the same stub.
 */
export function providerCode(kind: string): string {
  return `exports.handler = () => require(${JSON.stringify(stubModule(kind))});\n`;
}

/** Outputs listed here are stored encrypted in state. */
export function withSecretOutputs(
  opts: pulumi.CustomResourceOptions | undefined,
  secretOutputs: string[],
): pulumi.CustomResourceOptions {
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretOutputs] };
}

/**
 * The arguments with the named ones made secret, whatever the program passed: the engine then
 * keeps them, and the outputs of the same names, encrypted in state.
 */
export function secretInputs<T extends object>(args: T, names: ReadonlyArray<keyof T & string>): T {
  const out: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const name of names) if (out[name] !== undefined) out[name] = secret(out[name]);
  return out as T;
}

/**
 * Every property a resource class declares, as `undefined`: Pulumi makes an output only for the
 * keys a resource passes to its constructor, so an optional input left out, or an output the
 * provider fills in, needs its key here to exist as an `Output`.
 */
export function everyProperty(names: readonly string[]): Record<string, undefined> {
  return Object.fromEntries(names.map((name) => [name, undefined]));
}

/**
 * The resource's stable key in its stack (project, stack, parent, type, name): it names the
 * resource's entry in the provider's create journal, the proof that an object found after a lost
 * answer is this resource's own (docs/decisions/005). Not a reason for a change.
 */
export function ownerKey(
  type: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Input<string> {
  const self = `${MODULE}:${type}::${name}`;
  if (opts?.parent) return opts.parent.urn.apply((parent) => `${parent}$${self}`);
  return `${getProject()}/${getStack()}/${self}`;
}

/**
 * Arguments of {@link LegacyDomainTransferOut} and {@link LegacyDomainTokenReset} (the same: the
 * domain and `triggers`), by the name the SDK gave them before the classes were generated.
 */
export type LegacyDomainActionArgs = LegacyDomainTransferOutArgs & LegacyDomainTokenResetArgs;
