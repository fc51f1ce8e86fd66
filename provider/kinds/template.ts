/**
 * DNS templates through the legacy v1 API (needs the v1 credentials `dnsimple:v1Email` and
 * `dnsimple:v1Token`, or DNSIMPLE_V1_EMAIL / DNSIMPLE_V1_TOKEN; the account is the v1 user's).
 */
import { z } from "zod";
import { byIdAlone, declaredFrom } from "../framework/imports";
import { ServiceId, V1TemplateSchema, type V1Template } from "../client";
import { defineResource, numericIds } from "../framework/kind";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";
import { v1Of } from "./legacy-v1";
import { str } from "../framework/review-text";

const outputs = serviceFields(V1TemplateSchema, {
  templateId: ServiceId.describe("The service's id of the template."),
  name: "Display name.",
  shortName: "Short name.",
  description: z.string().describe("The description (empty when none)."),
  ...stampDocs("the template"),
});

const templateOutputs = outputsFrom<V1Template>()(outputs, {
  templateId: (t) => t.id,
  description: (t) => t.description ?? "",
});

/** A DNS template (legacy v1). Name, short name and description change in place. */
export const templateResource = defineResource({
  kind: "Template",
  docs: {
    summary: "A DNS template (legacy v1 API: needs `dnsimple:v1Email` and `dnsimple:v1Token`).",
    example:
      'new dnsimple.Template("mail", { name: "Mail setup", shortName: "mail-setup", description: "MX and SPF" });',
  },
  examples: {
    valid: { name: "Mail", shortName: "mail", description: "records for mail" },
    replaces: {},
    inPlace: { name: "Mail 2", shortName: "mail2", description: "other" },
    invalid: [["shortName", "upper case and spaces", { shortName: "Mail Setup" }]],
  },
  review: {
    section: "templates",
    noun: ["template", "templates"],
    label: (p) => str(p.shortName),
  },

  inputs: {
    name: z.string().min(1, "name must not be empty").describe("Display name."),
    shortName: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "must be lower-case letters, digits, - and _ (e.g. mail-setup)")
      .describe("Short name (lower case, `-`, `_`); what `adopt` matches on."),
    description: z.string().optional().describe("What the template is for."),
  },
  outputs,
  info: { inputs: [], of: templateOutputs },
  ids: numericIds,
  imports: {
    ...byIdAlone("templateId", "12"),
    declared: (_ctx, { outs }) => ({
      inputs: declaredFrom({ ...outs, description: outs.description || undefined }, [
        "name",
        "shortName",
        "description",
      ]),
    }),
  },
  replaceOnChange: [],
  normalize: { description: (v) => (v === "" ? undefined : v) },

  async create(ctx, inputs) {
    const t = await v1Of(ctx).createTemplate({
      name: inputs.name,
      short_name: inputs.shortName,
      ...(inputs.description !== undefined ? { description: inputs.description } : {}),
    });
    return { id: t.id, outs: templateOutputs(t) };
  },

  // Identity: the short name, unique in the account.
  refusesDuplicates: true,
  async findMatching(ctx, inputs) {
    const t = await orUndefinedWhenGone(v1Of(ctx).getTemplate(inputs.shortName));
    return t ? [{ id: t.id, outs: templateOutputs(t), createdAt: t.created_at }] : [];
  },

  async read(ctx, id) {
    const t = await orUndefinedWhenGone(v1Of(ctx).getTemplate(id));
    return t ? templateOutputs(t) : undefined;
  },

  async update(ctx, id, _olds, news) {
    const t = await v1Of(ctx).updateTemplate(id, {
      name: news.name,
      short_name: news.shortName,
      description: news.description ?? "",
    });
    return templateOutputs(t);
  },

  async delete(ctx, id) {
    await deleteIgnoringGone(() => v1Of(ctx).deleteTemplate(id));
  },
});
