/** Platform metadata (private beta at the service): key/value metadata on a resource. */
import { z } from "zod";
import { ServiceId, PlatformMetadataSchema, type PlatformMetadata } from "../client";
import type { ResourceContext } from "../framework/definition";
import { AlreadyExistsError } from "../framework/ownership";
import { defineResource, type InputsOf, numericIds } from "../framework/kind";
import { outputsFrom, serviceFields } from "../framework/outputs-from";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";
import { platformResource } from "./platform";
import { str } from "../framework/review-text";

const inputs = {
  resource: platformResource().describe("`domain:<id>`, `record:<id>` or `platform_connection:<id>`."),
  key: z.string().min(1, "key must not be empty").describe("The key."),
  value: z
    .string()
    .describe("The value. Changes in place (the same key on the same resource is one object)."),
};

const outputs = serviceFields(PlatformMetadataSchema, {
  value: "The value.",
  metadataId: ServiceId.describe("The service's id of the entry."),
  ownerType: "The type of the entry's owner at the service.",
  createdAt: "When the entry was created (the service's text).",
  updatedAt: "When the entry was last changed (the service's text).",
});

const metadataOutputs = outputsFrom<PlatformMetadata>()(outputs, { metadataId: (m) => m.id });

/** Identity: the key on its resource. */
async function entriesOfKey({ client, account }: ResourceContext, declared: InputsOf<typeof inputs>) {
  return (await client.platform.metadata.list(account, declared.resource))
    .filter((m) => m.key === declared.key)
    .map((m) => ({ id: m.id, outs: metadataOutputs(m), createdAt: m.created_at }));
}

/**
 * A metadata key on a resource (private beta). The service keeps one value per key and resource,
 * so a new value is an in-place update of the same object (never a second entry). Writing is an
 * upsert at the service, so a create first looks: a key that exists and is not this stack's is
 * taken over only with `adopt: true`. Another key or resource replaces.
 */
export const platformMetadataResource = defineResource({
  kind: "PlatformMetadata",
  notImportable:
    "a metadata entry is read from the key in state; declare it with `adopt: true` to take it over",
  docs: {
    summary: [
      "A metadata key/value on a resource. **Private beta** at the service. One value per key and",
      "resource: a new value updates the same entry in place, and declaring a key that exists takes",
      "it over instead of adding a second one.",
    ].join("\n"),
    example:
      'new dnsimple.PlatformMetadata("team", { resource: "domain:42", key: "team", value: "platform" });',
  },
  examples: {
    valid: { resource: "domain:1", key: "k", value: "v" },
    replaces: { resource: "record:1", key: "other" },
    inPlace: { value: "w" },
    invalid: [["key", "empty key", { key: "" }]],
  },
  review: {
    section: "platform",
    noun: ["metadata entry", "metadata entries"],
    label: (p) => str(p.key),
  },

  inputs,
  outputs,
  info: {
    inputs: ["resource", "key"],
    of: (m: PlatformMetadata) => ({ resource: m.resource, key: m.key, ...metadataOutputs(m) }),
  },
  ids: numericIds,
  replaceOnChange: ["resource", "key"],

  findMatching: entriesOfKey,

  async create(ctx, declared) {
    const { client, account } = ctx;
    const existing = await entriesOfKey(ctx, declared);
    if (existing.length > 0) {
      throw new AlreadyExistsError(
        `The key "${declared.key}" already exists on ${declared.resource} (metadata ${existing
          .map((m) => m.id)
          .join(", ")}), and not by this stack. To manage it with Pulumi, set \`adopt: true\` on this ` +
          `resource (see the README, "Adopting existing objects").`,
      );
    }
    const m = await client.platform.metadata.set(account, declared.resource, {
      key: declared.key,
      value: declared.value,
    });
    return { id: m.id, outs: metadataOutputs(m) };
  },

  async read({ client, account }, id, state) {
    const m = await orUndefinedWhenGone(client.platform.metadata.get(account, state.resource, id));
    return m ? metadataOutputs(m) : undefined;
  },

  async update({ client, account }, _id, olds, news) {
    const m = await client.platform.metadata.set(account, olds.resource, {
      key: news.key,
      value: news.value,
    });
    return metadataOutputs(m);
  },

  async delete({ client, account }, id, state) {
    await deleteIgnoringGone(() => client.platform.metadata.delete(account, state.resource, id));
  },
});
