import { z } from "zod";
import { ServiceId, type DomainRestore } from "../client";
import { domainOrder, orderedName, premiumPrice } from "./domain-orders";
import { domainName } from "../framework/fields";
import { outputsFrom } from "../framework/outputs-from";
import { oneShot } from "./one-shot";

// The order's fields are absent when a charge proved the restore after a lost answer.
const outputs = {
  restoreId: ServiceId.optional().describe("The restore order's id."),
  restoreState: z.string().describe("`new` while pending, `restored` once done."),
  domainId: ServiceId.optional().describe("The service's id of the restored domain."),
};

const restoreOutputs = outputsFrom<DomainRestore>()(outputs, { restoreId: "id", restoreState: "state" });

/**
 * Restores an expired domain whose registration lapsed, once (money is spent). The id is the
 * restore order's id (after a lost answer proved by a charge: `domain@invoiced_at`).
 */
export const domainRestoreResource = oneShot({
  kind: "DomainRestore",
  docs: {
    summary: "Restores an expired domain once (money is spent); again when `triggers` changes.",
    example: 'new dnsimple.DomainRestore("restore", { domain: "lapsed.com" });',
  },
  examples: {
    valid: { domain: "example.com" },
    replaces: { domain: "other.com", premiumPrice: "40.00", triggers: 1 },
    inPlace: { orderAgain: true },
    invalid: [["domain", "spaces in the domain", { domain: "bad domain" }]],
  },
  review: { noun: ["domain restore", "domain restores"], price: "restore" },

  inputs: {
    domain: domainName().describe("An expired domain whose registration lapsed."),
    premiumPrice: premiumPrice("For premium names: the restore price, as confirmation."),
  },
  outputs,
  ...domainOrder({
    noun: "restore",
    productType: "domain-restore",
    proved: { restoreState: "restored" },
    get: (client, account, name, id) => client.registrar.getRestore(account, name, id),
    outputs: restoreOutputs,
  }),

  async run({ client, account }, inputs) {
    const order = await client.registrar.restore(
      account,
      orderedName(inputs),
      inputs.premiumPrice !== undefined ? { premium_price: inputs.premiumPrice } : {},
    );
    return { id: `${order.id}`, outs: restoreOutputs(order) };
  },
});
