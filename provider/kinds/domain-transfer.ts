/**
 * DomainTransfer: transfers a domain in from another registrar with its authorization code (a
 * secret input). The order may stay pending; waiting, registrant changes and "no second payment
 * by surprise" are shared with DomainRegistration (registrar-lifecycle.ts).
 */
import { z } from "zod";
import { ServiceId } from "../client";
import { apiId } from "../framework/fields";
import { defineResource, secret, stringIds, type InputsOf, type OutputsOf } from "../framework/kind";
import { hasStatus, orUndefinedWhenGone } from "../framework/lookup";
import * as lifecycle from "./registrar-lifecycle";
import { pendingId, WAITING_LOCAL } from "../framework/waiting";
import { type Change, domainOrderBuys, str } from "../framework/review-text";

const inputs = {
  ...lifecycle.orderInputs({
    domain: "The name to transfer in.",
    registrantId: "The registrant: a contact id of the account.",
    extendedAttributes: "TLD-specific attributes (when transferring and changing the registrant).",
    premiumPrice: "For premium names: the transfer price as confirmation.",
    orderAgain:
      "Consent to a second order: like `orderAgain` of a `DomainRegistration`, for a domain that left " +
      "the account after this stack transferred it in (a new transfer needs a current `authCode`). " +
      "Without it, `up` fails with an explanation instead of paying for a new transfer. Default false.",
  }),
  authCode: secret(z.string().min(1, "authCode must not be empty")).describe(
    "The authorization (EPP) code from the current registrar.",
  ),
};

const transferOutputs = {
  transferId: ServiceId.optional().describe("The transfer order's id."),
  transferState: z
    .string()
    .optional()
    .describe("The transfer order's state: `transferring`, `transferred`, `cancelled`, …"),
  statusDescription: z
    .string()
    .nullable()
    .optional()
    .describe("The service's explanation of the transfer's state; null when it gives none."),
};

const outputs = { ...transferOutputs, ...lifecycle.orderedDomainOutputs };

const TRANSFER = lifecycle.orderKind({
  resource: "DomainTransfer",
  states: { pending: ["new", "transferring"], done: ["transferred"] },
  get: (client, account, name, id) => client.registrar.getTransfer(account, name, id),
  async place({ client, account }, name, values: InputsOf<typeof inputs>) {
    await lifecycle.refuseRegisteredHere(client, account, name);
    return client.registrar.transfer(account, name, {
      registrant_id: apiId(values.registrantId),
      auth_code: values.authCode,
      ...lifecycle.orderOptions(values),
    });
  },
  outputs: (order): OutputsOf<typeof transferOutputs> => ({
    transferId: order.id,
    transferState: order.state,
    statusDescription: order.status_description ?? null,
  }),
});

/** Whether a transfer in the state is still running (its order pending, or the service says so). */
function transferPending(ch: Change): boolean {
  const state = str(ch.outputs?.transferState);
  return ch.outputs?.pendingOrderId !== undefined || state === "transferring" || state === "new";
}

/**
 * Transfers a domain in from another registrar with its authorization code (a secret input).
 * Destroying while the transfer is still running cancels it; after it completed, destroy leaves
 * the (now registered) domain alone, like DomainRegistration.
 */
export const domainTransferResource = defineResource({
  kind: "DomainTransfer",
  notImportable:
    "a transfer is an order; the registered domain it leaves is imported as a DomainRegistration (`<domain>`)",
  docs: {
    summary: [
      "Transfers a domain in from another registrar. Waits like `DomainRegistration`.",
      "Destroying while the transfer is still running cancels it; once it completed, destroy only",
      "removes the resource from the stack.",
    ].join("\n"),
    example: [
      'import * as pulumi from "@pulumi/pulumi";',
      "const cfg = new pulumi.Config();",
      'new dnsimple.DomainTransfer("example", {',
      '  domain: "example.com", registrantId: 42, authCode: cfg.requireSecret("authCode"),',
      "});",
    ].join("\n"),
  },
  examples: {
    valid: {
      domain: "example.com",
      registrantId: "5",
      authCode: "code",
      autoRenew: false,
      whoisPrivacy: false,
    },
    replaces: { domain: "other.com" },
    inPlace: { registrantId: "6", authCode: "other-code", autoRenew: true, pollIntervalSeconds: 5 },
    invalid: [
      ["authCode", "empty auth code", { authCode: "" }],
      ["domain", "bad domain name", { domain: "xfer..com" }],
    ],
  },
  review: {
    risks: {
      delete: (ch, say) =>
        transferPending(ch)
          ? ["delete", `Cancels the running transfer of ${say.code(str(ch.before?.domain))}.`]
          : null,
      // What is bought is said under money.
      replace: () => null,
      deleteNote: (ch, say) =>
        transferPending(ch)
          ? undefined
          : `${say.code(str(ch.before?.domain))} leaves the stack; the completed transfer stays.`,
      buys: (ch) => domainOrderBuys(ch, "transfer"),
    },
    section: "registrar",
    noun: ["domain transfer", "domain transfers"],
    verbs: { create: "started", delete: "left the stack", replace: "started instead of another" },
    label: (p) => str(p.domain),
    fields: [
      "domain",
      "registrantId",
      "authCode",
      "autoRenew",
      "whoisPrivacy",
      "premiumPrice",
      "timeoutSeconds",
      "pollIntervalSeconds",
    ],
    hidden: ["authCode", "extendedAttributes"],
  },

  inputs,
  outputs,
  ids: stringIds,
  replaceOnChange: ["domain"],
  localOnly: ["authCode", "extendedAttributes", "premiumPrice", "orderAgain", ...WAITING_LOCAL],
  ...lifecycle.orderedOperations(TRANSFER),

  async delete({ client, account }, id, state) {
    const transferId = state.pendingOrderId ?? state.transferId;
    if (transferId === undefined || transferId === null) return;
    const order = await orUndefinedWhenGone(client.registrar.getTransfer(account, id, pendingId(transferId)));
    if (!order || !TRANSFER.states.pending.includes(order.state)) return; // finished: leave the domain alone
    try {
      await client.registrar.cancelTransfer(account, id, order.id);
    } catch (error) {
      // Finished between the read and the cancel: nothing left to cancel.
      if (!hasStatus(error, 400) && !hasStatus(error, 404)) throw error;
    }
  },
});
