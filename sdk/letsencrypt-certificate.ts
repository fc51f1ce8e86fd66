import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey, withSecretOutputs } from "./common";
import type { WaitingArgs } from "./registrar";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/lets-encrypt-certificate");

/** Arguments of a {@link LetsEncryptCertificate}. Every order option replaces on change. */
export interface LetsEncryptCertificateArgs extends CommonArgs, WaitingArgs {
  /** The domain (name or id). */
  domain: pulumi.Input<string | number>;
  /** The host label: `www` (default), `""` for the apex, `*` for a wildcard. */
  name?: pulumi.Input<string>;
  /** Further names the certificate covers. */
  alternateNames?: pulumi.Input<pulumi.Input<string>[]>;
  /** `ECDSA` (default) or `RSA`. */
  signatureAlgorithm?: pulumi.Input<"ECDSA" | "RSA">;
  /** Let the service renew it before expiry (default false). */
  autoRenew?: pulumi.Input<boolean>;
}

/**
 * A Let's Encrypt certificate: ordered, issued, and waited for until `issued`. Outputs the PEM
 * certificate, chain and root; the private key is a secret output. The service cannot delete
 * certificates, so destroy only removes it from the stack.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const cert = new dnsimple.LetsEncryptCertificate("www", { domain: "example.com", name: "www", autoRenew: true });
 * export const pem = cert.certificate;
 * export const key = cert.privateKey; // secret
 * ```
 */
export class LetsEncryptCertificate extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly alternateNames: pulumi.Output<string[] | undefined>;
  declare readonly signatureAlgorithm: pulumi.Output<string>;
  declare readonly autoRenew: pulumi.Output<boolean>;
  /** The certificate's id. */
  declare readonly certificateId: pulumi.Output<number>;
  /** The purchase order's id. */
  declare readonly purchaseId: pulumi.Output<number>;
  declare readonly commonName: pulumi.Output<string>;
  /** `requesting`, `issued`, … */
  declare readonly certificateState: pulumi.Output<string>;
  declare readonly expiresAt: pulumi.Output<string | null>;
  declare readonly authorityIdentifier: pulumi.Output<string>;
  /** The server certificate (PEM). */
  declare readonly certificate: pulumi.Output<string>;
  /** Intermediate certificates (PEM). */
  declare readonly chain: pulumi.Output<string[]>;
  /** The root certificate (PEM), when the service gives one. */
  declare readonly root: pulumi.Output<string | null>;
  /** The private key (PEM). Secret. */
  declare readonly privateKey: pulumi.Output<string>;
  declare readonly pendingOrderId: pulumi.Output<number | undefined>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LetsEncryptCertificateArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...everyProperty([
          "domain",
          "name",
          "alternateNames",
          "signatureAlgorithm",
          "autoRenew",
          "certificateId",
          "purchaseId",
          "commonName",
          "certificateState",
          "expiresAt",
          "authorityIdentifier",
          "certificate",
          "chain",
          "root",
          "privateKey",
          "pendingOrderId",
          "accountId",
        ]),
        ...args,
        ownerKey: ownerKey("LetsEncryptCertificate", name, opts),
      },
      withSecretOutputs(opts, ["privateKey"]),
      MODULE,
      "LetsEncryptCertificate",
    );
  }
}
