/**
 * The service's own OpenAPI description (`../shared/reference/data/.../openapi.yml`) as a check on
 * every answer of the emulator and on every request body of the client. Matching a request to its
 * operation and validating bodies is done by maintained libraries (openapi-backend on ajv, with
 * ajv-formats for `date-time`, `uri`, ...); this file only adds the status check (an answer's
 * status must be one the operation declares) and the short list of places where the description
 * is stricter than the real service, each justified by a recorded response.
 *
 * @example
 *   const doc = await OpenApiDocument.load(sharedReference().openapiFile);
 *   const { operation, violations } = doc.checkResponse("GET", "/v2/1/domains/example.com", 200, body);
 */
import * as fs from "node:fs";
import addFormats from "ajv-formats";
import { OpenAPIBackend, type Operation } from "openapi-backend";
import { parse as parseYaml } from "yaml";

/** One place where an answer or a request does not match the description. */
export interface OpenApiViolation {
  operation: string;
  status?: number;
  /** JSON pointer into the body (`/data/name`), or `status`. */
  where: string;
  keyword: string;
  message: string;
  /** The documented exception that covers it, when one does. */
  exception?: string;
}

/**
 * A place where the OpenAPI description is stricter than the real service. The first of
 * `operations` is the recording's. `recording` is the
 * recorded response (relative to the reference data folder) that shows the service answering so;
 * a test validates each recording and requires it to break the description in exactly this way.
 * Where no recording exists, `contract` quotes the line of `../spec/api-spec.md` (which wins over
 * the description) that the emulator follows.
 */
export interface OpenApiException {
  /** `request` for request bodies (the client's); answers otherwise. */
  side?: "request";
  /** Operation ids it applies to; `*` for every operation. */
  operations: string[];
  /** The answer's status it applies to (any when absent). */
  status?: number;
  /** JSON pointers of the field; `*` stands for one segment (an index of a list). */
  where: string[];
  keyword: string;
  why: string;
  recording?: string;
  contract?: string;
}

const API = "dnsimple-developer/fixtures/v2/api";
const NULL_FIELD = "type";

/** Where the OpenAPI description is stricter than the real service (see {@link OpenApiException}). */
export const OPENAPI_EXCEPTIONS: OpenApiException[] = [
  // Error bodies. Validation errors list messages per field; the description types each entry as
  // an object. Other 400s carry only `message`, where the description requires `errors` too.
  {
    operations: ["*"],
    status: 400,
    where: ["/errors/*"],
    keyword: "type",
    why: "validation errors are arrays of messages per field",
    recording: `${API}/createContact/error-validation-errors.http`,
  },
  {
    operations: ["*"],
    status: 400,
    where: [""],
    keyword: "required",
    why: "a 400 that is not about fields has no `errors`",
    recording: `${API}/transferDomain/error-indnsimple.http`,
  },
  // Statuses the service answers that the operation does not declare.
  {
    operations: ["getWebhook"],
    status: 404,
    where: ["status"],
    keyword: "status",
    why: "an unknown webhook is a 404",
    recording: `${API}/notfound-webhook.http`,
  },
  {
    operations: ["listCharges"],
    status: 400,
    where: ["status"],
    keyword: "status",
    why: "a malformed date filter is a 400",
    recording: `${API}/listCharges/fail-400-bad-filter.http`,
  },
  {
    operations: ["deleteContact"],
    status: 400,
    where: ["status"],
    keyword: "status",
    why: "a contact in use cannot be deleted (400)",
    recording: `${API}/deleteContact/error-contact-in-use.http`,
  },
  {
    operations: ["checkRegistrantChange"],
    status: 404,
    where: ["status"],
    keyword: "status",
    why: "an unknown domain or contact in a registrant-change check is a 404",
    recording: `${API}/checkRegistrantChange/error-contactnotfound.http`,
  },
  {
    operations: ["registerDomain", "transferDomain", "domainRenew", "domainRestore"],
    status: 202,
    where: ["status"],
    keyword: "status",
    why: "an order still pending is answered 202",
    contract:
      "| Registration / transfer / renewal / restore | create operation | request processed | 201 when completed, 202 when pending completion |",
  },
  // Fields typed as strings (or integers) that the service answers as null.
  {
    operations: ["createDomain", "getDomain", "listDomains"],
    where: ["/data/expires_on", "/data/*/expires_on"],
    keyword: NULL_FIELD,
    why: "`expires_on` is null for a domain that is not registered",
    recording: `${API}/createDomain/created.http`,
  },
  {
    operations: ["cancelDomainTransfer", "getDomainTransfer", "transferDomain"],
    where: ["/data/status_description"],
    keyword: NULL_FIELD,
    why: "`status_description` is null while a transfer has no status to report",
    recording: `${API}/cancelDomainTransfer/success.http`,
  },
  {
    operations: ["issueLetsencryptCertificate", "issueRenewalLetsencryptCertificate"],
    where: ["/data/csr", "/data/expires_at", "/data/expires_on"],
    keyword: NULL_FIELD,
    why: "a certificate being issued has no CSR and no expiry yet",
    recording: `${API}/issueLetsencryptCertificate/success.http`,
  },
  {
    operations: ["listPushes", "initiateDomainPush"],
    where: ["/data/contact_id", "/data/*/contact_id"],
    keyword: NULL_FIELD,
    why: "a push not yet accepted has no contact",
    recording: `${API}/listPushes/success.http`,
  },
  {
    operations: [
      "createRegistrantChange",
      "getRegistrantChange",
      "listRegistrantChanges",
      "deleteRegistrantChange",
    ],
    where: ["/data/irt_lock_lifted_by", "/data/*/irt_lock_lifted_by"],
    keyword: NULL_FIELD,
    why: "`irt_lock_lifted_by` is null until a change of owner completes",
    recording: `${API}/createRegistrantChange/success.http`,
  },
  {
    operations: [
      "createDomainDelegationSignerRecord",
      "getDomainDelegationSignerRecord",
      "listDomainDelegationSignerRecords",
    ],
    where: ["/data/public_key", "/data/*/public_key"],
    keyword: NULL_FIELD,
    why: "`public_key` is null for a record given by digest",
    recording: `${API}/createDelegationSignerRecord/created.http`,
  },
  // Requests. The description types a primary server's port as a string; the contract and the
  // service's answers have an integer.
  {
    side: "request",
    operations: ["createPrimaryServer"],
    where: ["/requestBody/port"],
    keyword: "type",
    why: "a primary server's port is an integer",
    recording: `${API}/createPrimaryServer/created.http`,
    contract: "`port` integer optional",
  },
];

function pointerMatches(pattern: string, where: string): boolean {
  const p = pattern.split("/");
  const w = where.split("/");
  return p.length === w.length && p.every((seg, i) => seg === "*" || seg === w[i]);
}

/** The exception that covers `v`, if any. */
export function exceptionFor(
  v: Pick<OpenApiViolation, "operation" | "status" | "where" | "keyword">,
  exceptions: OpenApiException[] = OPENAPI_EXCEPTIONS,
): OpenApiException | undefined {
  return exceptions.find(
    (e) =>
      (e.side === "request") === (v.status === undefined) &&
      (e.operations.includes("*") || e.operations.includes(v.operation)) &&
      (e.status === undefined || e.status === v.status) &&
      e.keyword === v.keyword &&
      e.where.some((w) => pointerMatches(w, v.where)),
  );
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The OpenAPI description of API v2, loaded once. */
export class OpenApiDocument {
  private constructor(
    private readonly api: OpenAPIBackend,
    private readonly exceptions: OpenApiException[],
  ) {}

  /** Loads and prepares `file` (YAML); paths are matched under `/v2`, as the servers list says. */
  static async load(file: string, exceptions = OPENAPI_EXCEPTIONS): Promise<OpenApiDocument> {
    const definition = parseYaml(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    const api = new OpenAPIBackend({
      definition: definition as never,
      apiRoot: "/v2",
      // `quick` skips openapi-backend's own check of the document, which knows OpenAPI 3.0 only
      // (this one is 3.1: `type: [string, "null"]`); ajv itself handles 3.1 schemas.
      quick: true,
      validate: true,
      ajvOpts: { allErrors: true, strict: false },
      customizeAjv: (ajv) => {
        (addFormats as unknown as (a: unknown) => void)(ajv);
        return ajv;
      },
    });
    await api.init();
    return new OpenApiDocument(api, exceptions);
  }

  /** Every operation: id, method (upper case) and path template. */
  operations(): { id: string; method: string; path: string }[] {
    return this.api.getOperations().map((op: Operation) => ({
      id: op.operationId ?? `${op.method} ${op.path}`,
      method: op.method.toUpperCase(),
      path: op.path,
    }));
  }

  /** The operation id for a request path under `/v2` (e.g. `/v2/1/domains/x`), if described. */
  operationOf(method: string, path: string): string | undefined {
    return this.api.matchOperation({ method: method.toLowerCase(), path, headers: {} })?.operationId;
  }

  /** The fields the description declares for `data` (or each item of it) in an answer. */
  dataFields(operation: string, status: number): string[] {
    type Schema = { properties?: Record<string, Schema>; items?: Schema };
    const response = this.api.getOperation(operation)?.responses?.[String(status)] as
      { content?: Record<string, { schema?: Schema }> } | undefined;
    const data = response?.content?.["application/json"]?.schema?.properties?.["data"];
    return Object.keys((data?.items ?? data)?.properties ?? {});
  }

  /** The statuses `operation` declares. */
  statuses(operation: string): string[] {
    return Object.keys(this.api.getOperation(operation)?.responses ?? {});
  }

  /**
   * Checks one answer: its status must be declared by the operation (or a `default`), its body
   * must match the schema of that status. `operation` is undefined for paths the description does
   * not have (nothing is checked then).
   */
  checkResponse(
    method: string,
    path: string,
    status: number,
    body: unknown,
  ): { operation?: string; violations: OpenApiViolation[] } {
    const operation = this.operationOf(method, path);
    if (operation === undefined) return { violations: [] };
    return { operation, violations: this.checkOperationResponse(operation, status, body) };
  }

  /** {@link checkResponse} for a known operation id (recorded responses are named by it). */
  checkOperationResponse(operation: string, status: number, body: unknown): OpenApiViolation[] {
    const declared = this.statuses(operation);
    if (!declared.includes(String(status)) && !declared.includes("default")) {
      return [
        this.mark({
          operation,
          status,
          where: "status",
          keyword: "status",
          message: `status ${status} is not declared (declared: ${declared.join(", ")})`,
        }),
      ];
    }
    const result = this.api.validateResponse(body === undefined ? null : body, operation, status);
    return ((result.errors ?? []) as AjvError[]).map((e) =>
      this.mark({
        operation,
        status,
        where: e.instancePath,
        keyword: e.keyword,
        message: `${e.instancePath || "body"} ${e.message ?? e.keyword}`,
      }),
    );
  }

  /** Checks a request (path parameters, query and JSON body) against its operation. */
  checkRequest(
    method: string,
    path: string,
    query: string,
    body: unknown,
  ): { operation?: string; violations: OpenApiViolation[] } {
    const operation = this.operationOf(method, path);
    if (operation === undefined) return { violations: [] };
    const result = this.api.validateRequest({
      method: method.toLowerCase(),
      path,
      query,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body }),
    });
    const violations = ((result.errors ?? []) as AjvError[]).map((e) =>
      this.mark({
        operation,
        where: e.instancePath,
        keyword: e.keyword,
        message: `${e.instancePath || "request"} ${e.message ?? e.keyword}`,
      }),
    );
    return { operation, violations };
  }

  private mark(v: OpenApiViolation): OpenApiViolation {
    const e = exceptionFor(v, this.exceptions);
    return e === undefined ? v : { ...v, exception: e.why };
  }
}

/** Counts of a run of checked answers, with the violations no exception covers. */
export class ResponseTally {
  checked = 0;
  /** Answers on paths the description does not have (platform API, admin-free extras). */
  undescribed = 0;
  readonly operations = new Set<string>();
  readonly violations: (OpenApiViolation & { request: string })[] = [];
  readonly excepted = new Map<string, number>();

  constructor(private readonly doc: OpenApiDocument) {}

  /** Checks one answer of the emulator (API v2 only; v1 has no OpenAPI description). */
  add(x: { method: string; path: string; status: number; body: unknown }): void {
    if (!x.path.startsWith("/v2/")) return;
    const { operation, violations } = this.doc.checkResponse(x.method, x.path, x.status, x.body);
    if (operation === undefined) {
      this.undescribed++;
      return;
    }
    this.checked++;
    this.operations.add(operation);
    for (const v of violations) {
      if (v.exception !== undefined)
        this.excepted.set(v.exception, (this.excepted.get(v.exception) ?? 0) + 1);
      else this.violations.push({ ...v, request: `${x.method} ${x.path} -> ${x.status}` });
    }
  }

  /** The violations as readable lines (for failure messages and the benchmark). */
  describe(limit = 20): string {
    return this.violations
      .slice(0, limit)
      .map((v) => `${v.request}: ${v.operation} ${v.message}`)
      .join("\n");
  }
}
