import {
  ApiConnectionError,
  ApiStatusError,
  ApiTimeoutError,
  BadRequestError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PreconditionRequiredError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
  codeForStatus,
  createStatusError,
  outcomeUnknown,
  statusLeavesOutcomeOpen,
  extractFieldErrors,
  isApiError,
  isConnectionError,
  isNotFound,
  isRateLimited,
  pathOf,
  redactSecrets,
  stripCredentials,
} from "./errors";

const url = "https://api.dnsimple.com/v2/1/domains";
/** The error of an answer with `status` and `body` to a request to `url`. */
const statusError = (status: number, method: string, body: unknown) =>
  createStatusError({ status, method, url, body });

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
    const err = statusError(status, "GET", { message: "x" });
    expect(err).toBeInstanceOf(cls);
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(isApiError(err)).toBe(true);
  });

  it("reads like 'status message: field errors (METHOD path)'", () => {
    const body = { message: "Validation failed", errors: { name: ["is invalid"] } };
    const err = createStatusError({ status: 400, method: "post", url, requestId: "req-1", body });
    expect(err.message).toBe("400 Validation failed: name: is invalid (POST /v2/1/domains)");
    expect(err.errors).toEqual({ name: ["is invalid"] });
    expect(err.requestId).toBe("req-1");
    expect(err.apiMessage).toBe("Validation failed");
  });

  it("names base errors without a field prefix and string-valued extended attribute errors", () => {
    const base = statusError(400, "POST", {
      message: "Validation failed",
      errors: { base: ["You must provide an authorization code"] },
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
    const html = statusError(502, "GET", "<html>bad gateway</html>");
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

describe("every status a person may meet", () => {
  it.each([
    [403, "forbidden", "403 Forbidden"],
    [405, "method_not_allowed", "405 Method Not Allowed"],
    [409, "conflict", "409 HTTP error"],
    [410, "gone", "410 HTTP error"],
    [412, "precondition_failed", "412 HTTP error"],
    [422, "unprocessable_entity", "422 HTTP error"],
    [418, "api_status", "418 HTTP error"],
    [400, "bad_request", "400 Bad Request"],
    [401, "unauthorized", "401 Unauthorized"],
    [402, "payment_required", "402 Payment Required"],
    [404, "not_found", "404 Not Found"],
    [428, "precondition_required", "428 Precondition Required"],
    [429, "rate_limited", "429 Too Many Requests"],
    [500, "server_error", "500 Internal Server Error"],
    [503, "server_error", "503 Service Unavailable"],
    [504, "server_error", "504 Gateway Timeout"],
    [599, "server_error", "599 HTTP error"],
  ])("%i has the code %s and, without a message from the service, reads '%s'", (status, code, text) => {
    const err = statusError(status, "delete", { message: "" });
    expect(err.code).toBe(code);
    expect(codeForStatus(status)).toBe(code);
    expect(err.message).toBe(`${text} (DELETE /v2/1/domains)`);
    expect(err instanceof ServerError).toBe(status >= 500);
    expect(err instanceof ApiStatusError).toBe(true);
    expect(isRateLimited(err)).toBe(status === 429);
    expect(isNotFound(err)).toBe(status === 404);
    expect(isConnectionError(err)).toBe(false);
  });

  it("names the OAuth error alone when it has no description", () => {
    const err = statusError(401, "POST", { error: "invalid_client" });
    expect(err.message).toBe("401 invalid_client (POST /v2/1/domains)");
    const described = statusError(401, "POST", { error: "invalid_client", error_description: 7 });
    expect(described.message).toBe("401 invalid_client (POST /v2/1/domains)");
  });

  it("joins several messages of one field and several fields", () => {
    const err = statusError(400, "POST", {
      message: "Validation failed",
      errors: { name: ["is invalid", "is taken"], base: ["a", "b"], ttl: ["is low"] },
    });
    expect(err.message).toBe(
      "400 Validation failed: name: is invalid, is taken; a, b; ttl: is low (POST /v2/1/domains)",
    );
  });
});

describe("field errors in every shape the service sends", () => {
  it("keeps text, writes anything else as JSON, and ignores what is not there", () => {
    expect(extractFieldErrors({ errors: { a: [1, "x"], b: { min: 1 }, c: null, d: undefined } })).toEqual({
      a: ["1", "x"],
      b: ['{"min":1}'],
    });
    expect(extractFieldErrors({ errors: [1, null] })).toEqual({});
    expect(extractFieldErrors({ errors: "text" })).toEqual({});
    expect(extractFieldErrors({ errors: null })).toEqual({});
    expect(extractFieldErrors(["errors"])).toEqual({});
    expect(extractFieldErrors(null)).toEqual({});
    expect(extractFieldErrors("errors")).toEqual({});
  });

  it("takes the service's message only when it is text", () => {
    expect(statusError(400, "GET", { message: 5 }).apiMessage).toBeUndefined();
    expect(statusError(400, "GET", ["message"]).apiMessage).toBeUndefined();
    expect(statusError(400, "GET", null).message).toBe("400 Bad Request (GET /v2/1/domains)");
  });
});

describe("what an error carries", () => {
  it("has its class name, the method in capitals, headers, retries and its cause", () => {
    const cause = new Error("socket hang up");
    const err = new ApiTimeoutError("Request timed out", { method: "get", url, cause, retries: 2 });
    expect(err).toBeInstanceOf(ApiConnectionError);
    expect(err.name).toBe("ApiTimeoutError");
    expect(err.code).toBe("api_timeout");
    expect(err.status).toBeUndefined();
    expect(err.method).toBe("GET");
    expect(err.cause).toBe(cause);
    expect(err.headers).toEqual({});
    expect(err.retries).toBe(2);
    expect(isConnectionError(err)).toBe(true);
    const plain = new ApiConnectionError("refused", { method: "GET", url });
    expect(plain.code).toBe("api_connection");
    expect(plain.retries).toBe(0);
    expect("cause" in plain).toBe(false);
    expect(isConnectionError(plain)).toBe(true);
  });

  it("logs as a plain summary without the body or headers", () => {
    const err = createStatusError({
      status: 404,
      method: "GET",
      url,
      requestId: "r-1",
      headers: { "x-request-id": "r-1" },
      body: { message: "Domain not found", errors: { name: ["x"] } },
    });
    expect(err.headers).toEqual({ "x-request-id": "r-1" });
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      name: "NotFoundError",
      code: "not_found",
      status: 404,
      message: "404 Domain not found: name: x (GET /v2/1/domains)",
      method: "GET",
      url,
      requestId: "r-1",
      errors: { name: ["x"] },
      retries: 0,
    });
  });

  it("summarises at most five bad fields of a response, counting the rest", () => {
    const issues = Array.from({ length: 7 }, (_, i) => ({
      path: i === 0 ? "" : `data[${i}]`,
      message: "bad",
    }));
    const err = new ResponseValidationError(issues, { method: "get", url, status: 200 });
    expect(err.code).toBe("response_validation");
    expect(err.issues).toBe(issues);
    expect(err.message).toBe(
      "200 Response validation failed: bad; data[1]: bad; data[2]: bad; data[3]: bad; data[4]: bad (+2 more) (GET /v2/1/domains)",
    );
    expect(new ResponseValidationError(issues.slice(0, 5), { method: "GET", url }).message).toBe(
      "Response validation failed: bad; data[1]: bad; data[2]: bad; data[3]: bad; data[4]: bad (GET /v2/1/domains)",
    );
  });
});

describe("secrets never appear, exactly", () => {
  it("leaves a URL without credentials as it is", () => {
    const clean = "https://api.dnsimple.com/v2/1/domains?page=2&sort=name";
    expect(stripCredentials(clean)).toBe(clean);
  });

  it.each([
    [
      "https://api.example.com/v2?page=1&client_secret=s&Key=k&code=c&password=p",
      "https://api.example.com/v2?page=1&client_secret=REDACTED&Key=REDACTED&code=REDACTED&password=REDACTED",
    ],
    ["https://me@api.example.com/v2", "https://api.example.com/v2"],
    ["not a url //me:pw@host/x", "not a url //host/x"],
  ])("redacts only what is a credential in %j", (dirty, cleaned) => {
    expect(stripCredentials(dirty)).toBe(cleaned);
  });

  it("names the path of a URL in messages, or the text when it is no URL", () => {
    expect(pathOf("https://api.example.com/v2/1/x?token=1")).toBe("/v2/1/x");
    expect(pathOf("/v2/relative")).toBe("/v2/relative");
  });

  // Every spelling of a token a lower layer may print.
  it.each([
    [
      "bearer and basic credentials in any case",
      "bearer abc.DEF-123 and BASIC dXNlcjpwYXNz",
      "bearer [REDACTED] and BASIC [REDACTED]",
    ],
    [
      "the authorization and service token as JSON or a parameter",
      '{"authorization":"tok123", x-service-token=a@b:c}',
      '{"authorization":"[REDACTED]", x-service-token=[REDACTED]}',
    ],
    [
      "the user info of every URL",
      "GET https://u:p@h/x and https://v:q@h/y",
      "GET https://h/x and https://h/y",
    ],
    ["nothing where nothing is secret", "nothing secret here", "nothing secret here"],
  ])("redacts %s: %j", (_what, text, redacted) => {
    expect(redactSecrets(text)).toBe(redacted);
  });
});

describe("the last details", () => {
  it("gives a 403 its own class", () => {
    const err = statusError(403, "GET", {});
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(statusError(409, "GET", {})).not.toBeInstanceOf(PermissionDeniedError);
  });

  it("keeps a clean URL exactly as given, and cleans one with a token in its query", () => {
    for (const clean of ["HTTPS://Api.Example.com", "https://api.example.com/v2/1/tokens/a b"]) {
      expect(stripCredentials(clean)).toBe(clean);
    }
    expect(stripCredentials("https://api.example.com/v2?access_token=abc")).toBe(
      "https://api.example.com/v2?access_token=REDACTED",
    );
  });

  it("redacts credentials however they are spaced or long", () => {
    expect(redactSecrets("Bearer   abc")).toBe("Bearer [REDACTED]");
    expect(redactSecrets("https://user:secret@host/x")).toBe("https://host/x");
  });

  it("recognises nothing but branded errors", () => {
    for (const value of [null, undefined, "not_found", 404]) expect(isApiError(value)).toBe(false);
    const err = statusError(404, "GET", {});
    expect(isApiError({ ...err })).toBe(false);
  });
});

describe("whether a failed request may still have taken effect", () => {
  const init = { method: "POST", url: "http://127.0.0.1/v2/1/webhooks", retries: 0 };
  it("is open after a lost answer, a 5xx or a 408; a 429 or another 4xx is a refusal", () => {
    expect(outcomeUnknown(new ApiConnectionError("socket closed", init))).toBe(true);
    expect([500, 502, 503, 504, 408].map(statusLeavesOutcomeOpen)).toEqual([true, true, true, true, true]);
    expect([400, 404, 409, 422, 429].map(statusLeavesOutcomeOpen)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(outcomeUnknown(createStatusError({ ...init, status: 503, body: { message: "x" } }))).toBe(true);
    expect(outcomeUnknown(createStatusError({ ...init, status: 422, body: { message: "x" } }))).toBe(false);
    expect(outcomeUnknown(new Error("not from the client"))).toBe(false);
  });
});
