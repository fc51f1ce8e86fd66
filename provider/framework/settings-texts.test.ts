/**
 * What a user reads about each setting: its doc (in the package schema, the SDKs and
 * docs/settings.md), its environment variable, its default and, in a refusal, what it accepts.
 * Written out here as the user should read it, so that a changed word is a decision, not an accident.
 */
import { SETTINGS, SettingValueError, resolveSettings, type SettingDeclaration } from "./settings";

const declaration = (field: SettingDeclaration["field"]): SettingDeclaration =>
  SETTINGS.find((s) => s.field === field)!;

describe("each setting's declaration, as the user reads it", () => {
  const MASS_CHANGE_SHARE = "a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off)";

  it.each<[SettingDeclaration["field"], Omit<SettingDeclaration, "field">]>([
    [
      "token",
      {
        config: "dnsimple:token",
        env: "DNSIMPLE_TOKEN",
        type: "string",
        secret: true,
        default: undefined,
        accepted: "a string",
        doc: "API token; read inside the provider process, never stored in state.",
      },
    ],
    [
      "account",
      {
        config: "dnsimple:account",
        env: "DNSIMPLE_ACCOUNT",
        type: "string",
        default: undefined,
        accepted: "a numeric account id (e.g. 1234)",
        doc: "Default account id; each resource may override it with `account`.",
      },
    ],
    [
      "baseUrl",
      {
        config: "dnsimple:baseUrl",
        env: "DNSIMPLE_BASE_URL",
        type: "string",
        default: undefined,
        accepted: "an absolute http(s) URL",
        doc: "API v2 base URL, including `/v2` (default production `https://api.dnsimple.com/v2`).",
      },
    ],
    [
      "sandbox",
      {
        config: "dnsimple:sandbox",
        env: "DNSIMPLE_SANDBOX",
        type: "boolean",
        default: false,
        accepted: "true or false",
        doc: "`true` for the sandbox, `https://api.sandbox.dnsimple.com/v2`.",
      },
    ],
    [
      "v1BaseUrl",
      {
        config: "dnsimple:v1BaseUrl",
        env: "DNSIMPLE_V1_BASE_URL",
        type: "string",
        default: undefined,
        accepted: "an absolute http(s) URL",
        doc: "Legacy v1 base URL, for the v1 resources only.",
      },
    ],
    [
      "v1Email",
      {
        config: "dnsimple:v1Email",
        env: "DNSIMPLE_V1_EMAIL",
        type: "string",
        default: undefined,
        accepted: "a string",
        doc: "Legacy v1 e-mail that goes with the v1 token in `X-Service-Token`, for the v1 resources only.",
      },
    ],
    [
      "v1Token",
      {
        config: "dnsimple:v1Token",
        env: "DNSIMPLE_V1_TOKEN",
        type: "string",
        secret: true,
        default: undefined,
        accepted: "a string",
        doc: "Legacy v1 token (`X-Service-Token`), for the v1 resources only; default the API token.",
      },
    ],
    [
      "maxRetries",
      {
        config: "dnsimple:maxRetries",
        env: "DNSIMPLE_MAX_RETRIES",
        type: "integer",
        default: 8,
        accepted: "a whole number from 0 to 20",
        doc: "Retries of one request after a connection error, 429 or 5xx, with exponential backoff and `Retry-After` honoured (default 8, 0 to 20).",
      },
    ],
    [
      "batchZoneRecords",
      {
        config: "dnsimple:batchZoneRecords",
        env: "DNSIMPLE_BATCH_ZONE_RECORDS",
        type: "boolean",
        default: true,
        accepted: "true or false",
        doc: "`false` sends one request per zone record instead of coalescing changes in flight into batch requests (default true).",
      },
    ],
    [
      "requestLog",
      {
        config: "dnsimple:requestLog",
        env: "DNSIMPLE_REQUEST_LOG",
        type: "boolean",
        default: false,
        accepted: "true or false",
        doc: "`true` prints one line per API request in the engine's output (method, path, status, duration, request id; never a credential or a body).",
      },
    ],
    [
      "strictRecords",
      {
        config: "dnsimple:strictRecords",
        env: "DNSIMPLE_STRICT_RECORDS",
        type: "boolean",
        default: false,
        accepted: "true or false",
        doc:
          "Strict record checks: `ZoneRecord` and `ZoneRecords` also refuse at preview what RFCs forbid and the " +
          "service accepts (CAA flags other than 0 and 128, unregistered CAA tags, SRV names not `_service._proto`, " +
          "…; docs/strict-records.md). Default false; the resources' `strictRecords` input overrides it.",
      },
    ],
    [
      "progressIntervalSeconds",
      {
        config: "dnsimple:progressInterval",
        env: "DNSIMPLE_PROGRESS_INTERVAL",
        type: "number",
        default: 30,
        accepted: "a number of seconds from 0 (no progress messages) to 3600",
        doc:
          "Seconds between progress messages while waiting on an order or certificate, and the least gap between " +
          "messages about retries and rate-limit pacing (default 30; 0 turns them off).",
      },
    ],
    [
      "verifyCredentials",
      {
        config: "dnsimple:verifyCredentials",
        env: "DNSIMPLE_VERIFY_CREDENTIALS",
        type: "boolean",
        default: true,
        accepted: "true or false",
        doc:
          "`false` skips the one check of token, account and base URL (`GET /whoami`) a provider process makes " +
          "the first time it needs the service, for previews run without the service (default true).",
      },
    ],
    [
      "maxSafeUpdateShare",
      {
        config: "dnsimple:maxSafeUpdateShare",
        env: "DNSIMPLE_MAX_SAFE_UPDATE_SHARE",
        type: "number",
        default: 0.3,
        accepted: MASS_CHANGE_SHARE,
        doc:
          "Mass-change guard: a `ZoneRecords` change that updates more than this share (0 to 1) of its existing " +
          "records fails at preview unless forced with `allowMassChange` (default 0.3, as octoDNS).",
      },
    ],
    [
      "maxSafeDeleteShare",
      {
        config: "dnsimple:maxSafeDeleteShare",
        env: "DNSIMPLE_MAX_SAFE_DELETE_SHARE",
        type: "number",
        default: 0.3,
        accepted: MASS_CHANGE_SHARE,
        doc:
          "Mass-change guard: a `ZoneRecords` change that deletes more than this share (0 to 1) of its existing " +
          "records fails at preview unless forced with `allowMassChange` (default 0.3, as octoDNS).",
      },
    ],
    [
      "minExistingRecords",
      {
        config: "dnsimple:minExistingRecords",
        env: "DNSIMPLE_MIN_EXISTING_RECORDS",
        type: "integer",
        default: 10,
        accepted: "a whole number of records (the guard applies from that many)",
        doc: "Mass-change guard: applied only from this many existing records (default 10, as octoDNS).",
      },
    ],
  ])("%s: its keys, type, default, secrecy, accepted values and doc", (field, expected) => {
    expect(declaration(field)).toEqual({ field, ...expected });
  });

  it("declares these sixteen settings and no others, in this order", () => {
    expect(SETTINGS.map((s) => s.field)).toEqual([
      "token",
      "account",
      "baseUrl",
      "sandbox",
      "v1BaseUrl",
      "v1Email",
      "v1Token",
      "maxRetries",
      "batchZoneRecords",
      "requestLog",
      "strictRecords",
      "progressIntervalSeconds",
      "verifyCredentials",
      "maxSafeUpdateShare",
      "maxSafeDeleteShare",
      "minExistingRecords",
    ]);
  });

  it("checks credentials unless told not to, and otherwise resolves each default as declared", () => {
    expect(resolveSettings(undefined, {})).toEqual({
      token: undefined,
      account: undefined,
      baseUrl: undefined,
      sandbox: false,
      v1BaseUrl: undefined,
      v1Email: undefined,
      v1Token: undefined,
      maxRetries: 8,
      batchZoneRecords: true,
      requestLog: false,
      strictRecords: false,
      progressIntervalSeconds: 30,
      verifyCredentials: true,
      maxSafeUpdateShare: 0.3,
      maxSafeDeleteShare: 0.3,
      minExistingRecords: 10,
    });
  });
});

describe("a refused value's message", () => {
  it.each([
    [
      "account",
      "DNSIMPLE_ACCOUNT",
      "12ab",
      'dnsimple:account (or DNSIMPLE_ACCOUNT) must be a numeric account id (e.g. 1234), got "12ab"',
    ],
    [
      "baseUrl",
      "DNSIMPLE_BASE_URL",
      "api.dnsimple.com/v2",
      'dnsimple:baseUrl (or DNSIMPLE_BASE_URL) must be an absolute http(s) URL, got "api.dnsimple.com/v2"',
    ],
    [
      "v1BaseUrl",
      "DNSIMPLE_V1_BASE_URL",
      "ftp://example.com/v1",
      'dnsimple:v1BaseUrl (or DNSIMPLE_V1_BASE_URL) must be an absolute http(s) URL, got "ftp://example.com/v1"',
    ],
    [
      "maxSafeUpdateShare",
      "DNSIMPLE_MAX_SAFE_UPDATE_SHARE",
      "30 %",
      'dnsimple:maxSafeUpdateShare (or DNSIMPLE_MAX_SAFE_UPDATE_SHARE) must be a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off), got "30 %"',
    ],
    [
      "maxSafeDeleteShare",
      "DNSIMPLE_MAX_SAFE_DELETE_SHARE",
      "1.5",
      'dnsimple:maxSafeDeleteShare (or DNSIMPLE_MAX_SAFE_DELETE_SHARE) must be a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off), got "1.5"',
    ],
    [
      "minExistingRecords",
      "DNSIMPLE_MIN_EXISTING_RECORDS",
      "ten",
      'dnsimple:minExistingRecords (or DNSIMPLE_MIN_EXISTING_RECORDS) must be a whole number of records (the guard applies from that many), got "ten"',
    ],
  ])("%s: says what is accepted and quotes the value (%s=%s)", (_field, envName, value, message) => {
    expect(() => resolveSettings(undefined, { [envName]: value })).toThrow(message);
  });

  it("is a SettingValueError that names the setting it refuses", () => {
    let error: unknown;
    try {
      resolveSettings(undefined, { DNSIMPLE_MAX_RETRIES: "many" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingValueError);
    expect((error as SettingValueError).name).toBe("SettingValueError");
    expect((error as SettingValueError).setting.field).toBe("maxRetries");
  });

  it("never shows a secret setting's value, only that it is secret", () => {
    expect(new SettingValueError(declaration("v1Token"), "hunter2").message).toBe(
      "dnsimple:v1Token (or DNSIMPLE_V1_TOKEN) must be a string, got a value not shown (it is secret)",
    );
  });
});
