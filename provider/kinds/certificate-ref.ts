/**
 * The certificate an action acts on, as the API addresses it: the domain (name or id) and the
 * certificate's id. The v1 certificate steps and the Let's Encrypt renewal take it alike.
 */
import { domainRef, numericId } from "../framework/fields";

/**
 * The inputs naming a certificate; `which` says which certificate the id must be.
 *
 * @example
 * inputs: { ...certificateRef("The certificate to renew (e.g. `LetsEncryptCertificate.certificateId`).") }
 */
export const certificateRef = (which: string) => ({
  domain: domainRef().describe("The certificate's domain (name or id)."),
  certificateId: numericId("certificateId").describe(which),
});
