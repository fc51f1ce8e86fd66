import type { Webhook } from "../client";
import { type ResourceDefinition, type State } from "./framework/define-resource";
import { httpsUrl } from "./framework/fields";
import { deleteIgnoringGone, orUndefinedWhenGone } from "./framework/lookup";
import { invalidateCollection, readFromCollection } from "./framework/read-cache";

const collectionKey = (account: string) => `webhooks:${account}`;

export function webhookOutputs(webhook: Webhook): State {
  return { webhookId: webhook.id, url: webhook.url, suppressedAt: webhook.suppressed_at ?? null };
}

/** Where the service POSTs the account's events. HTTPS only; a new URL replaces the webhook. */
export const webhookResource: ResourceDefinition = {
  kind: "Webhook",
  inputs: { url: httpsUrl() },
  replaceOnChange: ["url"],

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account));
    const webhook = await client.webhooks.create(account, { url: String(inputs.url) });
    return { id: String(webhook.id), outs: webhookOutputs(webhook) };
  },

  identicalCheck: "before-create",
  findIdentical(ctx, inputs) {
    return webhookResource.adopt!(ctx, inputs);
  },

  async adopt({ client, account }, inputs) {
    const webhook = (await client.webhooks.list(account)).find((w) => w.url === inputs.url);
    return webhook ? { id: String(webhook.id), outs: webhookOutputs(webhook) } : undefined;
  },

  async read({ client, account }, id) {
    const webhook =
      (await readFromCollection(collectionKey(account), id, async function* () {
        yield* await client.webhooks.list(account);
      })) ?? (await orUndefinedWhenGone(client.webhooks.get(account, id)));
    return webhook ? webhookOutputs(webhook) : undefined;
  },

  async delete({ client, account }, id) {
    invalidateCollection(collectionKey(account));
    await deleteIgnoringGone(() => client.webhooks.delete(account, id));
  },
};
