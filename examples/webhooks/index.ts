/**
 * Webhooks: the service POSTs every event of the account (domain and record changes,
 * registrations, certificates, …) as JSON to each URL. Here one for a chat notifier and one for
 * an audit log; the receivers must answer 2xx, or the service retries and finally suppresses the
 * webhook (see `suppressedAt`).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

const config = new pulumi.Config();
const receivers = config.getObject<Record<string, string>>("receivers") ?? {
  chat: "https://chat.example.org/hooks/dnsimple",
  audit: "https://audit.example.org/ingest/dnsimple",
};

const hooks = Object.entries(receivers).map(([name, url]) => new dnsimple.Webhook(name, { url }));

export const webhookIds = hooks.map((h) => h.webhookId);
/** Null while the service delivers; a time once it stopped after repeated failures. */
export const suppressedAt = hooks.map((h) => h.suppressedAt);
