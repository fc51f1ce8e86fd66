import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/secondary-zone");

/** Arguments of a {@link SecondaryZone}. */
export interface SecondaryZoneArgs extends CommonArgs {
  /** The zone name, e.g. `example.com`. Changing it replaces the zone. */
  name: pulumi.Input<string>;
}

/**
 * A secondary zone, served by the service from transfers off your primary servers. Link it to a
 * {@link PrimaryServer} with `linkedZones`.
 *
 * @example
 * ```ts
 * const zone = new dnsimple.SecondaryZone("secondary", { name: "example.net" });
 * new dnsimple.PrimaryServer("primary", { name: "ns1", ip: "192.0.2.10", linkedZones: [zone.name] });
 * ```
 */
export class SecondaryZone extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly zoneId: pulumi.Output<number>;
  declare readonly reverse: pulumi.Output<boolean>;
  declare readonly secondary: pulumi.Output<boolean>;
  declare readonly lastTransferredAt: pulumi.Output<string | null>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: SecondaryZoneArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty([
          "name",
          "zoneId",
          "reverse",
          "secondary",
          "lastTransferredAt",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("SecondaryZone", name, opts),
      },
      opts,
      MODULE,
      "SecondaryZone",
    );
  }
}
