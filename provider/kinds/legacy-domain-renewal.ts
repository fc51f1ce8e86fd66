import { z } from "zod";
import { domainName } from "../framework/fields";
import { stringIds } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import { domainOf, domainOutputs, domainOutputShape, startedAt } from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";

/**
 * Renews a domain through API v1 for its minimum period, once (money is spent). The service
 * answers with the domain, so the id is the domain's id and the time of the renewal.
 */
export const legacyDomainRenewalResource = oneShot({
  kind: "LegacyDomainRenewal",
  docs: {
    summary: [
      "Renews a domain through API v1 for its minimum period, once (money is spent); again when",
      "`triggers` changes. Removing it does not undo the renewal.",
    ].join("\n"),
    example: 'new dnsimple.LegacyDomainRenewal("renew", { domain: "example.com", triggers: "2025" });',
  },
  examples: {
    valid: { domain: "example.com", renewWhoisPrivacy: false },
    replaces: { domain: "other.com", renewWhoisPrivacy: true, triggers: 1 },
    inPlace: { orderAgain: true },
    invalid: [["domain", "empty domain", { domain: "" }]],
  },
  review: { noun: ["v1 domain renewal", "v1 domain renewals"], price: "renewal" },

  inputs: {
    domain: domainName().describe("The domain to renew: a domain registered with the service."),
    renewWhoisPrivacy: z.boolean().default(false).describe("Renew WHOIS privacy too (default false)."),
  },
  outputs: domainOutputShape,
  ids: stringIds,
  describe: (inputs) => `the v1 renewal of ${domainOf(inputs)}`,
  spendsMoney: true,

  async run(ctx, inputs, mark) {
    const d = await v1Of(ctx).renewDomain({
      name: domainOf(inputs),
      renew_whois_privacy: inputs.renewWhoisPrivacy === true,
    });
    return { id: `${d.id}@${startedAt(mark)}`, outs: domainOutputs(d) };
  },

  async refresh(ctx, _id, state) {
    const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(domainOf(state)));
    return d ? domainOutputs(d) : undefined;
  },
});
