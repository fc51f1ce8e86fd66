import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/email-forward");

/** Arguments of an {@link EmailForward}. Every change replaces the forward (the API cannot update one). */
export interface EmailForwardArgs extends CommonArgs {
  /** The domain, by name or numeric id. */
  domain: pulumi.Input<string | number>;
  /** The local part of the receiving address: `john` forwards `john@<domain>`. */
  aliasName: pulumi.Input<string>;
  /** Where the mail goes. */
  destinationEmail: pulumi.Input<string>;
}

/**
 * Forwards mail sent to `aliasName@domain` to another address.
 *
 * @example
 * ```ts
 * const fwd = new dnsimple.EmailForward("sales", {
 *   domain: domain.name,
 *   aliasName: "sales",
 *   destinationEmail: "team@example.org",
 * });
 * export const salesAddress = fwd.aliasEmail;
 * ```
 */
export class EmailForward extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly aliasName: pulumi.Output<string>;
  declare readonly destinationEmail: pulumi.Output<string>;
  /** The full receiving address, e.g. `sales@example.com`. */
  declare readonly aliasEmail: pulumi.Output<string>;
  /** Whether the forward is active. */
  declare readonly active: pulumi.Output<boolean>;
  declare readonly emailForwardId: pulumi.Output<number>;
  declare readonly domainId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: EmailForwardArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty([
          "domain",
          "aliasName",
          "destinationEmail",
          "aliasEmail",
          "active",
          "emailForwardId",
          "domainId",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("EmailForward", name, opts),
      },
      opts,
      MODULE,
      "EmailForward",
    );
  }
}
