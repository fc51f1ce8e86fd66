/**
 * Domain pushes between accounts: `DomainPush` (the source account offers a domain) and
 * `DomainPushAnswer` (the target account accepts it with one of its contacts, or rejects it).
 * Both are resources because both change things at the service: a function would run again on
 * every preview.
 */
import { z } from "zod";
import type { Push } from "../client";
import type { ResourceDefinition, State } from "./framework/define-resource";
import { domainRef, nonEmptyString, numericId } from "./framework/fields";
import { canonicalDomainRef } from "./names";
import { orUndefinedWhenGone } from "./framework/lookup";

/**
 * Pushes a domain to another account, named by its identifier (e.g. its e-mail). The push is a
 * one-way offer: the API has no way to withdraw it, so destroy only removes it from the stack.
 * Refresh notices when the target accepted (the domain left this account: `completed` true).
 */
export const domainPushResource: ResourceDefinition = {
  kind: "DomainPush",
  inputs: {
    domain: domainRef(),
    targetAccount: nonEmptyString("targetAccount"),
  },
  replaceOnChange: ["domain", "targetAccount"],
  normalize: { domain: canonicalDomainRef, targetAccount: (v) => String(v).toLowerCase() },

  async create({ client, account }, inputs) {
    const domain = canonicalDomainRef(inputs.domain);
    const push = await client.pushes.initiate(account, domain, {
      new_account_identifier: String(inputs.targetAccount),
    });
    return {
      id: String(push.id),
      outs: { pushId: push.id, domainId: push.domain_id, targetAccountId: push.account_id, completed: false },
    };
  },

  async read({ client, account }, _id, state) {
    const domain = await orUndefinedWhenGone(client.domains.get(account, canonicalDomainRef(state.domain)));
    // The domain left this account: the push was accepted (or the domain deleted); either way done.
    return { completed: domain === undefined };
  },

  async delete() {
    // The API cannot withdraw a push; the target can still reject it.
  },
};

function answerOutputs(push: Push, accepted: boolean): State {
  return { domainId: push.domain_id, answeredAt: new Date().toISOString(), accepted };
}

/**
 * The target account's answer to a pending push: `accept: true` (default) with `contactId`, a
 * contact of the target account that becomes the registrant, or `accept: false` to reject. Use
 * the target account's id in `account`. An answer cannot be taken back: every change replaces
 * (and fails, as the push is no longer pending); destroy only removes it from the stack.
 */
export const domainPushAnswerResource: ResourceDefinition = {
  kind: "DomainPushAnswer",
  inputs: {
    pushId: numericId("pushId"),
    accept: z.boolean().default(true),
    contactId: numericId("contactId").optional(),
  },
  replaceOnChange: ["pushId", "accept", "contactId"],
  normalize: { pushId: String, contactId: String },

  refine(inputs) {
    if (inputs.accept !== false && inputs.contactId === undefined) {
      return [
        { property: "contactId", reason: "contactId is required to accept a push (the new registrant)" },
      ];
    }
    return [];
  },

  async create({ client, account }, inputs) {
    const pushId = Number(inputs.pushId);
    let push: Push | undefined;
    for await (const p of client.pushes.iterate(account)) if (p.id === pushId) push = p;
    if (!push) {
      throw new Error(
        `No pending push ${pushId} for account ${account}: it was answered already, or it was pushed to ` +
          `another account (set \`account\` to the target account's id)`,
      );
    }
    if (inputs.accept === false) await client.pushes.reject(account, pushId);
    else await client.pushes.accept(account, pushId, { contact_id: Number(inputs.contactId) });
    return { id: String(pushId), outs: answerOutputs(push, inputs.accept !== false) };
  },

  async read(_ctx, _id, state) {
    // An answer is a past event; nothing at the service to compare it with.
    return { accepted: state.accepted ?? true };
  },

  async delete() {
    // An answer cannot be taken back.
  },
};
