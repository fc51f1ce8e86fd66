/** Platform messages (private beta at the service): messages shown to the account on a resource. */
import { z } from "zod";
import { serviceFields } from "../framework/outputs-from";
import { ServiceId, PlatformMessageSchema, type PlatformMessage, type PlatformMessageInput } from "../client";
import { defineResource, type InputsOf, numericIds, type OutputsOf } from "../framework/kind";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";
import { platformResource } from "./platform";
import { str } from "../framework/review-text";

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

const inputs = {
  resource: platformResource().describe("`domain:<id>`, `record:<id>` or `platform_connection:<id>`."),
  title: z.string().optional().describe("The message's title."),
  message: z.string().optional().describe("The message's text."),
  url: optionalUrl().describe("A link shown with the message."),
  expiresAt: dateTime().describe("ISO 8601 date-time after which the message is hidden."),
};

const outputs = serviceFields(PlatformMessageSchema, {
  resource: "`domain:<id>`, `record:<id>` or `platform_connection:<id>`.",
  title: z.string().describe("The message's title (empty when none)."),
  message: z.string().describe("The message's text (empty when none)."),
  url: z.string().describe("The link shown with the message (empty when none)."),
  expiresAt: z.string().describe("When the message is hidden (empty when never)."),
  messageId: ServiceId.describe("The service's id of the message."),
  ownerType: "The type of the message's owner at the service.",
  ownerId: "The id of the message's owner at the service.",
  createdAt: "When the message was created (the service's text).",
  updatedAt: "When the message was last changed (the service's text).",
});

/**
 * The message's outputs. `declaredExpiry` is the program's spelling of the expiry, kept when the
 * service's text means the same instant.
 */
function messageOutputs(m: PlatformMessage, declaredExpiry: string | undefined): OutputsOf<typeof outputs> {
  return {
    messageId: m.id,
    ownerType: m.owner_type,
    ownerId: m.owner_id,
    resource: m.resource,
    title: m.title ?? "",
    message: m.message ?? "",
    url: m.url ?? "",
    createdAt: m.created_at,
    updatedAt: m.updated_at,
    expiresAt:
      m.expires_at === null
        ? ""
        : declaredExpiry !== undefined && instant(declaredExpiry) === instant(m.expires_at)
          ? declaredExpiry
          : m.expires_at,
  };
}

function messageBody(declared: InputsOf<typeof inputs>): PlatformMessageInput {
  return {
    resource: declared.resource,
    ...(declared.title !== undefined ? { title: declared.title } : {}),
    ...(declared.message !== undefined ? { message: declared.message } : {}),
    ...(declared.url !== undefined ? { url: declared.url } : {}),
    ...(declared.expiresAt !== undefined ? { expires_at: declared.expiresAt } : {}),
  };
}

const emptyAsUnset = (v: string) => (v === "" ? undefined : v);

/** A platform message on a resource (private beta). Every field but the resource changes in place. */
export const platformMessageResource = defineResource({
  kind: "PlatformMessage",
  notImportable:
    "the service keeps no object to read back by an id alone: a message is read from the state it was sent with",
  docs: {
    summary: [
      "A platform message on a resource. **Private beta** at the service: the API may change or be",
      "unavailable to your account. Title, message, URL and expiry change in place.",
    ].join("\n"),
    example: [
      'const domain = new dnsimple.Domain("example", { name: "example.com" });',
      'new dnsimple.PlatformMessage("notice", {',
      '  resource: pulumi.interpolate`domain:${domain.domainId}`, title: "Managed by Pulumi", url: "https://example.com/runbook",',
      "});",
    ].join("\n"),
  },
  examples: {
    valid: {
      resource: "domain:1",
      title: "Hi",
      message: "text",
      url: "https://x.example",
      expiresAt: "2030-01-01T00:00:00Z",
    },
    replaces: { resource: "domain:2" },
    inPlace: { title: "Bye", message: "other", url: "https://y.example", expiresAt: "2031-01-01T00:00:00Z" },
    same: [{ expiresAt: "2030-01-01 00:00:00.000000 UTC +00:00" }],
    invalid: [
      ["resource", "unknown resource reference", { resource: "zone:1" }],
      ["expiresAt", "not a date-time", { expiresAt: "tomorrow-ish" }],
    ],
  },
  review: {
    section: "platform",
    noun: ["platform message", "platform messages"],
    label: (p) => str(p.title),
  },

  inputs,
  outputs,
  // A function has no declared expiry: the service's text as it is.
  info: { inputs: [], of: (m: PlatformMessage) => messageOutputs(m, undefined) },
  ids: numericIds,
  replaceOnChange: ["resource"],
  normalize: {
    title: emptyAsUnset,
    message: emptyAsUnset,
    url: emptyAsUnset,
    expiresAt: (v) => (v === "" ? undefined : instant(v)),
  },

  async create({ client, account }, declared) {
    const m = await client.platform.messages.create(account, messageBody(declared));
    return { id: m.id, outs: messageOutputs(m, declared.expiresAt) };
  },

  async read({ client, account }, id, state) {
    const m = await orUndefinedWhenGone(client.platform.messages.get(account, id));
    return m ? messageOutputs(m, state.expiresAt) : undefined;
  },

  async update({ client, account }, id, _olds, news) {
    const body = messageBody(news);
    // Fields removed from the program are cleared.
    for (const key of ["title", "message", "url"] as const) if (news[key] === undefined) body[key] = "";
    const m = await client.platform.messages.update(account, id, body);
    return messageOutputs(m, news.expiresAt);
  },

  async delete({ client, account }, id) {
    await deleteIgnoringGone(() => client.platform.messages.delete(account, id));
  },
});
