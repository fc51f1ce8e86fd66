/**
 * Domain pushes between accounts, the target account's side: it accepts a pending push with one
 * of its contacts, or rejects it (the offer is `DomainPush`, domain-push.ts). A resource because
 * it changes things at the service: a function would run again on every preview.
 */
import { z } from "zod";
import { ServiceId, type Push } from "../client";
import { apiId, numericId } from "../framework/fields";
import { defineResource, numericIds, type OutputsOf } from "../framework/kind";
import { orders, str } from "../framework/review-text";

const outputs = {
  domainId: ServiceId.describe("The pushed domain's id."),
  accepted: z.boolean().describe("Whether the push was accepted (false: rejected)."),
  answeredAt: z.string().describe("When this resource answered the push (ISO 8601)."),
};

function answerOutputs(push: Push, accepted: boolean): OutputsOf<typeof outputs> {
  return { domainId: push.domain_id, answeredAt: new Date().toISOString(), accepted };
}

/**
 * The target account's answer to a pending push: `accept: true` (default) with `contactId`, a
 * contact of the target account that becomes the registrant, or `accept: false` to reject. Use
 * the target account's id in `account`. An answer cannot be taken back: every change replaces
 * (and fails, as the push is no longer pending); destroy only removes it from the stack.
 */
export const domainPushAnswerResource = defineResource({
  kind: "DomainPushAnswer",
  notImportable: "it is the answer to a push (accepted or rejected once), not an object the service keeps",
  docs: {
    summary: [
      "The target account's answer to a pending {@link DomainPush}: accept it with one of its",
      "contacts, or reject it. Set `account` to the target account. An answer is final: destroy only",
      "removes it from the stack.",
    ].join("\n"),
    example: [
      'new dnsimple.DomainPushAnswer("accept", { account: 2002, pushId: 123, contactId: 55 });',
      'new dnsimple.DomainPushAnswer("decline", { account: 2002, pushId: 124, accept: false });',
    ].join("\n"),
  },
  examples: {
    valid: { pushId: "1", accept: true, contactId: "2" },
    replaces: { pushId: "3", accept: false, contactId: "4" },
    invalid: [["pushId", "push id not numeric", { pushId: "latest" }]],
  },
  review: {
    risks: {
      delete: () => null,
      deleteNote: (ch, say) =>
        `Answer to push ${say.code(str(ch.before?.pushId))}: a push cannot be undone; the resource only leaves the stack.`,
      change: (ch) =>
        orders(ch)
          ? [
              [
                "ownership",
                ch.after?.accept === false
                  ? `Rejects a domain push in account ${ch.account}.`
                  : `Accepts a domain push into account ${ch.account}.`,
              ],
            ]
          : [],
    },
    section: "pushes",
    noun: ["push answer", "push answers"],
    label: (p) => `push ${str(p.pushId)}`,
  },

  inputs: {
    pushId: numericId("pushId").describe("The pending push (e.g. `push.pushId`)."),
    accept: z.boolean().default(true).describe("Accept (default) or reject (`false`)."),
    contactId: numericId("contactId")
      .optional()
      .describe("A contact of the target account that becomes the registrant; required to accept."),
  },
  outputs,
  ids: numericIds,
  replaceOnChange: ["pushId", "accept", "contactId"],

  refine(inputs) {
    if (inputs.accept !== false && inputs.contactId === undefined) {
      return [
        { property: "contactId", reason: "contactId is required to accept a push (the new registrant)" },
      ];
    }
    return [];
  },

  async create({ client, account }, inputs) {
    const pushId = apiId(inputs.pushId);
    let push: Push | undefined;
    for await (const p of client.pushes.iterate(account)) if (p.id === pushId) push = p;
    if (!push) {
      throw new Error(
        `No pending push ${pushId} for account ${account}: it was answered already, or it was pushed to ` +
          `another account (set \`account\` to the target account's id)`,
      );
    }
    if (inputs.accept === false) await client.pushes.reject(account, pushId);
    else {
      // `refine` made sure of it: accepting names the new registrant.
      const contactId = inputs.contactId!;
      await client.pushes.accept(account, pushId, { contact_id: apiId(contactId) });
    }
    return { id: pushId, outs: answerOutputs(push, inputs.accept !== false) };
  },

  async read(_ctx, _id, state) {
    // An answer is a past event; nothing at the service to compare it with: what create recorded stays.
    return { domainId: state.domainId!, answeredAt: state.answeredAt!, accepted: state.accepted ?? true };
  },

  async delete() {
    // An answer cannot be taken back.
  },
});
