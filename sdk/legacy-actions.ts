/**
 * Legacy API v1: a hosted domain (`LegacyDomain`) and one-shot resources for the v1 actions. They
 * need `dnsimple:v1Email` and `dnsimple:v1Token` (sign-up excepted). One-shot resources run their
 * action once and again only when an input such as `triggers` changes; destroy undoes nothing.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.LegacyDomainRenewal("renew", { domain: "example.com", triggers: "2025" });
 * ```
 */
import * as pulumi from "@pulumi/pulumi";
import type { ActionArgs, PaidActionArgs } from "./actions";
import { type CommonArgs, everyProperty, MODULE, ownerKey, withSecretOutputs } from "./common";

const domainProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-domain");
const registrationProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-domain-registration");
const transferProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-domain-transfer");
const renewalProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-domain-renewal");
const transferOutProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-domain-transfer-out");
const tokenResetProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-domain-token-reset");
const purchaseProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-certificate-purchase");
const configurationProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-certificate-configuration");
const submissionProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-certificate-submission");
const subscriptionProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-subscription");
const userProvider: pulumi.dynamic.ResourceProvider = require("./stubs/legacy-user");

function properties(
  kind: string,
  name: string,
  names: string[],
  args: object,
  opts?: pulumi.CustomResourceOptions,
) {
  return {
    ...everyProperty([...names, "accountId"]),
    ...(args as Record<string, unknown>),
    ownerKey: ownerKey(kind, name, opts),
  };
}

/** Arguments of a {@link LegacyDomain}. */
export interface LegacyDomainArgs extends CommonArgs {
  /** The domain name. Changing it replaces the domain. */
  name: pulumi.Input<string>;
}

/**
 * A hosted domain through API v1 (desired state). Destroy deletes it from the account, not at
 * the registry. `adopt: true` takes over the v1 domain of that name.
 *
 * @example
 * ```ts
 * const d = new dnsimple.LegacyDomain("old", { name: "example.com" });
 * export const legacyId = d.domainId;
 * ```
 */
export class LegacyDomain extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly domainId: pulumi.Output<number>;
  /** `hosted`, `registered`, … */
  declare readonly domainState: pulumi.Output<string>;
  declare readonly expiresOn: pulumi.Output<string | null>;
  declare readonly unicodeName: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LegacyDomainArgs, opts?: pulumi.CustomResourceOptions) {
    const outs = ["name", "domainId", "domainState", "expiresOn", "unicodeName"];
    super(
      domainProvider,
      name,
      properties("LegacyDomain", name, outs, args, opts),
      opts,
      MODULE,
      "LegacyDomain",
    );
  }
}

/** Arguments of a {@link LegacyDomainRegistration}. */
export interface LegacyDomainRegistrationArgs extends PaidActionArgs {
  domain: pulumi.Input<string>;
  /** A contact id of the v1 user. */
  registrantId: pulumi.Input<string | number>;
  /** TLD-specific attributes the registry requires. */
  extendedAttributes?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/**
 * Registers a domain through API v1, once (money is spent). Prefer `DomainRegistration` (v2),
 * which keeps the registration as desired state.
 *
 * @example
 * ```ts
 * new dnsimple.LegacyDomainRegistration("reg", { domain: "example.com", registrantId: 42 });
 * ```
 */
export class LegacyDomainRegistration extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly domainId: pulumi.Output<number>;
  declare readonly domainState: pulumi.Output<string>;
  declare readonly expiresOn: pulumi.Output<string | null>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LegacyDomainRegistrationArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacyDomainRegistration";
    const outs = ["domain", "registrantId", "domainId", "domainState", "expiresOn", "triggers"];
    super(registrationProvider, name, properties(kind, name, outs, args, opts), opts, MODULE, kind);
  }
}

/** Arguments of a {@link LegacyDomainTransfer}. */
export interface LegacyDomainTransferArgs extends PaidActionArgs {
  domain: pulumi.Input<string>;
  registrantId: pulumi.Input<string | number>;
  /** The authorization code from the current registrar; kept encrypted in state. */
  authCode?: pulumi.Input<string>;
  extendedAttributes?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/**
 * Transfers a domain in through API v1, once (money is spent). Prefer `DomainTransfer` (v2).
 *
 * @example
 * ```ts
 * new dnsimple.LegacyDomainTransfer("in", { domain: "example.com", registrantId: 42, authCode: cfg.requireSecret("auth") });
 * ```
 */
export class LegacyDomainTransfer extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly transferOrderId: pulumi.Output<number>;
  declare readonly transferState: pulumi.Output<string | null>;
  /** The domain's v1 state after refresh: `transferring_in`, then `registered`. */
  declare readonly domainState: pulumi.Output<string | null>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LegacyDomainTransferArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacyDomainTransfer";
    const outs = ["domain", "registrantId", "transferOrderId", "transferState", "domainState", "triggers"];
    super(
      transferProvider,
      name,
      {
        ...properties(kind, name, outs, args, opts),
        ...(args.authCode !== undefined ? { authCode: pulumi.secret(args.authCode) } : {}),
      },
      withSecretOutputs(opts, ["authCode"]),
      MODULE,
      kind,
    );
  }
}

/** Arguments of a {@link LegacyDomainRenewal}. */
export interface LegacyDomainRenewalArgs extends PaidActionArgs {
  domain: pulumi.Input<string>;
  /** Renew WHOIS privacy too (default false). */
  renewWhoisPrivacy?: pulumi.Input<boolean>;
}

/**
 * Renews a domain through API v1 for its minimum period, once (money is spent); again when
 * `triggers` changes. Removing it does not undo the renewal.
 *
 * @example
 * ```ts
 * new dnsimple.LegacyDomainRenewal("renew", { domain: "example.com", triggers: "2025" });
 * ```
 */
export class LegacyDomainRenewal extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly domainId: pulumi.Output<number>;
  declare readonly domainState: pulumi.Output<string>;
  declare readonly expiresOn: pulumi.Output<string | null>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LegacyDomainRenewalArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacyDomainRenewal";
    const outs = ["domain", "renewWhoisPrivacy", "domainId", "domainState", "expiresOn", "triggers"];
    super(renewalProvider, name, properties(kind, name, outs, args, opts), opts, MODULE, kind);
  }
}

/** Arguments of {@link LegacyDomainTransferOut} and {@link LegacyDomainTokenReset}. */
export interface LegacyDomainActionArgs extends ActionArgs {
  /** The domain (name or id). */
  domain: pulumi.Input<string | number>;
}

/**
 * Unlocks a domain and has the authorization code e-mailed to its administrative contact
 * (v1), once; again when `triggers` changes.
 *
 * @example
 * ```ts
 * new dnsimple.LegacyDomainTransferOut("leave", { domain: "example.com" });
 * ```
 */
export class LegacyDomainTransferOut extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string | number>;
  declare readonly authorizedAt: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LegacyDomainActionArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacyDomainTransferOut";
    super(
      transferOutProvider,
      name,
      properties(kind, name, ["domain", "authorizedAt", "triggers"], args, opts),
      opts,
      MODULE,
      kind,
    );
  }
}

/**
 * Gives a domain a new v1 token, once; again when `triggers` changes (rotation). The new token
 * is the secret output `domainToken`.
 *
 * @example
 * ```ts
 * const reset = new dnsimple.LegacyDomainTokenReset("rotate", { domain: "example.com", triggers: "2025-Q3" });
 * export const domainToken = reset.domainToken; // a secret
 * ```
 */
export class LegacyDomainTokenReset extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string | number>;
  declare readonly domainId: pulumi.Output<number>;
  /** The new domain token (secret). */
  declare readonly domainToken: pulumi.Output<string | null>;
  declare readonly resetAt: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LegacyDomainActionArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacyDomainTokenReset";
    const outs = ["domain", "domainId", "domainToken", "resetAt", "triggers"];
    super(
      tokenResetProvider,
      name,
      properties(kind, name, outs, args, opts),
      withSecretOutputs(opts, ["domainToken"]),
      MODULE,
      kind,
    );
  }
}

/** Arguments of a {@link LegacyCertificatePurchase}. */
export interface LegacyCertificatePurchaseArgs extends PaidActionArgs {
  domain: pulumi.Input<string | number>;
  /** `*` for a wildcard, `""` for the root domain, else a subdomain label (e.g. `www`). */
  name: pulumi.Input<string>;
  /** The contact the certificate is bought for. */
  contactId: pulumi.Input<string | number>;
  /** A certificate signing request of your own (PEM); the service makes one when left out. */
  csr?: pulumi.Input<string>;
  /** Take over the certificate of this name the domain already has, instead of buying one. */
  adopt?: pulumi.Input<boolean>;
}

/** Outputs of the v1 certificate resources. */
abstract class LegacyCertificateStep extends pulumi.dynamic.Resource {
  declare readonly certificateId: pulumi.Output<number>;
  /** `purchased`, `configured`, `submitted`, `issued`. */
  declare readonly certificateState: pulumi.Output<string>;
  /** Candidate approver e-mails (after configuration). */
  declare readonly approverEmails: pulumi.Output<string[]>;
  declare readonly expiresOn: pulumi.Output<string | null>;
  declare readonly accountId: pulumi.Output<string>;
}

const CERTIFICATE_OUTPUTS = [
  "domain",
  "certificateId",
  "certificateState",
  "approverEmails",
  "expiresOn",
  "triggers",
];

/**
 * Buys a certificate through API v1, once (money is spent): state `purchased`. Then
 * `LegacyCertificateConfiguration` and `LegacyCertificateSubmission`. Its private key is never
 * read into Pulumi.
 *
 * @example
 * ```ts
 * const cert = new dnsimple.LegacyCertificatePurchase("www", { domain: "example.com", name: "www", contactId: 42 });
 * const configured = new dnsimple.LegacyCertificateConfiguration("www", { domain: "example.com", certificateId: cert.certificateId });
 * new dnsimple.LegacyCertificateSubmission("www", {
 *   domain: "example.com", certificateId: cert.certificateId, approverEmail: configured.approverEmails[0],
 * });
 * ```
 */
export class LegacyCertificatePurchase extends LegacyCertificateStep {
  declare readonly name: pulumi.Output<string>;

  constructor(name: string, args: LegacyCertificatePurchaseArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacyCertificatePurchase";
    super(
      purchaseProvider,
      name,
      properties(kind, name, [...CERTIFICATE_OUTPUTS, "name", "contactId", "csr"], args, opts),
      opts,
      MODULE,
      kind,
    );
  }
}

/** Arguments of a {@link LegacyCertificateConfiguration}. */
export interface LegacyCertificateConfigurationArgs extends ActionArgs {
  domain: pulumi.Input<string | number>;
  certificateId: pulumi.Input<string | number>;
}

/**
 * Configures a purchased v1 certificate, once: state `configured`, `approverEmails` listed.
 *
 * @example
 * ```ts
 * new dnsimple.LegacyCertificateConfiguration("www", { domain: "example.com", certificateId: 4576 });
 * ```
 */
export class LegacyCertificateConfiguration extends LegacyCertificateStep {
  constructor(name: string, args: LegacyCertificateConfigurationArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacyCertificateConfiguration";
    super(
      configurationProvider,
      name,
      properties(kind, name, CERTIFICATE_OUTPUTS, args, opts),
      opts,
      MODULE,
      kind,
    );
  }
}

/** Arguments of a {@link LegacyCertificateSubmission}. */
export interface LegacyCertificateSubmissionArgs extends LegacyCertificateConfigurationArgs {
  /** One of the configured certificate's `approverEmails`. */
  approverEmail: pulumi.Input<string>;
}

/**
 * Submits a configured v1 certificate with the approver's e-mail, once: state `submitted`.
 *
 * @example
 * ```ts
 * new dnsimple.LegacyCertificateSubmission("www", { domain: "example.com", certificateId: 4576, approverEmail: "admin@example.com" });
 * ```
 */
export class LegacyCertificateSubmission extends LegacyCertificateStep {
  constructor(name: string, args: LegacyCertificateSubmissionArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacyCertificateSubmission";
    super(
      submissionProvider,
      name,
      properties(kind, name, [...CERTIFICATE_OUTPUTS, "approverEmail"], args, opts),
      opts,
      MODULE,
      kind,
    );
  }
}

/** A credit card for {@link LegacySubscription}; kept encrypted in state. */
export interface LegacyCreditCard {
  number: pulumi.Input<string>;
  firstName: pulumi.Input<string>;
  lastName: pulumi.Input<string>;
  billingAddress: pulumi.Input<string>;
  billingZip: pulumi.Input<string>;
  month: pulumi.Input<string>;
  year: pulumi.Input<string>;
  cvv: pulumi.Input<string>;
}

/** Arguments of a {@link LegacySubscription}. */
export interface LegacySubscriptionArgs extends PaidActionArgs {
  /** The plan's name, e.g. `Silver`. */
  plan: pulumi.Input<string>;
  /** Kept encrypted in state whatever the program passes; never shown. */
  creditCard: pulumi.Input<LegacyCreditCard>;
}

/**
 * Subscribes the v1 user to a plan, once (money is spent). Destroy does not unsubscribe.
 *
 * @example
 * ```ts
 * new dnsimple.LegacySubscription("plan", { plan: "Silver", creditCard: cfg.requireSecretObject("card") });
 * ```
 */
export class LegacySubscription extends pulumi.dynamic.Resource {
  declare readonly plan: pulumi.Output<string>;
  declare readonly subscriptionId: pulumi.Output<number>;
  declare readonly planName: pulumi.Output<string>;
  /** `subscribed` once done. */
  declare readonly subscriptionState: pulumi.Output<string>;
  declare readonly domainLimit: pulumi.Output<number>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LegacySubscriptionArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "LegacySubscription";
    const outs = ["plan", "subscriptionId", "planName", "subscriptionState", "domainLimit", "triggers"];
    super(
      subscriptionProvider,
      name,
      { ...properties(kind, name, outs, args, opts), creditCard: pulumi.secret(args.creditCard) },
      withSecretOutputs(opts, ["creditCard"]),
      MODULE,
      kind,
    );
  }
}

/** Arguments of a {@link LegacyUser}. */
export interface LegacyUserArgs extends ActionArgs {
  email: pulumi.Input<string>;
  /** Kept encrypted in state whatever the program passes. */
  password: pulumi.Input<string>;
}

/**
 * Signs up a v1 user, once. `apiToken` (the new user's v1 token) is a secret output.
 *
 * @example
 * ```ts
 * const user = new dnsimple.LegacyUser("ops", { email: "ops@example.com", password: cfg.requireSecret("password") });
 * export const userId = user.userId;
 * ```
 */
export class LegacyUser extends pulumi.dynamic.Resource {
  declare readonly email: pulumi.Output<string>;
  declare readonly userId: pulumi.Output<number>;
  /** The user's v1 API token (secret). */
  declare readonly apiToken: pulumi.Output<string | null>;
  declare readonly domainLimit: pulumi.Output<number | null>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: LegacyUserArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      userProvider,
      name,
      {
        ...properties(
          "LegacyUser",
          name,
          ["email", "userId", "apiToken", "domainLimit", "triggers"],
          args,
          opts,
        ),
        password: pulumi.secret(args.password),
      },
      withSecretOutputs(opts, ["password", "apiToken"]),
      MODULE,
      "LegacyUser",
    );
  }
}
