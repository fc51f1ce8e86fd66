import { z } from "zod";
import type { EmailForward } from "../client";
import { type Created, type ResourceDefinition, type State } from "./framework/define-resource";
import { domainRef, emailAddress } from "./framework/fields";
import { domainChildReadAndDelete } from "./framework/domain-child";
import { invalidateCollection } from "./framework/read-cache";
import { canonicalDomainRef } from "./names";

const collectionKey = (account: string, domain: unknown) =>
  `emailForwards:${account}:${canonicalDomainRef(domain)}`;

/** The local part of the alias: `john` of `john@example.com`. */
const aliasOf = (aliasEmail: string) => aliasEmail.slice(0, aliasEmail.lastIndexOf("@"));

export function emailForwardOutputs(forward: EmailForward): State {
  return {
    emailForwardId: forward.id,
    domainId: forward.domain_id,
    aliasName: aliasOf(forward.alias_email),
    aliasEmail: forward.alias_email,
    destinationEmail: forward.destination_email,
    active: forward.active ?? true,
    createdAt: forward.created_at,
    updatedAt: forward.updated_at,
  };
}

/**
 * Forwards mail for `aliasName@domain` to `destinationEmail`. The API has no update for
 * forwards, so a change replaces the forward.
 */
export const emailForwardResource: ResourceDefinition = {
  kind: "EmailForward",
  inputs: {
    domain: domainRef(),
    aliasName: z
      .string()
      .min(1, "aliasName must not be empty")
      .refine((v) => !v.includes("@"), {
        message: "aliasName is the local part only: `john`, not `john@example.com`",
      })
      .refine((v) => !/\s/.test(v), { message: "aliasName must not contain spaces" }),
    destinationEmail: emailAddress(),
  },
  replaceOnChange: ["domain", "aliasName", "destinationEmail"],
  normalize: {
    domain: canonicalDomainRef,
    aliasName: (v) => String(v).toLowerCase(),
    destinationEmail: (v) => String(v).toLowerCase(),
  },

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account, inputs.domain));
    const forward = await client.emailForwards.create(account, canonicalDomainRef(inputs.domain), {
      alias_name: String(inputs.aliasName),
      destination_email: String(inputs.destinationEmail),
    });
    return { id: String(forward.id), outs: emailForwardOutputs(forward) };
  },

  // Identity: the alias, unique in its domain.
  refusesDuplicates: true,
  async findMatching({ client, account }, inputs) {
    const alias = String(inputs.aliasName).toLowerCase();
    const matching: Created[] = [];
    for await (const f of client.emailForwards.iterate(account, canonicalDomainRef(inputs.domain))) {
      if (aliasOf(f.alias_email).toLowerCase() === alias) {
        matching.push({ id: String(f.id), outs: emailForwardOutputs(f), createdAt: f.created_at });
      }
    }
    return matching;
  },

  // An alias exists once per domain: a new destination for the same alias replaces delete-first.
  deleteBeforeReplace: (olds, news) =>
    canonicalDomainRef(olds.domain) === canonicalDomainRef(news.domain) &&
    String(olds.aliasName).toLowerCase() === String(news.aliasName).toLowerCase(),

  ...domainChildReadAndDelete({
    collectionKey,
    api: (client) => client.emailForwards,
    outputs: emailForwardOutputs,
  }),
};
