import { z } from "zod";
import { domainRef } from "../framework/fields";
import { stringIds } from "../framework/kind";
import { canonicalDomainRef } from "../dns/domain-names";
import { oneShot } from "./one-shot";
import { TRANSFER_OUT_EFFECT } from "../framework/review-text";

/**
 * Unlocks a registered domain and has the service send its authorization code to the
 * administrative contact. The code never passes through Pulumi. Sending it twice is harmless.
 * The id is `domain@authorizedAt`.
 */
export const domainTransferOutAuthorizationResource = oneShot({
  kind: "DomainTransferOutAuthorization",
  docs: {
    summary: [
      "Unlocks a registered domain and has the service e-mail its authorization code to the",
      "administrative contact, once; again when `triggers` changes. The code never passes through",
      "Pulumi. Removing the resource does not lock the domain again.",
    ].join("\n"),
    example: 'new dnsimple.DomainTransferOutAuthorization("leave", { domain: "example.com" });',
  },
  examples: {
    valid: { domain: "example.com", triggers: { at: 1 } },
    replaces: { domain: "other.com", triggers: { at: 2 } },
    invalid: [["domain", "missing", { domain: undefined }]],
  },
  review: {
    noun: ["transfer-out authorization", "transfer-out authorizations"],
    effect: TRANSFER_OUT_EFFECT,
  },

  inputs: { domain: domainRef().describe("A domain registered with the service (name or id).") },
  outputs: { authorizedAt: z.string().describe("When the authorization was asked for (service time).") },
  ids: stringIds,
  describe: (inputs) => `the transfer-out authorization of ${canonicalDomainRef(inputs.domain)}`,
  spendsMoney: false,

  async run({ client, account }, inputs, mark) {
    const domain = canonicalDomainRef(inputs.domain);
    await client.registrar.authorizeTransferOut(account, domain);
    const authorizedAt = mark.since.toISOString();
    return { id: `${domain}@${authorizedAt}`, outs: { authorizedAt } };
  },
});
