import {
  ApiConnectionError,
  BadRequestError,
  NotFoundError,
  PaymentRequiredError,
  PreconditionRequiredError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  createStatusError,
  extractFieldErrors,
  isApiError,
  isNotFound,
  redactSecrets,
  stripCredentials,
} from "./errors";

const url = "https://api.dnsimple.com/v2/1/domains";

describe("createStatusError", () => {
  it.each([
    [400, BadRequestError, "bad_request"],
    [401, UnauthorizedError, "unauthorized"],
    [402, PaymentRequiredError, "payment_required"],
    [404, NotFoundError, "not_found"],
    [428, PreconditionRequiredError, "precondition_required"],
    [429, RateLimitError, "rate_limited"],
    [502, ServerError, "server_error"],
  ])("maps status %i to its subclass and stable code", (status, cls, code) => {
    const err = createStatusError({ status, method: "GET", url, body: { message: "x" } });
    expect(err).toBeInstanceOf(cls);
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(isApiError(err)).toBe(true);
  });

  it("reads like 'status message: field errors (METHOD path)'", () => {
    const err = createStatusError({
      status: 400,
      method: "post",
      url,
      requestId: "req-1",
      body: { message: "Validation failed", errors: { name: ["is invalid"] } },
    });
    expect(err.message).toBe("400 Validation failed: name: is invalid (POST /v2/1/domains)");
    expect(err.errors).toEqual({ name: ["is invalid"] });
    expect(err.requestId).toBe("req-1");
    expect(err.apiMessage).toBe("Validation failed");
  });

  it("names base errors without a field prefix and string-valued extended attribute errors", () => {
    const base = createStatusError({
      status: 400,
      method: "POST",
      url,
      body: { message: "Validation failed", errors: { base: ["You must provide an authorization code"] } },
    });
    expect(base.message).toBe(
      "400 Validation failed: You must provide an authorization code (POST /v2/1/domains)",
    );
    expect(extractFieldErrors({ errors: { "x-id-number": "invalid number" } })).toEqual({
      "x-id-number": ["invalid number"],
    });
    expect(extractFieldErrors({ errors: ["Feature not enabled"] })).toEqual({
      base: ["Feature not enabled"],
    });
  });

  it("uses the OAuth error description and a reason phrase for bodiless or HTML answers", () => {
    const oauth = createStatusError({
      status: 400,
      method: "POST",
      url: "https://api.dnsimple.com/v2/oauth/access_token",
      body: { error: "invalid_grant", error_description: "expired code" },
    });
    expect(oauth.message).toBe("400 invalid_grant: expired code (POST /v2/oauth/access_token)");
    const html = createStatusError({ status: 502, method: "GET", url, body: "<html>bad gateway</html>" });
    expect(html.message).toBe("502 Bad Gateway (GET /v2/1/domains)");
  });
});

describe("secrets never appear", () => {
  it("removes user info and token-like query parameters from URLs", () => {
    const cleaned = stripCredentials("https://me:hunter2@api.example.com/v2/1?access_token=abc&page=2");
    expect(cleaned).not.toContain("hunter2");
    expect(cleaned).not.toContain("abc");
    expect(cleaned).toContain("page=2");
  });

  it("redacts bearer and basic credentials and service tokens from free text", () => {
    const text = redactSecrets("Authorization: Bearer s3cr3t-token, X-Service-Token: a@b.c:tok123");
    expect(text).not.toContain("s3cr3t-token");
    expect(text).not.toContain("tok123");
  });

  it("keeps the token out of an error built from a URL with credentials", () => {
    const err = new ApiConnectionError("Connection failed: Bearer tkn-123456 refused", {
      method: "GET",
      url: "https://user:tkn-123456@api.example.com/v2/whoami",
    });
    expect(err.message).not.toContain("tkn-123456");
    expect(err.url).not.toContain("tkn-123456");
    expect(JSON.stringify(err)).not.toContain("tkn-123456");
  });
});

describe("brand checks", () => {
  it("recognise errors from another copy of the module by the Symbol.for brand", () => {
    const foreign = Object.assign(new Error("x"), { code: "not_found" });
    Object.defineProperty(foreign, Symbol.for("pulumi-dnsimple-dynamic.ApiError"), { value: true });
    expect(isApiError(foreign)).toBe(true);
    expect(isNotFound(foreign)).toBe(true);
    expect(isApiError(new Error("plain"))).toBe(false);
    expect(isNotFound({ code: "not_found" })).toBe(false);
  });
});
