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

  async create({ client, account }, inputs, mark) {
    invalidateCollection(collectionKey(account));
    const webhook = await client.webhooks.create(
      account,
      { url: String(inputs.url) },
      mark.newerThanId !== undefined ? { newerThanId: mark.newerThanId } : {},
    );
    return { id: String(webhook.id), outs: webhookOutputs(webhook) };
  },

  // Webhooks carry no creation time: the highest id before a create is what proves a webhook
  // found after a lost answer is ours.
  highestIdBeforeCreate: ({ client, account }) => client.webhooks.highestId(account),

  // Identity: the URL.
  async findMatching({ client, account }, inputs) {
    return (await client.webhooks.list(account))
      .filter((w) => w.url === inputs.url)
      .map((w) => ({ id: String(w.id), outs: webhookOutputs(w) }));
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
