/**
 * Platform API (private beta at the service): messages shown to the account on a resource, and
 * key/value metadata on a resource. Resources are `domain:<id>`, `record:<id>` or
 * `platform_connection:<id>`.
 */
import { z } from "zod";
import type { PlatformMessage, PlatformMessageInput, PlatformMetadata } from "../client";
import { AlreadyExistsError, type ResourceDefinition, type State } from "./framework/define-resource";
import { deleteIgnoringGone, orUndefinedWhenGone } from "./framework/lookup";

const platformResource = () =>
  z
    .string()
    .regex(
      /^(domain|record|platform_connection):\d+$/,
      "must be domain:<id>, record:<id> or platform_connection:<id>",
    );

const optionalUrl = () =>
  z
    .string()
    .refine(
      (v) => {
        try {
          new URL(v);
          return true;
        } catch {
          return false;
        }
      },
      { message: "must be an absolute URL" },
    )
    .optional();

const dateTime = () =>
  z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), {
      message: "must be an ISO 8601 date-time such as 2030-01-01T00:00:00Z",
    })
    .optional();

/** The service writes times in its own text format: compare instants, not spellings. */
function instant(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const text = v.replace(/ UTC \+00:00$/, " UTC").replace(/\.(\d{3})\d*/, ".$1");
  const t = Date.parse(text);
  return Number.isNaN(t) ? v : t;
}

function messageOutputs(m: PlatformMessage, state: State): State {
  const out: State = {
    messageId: m.id,
    ownerType: m.owner_type,
    ownerId: m.owner_id,
    resource: m.resource,
    title: m.title ?? "",
    message: m.message ?? "",
    url: m.url ?? "",
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
  // Keep the program's spelling of the expiry when the service's text means the same instant.
  out.expiresAt =
    m.expires_at === null
      ? ""
      : instant(state.expiresAt) === instant(m.expires_at)
        ? state.expiresAt
        : m.expires_at;
  return out;
}

function messageBody(inputs: State): PlatformMessageInput {
  return {
    resource: String(inputs.resource),
    ...(inputs.title !== undefined ? { title: String(inputs.title) } : {}),
    ...(inputs.message !== undefined ? { message: String(inputs.message) } : {}),
    ...(inputs.url !== undefined ? { url: String(inputs.url) } : {}),
    ...(inputs.expiresAt !== undefined ? { expires_at: String(inputs.expiresAt) } : {}),
  };
}

const emptyAsUnset = (v: unknown) => (v === "" ? undefined : v);

/** A platform message on a resource (private beta). Every field but the resource changes in place. */
export const platformMessageResource: ResourceDefinition = {
  kind: "PlatformMessage",
  inputs: {
    resource: platformResource(),
    title: z.string().optional(),
    message: z.string().optional(),
    url: optionalUrl(),
    expiresAt: dateTime(),
  },
  replaceOnChange: ["resource"],
  normalize: {
    title: emptyAsUnset,
    message: emptyAsUnset,
    url: emptyAsUnset,
    expiresAt: (v) => (v === "" ? undefined : instant(v)),
  },

  async create({ client, account }, inputs) {
    const m = await client.platform.messages.create(account, messageBody(inputs));
    return { id: String(m.id), outs: messageOutputs(m, inputs) };
  },

  async read({ client, account }, id, state) {
    const m = await orUndefinedWhenGone(client.platform.messages.get(account, Number(id)));
    return m ? messageOutputs(m, state) : undefined;
  },

  async update({ client, account }, id, _olds, news) {
    const body = messageBody(news);
    // Fields removed from the program are cleared.
    for (const key of ["title", "message", "url"] as const) if (news[key] === undefined) body[key] = "";
    const m = await client.platform.messages.update(account, Number(id), body);
    return messageOutputs(m, news);
  },

  async delete({ client, account }, id) {
    await deleteIgnoringGone(() => client.platform.messages.delete(account, Number(id)));
  },
};

function metadataOutputs(m: PlatformMetadata): State {
  return {
    metadataId: m.id,
    value: m.value,
    ownerType: m.owner_type,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
}

/**
 * A metadata key on a resource (private beta). The service keeps one value per key and resource,
 * so a new value is an in-place update of the same object (never a second entry). Writing is an
 * upsert at the service, so a create first looks: a key that exists and is not this stack's is
 * taken over only with `adopt: true`. Another key or resource replaces.
 */
export const platformMetadataResource: ResourceDefinition = {
  kind: "PlatformMetadata",
  inputs: {
    resource: platformResource(),
    key: z.string().min(1, "key must not be empty"),
    value: z.string(),
  },
  replaceOnChange: ["resource", "key"],

  // Identity: the key on its resource.
  async findMatching({ client, account }, inputs) {
    return (await client.platform.metadata.list(account, String(inputs.resource)))
      .filter((m) => m.key === inputs.key)
      .map((m) => ({ id: String(m.id), outs: metadataOutputs(m), createdAt: m.created_at }));
  },

  async create(ctx, inputs) {
    const { client, account } = ctx;
    const existing = await platformMetadataResource.findMatching!(ctx, inputs);
    if (existing.length > 0) {
      throw new AlreadyExistsError(
        `The key "${String(inputs.key)}" already exists on ${String(inputs.resource)} (metadata ${existing
          .map((m) => m.id)
          .join(", ")}), and not by this stack. To manage it with Pulumi, set \`adopt: true\` on this ` +
          `resource (see the README, "Adopting existing objects").`,
      );
    }
    const m = await client.platform.metadata.set(account, String(inputs.resource), {
      key: String(inputs.key),
      value: String(inputs.value),
    });
    return { id: String(m.id), outs: metadataOutputs(m) };
  },

  async read({ client, account }, id, state) {
    const m = await orUndefinedWhenGone(
      client.platform.metadata.get(account, String(state.resource), Number(id)),
    );
    return m ? metadataOutputs(m) : undefined;
  },

  async update({ client, account }, _id, olds, news) {
    const m = await client.platform.metadata.set(account, String(olds.resource), {
      key: String(news.key),
      value: String(news.value),
    });
    return metadataOutputs(m);
  },

  async delete({ client, account }, id, state) {
    await deleteIgnoringGone(() =>
      client.platform.metadata.delete(account, String(state.resource), Number(id)),
    );
  },
};
