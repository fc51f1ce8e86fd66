import type * as pulumi from "@pulumi/pulumi";

/** Inputs every resource accepts. */
export interface CommonArgs {
  /**
   * The account this object lives in, overriding the provider-wide `dnsimple:account`. For
   * programs that manage several accounts with one token. Changing it replaces the object.
   */
  account?: pulumi.Input<string | number>;
  /**
   * Take over an object that already exists instead of creating a new one (`pulumi import` does
   * not work for dynamic providers). When no matching object exists, it is created. Never creates
   * a duplicate.
   */
  adopt?: pulumi.Input<boolean>;
}

/** The module part of every type token: previews show `dnsimple:Domain`-like types. */
export const MODULE = "dnsimple";

/** Outputs listed here are stored encrypted in state. */
export function withSecretOutputs(
  opts: pulumi.CustomResourceOptions | undefined,
  secretOutputs: string[],
): pulumi.CustomResourceOptions {
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretOutputs] };
}
