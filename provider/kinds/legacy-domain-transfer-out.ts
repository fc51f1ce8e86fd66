import { z } from "zod";
import { domainRef } from "../framework/fields";
import { stringIds } from "../framework/kind";
import { domainRefOf, startedAt } from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";
import { TRANSFER_OUT_EFFECT } from "../framework/review-text";

/** Unlocks a domain and has the authorization code sent to its administrative contact (v1). */
export const legacyDomainTransferOutResource = oneShot({
  kind: "LegacyDomainTransferOut",
  docs: {
    summary: [
      "Unlocks a domain and has the authorization code e-mailed to its administrative contact",
      "(v1), once; again when `triggers` changes.",
    ].join("\n"),
    example: 'new dnsimple.LegacyDomainTransferOut("leave", { domain: "example.com" });',
  },
  examples: {
    valid: { domain: "example.com" },
    replaces: { domain: "other.com", triggers: 1 },
    invalid: [["domain", "spaces in the domain", { domain: "bad domain" }]],
  },
  review: { noun: ["v1 transfer out", "v1 transfers out"], effect: TRANSFER_OUT_EFFECT },

  inputs: { domain: domainRef().describe("The domain (name or id).") },
  outputs: { authorizedAt: z.string().describe("When the transfer out was authorized (ISO 8601).") },
  ids: stringIds,
  describe: (inputs) => `the v1 transfer out of ${domainRefOf(inputs)}`,
  spendsMoney: false,

  async run(ctx, inputs, mark) {
    const order = await v1Of(ctx).transferOut(domainRefOf(inputs));
    const orderId = order["id"];
    const id = typeof orderId === "number" ? `${orderId}` : `${domainRefOf(inputs)}@${startedAt(mark)}`;
    return { id, outs: { authorizedAt: startedAt(mark) } };
  },
});
