import * as pulumi from "@pulumi/pulumi";
import type { DomainRegistrationArgs } from "./resources/domain-registration";
import type { LegacyDomainTokenResetArgs } from "./resources/legacy-domain-token-reset";
import type { LegacyDomainTransferOutArgs } from "./resources/legacy-domain-transfer-out";

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
  for (const name of names) if (out[name] !== undefined) out[name] = pulumi.secret(out[name]);
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
  return `${pulumi.getProject()}/${pulumi.getStack()}/${self}`;
}

/**
 * Arguments of {@link LegacyDomainTransferOut} and {@link LegacyDomainTokenReset} (the same: the
 * domain and `triggers`), by the name the SDK gave them before the classes were generated.
 */
export type LegacyDomainActionArgs = LegacyDomainTransferOutArgs & LegacyDomainTokenResetArgs;
