/**
 * `pulumi-dnsimple-dynamic/client` is a chosen surface, not `export *` of the modules: these are
 * its values (types are erased), and how requests are sent stays inside.
 */
import * as publicClient from "./index";
import * as internal from "./internal";

describe("the public client index", () => {
  it("exports the client, the errors and their guards, the defaults, pagination, the schemas of the objects whose fields resources and functions show, and nothing else", () => {
    expect(Object.keys(publicClient).sort()).toEqual(
      [
        "AccountSchema",
        "ApiConnectionError",
        "ApiError",
        "ApiStatusError",
        "ApiTimeoutError",
        "BadRequestError",
        "CertificateBundleSchema",
        "CertificateRenewalSchema",
        "CertificateSchema",
        "ChargeItemSchema",
        "ChargeSchema",
        "DEFAULT_RETRY_OPTIONS",
        "DEFAULT_TIMEOUTS",
        "DelegationSignerRecordSchema",
        "DnssecSchema",
        "DomainCheckSchema",
        "DomainPremiumPriceSchema",
        "DomainPricesSchema",
        "DomainResearchSchema",
        "DomainSchema",
        "EmailForwardSchema",
        "ExtendedAttributeSchema",
        "NotFoundError",
        "OPEN_REGISTRANT_CHANGE_STATES",
        "PRODUCTION_BASE_URL",
        "PaymentRequiredError",
        "PermissionDeniedError",
        "PlatformMessageSchema",
        "PlatformMetadataSchema",
        "PreconditionRequiredError",
        "PrimaryServerSchema",
        "PushSchema",
        "REGISTRANT_CHANGE_STATES",
        "RateLimitError",
        "RegistrantChangeCheckSchema",
        "ResponseValidationError",
        "SANDBOX_BASE_URL",
        "ServerError",
        "ServiceId",
        "UnauthorizedError",
        "UserSchema",
        "V1CertificateSchema",
        "V1DomainCheckSchema",
        "V1DomainSchema",
        "V1ServiceSchema",
        "V1SubscriptionSchema",
        "V1TemplateSchema",
        "ZoneRecordSchema",
        "ZoneSchema",
        "backoffDelay",
        "batchItemErrors",
        "batchOperationErrors",
        "collect",
        "createClient",
        "createdSince",
        "getSharedDispatcher",
        "isApiError",
        "isConnectionError",
        "isNotFound",
        "isRateLimited",
        "outcomeUnknown",
        "packageVersion",
        "resolveBaseUrls",
        "statusLeavesOutcomeOpen",
      ].sort(),
    );
  });

  it("keeps the transport, retry decisions, paths and envelopes inside", () => {
    for (const name of [
      "Transport",
      "decideRetry",
      "RateLimiter",
      "path",
      "createStatusError",
      "dataOf",
      "pageOf",
    ]) {
      expect(name in internal).toBe(true);
      expect(name in publicClient).toBe(false);
    }
  });

  it("hands out the same classes as the modules, so instanceof works across both", () => {
    expect(publicClient.ApiError).toBe(internal.ApiError);
    expect(publicClient.createClient).toBe(internal.createClient);
  });
});
