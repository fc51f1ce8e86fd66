import { z } from "zod";
import { ServiceId } from "../client";
import { secret, stringIds } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import { domainMovedSince, domainOf, v1OrderBody, v1OrderInputs } from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";

/** Transfers a domain in through API v1, once (money is spent); `authCode` is a secret input. */
export const legacyDomainTransferResource = oneShot({
  kind: "LegacyDomainTransfer",
  docs: {
    summary: "Transfers a domain in through API v1, once (money is spent). Prefer `DomainTransfer` (v2).",
    example: [
      "const cfg = new pulumi.Config();",
      'new dnsimple.LegacyDomainTransfer("in", { domain: "example.com", registrantId: 42, authCode: cfg.requireSecret("auth") });',
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com", registrantId: "7", authCode: "code" },
    replaces: { domain: "other.com", registrantId: "8", authCode: "other", triggers: 1 },
    inPlace: { orderAgain: true },
    invalid: [["authCode", "empty auth code", { authCode: "" }]],
  },
  review: { noun: ["v1 domain transfer", "v1 domain transfers"], price: "transfer" },

  inputs: {
    ...v1OrderInputs("The domain name to transfer in."),
    authCode: secret(z.string().min(1, "authCode must not be empty"))
      .optional()
      .describe("The authorization code from the current registrar."),
  },
  outputs: {
    // Absent when only the domain's state proved an earlier attempt (see proveDone).
    transferOrderId: ServiceId.optional().describe("The v1 transfer order's id."),
    transferState: z
      .string()
      .nullable()
      .optional()
      .describe("The transfer order's state when it was placed; null when the service did not say."),
    domainState: z
      .string()
      .nullable()
      .describe("The domain's v1 state after refresh: `transferring_in`, then `registered`."),
  },
  ids: stringIds,
  describe: (inputs) => `the v1 transfer of ${domainOf(inputs)}`,
  spendsMoney: true,

  async run(ctx, inputs) {
    const order = await v1Of(ctx).transferDomain({
      ...v1OrderBody(inputs),
      ...(inputs.authCode !== undefined ? { authinfo: inputs.authCode } : {}),
    });
    // The domain as the transfer left it (`transferring_in`), when the service shows it already.
    const domain = await orUndefinedWhenGone(v1Of(ctx).getDomain(domainOf(inputs)));
    return {
      id: `${order.id}`,
      outs: {
        transferOrderId: order.id,
        transferState: order.state ?? null,
        domainState: domain?.state ?? null,
      },
    };
  },

  async refresh(ctx, _id, state) {
    const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(domainOf(state)));
    return d ? { domainState: d.state } : undefined;
  },

  async proveDone(ctx, inputs, mark) {
    const d = await domainMovedSince(ctx, domainOf(inputs), ["transferring_in", "registered"], mark.since);
    return d ? { id: `${d.id}@${d.updated_at}`, outs: { domainState: d.state } } : undefined;
  },
});
