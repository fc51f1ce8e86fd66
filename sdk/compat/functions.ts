/**
 * `@pulumi/dnsimple`'s functions, with its argument and result names, built on this package's
 * functions (they read `dnsimple:token` and `dnsimple:account` from the stack config, like it).
 * Each has its `...Output` form taking Inputs. What each is made of is declared once
 * (provider/compat/definitions.ts): {@link callCompatFunction} runs it here and in the plugin.
 */
import type * as pulumi from "@pulumi/pulumi";
import { Output, output } from "@pulumi/pulumi/output";
import { compatFunction, type CompatFunction } from "../../provider/compat/definitions";
import { outputsOf } from "../../provider/plugin/function-results";
import { FUNCTIONS } from "../../provider/plugin/functions.generated";
import * as sdk from "../functions";

/** Arguments of {@link getZone}. */
export interface GetZoneArgs {
  name: string;
}

/** What {@link getZone} returns. */
export interface GetZoneResult {
  readonly accountId: number;
  /** The zone's id. */
  readonly id: number;
  readonly name: string;
  readonly reverse: boolean;
}

/** An Output's value (outside a program too: the plugin reads the private key with it). */
function valueOf<T>(value: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => {
    value.apply((v) => {
      resolve(v);
      return v;
    });
  });
}

/**
 * Runs a bridged function as its definition says: its arguments as ours, our function (by the
 * plugin's call table, so both adapters call it the same way), and its outputs picked, renamed
 * and made of the arguments. The secret outputs stay Outputs when `keepOutputs` (TypeScript) and
 * are read for the plugin, which sends them as secrets.
 */
export async function callCompatFunction(
  definition: CompatFunction,
  args: Record<string, unknown>,
  functions: typeof sdk = sdk,
  keepOutputs = false,
): Promise<Record<string, unknown>> {
  const entry = FUNCTIONS[definition.ours]!;
  const ours: Record<string, unknown> = {};
  for (const [key, arg] of Object.entries(definition.args)) {
    if (arg.ours && args[key] !== undefined) ours[arg.ours] = args[key];
  }
  if (args.account !== undefined) ours.account = args.account;
  const result = outputsOf(await entry.call(functions, ours), entry.result);
  const out: Record<string, unknown> = {};
  for (const [key, o] of Object.entries(definition.outputs)) {
    if (o.ours !== undefined) out[key] = result[o.ours];
    else if (o.fromArg !== undefined) out[key] = args[o.fromArg];
    else if (o.value) out[key] = o.value(args);
    else if (o.fetch) {
      const fetch = (functions as unknown as Record<string, (...a: unknown[]) => unknown>)[o.fetch.function]!;
      const value = fetch(...o.fetch.args.map((a) => args[a]));
      out[key] = keepOutputs || !Output.isInstance(value) ? value : await valueOf(value);
    }
  }
  return out;
}

const run = <R>(name: string, args: object): Promise<R> =>
  callCompatFunction(compatFunction(name)!, args as Record<string, unknown>, sdk, true) as Promise<R>;

/** A zone of the account, by name. */
export async function getZone(args: GetZoneArgs): Promise<GetZoneResult> {
  return run("getZone", args);
}

/** {@link getZone} with Inputs. */
export function getZoneOutput(args: { name: pulumi.Input<string> }): pulumi.Output<GetZoneResult> {
  return output(args).apply((a) => getZone(a));
}

/** Arguments of {@link getCertificate}. */
export interface GetCertificateArgs {
  domain: string;
  certificateId: number;
  /** Accepted for compatibility; reading a certificate does not wait. */
  timeouts?: { read?: string };
}

/** What {@link getCertificate} returns. */
export interface GetCertificateResult {
  /** The certificate's id, as a string. */
  readonly id: string;
  readonly certificateId: number;
  readonly domain: string;
  /** The server certificate, PEM. */
  readonly serverCertificate: string;
  /** The root certificate of the issuing CA, PEM. */
  readonly rootCertificate: string;
  /** The intermediate certificates, PEM. */
  readonly certificateChains: string[];
  /**
   * The private key, PEM, as a Pulumi **secret** (`@pulumi/dnsimple` returns a plain string): it
   * stays encrypted wherever it goes. Use it as an input, or `pulumi.unsecret` deliberately.
   */
  readonly privateKey: pulumi.Output<string>;
}

/** A certificate of a domain with its chain and private key. */
export async function getCertificate(args: GetCertificateArgs): Promise<GetCertificateResult> {
  const result = await run<GetCertificateResult>("getCertificate", args);
  return { ...result, rootCertificate: result.rootCertificate ?? "" };
}

/** {@link getCertificate} with Inputs. */
export function getCertificateOutput(args: {
  domain: pulumi.Input<string>;
  certificateId: pulumi.Input<number>;
}): pulumi.Output<GetCertificateResult> {
  return output(args).apply((a) => getCertificate(a));
}

/** Arguments of {@link getRegistrantChangeCheck}. */
export interface GetRegistrantChangeCheckArgs {
  /** The domain's name or id. */
  domainId: string;
  /** The contact that would become the registrant. */
  contactId: string;
}

/** What {@link getRegistrantChangeCheck} returns. */
export interface GetRegistrantChangeCheckResult {
  /** `<domainId>/<contactId>`: the check has no id of its own. */
  readonly id: string;
  readonly domainId: string;
  readonly contactId: string;
  readonly registryOwnerChange: boolean;
  readonly extendedAttributes: Array<{
    name: string;
    description: string;
    required: boolean;
    options: Array<{ title: string; value: string; description: string }>;
  }>;
}

/** What changing a domain's registrant to a contact requires. */
export async function getRegistrantChangeCheck(
  args: GetRegistrantChangeCheckArgs,
): Promise<GetRegistrantChangeCheckResult> {
  return run("getRegistrantChangeCheck", args);
}

/** {@link getRegistrantChangeCheck} with Inputs. */
export function getRegistrantChangeCheckOutput(args: {
  domainId: pulumi.Input<string>;
  contactId: pulumi.Input<string>;
}): pulumi.Output<GetRegistrantChangeCheckResult> {
  return output(args).apply((a) => getRegistrantChangeCheck(a));
}
