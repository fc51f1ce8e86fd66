import { z } from "zod";
import { ServiceId } from "../client";
import { domainRef } from "../framework/fields";
import { secret, stringIds } from "../framework/kind";
import { domainRefOf, startedAt } from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";

/**
 * Gives a domain a new v1 token, once; again when `triggers` changes (rotation). The new token
 * is the secret output `domainToken`.
 */
export const legacyDomainTokenResetResource = oneShot({
  kind: "LegacyDomainTokenReset",
  docs: {
    summary: [
      "Gives a domain a new v1 token, once; again when `triggers` changes (rotation). The new token",
      "is the secret output `domainToken`.",
    ].join("\n"),
    example: [
      'const reset = new dnsimple.LegacyDomainTokenReset("rotate", { domain: "example.com", triggers: "2025-Q3" });',
      "export const domainToken = reset.domainToken; // a secret",
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com" },
    replaces: { domain: "other.com", triggers: 1 },
    invalid: [["domain", "missing", { domain: undefined }]],
  },
  review: {
    noun: ["v1 domain token reset", "v1 domain token resets"],
    effect: {
      tag: "credentials",
      text: (domain) =>
        `Gives ${domain} a new v1 domain token: whatever still uses the old token stops working.`,
    },
  },

  inputs: { domain: domainRef().describe("The domain (name or id).") },
  outputs: {
    domainId: ServiceId.describe("The domain's id."),
    domainToken: secret(z.string().nullable()).describe("The new domain token."),
    resetAt: z.string().describe("When the token was reset (ISO 8601)."),
  },
  ids: stringIds,
  describe: (inputs) => `the token reset of ${domainRefOf(inputs)}`,
  spendsMoney: false,

  async run(ctx, inputs, mark) {
    const d = await v1Of(ctx).resetDomainToken(domainRefOf(inputs));
    return {
      id: `${d.id}@${startedAt(mark)}`,
      outs: { domainId: d.id, domainToken: d.token ?? null, resetAt: startedAt(mark) },
    };
  },
});
