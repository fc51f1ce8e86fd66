import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const delegationProvider: pulumi.dynamic.ResourceProvider = require("./stubs/name-server-delegation");
const templateProvider: pulumi.dynamic.ResourceProvider = require("./stubs/template");
const glueProvider: pulumi.dynamic.ResourceProvider = require("./stubs/registry-name-server");

/** Arguments of a {@link NameServerDelegation}. */
export interface NameServerDelegationArgs extends CommonArgs {
  /** A domain registered with the service. Changing it replaces the resource. */
  domain: pulumi.Input<string>;
  /** 1 to 6 name server host names. Changes in place. */
  nameServers: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * Delegates a registered domain to other name servers (legacy v1 API: needs `dnsimple:v1Email`
 * and `dnsimple:v1Token`). Destroy restores the service's own name servers.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.NameServerDelegation("ns", { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] });
 * ```
 */
export class NameServerDelegation extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly nameServers: pulumi.Output<string[]>;
  /** The name servers before this resource delegated the domain. */
  declare readonly previousNameServers: pulumi.Output<string[]>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: NameServerDelegationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      delegationProvider,
      name,
      {
        ...everyProperty(["domain", "nameServers", "previousNameServers", "accountId"]),
        ...args,
        ownerKey: ownerKey("NameServerDelegation", name, opts),
      },
      opts,
      MODULE,
      "NameServerDelegation",
    );
  }
}

/** Arguments of a {@link Template}. */
export interface TemplateArgs extends CommonArgs {
  /** Display name. Changes in place. */
  name: pulumi.Input<string>;
  /** Short name (lower case, `-`, `_`); what `adopt` matches on. Changes in place. */
  shortName: pulumi.Input<string>;
  /** Changes in place. */
  description?: pulumi.Input<string>;
}

/**
 * A DNS template (legacy v1 API: needs `dnsimple:v1Email` and `dnsimple:v1Token`).
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.Template("mail", { name: "Mail setup", shortName: "mail-setup", description: "MX and SPF" });
 * ```
 */
export class Template extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly shortName: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string>;
  declare readonly templateId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: TemplateArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      templateProvider,
      name,
      {
        ...everyProperty([
          "name",
          "shortName",
          "description",
          "templateId",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("Template", name, opts),
      },
      opts,
      MODULE,
      "Template",
    );
  }
}

/** Arguments of a {@link RegistryNameServer}. */
export interface RegistryNameServerArgs extends CommonArgs {
  /** A domain registered with the service. Changing it replaces the glue record. */
  domain: pulumi.Input<string>;
  /** The name server's host name inside the domain, e.g. `ns1.example.com`. Changing it replaces. */
  name: pulumi.Input<string>;
  /** Its IPv4 or IPv6 address. Changes in place. */
  ip: pulumi.Input<string>;
}

/**
 * A glue record at the registry (legacy v1 API: needs `dnsimple:v1Email` and `dnsimple:v1Token`).
 * The domain must be registered with the service.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.RegistryNameServer("ns1", { domain: "example.com", name: "ns1.example.com", ip: "192.0.2.53" });
 * ```
 */
export class RegistryNameServer extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly ip: pulumi.Output<string>;
  /** The host name as the registry holds it. */
  declare readonly registeredName: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: RegistryNameServerArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      glueProvider,
      name,
      {
        ...everyProperty(["domain", "name", "ip", "registeredName", "accountId"]),
        ...args,
        ownerKey: ownerKey("RegistryNameServer", name, opts),
      },
      opts,
      MODULE,
      "RegistryNameServer",
    );
  }
}
