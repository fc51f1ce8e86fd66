import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/primary-server");

/** Arguments of a {@link PrimaryServer}. */
export interface PrimaryServerArgs extends CommonArgs {
  /** A name for the server. Changing it replaces the server. */
  name: pulumi.Input<string>;
  /** IPv4 or IPv6 address. Changing it replaces the server. */
  ip: pulumi.Input<string>;
  /** Port, 1–65535; default 53. Changing it replaces the server. */
  port?: pulumi.Input<number>;
  /** Secondary zones transferred from this server; changed in place by linking and unlinking. */
  linkedZones?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * A primary name server the service transfers secondary zones from.
 *
 * @example
 * ```ts
 * const zone = new dnsimple.SecondaryZone("secondary", { name: "example.net" });
 * const primary = new dnsimple.PrimaryServer("primary", {
 *   name: "ns1.example.net",
 *   ip: "192.0.2.10",
 *   linkedZones: [zone.name],
 * });
 * ```
 */
export class PrimaryServer extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly ip: pulumi.Output<string>;
  declare readonly port: pulumi.Output<number>;
  /** The linked secondary zones, sorted. */
  declare readonly linkedZones: pulumi.Output<string[]>;
  declare readonly primaryServerId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: PrimaryServerArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty([
          "name",
          "ip",
          "port",
          "linkedZones",
          "primaryServerId",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("PrimaryServer", name, opts),
      },
      opts,
      MODULE,
      "PrimaryServer",
    );
  }
}
