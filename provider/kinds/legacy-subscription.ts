import { z } from "zod";
import { ServiceId, V1SubscriptionSchema, type V1Subscription } from "../client";
import { createdSince } from "../client";
import { nonEmptyString } from "../framework/fields";
import { numericIds, secret } from "../framework/kind";
import { outputsFrom, serviceFields } from "../framework/outputs-from";
import { hasStatus } from "../framework/lookup";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";

const cardField = (what: string) => z.string().min(1, `${what} must not be empty`);

const creditCard = z
  .object({
    number: cardField("number").describe("The card's number."),
    firstName: cardField("firstName").describe("The card holder's first name."),
    lastName: cardField("lastName").describe("The card holder's last name."),
    billingAddress: cardField("billingAddress").describe("The billing address."),
    billingZip: cardField("billingZip").describe("The billing address's postal code."),
    month: cardField("month").describe("The expiry month."),
    year: cardField("year").describe("The expiry year."),
    cvv: cardField("cvv").describe("The card's security code."),
  })
  .meta({ id: "LegacyCreditCard", description: "A credit card for {@link LegacySubscription}." });

const outputs = serviceFields(V1SubscriptionSchema, {
  subscriptionId: ServiceId.describe("The subscription's id."),
  planName: "The plan subscribed to.",
  subscriptionState: z.string().describe("`subscribed` once done."),
  domainLimit: "How many domains the plan allows.",
});

const subscriptionOutputs = outputsFrom<V1Subscription>()(outputs, {
  subscriptionId: "id",
  subscriptionState: "state",
});

/**
 * Subscribes the v1 user to a plan, once (money is spent). The credit card is a secret input;
 * it is sent to the service and never shown. Destroy does not unsubscribe.
 */
export const legacySubscriptionResource = oneShot({
  kind: "LegacySubscription",
  docs: {
    summary: "Subscribes the v1 user to a plan, once (money is spent). Destroy does not unsubscribe.",
    example: [
      "const cfg = new pulumi.Config();",
      'new dnsimple.LegacySubscription("plan", { plan: "Silver", creditCard: cfg.requireSecretObject("card") });',
    ].join("\n"),
  },
  examples: {
    valid: {
      plan: "Silver",
      creditCard: {
        number: "4111111111111111",
        firstName: "A",
        lastName: "B",
        billingAddress: "1 St",
        billingZip: "1",
        month: "1",
        year: "2030",
        cvv: "1",
      },
    },
    replaces: { plan: "Gold", triggers: 1 },
    inPlace: { orderAgain: true },
    invalid: [["plan", "missing", { plan: undefined }]],
  },
  review: { noun: ["v1 subscription", "v1 subscriptions"] },

  inputs: {
    plan: nonEmptyString("plan").describe("The plan's name, e.g. `Silver`."),
    creditCard: secret(creditCard).describe("The card to pay with: sent to the service, never shown."),
  },
  outputs,
  ids: numericIds,
  describe: (inputs) => `the subscription to ${inputs.plan}`,
  spendsMoney: true,

  async run(ctx, inputs) {
    const card = inputs.creditCard;
    // A lost answer is not resent: the next `up` proves it with `proveDone` or asks for `orderAgain`.
    const s = await v1Of(ctx).createSubscription({
      plan: inputs.plan,
      credit_card: {
        number: card.number,
        first_name: card.firstName,
        last_name: card.lastName,
        billing_address: card.billingAddress,
        billing_zip: card.billingZip,
        month: card.month,
        year: card.year,
        cvv: card.cvv,
      },
    });
    return { id: s.id, outs: subscriptionOutputs(s) };
  },

  async refresh(ctx) {
    try {
      return subscriptionOutputs(await v1Of(ctx).getSubscription());
    } catch (error) {
      if (hasStatus(error, 402)) return undefined;
      throw error;
    }
  },

  async proveDone(ctx, _inputs, mark) {
    const s = await v1Of(ctx)
      .getSubscription()
      .catch(() => undefined);
    return s && createdSince(s.created_at, mark.since)
      ? { id: s.id, outs: subscriptionOutputs(s) }
      : undefined;
  },
});
