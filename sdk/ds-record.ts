import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/ds-record");

/** Arguments of a {@link DsRecord}. Every change replaces the record (the API cannot update one). */
export interface DsRecordArgs extends CommonArgs {
  /** The domain, by name or numeric id. */
  domain: pulumi.Input<string | number>;
  /** DNSSEC algorithm number, e.g. `"13"` (ECDSAP256SHA256) or `"8"` (RSASHA256). */
  algorithm: pulumi.Input<string | number>;
  /** Hex digest of the DNSKEY; its length must match `digestType`. */
  digest?: pulumi.Input<string>;
  /** Digest type: `"1"` SHA-1, `"2"` SHA-256, `"3"` GOST, `"4"` SHA-384. */
  digestType?: pulumi.Input<string | number>;
  /** Key tag of the DNSKEY (0–65535). */
  keytag?: pulumi.Input<string | number>;
  /** The public key, for registries that take KEY data instead of DS data. */
  publicKey?: pulumi.Input<string>;
}

/**
 * A delegation signer (DS) record of a domain, published at the registry.
 *
 * @example
 * ```ts
 * new dnsimple.DsRecord("ds", {
 *   domain: domain.name,
 *   algorithm: "13",
 *   digestType: "2",
 *   keytag: "2371",
 *   digest: "1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0",
 * });
 * ```
 */
export class DsRecord extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly algorithm: pulumi.Output<string>;
  declare readonly digest: pulumi.Output<string | undefined>;
  declare readonly digestType: pulumi.Output<string | undefined>;
  declare readonly keytag: pulumi.Output<string | undefined>;
  declare readonly publicKey: pulumi.Output<string | undefined>;
  /** The service's id of the record. */
  declare readonly dsRecordId: pulumi.Output<number>;
  declare readonly domainId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: DsRecordArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty([
          "domain",
          "algorithm",
          "digest",
          "digestType",
          "keytag",
          "publicKey",
          "dsRecordId",
          "domainId",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("DsRecord", name, opts),
      },
      opts,
      MODULE,
      "DsRecord",
    );
  }
}
