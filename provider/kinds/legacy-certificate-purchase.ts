import { z } from "zod";
import { apiId, domainRef, numericId } from "../framework/fields";
import { numericIds } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import { certificateOutputShape, certificateOutputs, domainRefOf } from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";

/**
 * Buys a certificate through API v1, once (money is spent): state `purchased`. A purchase
 * whose answer was lost is found among the domain's certificates by name and creation time.
 */
export const legacyCertificatePurchaseResource = oneShot({
  kind: "LegacyCertificatePurchase",
  docs: {
    summary: [
      "Buys a certificate through API v1, once (money is spent): state `purchased`. Then",
      "`LegacyCertificateConfiguration` and `LegacyCertificateSubmission`. Its private key is never",
      "read into Pulumi. `adopt: true` takes over the certificate of this name the domain already has,",
      "instead of buying one.",
    ].join("\n"),
    example: [
      'const cert = new dnsimple.LegacyCertificatePurchase("www", { domain: "example.com", name: "www", contactId: 42 });',
      'const configured = new dnsimple.LegacyCertificateConfiguration("www", { domain: "example.com", certificateId: cert.certificateId });',
      'new dnsimple.LegacyCertificateSubmission("www", {',
      '  domain: "example.com", certificateId: cert.certificateId, approverEmail: configured.approverEmails[0],',
      "});",
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com", name: "www", contactId: "7" },
    replaces: { domain: "other.com", name: "*", contactId: "8", csr: "CSR", triggers: 1 },
    inPlace: { orderAgain: true },
    invalid: [["contactId", "not a number", { contactId: "x" }]],
  },
  review: { noun: ["v1 certificate purchase", "v1 certificate purchases"] },

  inputs: {
    domain: domainRef().describe("The domain (name or id) the certificate is for."),
    name: z
      .string()
      .describe('`*` for a wildcard, `""` for the root domain, else a subdomain label (e.g. `www`).'),
    contactId: numericId("contactId").describe("The contact the certificate is bought for."),
    csr: z
      .string()
      .optional()
      .describe("A certificate signing request of your own (PEM); the service makes one when left out."),
  },
  outputs: certificateOutputShape,
  ids: numericIds,
  describe: (inputs) => `the v1 certificate purchase for ${inputs.name} of ${domainRefOf(inputs)}`,
  spendsMoney: true,

  async run(ctx, inputs) {
    const c = await v1Of(ctx).purchaseCertificate(domainRefOf(inputs), {
      name: inputs.name,
      contact_id: apiId(inputs.contactId),
      ...(inputs.csr !== undefined ? { csr: inputs.csr } : {}),
    });
    return { id: c.id, outs: certificateOutputs(c), createdAt: c.created_at };
  },

  // Lost answers: the framework takes a certificate of this name made since the attempt.
  async findMatching(ctx, inputs) {
    return (await v1Of(ctx).listCertificates(domainRefOf(inputs)))
      .filter((c) => c.name === inputs.name)
      .map((c) => ({ id: c.id, outs: certificateOutputs(c), createdAt: c.created_at }));
  },

  async refresh(ctx, id, state) {
    const c = await orUndefinedWhenGone(v1Of(ctx).getCertificate(domainRefOf(state), id));
    return c ? certificateOutputs(c) : undefined;
  },
});
