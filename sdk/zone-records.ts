import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/zone-records");

/** One record of a {@link ZoneRecords}: as a {@link ZoneRecordArgs} without the zone. */
export interface ZoneRecordsEntry {
  /** The name relative to the zone, `""` (default) for the apex. */
  name?: pulumi.Input<string>;
  /** `A`, `AAAA`, `ALIAS`, `CAA`, `CNAME`, `MX`, `NS`, `SRV`, `TXT`, … */
  type: pulumi.Input<string>;
  content: pulumi.Input<string>;
  /** Time to live in seconds (default 3600). */
  ttl?: pulumi.Input<number>;
  /** Priority (MX, SRV). */
  priority?: pulumi.Input<number>;
  /** Regions the record is served from (default all; plan dependent). */
  regions?: pulumi.Input<pulumi.Input<string>[]>;
}

/** Arguments of a {@link ZoneRecords}. */
export interface ZoneRecordsArgs extends CommonArgs {
  /** The zone (domain name). Changing it replaces the resource (records made in the new zone). */
  zoneName: pulumi.Input<string>;
  /**
   * The records: a list (each record known by its name, type and content; by name and type for
   * CNAME and ALIAS, so a change of content is a new record), or a map whose keys name the
   * records (a change of content or name under the same key is an update in place).
   */
  records: pulumi.Input<pulumi.Input<ZoneRecordsEntry>[] | Record<string, pulumi.Input<ZoneRecordsEntry>>>;
  /**
   * `false` (default, additive): manages only the records this resource created or adopted.
   * `true`: the zone holds exactly the declared records: others are deleted (never the service's
   * system records) and identical existing ones are taken over.
   */
  authoritative?: pulumi.Input<boolean>;
}

/**
 * Many records of one zone as one resource: changes leave in batch requests (1,000 records in a
 * request or two) and the engine handles one resource instead of one per record.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const hosts = new dnsimple.ZoneRecords("hosts", {
 *   zoneName: "example.com",
 *   records: Array.from({ length: 500 }, (_, i) => ({ name: `host${i}`, type: "A", content: "192.0.2.10", ttl: 600 })),
 * });
 * export const ids = hosts.recordIds;
 * ```
 */
export class ZoneRecords extends pulumi.dynamic.Resource {
  declare readonly zoneName: pulumi.Output<string>;
  /** The records by key (a list's records are keyed `name type content`, `@` for the apex). */
  declare readonly records: pulumi.Output<
    Record<string, Required<Omit<ZoneRecordsEntry, "priority" | "regions">>>
  >;
  declare readonly authoritative: pulumi.Output<boolean>;
  /** The service's record ids by key. */
  declare readonly recordIds: pulumi.Output<Record<string, number>>;
  /** How many records the resource manages. */
  declare readonly recordCount: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: ZoneRecordsArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty(["zoneName", "records", "authoritative", "recordIds", "recordCount", "accountId"]),
        ...args,
        ownerKey: ownerKey("ZoneRecords", name, opts),
      },
      opts,
      MODULE,
      "ZoneRecords",
    );
  }
}
