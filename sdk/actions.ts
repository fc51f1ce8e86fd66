/**
 * One-shot resources of API v2: actions that are not desired state. Each runs its action once,
 * when it is created, and records the result; it runs again only when an input changes (every
 * input replaces), so change `triggers` to run it again. `refresh` updates what the service still
 * shows of the result; destroy, or removing it from the program, undoes nothing at the service.
 *
 * Paid actions (renewal, restore, certificate renewal) are never sent twice by surprise: when
 * an answer is lost, the next `up` looks for proof that the action went through and otherwise
 * fails with an explanation until the program sets `orderAgain: true`.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.DomainRenewal("renew-2025", { domain: "example.com", years: 1, triggers: "2025" });
 * ```
 */
import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey, withSecretOutputs } from "./common";

const renewalProvider: pulumi.dynamic.ResourceProvider = require("./stubs/domain-renewal");
const restoreProvider: pulumi.dynamic.ResourceProvider = require("./stubs/domain-restore");
const transferOutProvider: pulumi.dynamic.ResourceProvider = require("./stubs/domain-transfer-out-authorization");
const certificateRenewalProvider: pulumi.dynamic.ResourceProvider = require("./stubs/lets-encrypt-certificate-renewal");
const oauthProvider: pulumi.dynamic.ResourceProvider = require("./stubs/o-auth-access-token");

/** Inputs every one-shot resource takes. */
export interface ActionArgs extends Omit<CommonArgs, "adopt"> {
  /**
   * Any value: when it changes (or is removed), the action runs again (the resource is
   * replaced). A date, a version or a counter makes a good trigger.
   */
  triggers?: pulumi.Input<unknown>;
}

/** Inputs of paid one-shot resources. */
export interface PaidActionArgs extends ActionArgs {
  /**
   * Consent to send the action again when an earlier attempt of this resource got no answer and
   * nothing proves whether it went through (it could be paid twice). Default false; set it only
   * after checking the account, and remove it afterwards.
   */
  orderAgain?: pulumi.Input<boolean>;
}

type Properties = Record<string, unknown>;

/** The properties a one-shot resource passes to Pulumi: its own keys, the inputs and its key. */
function properties(
  kind: string,
  name: string,
  names: string[],
  args: object,
  opts?: pulumi.CustomResourceOptions,
) {
  return {
    ...everyProperty([...names, "triggers", "accountId"]),
    ...(args as Properties),
    ownerKey: ownerKey(kind, name, opts),
  };
}

/** Arguments of a {@link DomainRenewal}. */
export interface DomainRenewalArgs extends PaidActionArgs {
  /** A domain registered with the service. */
  domain: pulumi.Input<string>;
  /** Years (1 to 10); the TLD's default when left out. */
  years?: pulumi.Input<number>;
  /** For premium names: the renewal price, as confirmation (`getPrices(...).renewalPrice`). */
  premiumPrice?: pulumi.Input<string>;
}

/**
 * Renews a domain once (money is spent); again when `triggers` changes. The service may answer
 * with a pending order: `renewalState` shows it, and `refresh` updates it. Removing the resource
 * does not undo the renewal.
 *
 * @example
 * ```ts
 * const renewal = new dnsimple.DomainRenewal("renew", { domain: "example.com", years: 2, triggers: "2025-06" });
 * export const renewalState = renewal.renewalState;
 * ```
 */
export class DomainRenewal extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly years: pulumi.Output<number | undefined>;
  /** The renewal order's id. */
  declare readonly renewalId: pulumi.Output<number>;
  /** `new` while pending, `renewed` once done. */
  declare readonly renewalState: pulumi.Output<string>;
  /** The years renewed. */
  declare readonly period: pulumi.Output<number>;
  declare readonly domainId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DomainRenewalArgs, opts?: pulumi.CustomResourceOptions) {
    const outs = ["domain", "years", "renewalId", "renewalState", "period", "domainId"];
    super(
      renewalProvider,
      name,
      properties("DomainRenewal", name, outs, args, opts),
      opts,
      MODULE,
      "DomainRenewal",
    );
  }
}

/** Arguments of a {@link DomainRestore}. */
export interface DomainRestoreArgs extends PaidActionArgs {
  /** An expired domain whose registration lapsed. */
  domain: pulumi.Input<string>;
  /** For premium names: the restore price, as confirmation. */
  premiumPrice?: pulumi.Input<string>;
}

/**
 * Restores an expired domain once (money is spent); again when `triggers` changes.
 *
 * @example
 * ```ts
 * new dnsimple.DomainRestore("restore", { domain: "lapsed.com" });
 * ```
 */
export class DomainRestore extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  /** The restore order's id. */
  declare readonly restoreId: pulumi.Output<number>;
  /** `new` while pending, `restored` once done. */
  declare readonly restoreState: pulumi.Output<string>;
  declare readonly domainId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DomainRestoreArgs, opts?: pulumi.CustomResourceOptions) {
    const outs = ["domain", "restoreId", "restoreState", "domainId"];
    super(
      restoreProvider,
      name,
      properties("DomainRestore", name, outs, args, opts),
      opts,
      MODULE,
      "DomainRestore",
    );
  }
}

/** Arguments of a {@link DomainTransferOutAuthorization}. */
export interface DomainTransferOutAuthorizationArgs extends ActionArgs {
  /** A domain registered with the service (name or id). */
  domain: pulumi.Input<string | number>;
}

/**
 * Unlocks a registered domain and has the service e-mail its authorization code to the
 * administrative contact, once; again when `triggers` changes. The code never passes through
 * Pulumi. Removing the resource does not lock the domain again.
 *
 * @example
 * ```ts
 * new dnsimple.DomainTransferOutAuthorization("leave", { domain: "example.com" });
 * ```
 */
export class DomainTransferOutAuthorization extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string | number>;
  /** When the authorization was asked for (service time). */
  declare readonly authorizedAt: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DomainTransferOutAuthorizationArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "DomainTransferOutAuthorization";
    super(
      transferOutProvider,
      name,
      properties(kind, name, ["domain", "authorizedAt"], args, opts),
      opts,
      MODULE,
      kind,
    );
  }
}

/** Arguments of a {@link LetsEncryptCertificateRenewal}. */
export interface LetsEncryptCertificateRenewalArgs extends PaidActionArgs {
  /** The certificate's domain (name or id). */
  domain: pulumi.Input<string | number>;
  /** The certificate to renew (e.g. `LetsEncryptCertificate.certificateId`). */
  certificateId: pulumi.Input<string | number>;
  /** Renew the new certificate automatically. */
  autoRenew?: pulumi.Input<boolean>;
  /** `ECDSA` (the service's default) or `RSA`. */
  signatureAlgorithm?: pulumi.Input<"ECDSA" | "RSA">;
}

/**
 * Orders the renewal of a Let's Encrypt certificate and asks for its issue, once; again when
 * `triggers` changes. The new certificate is `newCertificateId` (PEMs: `getCertificateBundle`).
 *
 * @example
 * ```ts
 * const renewal = new dnsimple.LetsEncryptCertificateRenewal("renew", {
 *   domain: "example.com", certificateId: cert.certificateId, triggers: "2025-09",
 * });
 * export const newCertificateId = renewal.newCertificateId;
 * ```
 */
export class LetsEncryptCertificateRenewal extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string | number>;
  declare readonly certificateId: pulumi.Output<string>;
  declare readonly renewalId: pulumi.Output<number>;
  declare readonly renewalState: pulumi.Output<string>;
  declare readonly oldCertificateId: pulumi.Output<number>;
  declare readonly newCertificateId: pulumi.Output<number>;
  /** The new certificate's state: `requesting`, then `issued`. */
  declare readonly newCertificateState: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LetsEncryptCertificateRenewalArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LetsEncryptCertificateRenewal";
    const outs = [
      "domain",
      "certificateId",
      "autoRenew",
      "signatureAlgorithm",
      "renewalId",
      "renewalState",
      "oldCertificateId",
      "newCertificateId",
      "newCertificateState",
    ];
    super(certificateRenewalProvider, name, properties(kind, name, outs, args, opts), opts, MODULE, kind);
  }
}

/** Arguments of an {@link OAuthAccessToken}. */
export interface OAuthAccessTokenArgs extends ActionArgs {
  clientId: pulumi.Input<string>;
  /** Kept encrypted in state whatever the program passes. */
  clientSecret: pulumi.Input<string>;
  /** The authorization code (single-use); kept encrypted in state. */
  code: pulumi.Input<string>;
  /** As in the authorization request. */
  redirectUri: pulumi.Input<string>;
  /** As in the authorization request. */
  state: pulumi.Input<string>;
}

/**
 * Swaps an OAuth authorization code for an access token, once (codes are single-use; a new code
 * replaces the resource). `accessToken` is a secret output.
 *
 * @example
 * ```ts
 * const cfg = new pulumi.Config();
 * const token = new dnsimple.OAuthAccessToken("app", {
 *   clientId: "my-app", clientSecret: cfg.requireSecret("clientSecret"), code: cfg.requireSecret("code"),
 *   redirectUri: "https://app.example.com/callback", state: "xyz",
 * });
 * export const accessToken = token.accessToken; // a secret
 * ```
 */
export class OAuthAccessToken extends pulumi.dynamic.Resource {
  declare readonly clientId: pulumi.Output<string>;
  /** The access token (secret). */
  declare readonly accessToken: pulumi.Output<string>;
  declare readonly tokenType: pulumi.Output<string>;
  declare readonly scope: pulumi.Output<string | null>;
  /** The account the token acts for. */
  declare readonly tokenAccountId: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: OAuthAccessTokenArgs, opts?: pulumi.CustomResourceOptions) {
    const outs = ["clientId", "accessToken", "tokenType", "scope", "tokenAccountId"];
    super(
      oauthProvider,
      name,
      {
        ...properties("OAuthAccessToken", name, outs, args, opts),
        // Secret whatever the program passed: the engine keeps inputs and same-named outputs encrypted.
        clientSecret: pulumi.secret(args.clientSecret),
        code: pulumi.secret(args.code),
      },
      withSecretOutputs(opts, ["clientSecret", "code", "accessToken"]),
      MODULE,
      "OAuthAccessToken",
    );
  }
}
