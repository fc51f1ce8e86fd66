import { apiId } from "../framework/fields";
import { numericIds } from "../framework/kind";
import { certificateOutputShape, certificateOutputs, domainRefOf } from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { oneShot } from "./one-shot";
import { certificateRef } from "./certificate-ref";

/** Configures a purchased v1 certificate once: state `configured`, `approverEmails` listed. */
export const legacyCertificateConfigurationResource = oneShot({
  kind: "LegacyCertificateConfiguration",
  docs: {
    summary: "Configures a purchased v1 certificate, once: state `configured`, `approverEmails` listed.",
    example:
      'new dnsimple.LegacyCertificateConfiguration("www", { domain: "example.com", certificateId: 4576 });',
  },
  examples: {
    valid: { domain: "example.com", certificateId: "7" },
    replaces: { domain: "other.com", certificateId: "8", triggers: 1 },
    invalid: [["certificateId", "not a number", { certificateId: "x" }]],
  },
  review: { noun: ["v1 certificate configuration", "v1 certificate configurations"] },

  inputs: {
    ...certificateRef("The purchased certificate's id (`LegacyCertificatePurchase.certificateId`)."),
  },
  outputs: certificateOutputShape,
  ids: numericIds,
  describe: (inputs) => `the configuration of certificate ${inputs.certificateId}`,
  spendsMoney: false,

  async run(ctx, inputs) {
    const c = await v1Of(ctx).configureCertificate(domainRefOf(inputs), apiId(inputs.certificateId));
    return { id: c.id, outs: certificateOutputs(c) };
  },
});
