/**
 * Resource classes and functions of the extended set: contacts, records, DNSSEC, registrar,
 * certificates, pushes, platform, legacy v1, and functions.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.ZoneRecord("www", { zoneName: "example.com", name: "www", type: "A", content: "192.0.2.1" });
 * ```
 */
export { Contact, type ContactArgs } from "./contact";
export { Dnssec, type DnssecArgs } from "./dnssec";
export { ZoneRecord, type ZoneRecordArgs } from "./zone-record";
export { ZoneRecords, type ZoneRecordsArgs, type ZoneRecordsEntry } from "./zone-records";
export {
  DomainRegistration,
  type DomainRegistrationArgs,
  DomainTransfer,
  type DomainTransferArgs,
  type WaitingArgs,
} from "./registrar";
export { LetsEncryptCertificate, type LetsEncryptCertificateArgs } from "./letsencrypt-certificate";
export { DomainPush, type DomainPushArgs, DomainPushAnswer, type DomainPushAnswerArgs } from "./pushes";
export {
  PlatformMessage,
  type PlatformMessageArgs,
  PlatformMetadata,
  type PlatformMetadataArgs,
} from "./platform";
export {
  NameServerDelegation,
  type NameServerDelegationArgs,
  Template,
  type TemplateArgs,
  RegistryNameServer,
  type RegistryNameServerArgs,
} from "./legacy-v1";
export {
  whoami,
  listAccounts,
  checkDomain,
  getPrices,
  getPremiumPrice,
  getResearchStatus,
  getCertificateBundle,
  listCharges,
  type FunctionOptions,
  type ListChargesOptions,
  type AccountInfo,
  type UserInfo,
  type WhoamiResult,
  type CheckDomainResult,
  type DomainPricesResult,
  type ResearchStatusResult,
  type CertificateBundleResult,
  type ChargeItem,
  type ChargeResult,
  type PremiumPriceResult,
} from "./functions";
