import { z } from "zod";
import { ServiceId, type DomainRenewal } from "../client";
import { domainOrder, orderedName, premiumPrice } from "./domain-orders";
import { domainName } from "../framework/fields";
import { outputsFrom } from "../framework/outputs-from";
import { oneShot } from "./one-shot";

// The order's fields are absent when a charge proved the renewal after a lost answer.
const outputs = {
  years: z
    .number()
    .optional()
    .describe("Years renewed: as given, else the TLD's default that the order states."),
  renewalId: ServiceId.optional().describe("The renewal order's id."),
  renewalState: z.string().describe("`new` while pending, `renewed` once done."),
  period: z.number().optional().describe("The years renewed."),
  domainId: ServiceId.optional().describe("The service's id of the renewed domain."),
};

const renewalOutputs = outputsFrom<DomainRenewal>()(outputs, { renewalId: "id", renewalState: "state" });

/**
 * Renews a registered domain once (money is spent). Runs again when `triggers` changes.
 * The id is the renewal order's id (after a lost answer proved by a charge: `domain@invoiced_at`).
 */
export const domainRenewalResource = oneShot({
  kind: "DomainRenewal",
  docs: {
    summary: [
      "Renews a domain once (money is spent); again when `triggers` changes. The service may answer",
      "with a pending order: `renewalState` shows it, and `refresh` updates it. Removing the resource",
      "does not undo the renewal.",
    ].join("\n"),
    example: [
      'const renewal = new dnsimple.DomainRenewal("renew", { domain: "example.com", years: 2, triggers: "2025-06" });',
      "export const renewalState = renewal.renewalState;",
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com", years: 1, triggers: "2025" },
    replaces: { domain: "other.com", years: 2, premiumPrice: "12.00", triggers: "2026" },
    inPlace: { orderAgain: true },
    invalid: [
      ["years", "more than 10 years", { years: 11 }],
      ["orderAgain", "string instead of boolean", { orderAgain: "yes" }],
    ],
  },
  review: { noun: ["domain renewal", "domain renewals"], price: "renewal" },

  inputs: {
    domain: domainName().describe("A domain registered with the service."),
    years: z
      .number()
      .int()
      .min(1, "must be 1 to 10 years")
      .max(10, "must be 1 to 10 years")
      .optional()
      .describe("Years (1 to 10); the TLD's default when left out."),
    premiumPrice: premiumPrice(
      "For premium names: the renewal price, as confirmation (`getPrices(...).renewalPrice`).",
    ),
  },
  outputs,
  ...domainOrder({
    noun: "renewal",
    productType: "domain-renewal",
    proved: { renewalState: "renewed" },
    get: (client, account, name, id) => client.registrar.getRenewal(account, name, id),
    outputs: renewalOutputs,
  }),

  async run({ client, account }, inputs) {
    const order = await client.registrar.renew(account, orderedName(inputs), {
      ...(inputs.years !== undefined ? { period: inputs.years } : {}),
      ...(inputs.premiumPrice !== undefined ? { premium_price: inputs.premiumPrice } : {}),
    });
    // Years left out: the TLD's default, which the order states.
    return { id: `${order.id}`, outs: { ...renewalOutputs(order), years: inputs.years ?? order.period } };
  },
});
