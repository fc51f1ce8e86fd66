import { z } from "zod";
import { ServiceId, CertificateRenewalSchema, type CertificateRenewal } from "../client";
import { outputsFrom, serviceFields } from "../framework/outputs-from";
import { apiId } from "../framework/fields";
import { numericIds } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import { canonicalDomainRef } from "../dns/domain-names";
import { oneShot } from "./one-shot";
import { certificateRef } from "./certificate-ref";

const outputs = serviceFields(CertificateRenewalSchema, {
  renewalId: ServiceId.describe("The renewal order's id."),
  renewalState: z.string().describe("The renewal order's state, as the service gave it."),
  oldCertificateId: "The id of the certificate renewed.",
  newCertificateId: "The new certificate's id (its PEMs: `getCertificateBundle`).",
  newCertificateState: z.string().describe("The new certificate's state: `requesting`, then `issued`."),
});

/** A renewal order with the state of its new certificate (read after asking for its issue). */
type IssuedRenewal = CertificateRenewal & { new_certificate_state: string };

/** The outputs of a renewal order with the state of its new certificate. */
const renewalOutputs = outputsFrom<IssuedRenewal>()(outputs, { renewalId: "id", renewalState: "state" });

/**
 * Orders the renewal of a Let's Encrypt certificate and asks for its issue, once. The new
 * certificate's id is `newCertificateId` (its PEMs: `getCertificateBundle`). The id is the
 * renewal order's id.
 */
export const letsEncryptCertificateRenewalResource = oneShot({
  kind: "LetsEncryptCertificateRenewal",
  docs: {
    summary: [
      "Orders the renewal of a Let's Encrypt certificate and asks for its issue, once; again when",
      "`triggers` changes. The new certificate is `newCertificateId` (PEMs: `getCertificateBundle`).",
    ].join("\n"),
    example: [
      'const cert = new dnsimple.LetsEncryptCertificate("www", { domain: "example.com", name: "www" });',
      'const renewal = new dnsimple.LetsEncryptCertificateRenewal("renew", {',
      '  domain: "example.com", certificateId: cert.certificateId, triggers: "2025-09",',
      "});",
      "export const newCertificateId = renewal.newCertificateId;",
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com", certificateId: "7" },
    replaces: {
      domain: "other.com",
      certificateId: "8",
      autoRenew: true,
      signatureAlgorithm: "RSA",
      triggers: 2,
    },
    inPlace: { orderAgain: true },
    invalid: [["certificateId", "not a number", { certificateId: "abc" }]],
  },
  review: { noun: ["certificate renewal", "certificate renewals"] },

  inputs: {
    ...certificateRef("The certificate to renew (e.g. `LetsEncryptCertificate.certificateId`)."),
    autoRenew: z.boolean().optional().describe("Renew the new certificate automatically."),
    signatureAlgorithm: z
      .enum(["ECDSA", "RSA"])
      .optional()
      .describe("`ECDSA` (the service's default) or `RSA`."),
  },
  outputs,
  ids: numericIds,
  describe: (inputs) =>
    `the renewal of certificate ${inputs.certificateId} of ${canonicalDomainRef(inputs.domain)}`,
  spendsMoney: true,

  async run({ client, account }, inputs) {
    const domain = canonicalDomainRef(inputs.domain);
    const certificateId = apiId(inputs.certificateId);
    const renewal = await client.certificates.purchaseLetsencryptRenewal(account, domain, certificateId, {
      ...(inputs.autoRenew !== undefined ? { auto_renew: inputs.autoRenew } : {}),
      ...(inputs.signatureAlgorithm !== undefined ? { signature_algorithm: inputs.signatureAlgorithm } : {}),
    });
    const issued = await client.certificates.issueLetsencryptRenewal(
      account,
      domain,
      certificateId,
      renewal.id,
    );
    return { id: renewal.id, outs: renewalOutputs({ ...renewal, new_certificate_state: issued.state }) };
  },

  async refresh({ client, account }, _id, state) {
    const id = state.newCertificateId;
    if (id === undefined || id === null) return undefined;
    const cert = await orUndefinedWhenGone(
      client.certificates.get(account, canonicalDomainRef(state.domain), id),
    );
    return cert ? { newCertificateState: cert.state } : undefined;
  },
});
