/**
 * `pulumi-dnsimple-dynamic/client`: a typed client for the whole DNSimple API (v2 and legacy v1),
 * for one-shot actions that are not resources (a script that renews a domain, a check in CI).
 * The resources and functions use the same client. This index is the public surface, chosen on
 * purpose: the client, its options and hooks, the errors and their guards (a refused batch's
 * operations among them), the retry and timeout defaults and the backoff they give, pagination,
 * `createdSince` (whether an object was made since a moment, to the service's second: what proves
 * an object is one's own after a lost answer), the types of the API's objects and inputs, and the
 * zod schemas of the objects whose fields resources show as outputs (the outputs' types).
 * How requests are sent (transport, retry decisions, paths, envelopes) stays inside. The
 * provider's resources use this surface too, nothing else of the client.
 *
 * @example
 * import { createClient, isNotFound } from "pulumi-dnsimple-dynamic/client";
 * const client = createClient({ token: process.env.DNSIMPLE_TOKEN!, baseUrl: "https://api.sandbox.dnsimple.com/v2" });
 * const domain = await client.domains.get(1, "example.com").catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
 */
export {
  PRODUCTION_BASE_URL,
  SANDBOX_BASE_URL,
  createClient,
  packageVersion,
  resolveBaseUrls,
} from "./client";
export type { ClientOptions, DnsimpleClient } from "./client";
export {
  ApiError,
  ApiConnectionError,
  ApiTimeoutError,
  ApiStatusError,
  BadRequestError,
  UnauthorizedError,
  PaymentRequiredError,
  PermissionDeniedError,
  NotFoundError,
  PreconditionRequiredError,
  RateLimitError,
  ServerError,
  ResponseValidationError,
  isApiError,
  isNotFound,
  isRateLimited,
  isConnectionError,
  outcomeUnknown,
  statusLeavesOutcomeOpen,
} from "./errors";
export type { ApiErrorCode, FieldErrors } from "./errors";
export { DEFAULT_RETRY_OPTIONS, backoffDelay } from "./retry";
export { createdSince } from "./created-since";
export type { RetryOptions } from "./retry";
export { ServiceId } from "./schemas";
export type { ListOptions, Pagination } from "./schemas";
export { collect } from "./pagination";
export { DEFAULT_TIMEOUTS, getSharedDispatcher } from "./transport";
export type {
  ClientHooks,
  PaceEvent,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  TimeoutOptions,
} from "./transport";
export type { Account, AccountsApi, Identity, IdentityApi, User } from "./identity";
export type { AccountId, Domain, DomainListOptions, DomainRef, DomainResearch, DomainsApi } from "./domains";
export type { Dnssec, DnssecApi } from "./dnssec";
export type { DelegationSignerRecord, DelegationSignerRecordInput, DsRecordsApi } from "./ds-records";
export type { EmailForward, EmailForwardInput, EmailForwardsApi } from "./email-forwards";
export type { Push, PushInput, PushesApi } from "./pushes";
export type {
  Certificate,
  CertificateBundle,
  CertificatePrivateKey,
  CertificatePurchase,
  CertificateRenewal,
  CertificatesApi,
  LetsencryptPurchaseInput,
  LetsencryptRenewalInput,
} from "./certificates";
export { REGISTRANT_CHANGE_STATES, OPEN_REGISTRANT_CHANGE_STATES } from "./registrar";
export type {
  DomainCheck,
  DomainPremiumPrice,
  DomainPrices,
  DomainRegistration,
  DomainRenewal,
  DomainRestore,
  DomainTransfer,
  ExtendedAttribute,
  RegisterDomainInput,
  RegistrantChange,
  RegistrantChangeCheck,
  RegistrantChangeCheckInput,
  RegistrantChangeInput,
  RegistrantChangeListOptions,
  RegistrantChangeState,
  RegistrarApi,
  RenewDomainInput,
  TransferDomainInput,
} from "./registrar";
export type { PrimaryServer, PrimaryServerInput, SecondaryDnsApi } from "./secondary-dns";
export type { Webhook, WebhooksApi } from "./webhooks";
export type {
  PlatformApi,
  PlatformMessage,
  PlatformMessageInput,
  PlatformMessagesApi,
  PlatformMetadata,
  PlatformMetadataApi,
  PlatformResource,
} from "./platform";
export type { BillingApi, Charge, ChargeListOptions } from "./billing";
export type { OAuthApi, OAuthExchangeInput, OAuthToken } from "./oauth";
export type { Contact, ContactInput, ContactsApi } from "./contacts";
export { batchItemErrors, batchOperationErrors } from "./zones";
export type {
  BatchItemError,
  Zone,
  ZoneRecord,
  ZoneRecordBatch,
  ZoneRecordBatchResult,
  ZoneRecordBatchUpdate,
  ZoneRecordInput,
  ZoneRecordListOptions,
  ZoneRecordUpdate,
  ZoneRecordsApi,
  ZonesApi,
} from "./zones";
/** The service's objects whose fields resources show as outputs: `serviceFields` takes their types from them. */
export { DnssecSchema } from "./dnssec";
export { DomainSchema } from "./domains";
export { DelegationSignerRecordSchema } from "./ds-records";
export { EmailForwardSchema } from "./email-forwards";
export { CertificateRenewalSchema, CertificateSchema } from "./certificates";
export { PrimaryServerSchema } from "./secondary-dns";
export { PlatformMessageSchema, PlatformMetadataSchema } from "./platform";
export { ZoneRecordSchema, ZoneSchema } from "./zones";
export { V1DomainSchema, V1SubscriptionSchema, V1TemplateSchema } from "./v1";
export type {
  V1Api,
  V1Certificate,
  V1CreditCard,
  V1Domain,
  V1DomainCheck,
  V1RegistryNameServer,
  V1Service,
  V1Subscription,
  V1Template,
  V1TransferOrder,
  V1User,
} from "./v1";
/** The service's objects whose fields the SDK's functions answer (provider/functions: `fieldsOf`). */
export { AccountSchema, UserSchema } from "./identity";
export { DomainResearchSchema } from "./domains";
export { PushSchema } from "./pushes";
export { CertificateBundleSchema } from "./certificates";
export {
  DomainCheckSchema,
  DomainPremiumPriceSchema,
  DomainPricesSchema,
  ExtendedAttributeSchema,
  RegistrantChangeCheckSchema,
} from "./registrar";
export { ChargeItemSchema, ChargeSchema } from "./billing";
export { V1CertificateSchema, V1DomainCheckSchema, V1ServiceSchema } from "./v1";
