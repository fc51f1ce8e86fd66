/**
 * pulumi-dnsimple-dynamic: DNSimple resources for Node.js Pulumi programs, served by dynamic
 * providers. Programs in other languages use the provider plugin instead (Python and Go through the
 * SDKs generated in sdk/python and sdk/go, YAML directly).
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
// The waiting arguments of DomainRegistration, DomainTransfer and LetsEncryptCertificate.
export { type WaitingArgs } from "./common";
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
export { type LegacyDomainActionArgs } from "./common";
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
  type PushInfo,
  type CertificateInfo,
  type LegacyDomainInfo,
  type LegacyCheckDomainResult,
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
// Zone files as ZoneRecords' records.
export { readZoneFile, type ZoneFile } from "./zone-file";
