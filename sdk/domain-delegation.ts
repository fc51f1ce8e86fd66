import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/domain-delegation");

/** Arguments of a {@link DomainDelegation}. */
export interface DomainDelegationArgs extends CommonArgs {
  /** A domain registered with the service. Changing it replaces the resource. */
  domain: pulumi.Input<string>;
  /** 1 to 13 name server host names. Changes in place. */
  nameServers: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * Delegates a domain registered with the service to other name servers at the registry (API v2).
 * A domain already delegated elsewhere is taken over only with `adopt: true`. Destroy puts back
 * what was there: the service's own name servers, or the delegation it adopted.
 *
 * @example
 * ```ts
 * new dnsimple.DomainDelegation("ns", { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] });
 * ```
 */
export class DomainDelegation extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly nameServers: pulumi.Output<string[]>;
  /** The name servers before this resource delegated the domain. */
  declare readonly previousNameServers: pulumi.Output<string[]>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DomainDelegationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty(["domain", "nameServers", "previousNameServers", "accountId"]),
        ...args,
        ownerKey: ownerKey("DomainDelegation", name, opts),
      },
      opts,
      MODULE,
      "DomainDelegation",
    );
  }
}
