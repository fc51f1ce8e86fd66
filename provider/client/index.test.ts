/**
 * `pulumi-dnsimple-dynamic/client` is a chosen surface, not `export *` of the modules: these are
 * its values (types are erased), and how requests are sent stays inside.
 */
import * as publicClient from "./index";
import * as internal from "./internal";

describe("the public client index", () => {
  it("exports the client, the errors and their guards, the defaults, pagination, the schemas of the objects whose fields resources show, and nothing else", () => {
    expect(Object.keys(publicClient).sort()).toEqual(
      [
        "ApiConnectionError",
        "ApiError",
        "ApiStatusError",
        "ApiTimeoutError",
        "BadRequestError",
        "CertificateRenewalSchema",
        "CertificateSchema",
        "DelegationSignerRecordSchema",
        "DnssecSchema",
        "DomainSchema",
        "EmailForwardSchema",
        "PlatformMessageSchema",
        "PlatformMetadataSchema",
        "PrimaryServerSchema",
        "V1DomainSchema",
        "V1SubscriptionSchema",
        "V1TemplateSchema",
        "ZoneRecordSchema",
        "ZoneSchema",
        "DEFAULT_RETRY_OPTIONS",
        "DEFAULT_TIMEOUTS",
        "NotFoundError",
        "OPEN_REGISTRANT_CHANGE_STATES",
        "PRODUCTION_BASE_URL",
        "PaymentRequiredError",
        "PermissionDeniedError",
        "PreconditionRequiredError",
        "REGISTRANT_CHANGE_STATES",
        "RateLimitError",
        "ResponseValidationError",
        "SANDBOX_BASE_URL",
        "ServerError",
        "ServiceId",
        "UnauthorizedError",
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
