import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const messageProvider: pulumi.dynamic.ResourceProvider = require("./stubs/platform-message");
const metadataProvider: pulumi.dynamic.ResourceProvider = require("./stubs/platform-metadata");

/** Arguments of a {@link PlatformMessage}. */
export interface PlatformMessageArgs extends CommonArgs {
  /** `domain:<id>`, `record:<id>` or `platform_connection:<id>`. Changing it replaces the message. */
  resource: pulumi.Input<string>;
  title?: pulumi.Input<string>;
  message?: pulumi.Input<string>;
  /** A link shown with the message. */
  url?: pulumi.Input<string>;
  /** ISO 8601 date-time after which the message is hidden. */
  expiresAt?: pulumi.Input<string>;
}

/**
 * A platform message on a resource. **Private beta** at the service: the API may change or be
 * unavailable to your account. Title, message, URL and expiry change in place.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const domain = new dnsimple.Domain("example", { name: "example.com" });
 * new dnsimple.PlatformMessage("notice", {
 *   resource: pulumi.interpolate`domain:${domain.domainId}`, title: "Managed by Pulumi", url: "https://example.com/runbook",
 * });
 * ```
 */
export class PlatformMessage extends pulumi.dynamic.Resource {
  declare readonly resource: pulumi.Output<string>;
  declare readonly title: pulumi.Output<string>;
  declare readonly message: pulumi.Output<string>;
  declare readonly url: pulumi.Output<string>;
  declare readonly expiresAt: pulumi.Output<string>;
  declare readonly messageId: pulumi.Output<number>;
  declare readonly ownerType: pulumi.Output<string>;
  declare readonly ownerId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: PlatformMessageArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      messageProvider,
      name,
      {
        ...everyProperty([
          "resource",
          "title",
          "message",
          "url",
          "expiresAt",
          "messageId",
          "ownerType",
          "ownerId",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("PlatformMessage", name, opts),
      },
      opts,
      MODULE,
      "PlatformMessage",
    );
  }
}

/** Arguments of a {@link PlatformMetadata}. */
export interface PlatformMetadataArgs extends CommonArgs {
  /** `domain:<id>`, `record:<id>` or `platform_connection:<id>`. Changing it replaces the entry. */
  resource: pulumi.Input<string>;
  /** The key. Changing it replaces the entry. */
  key: pulumi.Input<string>;
  /** The value. Changes in place (same key on the same resource is one object). */
  value: pulumi.Input<string>;
}

/**
 * A metadata key/value on a resource. **Private beta** at the service. One value per key and
 * resource: a new value updates the same entry in place, and declaring a key that exists takes
 * it over instead of adding a second one.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.PlatformMetadata("team", { resource: "domain:42", key: "team", value: "platform" });
 * ```
 */
export class PlatformMetadata extends pulumi.dynamic.Resource {
  declare readonly resource: pulumi.Output<string>;
  declare readonly key: pulumi.Output<string>;
  declare readonly value: pulumi.Output<string>;
  declare readonly metadataId: pulumi.Output<number>;
  declare readonly ownerType: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: PlatformMetadataArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      metadataProvider,
      name,
      {
        ...everyProperty([
          "resource",
          "key",
          "value",
          "metadataId",
          "ownerType",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...args,
        ownerKey: ownerKey("PlatformMetadata", name, opts),
      },
      opts,
      MODULE,
      "PlatformMetadata",
    );
  }
}
