/**
 * Domain pushes between accounts, the source account's side: it offers a domain to another
 * account (the target's answer is `DomainPushAnswer`, domain-push-answer.ts). A resource because
 * it changes things at the service: a function would run again on every preview.
 */
import { z } from "zod";
import { ServiceId } from "../client";
import { domainRef, nonEmptyString } from "../framework/fields";
import { defineResource, numericIds } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import { canonicalDomainRef } from "../dns/domain-names";
import { orders, str } from "../framework/review-text";

const outputs = {
  pushId: ServiceId.describe("The push's id: what the target account answers."),
  domainId: ServiceId.describe("The pushed domain's id."),
  targetAccountId: ServiceId.describe("The target account's numeric id."),
  completed: z.boolean().describe("True once the domain left this account (accepted); seen on refresh."),
};

/**
 * Pushes a domain to another account, named by its identifier (e.g. its e-mail). The push is a
 * one-way offer: the API has no way to withdraw it, so destroy only removes it from the stack.
 * Refresh notices when the target accepted (the domain left this account: `completed` true).
 */
export const domainPushResource = defineResource({
  kind: "DomainPush",
  notImportable:
    "a push moves a domain to another account once; when it is accepted there is nothing left in this account to read back",
  docs: {
    summary: [
      "Offers a domain to another account. The target accepts or rejects it, in its own program or",
      "in this one, with {@link DomainPushAnswer}. The API cannot withdraw a push: destroy only removes",
      "it from the stack.",
    ].join("\n"),
    example: [
      'const push = new dnsimple.DomainPush("handover", { domain: "example.com", targetAccount: "ops@example.org" });',
      'new dnsimple.DomainPushAnswer("take", { account: 2002, pushId: push.pushId, contactId: 55 });',
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com", targetAccount: "team@example.org" },
    replaces: { domain: "other.com", targetAccount: "other@example.org" },
    same: [{ domain: "Example.com", targetAccount: "TEAM@example.org" }],
    invalid: [
      ["adopt", "adopt on a kind that cannot adopt", { adopt: true }],
      ["targetAccount", "empty target account", { targetAccount: "" }],
    ],
  },
  review: {
    risks: {
      // A push cannot be undone: the resource only leaves the stack (a note says so).
      delete: () => null,
      deleteNote: (ch, say) =>
        `Push of ${say.code(str(ch.before?.domain))}: a push cannot be undone; the resource only leaves the stack.`,
      change: (ch, say) =>
        orders(ch)
          ? [
              [
                "ownership",
                `Pushes ${say.code(str(ch.after?.domain))} to another account (${say.code(say.value("targetAccount", "after"))}): once accepted it leaves this account, which cannot be undone.`,
              ],
            ]
          : [],
    },
    section: "pushes",
    noun: ["domain push", "domain pushes"],
    verbs: { replace: "pushed elsewhere" },
    label: (p) => str(p.domain),
    masks: { targetAccount: "email" },
  },

  inputs: {
    domain: domainRef().describe("The domain (name or id) to push."),
    targetAccount: nonEmptyString("targetAccount").describe(
      "The target account's identifier (as the service names it, e.g. its e-mail).",
    ),
  },
  outputs,
  ids: numericIds,
  replaceOnChange: ["domain", "targetAccount"],
  normalize: { targetAccount: (v) => v.toLowerCase() },

  async create({ client, account }, inputs) {
    const domain = canonicalDomainRef(inputs.domain);
    const push = await client.pushes.initiate(account, domain, {
      new_account_identifier: inputs.targetAccount,
    });
    return {
      id: push.id,
      outs: { pushId: push.id, domainId: push.domain_id, targetAccountId: push.account_id, completed: false },
    };
  },

  async read({ client, account }, _id, state) {
    const domain = await orUndefinedWhenGone(client.domains.get(account, canonicalDomainRef(state.domain)));
    // The push itself cannot be read back: what create recorded stays.
    const { pushId, domainId, targetAccountId } = state;
    // The domain left this account: the push was accepted (or the domain deleted); either way done.
    return {
      pushId: pushId!,
      domainId: domainId!,
      targetAccountId: targetAccountId!,
      completed: domain === undefined,
    };
  },

  async delete() {
    // The API cannot withdraw a push; the target can still reject it.
  },
});
