import { z } from "zod";
import { byIdAlone } from "../framework/imports";
import { ServiceId, type Webhook } from "../client";
import { httpsUrl } from "../framework/fields";
import { defineResource, numericIds } from "../framework/kind";
import { outputsFrom } from "../framework/outputs-from";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";
import { invalidateCollection, readFromCollection } from "../framework/read-cache";
import { maskUrl } from "../framework/review-text";

const collectionKey = (account: string) => `webhooks:${account}`;

const outputs = {
  webhookId: ServiceId.describe("The service's id of the webhook."),
  suppressedAt: z
    .string()
    .nullable()
    .describe("Set when the service stopped delivering after repeated failures; null otherwise."),
};

export const webhookOutputs = outputsFrom<Webhook>()(outputs, { webhookId: (webhook) => webhook.id });

/** Where the service POSTs the account's events. HTTPS only; a new URL replaces the webhook. */
export const webhookResource = defineResource({
  kind: "Webhook",
  docs: {
    summary: "A webhook: the service POSTs every event of the account to `url`.",
    example: [
      'const hook = new dnsimple.Webhook("events", { url: "https://hooks.example.com/dnsimple" });',
      "export const suppressedAt = hook.suppressedAt;",
    ].join("\n"),
  },
  examples: {
    valid: { url: "https://hooks.example.com/a" },
    replaces: { url: "https://hooks.example.com/b" },
    invalid: [
      ["url", "plain HTTP URL", { url: "http://hooks.example.com/x" }],
      ["url", "not a URL", { url: "not a url" }],
      ["url", "empty URL", { url: "" }],
      ["url", "FTP URL", { url: "ftp://hooks.example.com/x" }],
      ["url", "missing URL", { url: undefined }],
      ["account", "negative account", { account: -3 }],
      ["url", "credentials in the URL", { url: "https://user:hunter2-pass@hooks.example.com/x" }],
    ],
  },
  review: {
    section: "webhooks",
    noun: ["webhook", "webhooks"],
    label: (p) => maskUrl(p.url),
    masks: { url: "url" },
  },

  inputs: { url: httpsUrl().describe("HTTPS URL that receives the account's events as POSTs.") },
  outputs,
  info: { inputs: ["url"], of: (webhook: Webhook) => ({ url: webhook.url, ...webhookOutputs(webhook) }) },
  ids: numericIds,
  imports: {
    ...byIdAlone("webhookId", "42"),
    // The URL is not an output (it often holds credentials): the declaration takes it from the service.
    async declared({ client, account }, { id }) {
      return { inputs: { url: (await client.webhooks.get(account, id)).url } };
    },
  },
  replaceOnChange: ["url"],

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account));
    const webhook = await client.webhooks.create(account, { url: inputs.url });
    return { id: webhook.id, outs: webhookOutputs(webhook) };
  },

  // Webhooks carry no creation time: the highest id before a create is what proves a webhook
  // found after a lost answer is ours.
  highestIdBeforeCreate: ({ client, account }) => client.webhooks.highestId(account),

  // Identity: the URL.
  async findMatching({ client, account }, inputs) {
    return (await client.webhooks.list(account))
      .filter((w) => w.url === inputs.url)
      .map((w) => ({ id: w.id, outs: webhookOutputs(w) }));
  },

  async read({ client, account }, id) {
    const webhook =
      (await readFromCollection(collectionKey(account), `${id}`, async function* () {
        yield* await client.webhooks.list(account);
      })) ?? (await orUndefinedWhenGone(client.webhooks.get(account, id)));
    return webhook ? webhookOutputs(webhook) : undefined;
  },

  async delete({ client, account }, id) {
    invalidateCollection(collectionKey(account));
    await deleteIgnoringGone(() => client.webhooks.delete(account, id));
  },
});
