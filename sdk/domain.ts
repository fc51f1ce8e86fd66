import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/domain");

/** Arguments of a {@link Domain}. */
export interface DomainArgs extends CommonArgs {
  /** The domain name, e.g. `example.com`; internationalised names are accepted. Changing it replaces the domain. */
  name: pulumi.Input<string>;
  /**
   * Allow `pulumi destroy` (or a replacement) to delete a domain that is registered with the service.
   * Off by default: a registration is money and cannot be undone.
   */
  allowDeleteRegistered?: pulumi.Input<boolean>;
}

/**
 * A domain and its DNS zone in the account.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const domain = new dnsimple.Domain("example", { name: "example.com" });
 * export const domainId = domain.domainId;
 * ```
 */
export class Domain extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  /** The service's numeric id of the domain. */
  declare readonly domainId: pulumi.Output<number>;
  /** The account the domain lives in. */
  declare readonly accountId: pulumi.Output<string>;
  /** The registrant contact, or null for a hosted-only domain. */
  declare readonly registrantId: pulumi.Output<number | null>;
  /** The name in Unicode. */
  declare readonly unicodeName: pulumi.Output<string>;
  /** `hosted`, `registered` or `expired`. */
  declare readonly state: pulumi.Output<string>;
  declare readonly autoRenew: pulumi.Output<boolean>;
  declare readonly privateWhois: pulumi.Output<boolean>;
  /** Whether the service's trustee service holds the registration (TLDs that need a local presence); null when not said. */
  declare readonly trustee: pulumi.Output<boolean | null>;
  declare readonly expiresAt: pulumi.Output<string | null>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: DomainArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty([
          "name",
          "domainId",
          "accountId",
          "registrantId",
          "unicodeName",
          "state",
          "autoRenew",
          "privateWhois",
          "trustee",
          "expiresAt",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("Domain", name, opts),
      },
      opts,
      MODULE,
      "Domain",
    );
  }
}
