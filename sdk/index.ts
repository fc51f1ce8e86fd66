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
export { Domain, type DomainArgs } from "./domain";
export { DomainDelegation, type DomainDelegationArgs } from "./domain-delegation";
export { DsRecord, type DsRecordArgs } from "./ds-record";
export { EmailForward, type EmailForwardArgs } from "./email-forward";
export { PrimaryServer, type PrimaryServerArgs } from "./primary-server";
export { SecondaryZone, type SecondaryZoneArgs } from "./secondary-zone";
export { Webhook, type WebhookArgs } from "./webhook";
export { Zone, type ZoneArgs } from "./zone";
export * from "./extended";
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
