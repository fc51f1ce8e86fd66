/**
 * A Let's Encrypt certificate for `www` (and the apex) of a domain hosted by the service, exported
 * for use elsewhere: the PEM certificate, the full chain, and the private key as a secret output.
 * Another stack reads them with a StackReference, or you write them to files (see README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

const config = new pulumi.Config();
const domainName = config.get("domain") ?? "example-cert.com";
const webIpv4 = config.get("webIpv4") ?? "192.0.2.80";

const domain = new dnsimple.Domain("site", { name: domainName });
const apex = new dnsimple.ZoneRecord("apex", { zoneName: domain.name, type: "A", content: webIpv4 });
const www = new dnsimple.ZoneRecord("www", {
  zoneName: domain.name,
  name: "www",
  type: "CNAME",
  content: domainName,
});

const certificate = new dnsimple.LetsEncryptCertificate(
  "www",
  {
    domain: domain.name,
    name: "www",
    alternateNames: [domainName],
    autoRenew: true,
    // Issuing takes a moment; a timeout keeps the order in the stack and the next `up` resumes it.
    timeoutSeconds: config.getNumber("timeoutSeconds") ?? 900,
    pollIntervalSeconds: config.getNumber("pollIntervalSeconds") ?? 10,
  },
  // Order only once the names resolve at the service.
  { dependsOn: [apex, www] },
);

export const certificateId = certificate.certificateId;
export const commonName = certificate.commonName;
export const expiresAt = certificate.expiresAt;
export const certificatePem = certificate.certificate;
/** The server certificate followed by the intermediates: what most web servers want. */
export const fullChainPem = pulumi.all([certificate.certificate, certificate.chain]).apply(
  ([leaf, chain]) =>
    // Both are there once the certificate is issued (the resource waits for it).
    [leaf, ...(chain ?? [])].flatMap((pem) => (pem ? [pem.trim()] : [])).join("\n") + "\n",
);
/** Secret: `pulumi stack output privateKeyPem --show-secrets` prints it. */
export const privateKeyPem = certificate.privateKey;
