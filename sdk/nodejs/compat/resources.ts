/**
 * `@pulumi/dnsimple`'s resource classes, with its argument and output names and defaults, built
 * on this package's classes: state, diffs, ownership rules (`adopt`) and the provider stubs are
 * this package's. Each class is a subclass of ours that renames the arguments and adds the
 * bridged output names as outputs derived from ours, both by the one table of the bridged names
 * (provider/compat/definitions.ts) that also makes the schema's compat module and what the plugin
 * serves. A resource costs what ours costs. What is TypeScript's own: the argument types, and what
 * only a program can do (`preventDelete` as `protect`, `dnssecEnabled` as a child `Dnssec`).
 */
import type * as pulumi from "@pulumi/pulumi";
import { all, output } from "@pulumi/pulumi/output";
import type { CommonArgs } from "../common";
import { Contact as OurContact, type ContactArgs as OurContactArgs } from "../resources/contact";
import { Dnssec } from "../resources/dnssec";
import { Domain as OurDomain } from "../resources/domain";
import { DsRecord as OurDsRecord } from "../resources/ds-record";
import { LetsEncryptCertificate as OurLetsEncryptCertificate } from "../resources/lets-encrypt-certificate";
import { DomainRegistration } from "../resources/domain-registration";
import { ZoneRecord as OurZoneRecord } from "../resources/zone-record";
import { bridgedOutputValue, compatResource, renameInputs } from "../../../provider/compat/definitions";
import { refuseTrue, UnsupportedArgumentError } from "./translate";

export { DomainDelegation, type DomainDelegationArgs } from "../resources/domain-delegation";
export { EmailForward, type EmailForwardArgs } from "../resources/email-forward";
export { Zone, type ZoneArgs } from "../resources/zone";

type In<T> = pulumi.Input<T>;

/** The bridged arguments as ours, by the definitions (`value` → `content`, `timeouts` → `timeoutSeconds`). */
function oursOf<T>(args: object, name: string): T {
  return renameInputs(compatResource(name)!, args as Record<string, unknown>) as T;
}

/** Adds the bridged outputs the definitions derive from ours (`qualifiedName` from `fqdn`) and the renamed ones. */
function addBridgedOutputs(name: string, resource: object): void {
  const definition = compatResource(name)!;
  const self = resource as Record<string, pulumi.Output<unknown>>;
  for (const [bridged, rename] of Object.entries(definition.renames)) {
    const ours = self[rename.ours]!;
    self[bridged] = rename.output ? ours.apply((v) => bridgedOutputValue(rename, v)) : ours;
  }
  for (const [key, derived] of Object.entries(definition.derived ?? {})) {
    self[key] = all(derived.from.map((field) => self[field]!)).apply((values) => derived.value(...values));
  }
}

/** DNS record types, as `@pulumi/dnsimple` names them (`dnsimple.RecordTypes.CNAME`). */
export const RecordTypes = {
  A: "A",
  AAAA: "AAAA",
  ALIAS: "ALIAS",
  CAA: "CAA",
  CNAME: "CNAME",
  HINFO: "HINFO",
  MX: "MX",
  NAPTR: "NAPTR",
  NS: "NS",
  POOL: "POOL",
  PTR: "PTR",
  SPF: "SPF",
  SRV: "SRV",
  SSHFP: "SSHFP",
  TXT: "TXT",
  URL: "URL",
} as const;
/** A DNS record type. */
export type RecordTypes = (typeof RecordTypes)[keyof typeof RecordTypes];

/** `@pulumi/dnsimple`'s `ZoneRecordArgs`. */
export interface ZoneRecordArgs extends CommonArgs {
  /** The zone (domain name) the record belongs to. */
  zoneName: In<string>;
  /** The record's name, relative to the zone; `""` for the apex. */
  name: In<string>;
  /** The record type, upper case (`A`, `CNAME`, `MX`…). */
  type: In<string>;
  /** The record's value (this package's `content`). */
  value: In<string>;
  /** Time to live in seconds; default 3600. */
  ttl?: In<number>;
  /** Priority (MX, SRV). */
  priority?: In<number>;
  /** Regions to serve the record from (plans with regional records). */
  regions?: In<In<string>[]>;
}

/** A DNS record, as `@pulumi/dnsimple`'s `ZoneRecord`: `value` is this package's `content`. */
export class ZoneRecord extends OurZoneRecord {
  /** The record's value. */
  declare readonly value: pulumi.Output<string>;
  /** The value as the service stores it. */
  declare readonly valueNormalized: pulumi.Output<string>;
  /** The name as the service stores it. */
  declare readonly nameNormalized: pulumi.Output<string>;
  /** The full name, e.g. `www.example.com`. */
  declare readonly qualifiedName: pulumi.Output<string>;
  /** The zone's id, which the API gives as the zone's name. */
  declare readonly zoneId: pulumi.Output<string>;

  constructor(name: string, args: ZoneRecordArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, oursOf({ ttl: 3600, ...args }, "ZoneRecord"), opts);
    addBridgedOutputs("ZoneRecord", this);
  }
}

/** `@pulumi/dnsimple`'s `DsRecordArgs`. */
export interface DsRecordArgs extends CommonArgs {
  domain: In<string>;
  /** DNSSEC algorithm number, as a string. */
  algorithm: In<string>;
  digest?: In<string>;
  digestType?: In<string>;
  /** The key tag (this package's `keytag`). */
  keyTag?: In<string>;
  publicKey?: In<string>;
}

/** A delegation signer record, as `@pulumi/dnsimple`'s `DsRecord`: `keyTag` is our `keytag`. */
export class DsRecord extends OurDsRecord {
  /** The key tag of the DNSKEY the record refers to. */
  declare readonly keyTag: pulumi.Output<string | undefined>;

  constructor(name: string, args: DsRecordArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, oursOf(args, "DsRecord"), opts);
    addBridgedOutputs("DsRecord", this);
  }
}

/** `@pulumi/dnsimple`'s `ContactArgs`: the same names as ours. */
export type ContactArgs = OurContactArgs;

/** A contact, as `@pulumi/dnsimple`'s `Contact` (with `phoneNormalized` and `faxNormalized`). */
export class Contact extends OurContact {
  /** The phone number as the service stores it. */
  declare readonly phoneNormalized: pulumi.Output<string>;
  /** The fax number as the service stores it. */
  declare readonly faxNormalized: pulumi.Output<string>;

  constructor(name: string, args: ContactArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
    addBridgedOutputs("Contact", this);
  }
}

/** `@pulumi/dnsimple`'s `DomainArgs`. */
export interface DomainArgs extends CommonArgs {
  name: In<string>;
  /**
   * When true, `pulumi destroy` (and a replacement) fails for this domain: the resource is
   * protected (`protect: true`). A plain boolean. Registered domains are guarded in any case: they
   * are deleted only with `allowDeleteRegistered: true`.
   */
  preventDelete?: boolean;
  /** This package's guard: allow deleting a domain whose state is `registered`. */
  allowDeleteRegistered?: In<boolean>;
}

/** A domain and its zone, as `@pulumi/dnsimple`'s `Domain`. */
export class Domain extends OurDomain {
  /** Whether destroy is refused for this domain (`protect`). */
  declare readonly preventDelete: pulumi.Output<boolean>;

  constructor(name: string, args: DomainArgs, opts?: pulumi.CustomResourceOptions) {
    const { preventDelete, ...rest } = args;
    if (preventDelete !== undefined && typeof preventDelete !== "boolean") {
      throw new UnsupportedArgumentError(
        "Domain",
        "preventDelete",
        "it must be a plain boolean (it becomes the resource option `protect`, fixed when the program runs)",
      );
    }
    super(name, rest, preventDelete ? { ...opts, protect: true } : opts);
    this.preventDelete = output(preventDelete ?? false);
  }
}

/** `@pulumi/dnsimple`'s `LetsEncryptCertificateArgs`. */
export interface LetsEncryptCertificateArgs extends CommonArgs {
  /** The domain's name or id (this package's `domain`). */
  domainId: In<string>;
  /** The certificate's name: `www`, `*` for a wildcard, `""` for the apex. */
  name: In<string>;
  autoRenew: In<boolean>;
  alternateNames?: In<In<string>[]>;
  /** `ECDSA` (default) or `RSA`. */
  signatureAlgorithm?: In<string>;
}

/** A Let's Encrypt certificate, as `@pulumi/dnsimple`'s `LetsEncryptCertificate`. */
export class LetsEncryptCertificate extends OurLetsEncryptCertificate {
  /** The domain the certificate is for. */
  declare readonly domainId: pulumi.Output<string>;
  /** The certificate's state (`issued` once done). */
  declare readonly state: pulumi.Output<string>;

  constructor(name: string, args: LetsEncryptCertificateArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, oursOf(args, "LetsEncryptCertificate"), opts);
    addBridgedOutputs("LetsEncryptCertificate", this);
  }
}

/** `@pulumi/dnsimple`'s `RegisteredDomainArgs`. */
export interface RegisteredDomainArgs extends CommonArgs {
  /** The domain to register. */
  name: In<string>;
  /** The registrant's contact id. */
  contactId: In<number>;
  autoRenewEnabled?: In<boolean>;
  whoisPrivacyEnabled?: In<boolean>;
  /** Lock against transfers away; left out, the service's setting stays. */
  transferLockEnabled?: In<boolean>;
  /** When true, DNSSEC is turned on for the domain (a `Dnssec` resource, child of this one). A plain boolean. */
  dnssecEnabled?: boolean;
  extendedAttributes?: In<Record<string, In<string>>>;
  premiumPrice?: In<string>;
  /** `create` bounds the wait for the registration (`"10m"`, `"1h"`…). */
  timeouts?: { create?: string; update?: string; delete?: string };
  /** Not supported: the API registers without a trustee choice. `false` is accepted. */
  trustee?: In<boolean>;
}

/**
 * A domain registration, as `@pulumi/dnsimple`'s `RegisteredDomain` (this package's
 * `DomainRegistration`). **This spends money.** Destroy leaves the domain registered.
 */
export class RegisteredDomain extends DomainRegistration {
  declare readonly name: pulumi.Output<string>;
  declare readonly contactId: pulumi.Output<number>;
  declare readonly autoRenewEnabled: pulumi.Output<boolean>;
  declare readonly whoisPrivacyEnabled: pulumi.Output<boolean>;
  declare readonly transferLockEnabled: pulumi.Output<boolean | null>;
  declare readonly dnssecEnabled: pulumi.Output<boolean>;
  /** The registration order: its id and state. */
  declare readonly domainRegistration: pulumi.Output<{ id: number | undefined; state: string | undefined }>;
  /** The latest registrant change this resource started; undefined when none. */
  declare readonly registrantChange: pulumi.Output<
    { id: number; state: string | null; contactId: number | null; domainId: string } | undefined
  >;

  constructor(name: string, args: RegisteredDomainArgs, opts?: pulumi.CustomResourceOptions) {
    const { dnssecEnabled, trustee, timeouts, ...rest } = args;
    refuseTrue(
      trustee,
      () =>
        new UnsupportedArgumentError(
          "RegisteredDomain",
          "trustee",
          "the registration API takes no trustee choice; leave it out or false",
        ),
    );
    if (dnssecEnabled !== undefined && typeof dnssecEnabled !== "boolean") {
      throw new UnsupportedArgumentError(
        "RegisteredDomain",
        "dnssecEnabled",
        "it must be a plain boolean (true declares a Dnssec resource when the program runs)",
      );
    }
    const badTimeout = compatResource("RegisteredDomain")!.extras!.timeouts!.refuse!(timeouts);
    if (badTimeout) throw new UnsupportedArgumentError("RegisteredDomain", "timeouts.create", badTimeout);
    super(name, oursOf({ ...rest, timeouts }, "RegisteredDomain"), opts);
    addBridgedOutputs("RegisteredDomain", this);
    this.dnssecEnabled = output(dnssecEnabled ?? false);
    if (dnssecEnabled) new Dnssec(`${name}-dnssec`, { domain: this.domain }, { parent: this });
  }
}
