import { numericIds } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import {
  domainMovedSince,
  domainOf,
  domainOutputShape,
  domainOutputs,
  v1OrderBody,
  v1OrderInputs,
} from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";

/** Registers a domain through API v1, once (money is spent). */
export const legacyDomainRegistrationResource = oneShot({
  kind: "LegacyDomainRegistration",
  docs: {
    summary: [
      "Registers a domain through API v1, once (money is spent). Prefer `DomainRegistration` (v2),",
      "which keeps the registration as desired state.",
    ].join("\n"),
    example: 'new dnsimple.LegacyDomainRegistration("reg", { domain: "example.com", registrantId: 42 });',
  },
  examples: {
    valid: { domain: "example.com", registrantId: "7" },
    replaces: { domain: "other.com", registrantId: "8", extendedAttributes: { x: "y" }, triggers: 1 },
    inPlace: { orderAgain: true },
    invalid: [["registrantId", "not a number", { registrantId: "abc" }]],
  },
  review: { noun: ["v1 domain registration", "v1 domain registrations"], price: "registration" },

  inputs: v1OrderInputs("The domain name to register."),
  outputs: domainOutputShape,
  ids: numericIds,
  describe: (inputs) => `the v1 registration of ${domainOf(inputs)}`,
  spendsMoney: true,

  async run(ctx, inputs) {
    const d = await v1Of(ctx).registerDomain(v1OrderBody(inputs));
    return { id: d.id, outs: domainOutputs(d) };
  },

  async refresh(ctx, _id, state) {
    const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(domainOf(state)));
    return d ? domainOutputs(d) : undefined;
  },

  async proveDone(ctx, inputs, mark) {
    const d = await domainMovedSince(ctx, domainOf(inputs), ["registering", "registered"], mark.since);
    return d ? { id: d.id, outs: domainOutputs(d) } : undefined;
  },
});
