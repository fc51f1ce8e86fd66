import { z } from "zod";
import { declaredFrom, idOnly, underDomain } from "../framework/imports";
import { ServiceId, EmailForwardSchema, type EmailForward } from "../client";
import { domainRef, emailAddress } from "../framework/fields";
import { domainChildReadAndDelete, locateDomainChild } from "../framework/domain-child";
import { defineResource, type Found, numericIds } from "../framework/kind";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import { invalidateCollection } from "../framework/read-cache";
import { canonicalDomainRef } from "../dns/domain-names";
import { str } from "../framework/review-text";

const collectionKey = (account: string, domain: unknown) =>
  `emailForwards:${account}:${canonicalDomainRef(domain)}`;

/** The local part of the alias: `john` of `john@example.com`. */
const aliasOf = (aliasEmail: string) => aliasEmail.slice(0, aliasEmail.lastIndexOf("@"));

const outputs = serviceFields(EmailForwardSchema, {
  emailForwardId: ServiceId.describe("The service's id of the forward."),
  domainId: "The service's id of the domain.",
  aliasName: z.string().describe("The local part of the receiving address, as the service keeps it."),
  aliasEmail: "The full receiving address, e.g. `sales@example.com`.",
  destinationEmail: "Where the mail goes, as the service keeps it.",
  active: z.boolean().describe("Whether the forward is active."),
  ...stampDocs("the forward"),
});

export const emailForwardOutputs = outputsFrom<EmailForward>()(outputs, {
  emailForwardId: (forward) => forward.id,
  aliasName: (forward) => aliasOf(forward.alias_email),
  active: (forward) => forward.active ?? true,
});

export const emailForwardResource = defineResource({
  kind: "EmailForward",
  docs: {
    summary:
      "Forwards mail sent to `aliasName@domain` to another address. The API cannot change a forward, " +
      "so any change replaces it.",
    example: [
      'const fwd = new dnsimple.EmailForward("sales", {',
      '  domain: "example.com",',
      '  aliasName: "sales",',
      '  destinationEmail: "team@example.org",',
      "});",
      "export const salesAddress = fwd.aliasEmail;",
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com", aliasName: "sales", destinationEmail: "team@example.org" },
    replaces: { domain: "other.com", aliasName: "info", destinationEmail: "other@example.org" },
    same: [{ domain: "EXAMPLE.COM", aliasName: "Sales", destinationEmail: "Team@Example.org" }],
    invalid: [
      ["aliasName", "empty alias", { aliasName: "" }],
      ["aliasName", "full address as alias", { aliasName: "sales@bad-input.com" }],
      ["aliasName", "space in alias", { aliasName: "sa les" }],
      ["destinationEmail", "not an e-mail address", { destinationEmail: "not-an-email" }],
      ["destinationEmail", "a number", { destinationEmail: 7 }],
      ["domain", "empty domain", { domain: "" }],
      ["domain", "negative domain id", { domain: -5 }],
    ],
  },
  review: {
    section: "forwards",
    noun: ["email forward", "email forwards"],
    zone: "domain",
    label: (p) => str(p.aliasName).toLowerCase(),
    fields: ["aliasName", "destinationEmail"],
    masks: { destinationEmail: "email" },
  },

  inputs: {
    domain: domainRef().describe("The domain, by name or numeric id."),
    aliasName: z
      .string()
      .min(1, "aliasName must not be empty")
      .refine((v) => !v.includes("@"), {
        message: "aliasName is the local part only: `john`, not `john@example.com`",
      })
      .refine((v) => !/\s/.test(v), { message: "aliasName must not contain spaces" })
      .describe("The local part of the receiving address: `john` forwards `john@<domain>`."),
    destinationEmail: emailAddress().describe("Where the mail goes."),
  },
  outputs,
  info: { inputs: [], of: emailForwardOutputs },
  ids: numericIds,
  replaceOnChange: ["domain", "aliasName", "destinationEmail"],
  normalize: {
    aliasName: (v) => v.toLowerCase(),
    destinationEmail: (v) => v.toLowerCase(),
  },

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account, inputs.domain));
    const forward = await client.emailForwards.create(account, canonicalDomainRef(inputs.domain), {
      alias_name: inputs.aliasName,
      destination_email: inputs.destinationEmail,
    });
    return { id: forward.id, outs: emailForwardOutputs(forward) };
  },

  // Identity: the alias, unique in its domain.
  refusesDuplicates: true,
  async findMatching({ client, account }, inputs) {
    const alias = inputs.aliasName.toLowerCase();
    const matching: Array<Found<typeof outputs, number>> = [];
    for await (const f of client.emailForwards.iterate(account, canonicalDomainRef(inputs.domain))) {
      if (aliasOf(f.alias_email).toLowerCase() === alias) {
        matching.push({ id: f.id, outs: emailForwardOutputs(f), createdAt: f.created_at });
      }
    }
    return matching;
  },

  // An alias exists once per domain: a new destination for the same alias replaces delete-first.
  deleteBeforeReplace: (olds, news) =>
    canonicalDomainRef(olds.domain) === canonicalDomainRef(news.domain) &&
    olds.aliasName.toLowerCase() === news.aliasName.toLowerCase(),

  imports: {
    forms: [...underDomain("domain", "emailForwardId", "example.com_1234"), idOnly("emailForwardId", "1234")],
    locate: locateDomainChild((client) => client.emailForwards),
    declared: (_ctx, { state, outs }) => ({
      inputs: { domain: state.domain, ...declaredFrom(outs, ["aliasName", "destinationEmail"]) },
    }),
  },

  ...domainChildReadAndDelete({
    collectionKey,
    api: (client) => client.emailForwards,
    outputs: emailForwardOutputs,
  }),
});
