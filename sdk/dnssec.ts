import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/dnssec");

/** Arguments of a {@link Dnssec}. */
export interface DnssecArgs extends CommonArgs {
  /** The domain (name or numeric id) whose zone is signed. Changing it replaces the resource. */
  domain: pulumi.Input<string | number>;
}

/**
 * DNSSEC signing of a domain. Creating enables signing; destroying disables it.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const domain = new dnsimple.Domain("example", { name: "example.com" });
 * new dnsimple.Dnssec("signing", { domain: domain.name });
 * ```
 */
export class Dnssec extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  /** True while signing is enabled. */
  declare readonly enabled: pulumi.Output<boolean>;
  /** Whether the signed zone is active at the registry (null when the service does not say). */
  declare readonly active: pulumi.Output<boolean | null>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: DnssecArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty(["domain", "enabled", "active", "accountId", "createdAt", "updatedAt"]),
        ...args,
        ownerKey: ownerKey("Dnssec", name, opts),
      },
      opts,
      MODULE,
      "Dnssec",
    );
  }
}
