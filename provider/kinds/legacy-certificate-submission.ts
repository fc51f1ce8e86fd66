import { apiId, emailAddress } from "../framework/fields";
import { numericIds } from "../framework/kind";
import { certificateOutputShape, certificateOutputs, domainRefOf } from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";
import { certificateRef } from "./certificate-ref";

/** Submits a configured v1 certificate with the approver's e-mail once: state `submitted`. */
export const legacyCertificateSubmissionResource = oneShot({
  kind: "LegacyCertificateSubmission",
  docs: {
    summary: "Submits a configured v1 certificate with the approver's e-mail, once: state `submitted`.",
    example:
      'new dnsimple.LegacyCertificateSubmission("www", { domain: "example.com", certificateId: 4576, approverEmail: "admin@example.com" });',
  },
  examples: {
    valid: { domain: "example.com", certificateId: "7", approverEmail: "admin@example.com" },
    replaces: { domain: "other.com", certificateId: "8", approverEmail: "ops@example.com", triggers: 1 },
    invalid: [["approverEmail", "not an e-mail address", { approverEmail: "admin" }]],
  },
  review: { noun: ["v1 certificate submission", "v1 certificate submissions"] },

  inputs: {
    ...certificateRef("The configured certificate's id (`LegacyCertificatePurchase.certificateId`)."),
    approverEmail: emailAddress().describe("One of the configured certificate's `approverEmails`."),
  },
  outputs: certificateOutputShape,
  ids: numericIds,
  describe: (inputs) => `the submission of certificate ${inputs.certificateId}`,
  spendsMoney: false,

  async run(ctx, inputs) {
    const c = await v1Of(ctx).submitCertificate(
      domainRefOf(inputs),
      apiId(inputs.certificateId),
      inputs.approverEmail,
    );
    return { id: c.id, outs: certificateOutputs(c) };
  },
});
