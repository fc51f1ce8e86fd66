import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/webhook");

/** Arguments of a {@link Webhook}. */
export interface WebhookArgs extends CommonArgs {
  /** HTTPS URL that receives the account's events as POSTs. Changing it replaces the webhook. */
  url: pulumi.Input<string>;
}

/**
 * A webhook: the service POSTs every event of the account to `url`.
 *
 * @example
 * ```ts
 * const hook = new dnsimple.Webhook("events", { url: "https://hooks.example.com/dnsimple" });
 * export const suppressedAt = hook.suppressedAt;
 * ```
 */
export class Webhook extends pulumi.dynamic.Resource {
  declare readonly url: pulumi.Output<string>;
  /** Set when the service stopped delivering after repeated failures; null otherwise. */
  declare readonly suppressedAt: pulumi.Output<string | null>;
  declare readonly webhookId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty(["url", "suppressedAt", "webhookId", "accountId"]),
        ...args,
        ownerKey: ownerKey("Webhook", name, opts),
      },
      opts,
      MODULE,
      "Webhook",
    );
  }
}
