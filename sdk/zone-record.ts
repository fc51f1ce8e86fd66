import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/zone-record");

/** Arguments of a {@link ZoneRecord}. */
export interface ZoneRecordArgs extends CommonArgs {
  /** The zone (domain name). Changing it replaces the record. */
  zoneName: pulumi.Input<string>;
  /** The name relative to the zone, `""` (default) for the apex. Changes in place. */
  name?: pulumi.Input<string>;
  /** `A`, `AAAA`, `ALIAS`, `CAA`, `CNAME`, `MX`, `NS`, `SRV`, `TXT`, … Changing it replaces the record. */
  type: pulumi.Input<string>;
  /** The content; what the service rewrites (TXT quotes, trailing dots, case of host names) is not a change. */
  content: pulumi.Input<string>;
  /** Time to live in seconds (default 3600). Changes in place. */
  ttl?: pulumi.Input<number>;
  /** Priority (MX, SRV). Changes in place. */
  priority?: pulumi.Input<number>;
  /** Regions the record is served from (default all, `["global"]`; plan dependent). Changes in place. */
  regions?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * A DNS record in a zone hosted by the service.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const www = new dnsimple.ZoneRecord("www", { zoneName: "example.com", name: "www", type: "A", content: "192.0.2.10", ttl: 600 });
 * const apexTxt = new dnsimple.ZoneRecord("spf", { zoneName: "example.com", name: "", type: "TXT", content: "v=spf1 -all" });
 * export const fqdn = www.fqdn;
 * ```
 */
export class ZoneRecord extends pulumi.dynamic.Resource {
  declare readonly zoneName: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly type: pulumi.Output<string>;
  declare readonly content: pulumi.Output<string>;
  declare readonly ttl: pulumi.Output<number>;
  declare readonly priority: pulumi.Output<number | undefined>;
  declare readonly regions: pulumi.Output<string[] | undefined>;
  /** The service's numeric id of the record. */
  declare readonly recordId: pulumi.Output<number>;
  /** `name.zone`, or the zone for the apex. */
  declare readonly fqdn: pulumi.Output<string>;
  /** True for records the service manages (SOA, NS). */
  declare readonly systemRecord: pulumi.Output<boolean>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: ZoneRecordArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty([
          "zoneName",
          "name",
          "type",
          "content",
          "ttl",
          "priority",
          "regions",
          "recordId",
          "fqdn",
          "systemRecord",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("ZoneRecord", name, opts),
      },
      opts,
      MODULE,
      "ZoneRecord",
    );
  }
}
