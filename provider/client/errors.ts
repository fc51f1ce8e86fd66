/**
 * The client's error model. One base class, {@link ApiError}; everything the client throws for a
 * failed API call is one of its subclasses, chosen by {@link createStatusError} for HTTP answers.
 *
 * Every error carries `status`, a stable `code`, `method`, a credential-free `url`, the service's
 * request id, the parsed body and its per-field `errors`, and how many retries were spent. The
 * message names the status, the service's message, the field errors, the method and the path:
 *
 * ```text
 * 400 Validation failed: name: is invalid (POST /v2/1/domains)
 * ```
 *
 * Errors are branded with `Symbol.for(...)` so that {@link isApiError} works across two copies of
 * this module (Pulumi loads the provider again in its plugin process, which breaks `instanceof`).
 */

const BRAND = Symbol.for("pulumi-dnsimple-dynamic.ApiError");

/** Stable machine-readable error codes. */
export type ApiErrorCode =
  | "api_connection"
  | "api_timeout"
  | "bad_request"
  | "unauthorized"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "gone"
  | "precondition_failed"
  | "unprocessable_entity"
  | "precondition_required"
  | "rate_limited"
  | "server_error"
  | "api_status"
  | "response_validation";

/** Field errors as the service reports them: attribute name → messages. */
export type FieldErrors = Record<string, string[]>;

/** Everything an error is built from. */
export interface ApiErrorInit {
  /** HTTP status, or `undefined` when no response arrived. */
  status?: number | undefined;
  method: string;
  /** The request URL; credentials are removed before it is stored. */
  url: string;
  requestId?: string | undefined;
  /** The parsed response body (JSON), or the first bytes of a non-JSON body. */
  body?: unknown;
  /** The response headers, lower-cased. */
  headers?: Record<string, string> | undefined;
  retries?: number;
  cause?: unknown;
  /** For a connection error: `false` when the request surely never reached the service. */
  sent?: boolean;
}

/**
 * Base class of every error the client throws for an API call.
 *
 * @example
 * try { await client.domains.get(1, "example.com"); }
 * catch (e) { if (isApiError(e) && e.code === "not_found") { ... } }
 */
export class ApiError extends Error {
  /** HTTP status; `undefined` when no response was received. */
  readonly status: number | undefined;
  /** Stable error code, e.g. `not_found`. */
  readonly code: ApiErrorCode;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Request URL without credentials. */
  readonly url: string;
  /** The service's `x-request-id`, when sent. */
  readonly requestId: string | undefined;
  /** Parsed response body (or a text excerpt), when there was one. */
  readonly body: unknown;
  /** Per-field validation errors from the body (`{}` when none). */
  readonly errors: FieldErrors;
  /** The service's `message` from the body, when present. */
  readonly apiMessage: string | undefined;
  /** Response headers (lower-cased), when there was a response. */
  readonly headers: Record<string, string>;
  /** How many retries were spent before giving up. */
  retries: number;

  constructor(code: ApiErrorCode, message: string, init: ApiErrorInit) {
    super(redactSecrets(message), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = init.status;
    this.method = init.method.toUpperCase();
    this.url = stripCredentials(init.url);
    this.requestId = init.requestId;
    this.body = init.body;
    this.errors = extractFieldErrors(init.body);
    this.apiMessage = extractMessage(init.body);
    this.headers = init.headers ?? {};
    this.retries = init.retries ?? 0;
    Object.defineProperty(this, BRAND, { value: true }); // not enumerable: kept out of copies
  }

  /** A plain, secret-free summary suitable for logs. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      status: this.status,
      message: this.message,
      method: this.method,
      url: this.url,
      requestId: this.requestId,
      errors: this.errors,
      retries: this.retries,
    };
  }
}

/** No HTTP response was received: refused, reset, DNS failure, aborted. */
export class ApiConnectionError extends ApiError {
  /**
   * Whether the request may have reached the service. `false` only when it surely did not
   * (connection refused, host name not found, TLS failure): then nothing it asked for happened.
   */
  readonly sent: boolean;
  constructor(message: string, init: ApiErrorInit, code: ApiErrorCode = "api_connection") {
    super(code, message, init);
    this.sent = init.sent ?? true;
  }
}

/** A connect, headers, body or total timeout fired. */
export class ApiTimeoutError extends ApiConnectionError {
  constructor(message: string, init: ApiErrorInit) {
    super(message, init, "api_timeout");
  }
}

/** The service answered with a non-success status. */
export class ApiStatusError extends ApiError {
  declare readonly status: number;
}
/** 400: validation failure or a business rule. */
export class BadRequestError extends ApiStatusError {}
/** 401: authentication failed. */
export class UnauthorizedError extends ApiStatusError {}
/** 402: the account has outstanding payments (or, in v1, no subscription). */
export class PaymentRequiredError extends ApiStatusError {}
/** 403: the token lacks a scope. */
export class PermissionDeniedError extends ApiStatusError {}
/** 404: the object does not exist or is not visible. */
export class NotFoundError extends ApiStatusError {}
/** 428: a precondition is not met, e.g. disabling DNSSEC that is not enabled. */
export class PreconditionRequiredError extends ApiStatusError {}
/** 429: rate limit reached; `retryAfterMs` says when the service allows the next request. */
export class RateLimitError extends ApiStatusError {
  retryAfterMs: number | undefined;
}
/** 5xx: the service failed. */
export class ServerError extends ApiStatusError {}

/** A response did not match its schema (or was not JSON); `issues` name the fields. */
export class ResponseValidationError extends ApiError {
  /** One entry per problem: `path` like `data[0].name`, and what was wrong. */
  readonly issues: Array<{ path: string; message: string }>;
  constructor(issues: Array<{ path: string; message: string }>, init: ApiErrorInit) {
    const summary = issues
      .slice(0, 5)
      .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
      .join("; ");
    const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : "";
    super(
      "response_validation",
      `${init.status ?? ""} Response validation failed: ${summary}${more} (${init.method.toUpperCase()} ${pathOf(init.url)})`.trim(),
      init,
    );
    this.issues = issues;
  }
}

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  402: "payment_required",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  410: "gone",
  412: "precondition_failed",
  422: "unprocessable_entity",
  428: "precondition_required",
  429: "rate_limited",
};

/** The statuses with a subclass of their own; any other 5xx is a `ServerError`. */
const STATUS_CLASSES: Record<number, typeof ApiStatusError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  402: PaymentRequiredError,
  403: PermissionDeniedError,
  404: NotFoundError,
  428: PreconditionRequiredError,
  429: RateLimitError,
};

/** The stable code for an HTTP status. */
export function codeForStatus(status: number): ApiErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? "server_error" : "api_status");
}

/**
 * The one factory that turns an HTTP error answer into the right subclass.
 *
 * @example
 * const err = createStatusError({ status: 404, method: "GET", url, body: { message: "Domain `x` not found" } });
 * err instanceof NotFoundError; // true
 */
export function createStatusError(init: ApiErrorInit & { status: number }): ApiStatusError {
  const code = codeForStatus(init.status);
  const message = formatStatusMessage(init.status, init.body, init.method, init.url);
  const ErrorClass = STATUS_CLASSES[init.status] ?? (init.status >= 500 ? ServerError : ApiStatusError);
  return new ErrorClass(code, message, init);
}

/** `400 Validation failed: name: is invalid (POST /v2/1/domains)`. */
export function formatStatusMessage(status: number, body: unknown, method: string, url: string): string {
  const parts: string[] = [];
  const message = extractMessage(body) ?? extractOAuthMessage(body) ?? defaultReason(status);
  const fieldErrors = extractFieldErrors(body);
  const details = Object.entries(fieldErrors).map(([field, msgs]) =>
    field === "base" ? msgs.join(", ") : `${field}: ${msgs.join(", ")}`,
  );
  parts.push(`${status} ${message}`);
  const text = details.length > 0 ? `${parts[0]}: ${details.join("; ")}` : parts[0];
  return `${text} (${method.toUpperCase()} ${pathOf(url)})`;
}

function defaultReason(status: number): string {
  const reasons: Record<number, string> = {
    400: "Bad Request",
    401: "Unauthorized",
    402: "Payment Required",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    428: "Precondition Required",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
  };
  return reasons[status] ?? "HTTP error";
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function extractMessage(body: unknown): string | undefined {
  if (isRecord(body) && typeof body["message"] === "string" && body["message"] !== "") {
    return body["message"];
  }
  return undefined;
}

function extractOAuthMessage(body: unknown): string | undefined {
  if (isRecord(body) && typeof body["error"] === "string") {
    const desc = body["error_description"];
    return typeof desc === "string" ? `${body["error"]}: ${desc}` : body["error"];
  }
  return undefined;
}

/**
 * Normalises the service's `errors` member: `{field: [msg]}`, `{field: "msg"}` (extended
 * attributes) and v1's `["msg"]` all become `{field: [msg]}` (`base` for unnamed messages).
 */
export function extractFieldErrors(body: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!isRecord(body)) return out;
  const errors = body["errors"];
  if (Array.isArray(errors)) {
    const msgs = errors.filter((e): e is string => typeof e === "string");
    if (msgs.length > 0) out["base"] = msgs;
    return out;
  }
  if (!isRecord(errors)) return out;
  for (const [field, value] of Object.entries(errors)) {
    if (typeof value === "string") out[field] = [value];
    else if (Array.isArray(value)) {
      out[field] = value.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
    } else if (value !== null && value !== undefined) out[field] = [JSON.stringify(value)];
  }
  return out;
}

/** Removes user info and credential-looking query parameters from a URL. */
export function stripCredentials(url: string): string {
  // Fast path (every request computes this): nothing that could hold a credential.
  if (!url.includes("@") && !/[?&][^=&]*(token|secret|password|code|key)/i.test(url)) return url;
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    for (const key of [...u.searchParams.keys()]) {
      if (/token|secret|password|code|key/i.test(key)) u.searchParams.set(key, "REDACTED");
    }
    return u.toString();
  } catch {
    return url.replace(/\/\/[^/@]*@/, "//");
  }
}

/** The path (without query) of a URL, for messages. */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * Scrubs bearer tokens, basic credentials and service tokens from free text (for messages that
 * quote lower layers, such as socket errors).
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [REDACTED]")
    .replace(/(x-service-token|authorization)(["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, "$1$2[REDACTED]")
    .replace(/\/\/[^/@\s]+:[^/@\s]+@/g, "//");
}

/** True for any error thrown by this client, even from another copy of the module. */
export function isApiError(e: unknown): e is ApiError {
  return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[BRAND] === true;
}

/** True when the error is a 404 from the service. */
export function isNotFound(e: unknown): e is NotFoundError {
  return isApiError(e) && e.code === "not_found";
}

/** True when the error is a 429 from the service. */
export function isRateLimited(e: unknown): e is RateLimitError {
  return isApiError(e) && e.code === "rate_limited";
}

/** True when the error means no response arrived (including timeouts). */
export function isConnectionError(e: unknown): e is ApiConnectionError {
  return isApiError(e) && (e.code === "api_connection" || e.code === "api_timeout");
}

/**
 * Whether a request answered with `status` may still have been processed: a 5xx or a 408. Any
 * other 4xx, and a 429 (refused before processing), is a refusal. The one rule for it: the
 * client's retry decisions and the resources' handling of failed creates both ask here.
 */
export function statusLeavesOutcomeOpen(status: number): boolean {
  return status >= 500 || status === 408;
}

/**
 * Whether a failed request may still have taken effect: no answer came and the request may have
 * left (a connection refused before sending did nothing), or the service answered with a status
 * that leaves it open (`statusLeavesOutcomeOpen`).
 */
export function outcomeUnknown(e: unknown): boolean {
  if (isConnectionError(e)) return e.sent !== false;
  return isApiError(e) && e.status !== undefined && statusLeavesOutcomeOpen(e.status);
}
