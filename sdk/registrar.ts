import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey, withSecretOutputs } from "./common";

const registrationProvider: pulumi.dynamic.ResourceProvider = require("./stubs/domain-registration");
const transferProvider: pulumi.dynamic.ResourceProvider = require("./stubs/domain-transfer");

/** How long to wait for an order the service answers with 202 (pending). */
export interface WaitingArgs {
  /**
   * Seconds to wait for the order to finish (default 600). When they run out, `up` fails but the
   * resource stays in the stack; the next `up` keeps waiting instead of ordering again.
   */
  timeoutSeconds?: pulumi.Input<number>;
  /** Seconds between two status checks (default 10). */
  pollIntervalSeconds?: pulumi.Input<number>;
}

/** Arguments of a {@link DomainRegistration}. */
export interface DomainRegistrationArgs extends CommonArgs, WaitingArgs {
  /** The name to register. Changing it means another registration (replacement). */
  domain: pulumi.Input<string>;
  /**
   * The registrant: a contact id of the account (e.g. `contact.contactId`). Changing it runs a
   * registrant change at the registry, in place; one the registry leaves pending (a change of owner
   * can take days) is recorded in state and the next `up` keeps waiting for it. Registries that
   * want extended attributes for the new registrant get them from `extendedAttributes`.
   */
  registrantId: pulumi.Input<string | number>;
  /** Renew automatically before expiry (default false). Changes in place. */
  autoRenew?: pulumi.Input<boolean>;
  /** WHOIS privacy (default false). Changes in place. */
  whoisPrivacy?: pulumi.Input<boolean>;
  /** Lock the domain against transfers away (changed in place). Left out, the service's setting stays; it is the `transferLock` output. */
  transferLock?: pulumi.Input<boolean>;
  /** TLD-specific attributes the registry requires (when registering and changing the registrant). */
  extendedAttributes?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** For premium names: the registration price the check reports, as confirmation (e.g. `"1200.00"`). */
  premiumPrice?: pulumi.Input<string>;
  /**
   * Consent to a second order. When the domain has left the account since this stack registered
   * it (deleted, transferred away, registration lapsed), `refresh` keeps the resource marked
   * `goneFromAccount` and the next `up` fails with an explanation instead of paying for a new
   * registration. Set `orderAgain: true` to register it again (then remove it, or it consents to
   * the next time too), or remove the resource from the program to stop managing it. Default false.
   */
  orderAgain?: pulumi.Input<boolean>;
}

/**
 * Registers a domain with the registry. This spends money. A registration that the service
 * answers as pending is polled up to `timeoutSeconds`; on timeout it stays in the stack and the
 * next `up` resumes waiting. **Destroy never deletes a registration**: it only removes the
 * resource from the stack, and the domain stays registered. **No second payment by surprise**: if
 * the domain leaves the account, the resource stays in the stack marked `goneFromAccount`, and
 * `up` registers it again only with `orderAgain: true`.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const owner = new dnsimple.Contact("owner", { ... });
 * const reg = new dnsimple.DomainRegistration("example", {
 *   domain: "example.com", registrantId: owner.contactId, autoRenew: true, whoisPrivacy: true,
 * });
 * export const expiresAt = reg.expiresAt;
 * ```
 */
export class DomainRegistration extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly registrantId: pulumi.Output<string>;
  declare readonly autoRenew: pulumi.Output<boolean>;
  declare readonly whoisPrivacy: pulumi.Output<boolean>;
  /** Whether the domain is locked against transfers away. */
  declare readonly transferLock: pulumi.Output<boolean | null>;
  /** The registration order's id. */
  declare readonly registrationId: pulumi.Output<number>;
  /** The order's state: `registering`, `registered`, … */
  declare readonly registrationState: pulumi.Output<string>;
  /** Set while the order is still pending (the next `up` resumes waiting). */
  declare readonly pendingOrderId: pulumi.Output<number | undefined>;
  /** The domain's numeric id. */
  declare readonly domainId: pulumi.Output<number>;
  /** The domain's state: `registered` once done. */
  declare readonly state: pulumi.Output<string>;
  declare readonly expiresAt: pulumi.Output<string | null>;
  /** True when the domain has left the account since this stack ordered it (see `orderAgain`). */
  declare readonly goneFromAccount: pulumi.Output<boolean>;
  /** The latest registrant change this resource started. */
  declare readonly registrantChangeId: pulumi.Output<number | undefined>;
  /** Its state: `new` and `pending` while open, then `completed` or `cancelled`. */
  declare readonly registrantChangeState: pulumi.Output<string | undefined>;
  /** Set while that change is still open (the next `up` keeps waiting for it). */
  declare readonly pendingRegistrantChangeId: pulumi.Output<number | undefined>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DomainRegistrationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      registrationProvider,
      name,
      {
        ...everyProperty([
          "domain",
          "registrantId",
          "autoRenew",
          "whoisPrivacy",
          "transferLock",
          "registrationId",
          "registrationState",
          "pendingOrderId",
          "domainId",
          "state",
          "expiresAt",
          "goneFromAccount",
          "registrantChangeId",
          "registrantChangeState",
          "pendingRegistrantChangeId",
          "accountId",
        ]),
        ...args,
        ownerKey: ownerKey("DomainRegistration", name, opts),
      },
      opts,
      MODULE,
      "DomainRegistration",
    );
  }
}

/** Arguments of a {@link DomainTransfer}. */
export interface DomainTransferArgs extends CommonArgs, WaitingArgs {
  /** The name to transfer in. Changing it replaces the transfer. */
  domain: pulumi.Input<string>;
  /** The registrant: a contact id of the account. */
  registrantId: pulumi.Input<string | number>;
  /** The authorization (EPP) code from the current registrar. Always stored as a secret. */
  authCode: pulumi.Input<string>;
  /** Renew automatically (default false). Changes in place. */
  autoRenew?: pulumi.Input<boolean>;
  /** WHOIS privacy (default false). Changes in place. */
  whoisPrivacy?: pulumi.Input<boolean>;
  /** Lock the domain against transfers away (changed in place). Left out, the service's setting stays; it is the `transferLock` output. */
  transferLock?: pulumi.Input<boolean>;
  /** TLD-specific attributes (when transferring and changing the registrant). */
  extendedAttributes?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** For premium names: the transfer price as confirmation. */
  premiumPrice?: pulumi.Input<string>;
  /**
   * Consent to a second order: like {@link DomainRegistrationArgs.orderAgain}, for a domain that
   * left the account after this stack transferred it in (a new transfer needs a current `authCode`).
   */
  orderAgain?: pulumi.Input<boolean>;
}

/**
 * Transfers a domain in from another registrar. Waits like {@link DomainRegistration}.
 * Destroying while the transfer is still running cancels it; once it completed, destroy only
 * removes the resource from the stack.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const cfg = new pulumi.Config();
 * new dnsimple.DomainTransfer("example", {
 *   domain: "example.com", registrantId: 42, authCode: cfg.requireSecret("authCode"),
 * });
 * ```
 */
export class DomainTransfer extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly registrantId: pulumi.Output<string>;
  declare readonly autoRenew: pulumi.Output<boolean>;
  declare readonly whoisPrivacy: pulumi.Output<boolean>;
  /** Whether the domain is locked against transfers away. */
  declare readonly transferLock: pulumi.Output<boolean | null>;
  /** The transfer order's id. */
  declare readonly transferId: pulumi.Output<number>;
  /** `transferring`, `transferred`, `cancelled`, … */
  declare readonly transferState: pulumi.Output<string>;
  declare readonly statusDescription: pulumi.Output<string | null>;
  declare readonly pendingOrderId: pulumi.Output<number | undefined>;
  declare readonly domainId: pulumi.Output<number>;
  declare readonly state: pulumi.Output<string>;
  declare readonly expiresAt: pulumi.Output<string | null>;
  /** True when the domain has left the account since this stack ordered it (see `orderAgain`). */
  declare readonly goneFromAccount: pulumi.Output<boolean>;
  /** The latest registrant change this resource started. */
  declare readonly registrantChangeId: pulumi.Output<number | undefined>;
  /** Its state: `new` and `pending` while open, then `completed` or `cancelled`. */
  declare readonly registrantChangeState: pulumi.Output<string | undefined>;
  /** Set while that change is still open (the next `up` keeps waiting for it). */
  declare readonly pendingRegistrantChangeId: pulumi.Output<number | undefined>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DomainTransferArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      transferProvider,
      name,
      {
        ...everyProperty([
          "domain",
          "registrantId",
          "autoRenew",
          "whoisPrivacy",
          "transferLock",
          "transferId",
          "transferState",
          "statusDescription",
          "pendingOrderId",
          "domainId",
          "state",
          "expiresAt",
          "goneFromAccount",
          "registrantChangeId",
          "registrantChangeState",
          "pendingRegistrantChangeId",
          "accountId",
        ]),
        ...args,
        ownerKey: ownerKey("DomainTransfer", name, opts),
        // Secret whatever the program passed: the engine keeps inputs and same-named outputs encrypted.
        authCode: pulumi.secret(args.authCode),
      },
      withSecretOutputs(opts, ["authCode"]),
      MODULE,
      "DomainTransfer",
    );
  }
}
