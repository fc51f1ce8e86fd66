import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/zone");

/** Arguments of a {@link Zone}. */
export interface ZoneArgs extends CommonArgs {
  /** The name of a zone that exists (made by a `Domain` or a `SecondaryZone`). Changing it replaces the Zone. */
  name: pulumi.Input<string>;
  /**
   * Whether the service's name servers answer for the zone (its DNS service is on). Left out, the
   * service decides and the value is an output. Changing it takes `adopt: true`: the zone is not
   * this resource's own.
   */
  active?: pulumi.Input<boolean>;
}

/**
 * A zone's DNS service and details. A Zone never creates or deletes a zone; it reads one that
 * exists and, with `adopt: true`, turns its DNS service on or off (destroy puts back what it found).
 *
 * @example
 * ```ts
 * const domain = new dnsimple.Domain("example", { name: "example.com" });
 * const zone = new dnsimple.Zone("example", { name: domain.name });
 * export const zoneActive = zone.active;
 * ```
 */
export class Zone extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  /** Whether the zone's DNS service is on. */
  declare readonly active: pulumi.Output<boolean | null>;
  declare readonly zoneId: pulumi.Output<number>;
  /** Whether the zone is a reverse-DNS zone. */
  declare readonly reverse: pulumi.Output<boolean>;
  /** Whether the zone is a secondary zone. */
  declare readonly secondary: pulumi.Output<boolean>;
  declare readonly lastTransferredAt: pulumi.Output<string | null>;
  /** The activation found when the zone was adopted (put back on destroy); null when not adopted. */
  declare readonly activeFound: pulumi.Output<boolean | null>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: ZoneArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty([
          "name",
          "active",
          "zoneId",
          "reverse",
          "secondary",
          "lastTransferredAt",
          "activeFound",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("Zone", name, opts),
      },
      opts,
      MODULE,
      "Zone",
    );
  }
}
