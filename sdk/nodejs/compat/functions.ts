/**
 * `@pulumi/dnsimple`'s functions, with its argument and result names, built on this package's
 * functions (they read `dnsimple:token` and `dnsimple:account` from the stack config, like it).
 * Each has its `...Output` form taking Inputs. What each is made of is declared once
 * (provider/compat/definitions.ts): `callCompatFunction` runs it here and in the plugin.
 */
import type * as pulumi from "@pulumi/pulumi";
import { output } from "@pulumi/pulumi/output";
import { compatFunction } from "../../../provider/compat/definitions";
import { callCompatFunction } from "../../../provider/compat/functions";
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
