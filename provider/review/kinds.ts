/**
 * What the review needs to know about each resource kind, in one table: where its changes are
 * listed, what identifies an object to a reader, which fields it shows, which it always hides,
 * the words of the headline, and whether a replacement deletes before it creates (each
 * definition's own `deleteBeforeReplace`: the preview JSON does not say in which order a
 * replacement runs).
 *
 * @example
 * ```ts
 * KINDS.ZoneRecord.section; // "records"
 * ```
 */
import { domainRenewalResource } from "../resources/domain-renewal";
import { domainRestoreResource } from "../resources/domain-restore";
import { domainTransferOutAuthorizationResource } from "../resources/domain-transfer-out-authorization";
import { letsEncryptCertificateRenewalResource } from "../resources/lets-encrypt-certificate-renewal";
import { oauthAccessTokenResource } from "../resources/o-auth-access-token";
import { emailForwardResource } from "../resources/email-forward";
import type { ResourceDefinition } from "../resources/framework/define-resource";
import { isSecret } from "../resources/framework/kind";
import { legacyCertificateConfigurationResource } from "../resources/legacy-certificate-configuration";
import { legacyCertificatePurchaseResource } from "../resources/legacy-certificate-purchase";
import { legacyCertificateSubmissionResource } from "../resources/legacy-certificate-submission";
import { legacyDomainRegistrationResource } from "../resources/legacy-domain-registration";
import { legacyDomainRenewalResource } from "../resources/legacy-domain-renewal";
import { legacyDomainResource } from "../resources/legacy-domain";
import { legacyDomainTokenResetResource } from "../resources/legacy-domain-token-reset";
import { legacyDomainTransferOutResource } from "../resources/legacy-domain-transfer-out";
import { legacyDomainTransferResource } from "../resources/legacy-domain-transfer";
import { legacySubscriptionResource } from "../resources/legacy-subscription";
import { legacyUserResource } from "../resources/legacy-user";
import { primaryServerResource } from "../resources/primary-server";
import { canonicalRecordName, zoneRecordResource } from "../resources/zone-record";

export type Props = Record<string, unknown>;

/** Where a kind's changes appear: inside a zone's block, or in an account-wide section. */
export type Section =
  | "domain"
  | "records"
  | "forwards"
  | "dnssec"
  | "certificates"
  | "registrar"
  | "secondary"
  | "webhooks"
  | "contacts"
  | "delegation"
  | "templates"
  | "pushes"
  | "platform"
  | "actions";

export interface KindInfo {
  readonly section: Section;
  /** What one object is called in a sentence, when not the singular noun. */
  readonly title?: string;
  /** Singular and plural noun of the headline ("record", "records"). */
  readonly noun: readonly [string, string];
  /** Headline verbs per operation, when they differ from added/changed/deleted/replaced. */
  readonly verbs?: Partial<Record<"create" | "update" | "delete" | "replace", string>>;
  /** The zone (domain name) a change belongs to; undefined: account-wide. */
  zone?(p: Props): unknown;
  /** What a reader recognises the object by (after masking). */
  label(p: Props): string;
  /** Fields shown, in this order; others are not listed (outputs, bookkeeping). */
  readonly fields: readonly string[];
  /**
   * Fields whose values never appear: always masked, even in a preview made with
   * `--show-secrets`. `"*"` masks every field not in `fields` of the `public` list.
   */
  readonly hidden?: readonly string[];
  /** For kinds of personal data: the only fields whose values may be shown. */
  readonly public?: readonly string[];
  /** Whether a replacement deletes the old object first (it is then briefly absent). */
  deleteFirst?(olds: Props, news: Props): boolean;
  /**
   * For a kind holding many objects of another kind (`ZoneRecords`: records): the field that holds
   * them, keyed, and each one as that kind's inputs. The review lists, and assesses, the changes of
   * these objects as changes of that kind (with that kind's rules), not the resource's own.
   */
  readonly members?: {
    readonly kind: string;
    readonly field: string;
    of(p: Props): Record<string, Props> | undefined;
  };
  /**
   * One-shot actions: whether running one charges the account (derived from the definition),
   * which registrar price applies, and what else running it does.
   */
  readonly action?: {
    readonly spendsMoney: boolean;
    readonly price?: ActionPrice;
    readonly effect?: ActionEffect;
  };
}

/** Pulumi's marker of a value that is not known before `up`. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** Pulumi's signature key of a secret value in state. */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** A value as text for a label: unknown values and other resources' outputs named, never a secret. */
export function str(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (v === UNKNOWN) return "(known after up)";
  if (typeof v === "object") {
    if (SECRET_SIG in (v as object)) return "[secret]";
    const from = (v as { $from?: unknown }).$from;
    if (typeof from === "string") return `(from ${from})`;
    if (Array.isArray(v)) return v.map(str).join(", ");
    return "(object)";
  }
  return String(v);
}
const recordName = (v: unknown) => canonicalRecordName(str(v));

/** Personal data of contacts never appears; these fields may. */
export const CONTACT_PUBLIC_FIELDS = ["label", "organizationName", "jobTitle", "country"] as const;

/**
 * Inputs of actions the review never shows although state keeps them in clear: registry data
 * (`extendedAttributes`) and certificate requests (`csr`). Secret inputs and outputs come from the
 * definitions' `secret()` markers.
 */
const ACTION_INPUTS_NEVER_SHOWN = ["extendedAttributes", "csr"];

/** The registrar price that applies to a paid action on a domain (`review --prices`). */
export type ActionPrice = "registration" | "transfer" | "renewal" | "restore";

/** What running an action does besides itself, which a reviewer must be told (with its tag). */
export interface ActionEffect {
  readonly tag: "ownership" | "credentials";
  /** The sentence, given the action's label as Markdown code. */
  text(subject: string): string;
}

/** What the review knows of a one-shot action beyond its definition. */
interface ActionExtra {
  readonly noun: readonly [string, string];
  readonly price?: ActionPrice;
  readonly effect?: ActionEffect;
}

const TRANSFER_OUT: ActionEffect = {
  tag: "ownership",
  text: (domain) =>
    `Unlocks ${domain} and has the service send its authorization code to the domain's administrative contact: whoever holds the code can transfer the domain to another registrar.`,
};

/**
 * A one-shot action's entry, from its definition: every input shown but the secret ones and the
 * local-only ones (`orderAgain`), and whether it spends money (its definition takes `orderAgain`,
 * which `oneShot` gives only to paid actions). Created or replaced, it runs at the service;
 * deleted, it undoes nothing.
 */
function actionKind(definition: ResourceDefinition, extra: ActionExtra): KindInfo {
  const local = definition.localOnly ?? [];
  const inputs = Object.keys(definition.inputs).filter((f) => !local.includes(f));
  const secretIn = (f: string) => isSecret(definition.inputs[f]!) || ACTION_INPUTS_NEVER_SHOWN.includes(f);
  const outputs = Object.entries(definition.schema?.outputs ?? {});
  const hidden = [
    ...inputs.filter(secretIn),
    ...outputs.filter(([, field]) => isSecret(field)).map(([f]) => f),
  ];
  const has = (f: string) => inputs.includes(f);
  return {
    section: "actions",
    noun: extra.noun,
    verbs: {
      create: "run",
      update: "changed",
      delete: "left the stack (nothing undone)",
      replace: "run again",
    },
    // What it acts on: the domain (a certificate's name in it, a certificate of it), else the
    // plan, the user's address (local part hidden) or the OAuth application.
    label: (p) => {
      if (has("domain")) {
        const domain = str(p.domain);
        const name = has("name") ? str(p.name) : "";
        const base = name === "" ? domain : `${name}.${domain}`;
        return has("certificateId") ? `${base} certificate ${str(p.certificateId)}` : base;
      }
      if (has("email")) return maskEmail(p.email);
      return str(has("plan") ? p.plan : p.clientId);
    },
    fields: inputs.filter((f) => !hidden.includes(f)),
    hidden,
    action: {
      spendsMoney: "orderAgain" in definition.inputs,
      ...(extra.price !== undefined ? { price: extra.price } : {}),
      ...(extra.effect !== undefined ? { effect: extra.effect } : {}),
    },
  };
}

const ACTION_KINDS: Readonly<Record<string, KindInfo>> = Object.fromEntries(
  (
    [
      [domainRenewalResource, { noun: ["domain renewal", "domain renewals"], price: "renewal" }],
      [domainRestoreResource, { noun: ["domain restore", "domain restores"], price: "restore" }],
      [
        domainTransferOutAuthorizationResource,
        { noun: ["transfer-out authorization", "transfer-out authorizations"], effect: TRANSFER_OUT },
      ],
      [letsEncryptCertificateRenewalResource, { noun: ["certificate renewal", "certificate renewals"] }],
      [oauthAccessTokenResource, { noun: ["OAuth token exchange", "OAuth token exchanges"] }],
      [
        legacyDomainRegistrationResource,
        { noun: ["v1 domain registration", "v1 domain registrations"], price: "registration" },
      ],
      [
        legacyDomainTransferResource,
        { noun: ["v1 domain transfer", "v1 domain transfers"], price: "transfer" },
      ],
      [legacyDomainRenewalResource, { noun: ["v1 domain renewal", "v1 domain renewals"], price: "renewal" }],
      [
        legacyDomainTransferOutResource,
        { noun: ["v1 transfer out", "v1 transfers out"], effect: TRANSFER_OUT },
      ],
      [
        legacyDomainTokenResetResource,
        {
          noun: ["v1 domain token reset", "v1 domain token resets"],
          effect: {
            tag: "credentials",
            text: (domain) =>
              `Gives ${domain} a new v1 domain token: whatever still uses the old token stops working.`,
          },
        },
      ],
      [legacyCertificatePurchaseResource, { noun: ["v1 certificate purchase", "v1 certificate purchases"] }],
      [
        legacyCertificateConfigurationResource,
        { noun: ["v1 certificate configuration", "v1 certificate configurations"] },
      ],
      [
        legacyCertificateSubmissionResource,
        { noun: ["v1 certificate submission", "v1 certificate submissions"] },
      ],
      [legacySubscriptionResource, { noun: ["v1 subscription", "v1 subscriptions"] }],
      [legacyUserResource, { noun: ["v1 user", "v1 users"] }],
    ] satisfies ReadonlyArray<readonly [ResourceDefinition, ActionExtra]>
  ).map(([definition, extra]) => [definition.kind, actionKind(definition, extra)]),
);

export const KINDS: Readonly<Record<string, KindInfo>> = {
  Domain: {
    section: "domain",
    noun: ["zone", "zones"],
    zone: (p) => p.name,
    label: (p) => str(p.name),
    fields: ["name", "allowDeleteRegistered", "adopt"],
  },
  Zone: {
    section: "domain",
    noun: ["Zone", "Zones"],
    // A Zone never creates or deletes a zone: it starts and stops watching one.
    verbs: { create: "read", delete: "released" },
    zone: (p) => p.name,
    label: (p) => str(p.name),
    fields: ["name", "active", "adopt"],
  },
  ZoneRecord: {
    section: "records",
    noun: ["record", "records"],
    zone: (p) => p.zoneName,
    label: (p) => (recordName(p.name) === "" ? "@" : recordName(p.name)),
    fields: ["name", "type", "content", "ttl", "priority", "regions"],
    deleteFirst: zoneRecordResource.deleteBeforeReplace!,
  },
  ZoneRecords: {
    section: "records",
    title: "record set",
    noun: ["record set", "record sets"],
    zone: (p) => p.zoneName,
    label: (p) => {
      const records = p.records;
      const count =
        records !== null && typeof records === "object" ? Object.keys(records as object).length : undefined;
      return count === undefined ? "records" : `${count} records`;
    },
    fields: ["records", "authoritative"],
    members: {
      kind: "ZoneRecord",
      field: "records",
      // Each record as a ZoneRecord's inputs: the set's zone and account, the record's fields.
      of: (p) => {
        const records = p.records;
        if (records === null || typeof records !== "object" || Array.isArray(records)) return undefined;
        if (SECRET_SIG in records || "$from" in records) return undefined;
        return Object.fromEntries(
          Object.entries(records as Record<string, unknown>).map(([key, r]) => [
            key,
            {
              ...(r !== null && typeof r === "object" && !Array.isArray(r) ? (r as Props) : { content: r }),
              zoneName: p.zoneName,
              ...(p.account !== undefined ? { account: p.account } : {}),
            },
          ]),
        );
      },
    },
  },
  EmailForward: {
    section: "forwards",
    noun: ["email forward", "email forwards"],
    zone: (p) => p.domain,
    label: (p) => str(p.aliasName).toLowerCase(),
    fields: ["aliasName", "destinationEmail"],
    deleteFirst: emailForwardResource.deleteBeforeReplace!,
  },
  DsRecord: {
    section: "dnssec",
    noun: ["DS record", "DS records"],
    zone: (p) => p.domain,
    label: (p) => (p.keytag !== undefined ? `DS keytag ${str(p.keytag)}` : "DS record (public key)"),
    fields: ["keytag", "algorithm", "digestType", "digest", "publicKey"],
  },
  Dnssec: {
    section: "dnssec",
    noun: ["zone", "zones"],
    verbs: {
      create: "signed (DNSSEC on)",
      delete: "unsigned (DNSSEC off)",
      replace: "signed instead of another",
    },
    title: "DNSSEC signing of",
    zone: (p) => p.domain,
    label: (p) => str(p.domain),
    fields: ["domain"],
  },
  LetsEncryptCertificate: {
    section: "certificates",
    noun: ["certificate", "certificates"],
    verbs: { create: "ordered", replace: "reissued" },
    zone: (p) => p.domain,
    label: (p) => (str(p.name) === "" ? str(p.domain) : `${str(p.name)}.${str(p.domain)}`),
    fields: [
      "name",
      "alternateNames",
      "signatureAlgorithm",
      "autoRenew",
      "timeoutSeconds",
      "pollIntervalSeconds",
    ],
    hidden: ["privateKey"],
  },
  DomainRegistration: {
    section: "registrar",
    noun: ["domain", "domains"],
    verbs: {
      create: "registered",
      update: "changed at the registrar",
      delete: "left the stack (still registered)",
      replace: "registered instead of another",
    },
    label: (p) => str(p.domain),
    fields: [
      "domain",
      "registrantId",
      "autoRenew",
      "whoisPrivacy",
      "premiumPrice",
      "timeoutSeconds",
      "pollIntervalSeconds",
    ],
    hidden: ["extendedAttributes"],
  },
  DomainTransfer: {
    section: "registrar",
    noun: ["domain transfer", "domain transfers"],
    verbs: { create: "started", delete: "left the stack", replace: "started instead of another" },
    label: (p) => str(p.domain),
    fields: [
      "domain",
      "registrantId",
      "authCode",
      "autoRenew",
      "whoisPrivacy",
      "premiumPrice",
      "timeoutSeconds",
      "pollIntervalSeconds",
    ],
    hidden: ["authCode", "extendedAttributes"],
  },
  SecondaryZone: {
    section: "secondary",
    noun: ["secondary zone", "secondary zones"],
    label: (p) => str(p.name),
    fields: ["name"],
  },
  PrimaryServer: {
    section: "secondary",
    noun: ["primary server", "primary servers"],
    label: (p) => str(p.name),
    fields: ["name", "ip", "port", "linkedZones"],
    deleteFirst: primaryServerResource.deleteBeforeReplace!,
  },
  Webhook: {
    section: "webhooks",
    noun: ["webhook", "webhooks"],
    label: (p) => maskUrl(p.url),
    fields: ["url"],
  },
  Contact: {
    section: "contacts",
    noun: ["contact", "contacts"],
    label: (p) => (str(p.label) !== "" ? str(p.label) : "(no label)"),
    fields: [
      "label",
      "organizationName",
      "jobTitle",
      "country",
      "firstName",
      "lastName",
      "email",
      "phone",
      "fax",
      "address1",
      "address2",
      "city",
      "stateProvince",
      "postalCode",
    ],
    public: CONTACT_PUBLIC_FIELDS,
  },
  DomainDelegation: {
    section: "delegation",
    noun: ["domain delegation", "domain delegations"],
    label: (p) => str(p.domain),
    fields: ["domain", "nameServers"],
  },
  NameServerDelegation: {
    section: "delegation",
    noun: ["name server delegation", "name server delegations"],
    label: (p) => str(p.domain),
    fields: ["domain", "nameServers"],
  },
  RegistryNameServer: {
    section: "delegation",
    noun: ["glue record", "glue records"],
    label: (p) => str(p.name),
    fields: ["domain", "name", "ip"],
  },
  Template: {
    section: "templates",
    noun: ["template", "templates"],
    label: (p) => str(p.shortName),
    fields: ["name", "shortName", "description"],
  },
  DomainPush: {
    section: "pushes",
    noun: ["domain push", "domain pushes"],
    verbs: { replace: "pushed elsewhere" },
    label: (p) => str(p.domain),
    fields: ["domain", "targetAccount"],
  },
  DomainPushAnswer: {
    section: "pushes",
    noun: ["push answer", "push answers"],
    label: (p) => `push ${str(p.pushId)}`,
    fields: ["pushId", "accept", "contactId"],
  },
  PlatformMessage: {
    section: "platform",
    noun: ["platform message", "platform messages"],
    label: (p) => str(p.title),
    fields: ["resource", "title", "message", "url", "expiresAt"],
  },
  PlatformMetadata: {
    section: "platform",
    noun: ["metadata entry", "metadata entries"],
    label: (p) => str(p.key),
    fields: ["resource", "key", "value"],
  },
  LegacyDomain: {
    section: "domain",
    noun: ["zone (v1)", "zones (v1)"],
    zone: (p) => p.name,
    label: (p) => str(p.name),
    fields: Object.keys(legacyDomainResource.inputs),
  },
  ...ACTION_KINDS,
};

/** A URL without what may be a secret: user info, path and query are replaced by `…`. */
export function maskUrl(value: unknown): string {
  const text = str(value);
  try {
    const url = new URL(text);
    const rest = url.pathname !== "/" || url.search !== "" ? "/…" : "";
    return `${url.protocol}//${url.host}${rest}`;
  } catch {
    return text === "" ? "" : "(not a URL)";
  }
}

/** An e-mail address with its local part hidden: `•••@example.com`. */
export function maskEmail(value: unknown): string {
  const text = str(value);
  const at = text.lastIndexOf("@");
  return at < 0 ? "•••" : `•••${text.slice(at)}`;
}
