/**
 * pulumi-dnsimple-dynamic: DNSimple resources for Pulumi programs, in pure TypeScript.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.Domain("example", { name: "example.com" });
 * ```
 */
export { type CommonArgs } from "./common";
// The resource classes generated from the definitions (`npm run generate`).
export * from "./resources";
export { Domain, type DomainArgs } from "./domain";
export { DomainDelegation, type DomainDelegationArgs } from "./domain-delegation";
export { DsRecord, type DsRecordArgs } from "./ds-record";
export { EmailForward, type EmailForwardArgs } from "./email-forward";
export { PrimaryServer, type PrimaryServerArgs } from "./primary-server";
export { SecondaryZone, type SecondaryZoneArgs } from "./secondary-zone";
export { Zone, type ZoneArgs } from "./zone";
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
export * from "./actions";
export * from "./legacy-actions";
export {
  listDomains,
  getDomain,
  listDsRecords,
  getDsRecord,
  listEmailForwards,
  getEmailForward,
  listPushes,
  listCertificates,
  getCertificate,
  listPrimaryServers,
  getPrimaryServer,
  listWebhooks,
  getWebhook,
  listPlatformMessages,
  listPlatformMetadata,
  listLegacyDomains,
  getLegacyDomain,
  checkLegacyDomain,
  listLegacyTemplates,
  getLegacyTemplate,
  listLegacyServices,
  getLegacyService,
  getLegacyNameServers,
  listLegacyCertificates,
  getLegacyCertificate,
  getLegacySubscription,
  type ListDomainsOptions,
  type DomainInfo,
  type DsRecordInfo,
  type EmailForwardInfo,
  type PushInfo,
  type CertificateInfo,
  type PrimaryServerInfo,
  type WebhookInfo,
  type PlatformMessageInfo,
  type PlatformMetadataInfo,
  type LegacyDomainInfo,
  type LegacyCheckDomainResult,
  type LegacyTemplateInfo,
  type LegacyServiceInfo,
  type LegacyCertificateInfo,
  type LegacySubscriptionInfo,
  getZone,
  listZones,
  getCertificatePrivateKey,
  getRegistrantChangeCheck,
  type ZoneInfo,
  type RegistrantChangeCheckResult,
} from "./functions";
