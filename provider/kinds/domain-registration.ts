/**
 * DomainRegistration: registers a domain with the registry (money is spent). The order may stay
 * pending; waiting, registrant changes and "no second payment by surprise" are shared with
 * DomainTransfer (registrar-lifecycle.ts).
 */
import { z } from "zod";
import { domainAndId, domainOnly } from "../framework/imports";
import { ServiceId, type DnsimpleClient } from "../client";
import { apiId } from "../framework/fields";
import { defineResource, stringIds, type InputsOf, type OutputsOf } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import * as lifecycle from "./registrar-lifecycle";
import { WAITING_LOCAL } from "../framework/waiting";
import { domainOrderBuys, str } from "../framework/review-text";

const inputs = {
  ...lifecycle.orderInputs({
    domain: "The name to register.",
    registrantId:
      "The registrant: a contact id of the account (e.g. `contact.contactId`). Changing it runs a " +
      "registrant change at the registry, in place; one the registry leaves pending (a change of owner " +
      "can take days) is recorded in state and the next `up` keeps waiting for it. Registries that " +
      "want extended attributes for the new registrant get them from `extendedAttributes`.",
    extendedAttributes:
      "TLD-specific attributes the registry requires (when registering and changing the registrant).",
    premiumPrice:
      'For premium names: the registration price the check reports, as confirmation (e.g. `"1200.00"`).',
    orderAgain:
      "Consent to a second order. When the domain has left the account since this stack registered " +
      "it (deleted, transferred away, registration lapsed), `refresh` keeps the resource marked " +
      "`goneFromAccount` and the next `up` fails with an explanation instead of paying for a new " +
      "registration. Set `orderAgain: true` to register it again (then remove it, or it consents to " +
      "the next time too), or remove the resource from the program to stop managing it. Default false.",
  }),
};

const registrationOutputs = {
  registrationId: ServiceId.optional().describe("The registration order's id."),
  registrationState: z.string().optional().describe("The order's state: `registering`, `registered`, …"),
};

const outputs = { ...registrationOutputs, ...lifecycle.orderedDomainOutputs };

/** Stops at the premium question before money is spent: the user confirms the price. */
async function confirmPremium(
  client: DnsimpleClient,
  account: string,
  name: string,
  values: InputsOf<typeof inputs>,
): Promise<void> {
  const check = await client.registrar.check(account, name);
  if (!check.available && check.domain) await lifecycle.refuseRegisteredHere(client, account, name);
  if (check.premium && values.premiumPrice === undefined) {
    const prices = await client.registrar.prices(account, name);
    throw new Error(
      `${name} is a premium domain: its registration costs ${prices.registration_price.toFixed(2)}. ` +
        `Confirm the price by setting premiumPrice: "${prices.registration_price.toFixed(2)}"`,
    );
  }
}

const REGISTRATION = lifecycle.orderKind({
  resource: "DomainRegistration",
  states: { pending: ["new", "registering"], done: ["registered"] },
  get: (client, account, name, id) => client.registrar.getRegistration(account, name, id),
  async place({ client, account }, name, values: InputsOf<typeof inputs>) {
    await confirmPremium(client, account, name, values);
    return client.registrar.register(account, name, {
      registrant_id: apiId(values.registrantId),
      ...lifecycle.orderOptions(values),
    });
  },
  outputs: (order): OutputsOf<typeof registrationOutputs> => ({
    registrationId: order.id,
    registrationState: order.state,
  }),
});

/**
 * Registers a domain with the registry (money is spent). Premium names need `premiumPrice` to
 * confirm the price the check reports. Destroy does not delete the registration: it leaves the
 * stack, and the domain stays registered (delete it with the `Domain` resource or at the service).
 */
export const domainRegistrationResource = defineResource({
  kind: "DomainRegistration",
  docs: {
    summary: [
      "Registers a domain with the registry. This spends money. A registration that the service",
      "answers as pending is polled up to `timeoutSeconds`; on timeout it stays in the stack and the",
      "next `up` resumes waiting. **Destroy never deletes a registration**: it only removes the",
      "resource from the stack, and the domain stays registered. **No second payment by surprise**: if",
      "the domain leaves the account, the resource stays in the stack marked `goneFromAccount`, and",
      "`up` registers it again only with `orderAgain: true`.",
    ].join("\n"),
    example: [
      'const owner = new dnsimple.Contact("owner", {',
      '  label: "owner", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "+1.5555550100",',
      '  address1: "1 Main St", city: "Springfield", stateProvince: "IL", postalCode: "62701", country: "US",',
      "});",
      'const reg = new dnsimple.DomainRegistration("example", {',
      '  domain: "example.com", registrantId: owner.contactId, autoRenew: true, whoisPrivacy: true,',
      "});",
      "export const expiresAt = reg.expiresAt;",
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com", registrantId: "5", autoRenew: false, whoisPrivacy: false },
    replaces: { domain: "other.com" },
    inPlace: { registrantId: "6", autoRenew: true, whoisPrivacy: true, timeoutSeconds: 60 },
    same: [{ domain: "Example.COM", registrantId: 5, orderAgain: false, goneFromAccount: false }],
    invalid: [
      ["registrantId", "registrant id not numeric", { registrantId: "me" }],
      ["premiumPrice", "price not a number", { premiumPrice: "cheap" }],
      ["timeoutSeconds", "negative wait", { timeoutSeconds: -1 }],
      ["transferLock", "string instead of a boolean", { transferLock: "on" }],
    ],
  },
  review: {
    risks: {
      // Nothing happens at the service: the registration stays (a note says so).
      delete: () => null,
      // What is bought is said under money; the old registration stays.
      replace: () => null,
      deleteNote: (ch, say) =>
        `${say.code(str(ch.before?.domain))} leaves the stack but stays registered: destroy never deletes a registration.`,
      buys: (ch) => domainOrderBuys(ch, "registration"),
    },
    section: "registrar",
    noun: ["domain", "domains"],
    verbs: {
      create: "registered",
      update: "changed at the registrar",
      delete: "left the stack (still registered)",
      replace: "registered instead of another",
    },
    label: (p) => str(p.domain),
    fields: [
      "domain",
      "registrantId",
      "autoRenew",
      "whoisPrivacy",
      "premiumPrice",
      "timeoutSeconds",
      "pollIntervalSeconds",
    ],
    hidden: ["extendedAttributes"],
  },

  inputs,
  outputs,
  ids: stringIds,
  imports: {
    // The bridged provider's `<domain>_<registrationId>`: the API cannot look a registration up by
    // its id (its docs say so), so the domain name decides and the id is not used.
    forms: [domainOnly("domain", true), domainAndId("domain", "registrationId", "example.com_1234", true)],
    async locate({ client, account }, { domain = "" }) {
      const found = await orUndefinedWhenGone(client.domains.get(account, domain));
      return found && found.state !== "hosted"
        ? { id: found.name, state: { domain: found.name } }
        : undefined;
    },
    async declared({ client, account }, { id, outs }) {
      const domain = await client.domains.get(account, id);
      return {
        inputs: {
          domain: domain.name,
          ...(domain.registrant_id !== null ? { registrantId: domain.registrant_id } : {}),
          autoRenew: domain.auto_renew,
          whoisPrivacy: domain.private_whois,
          ...(typeof outs.transferLock === "boolean" ? { transferLock: outs.transferLock } : {}),
        },
      };
    },
  },
  replaceOnChange: ["domain"],
  localOnly: ["extendedAttributes", "premiumPrice", "orderAgain", ...WAITING_LOCAL],
  ...lifecycle.orderedOperations(REGISTRATION),

  async delete() {
    // Deliberately nothing: a registration cannot be undone, and deleting the domain would give it
    // up. Destroy only removes it from the stack.
  },
});
