/**
 * Provider settings: read inside the provider process, from stack config (handed to `configure`)
 * or the environment. Nothing here is ever captured into the serialized provider or the state.
 */
// The retry default straight from its module: the SDK reads settings, and the client's index
// would load its transport into every program (provider/module-loading.test.ts).
import { DEFAULT_RETRY_OPTIONS } from "../../client/retry";
import { DEFAULT_MASS_CHANGE, type MassChangeThresholds } from "./mass-change";

export interface ProviderSettings {
  /** API token (secret). */
  readonly token: string | undefined;
  /** Default account id for every resource; a resource's `account` input overrides it. */
  readonly account: string | undefined;
  /** Base URL of API v2, including `/v2`. */
  readonly baseUrl: string | undefined;
  /** Use the sandbox environment. */
  readonly sandbox: boolean;
  /** Legacy v1: base URL and the e-mail that goes with the token in `X-Service-Token`. */
  readonly v1BaseUrl: string | undefined;
  readonly v1Email: string | undefined;
  readonly v1Token: string | undefined;
  /**
   * Retries of one API request after its first attempt (connection errors, 429, 5xx), with
   * exponential backoff. The client's library default is 5; the provider waits longer, since a
   * failed `up` costs more than a slow one.
   */
  readonly maxRetries: number;
  /**
   * Whether zone-record changes in flight at the same time are sent as batch requests (default
   * true); `false` sends one request per record.
   */
  readonly batchZoneRecords: boolean;
  /**
   * One line per API request in the engine's output (method, path, status, duration, request
   * id; never a credential or a body). Default false.
   */
  readonly requestLog: boolean;
  /**
   * Strict record checks (record-data/strict.ts): the RFC rules the service does not enforce
   * refused at preview too. Default false; a `ZoneRecord`'s or `ZoneRecords`'s `strictRecords`
   * input overrides it.
   */
  readonly strictRecords: boolean;
  /**
   * Seconds between two progress messages while waiting on an order or certificate, and the
   * least gap between two messages about retries or rate-limit pacing. Default 30; 0 turns these
   * messages off (warnings said once per run stay).
   */
  readonly progressIntervalSeconds: number;
  /**
   * Whether the first use of the service in a provider process checks the credentials
   * (`credentials.ts`): one `GET /whoami`, so bad settings fail at preview. Default true.
   */
  readonly verifyCredentials: boolean;
  /** The mass-change guard (mass-change.ts): the largest share of existing records one change updates. */
  readonly maxSafeUpdateShare: number;
  /** The largest share of existing records one change deletes. */
  readonly maxSafeDeleteShare: number;
  /** Existing records from which the guard applies. */
  readonly minExistingRecords: number;
}

/** Retries per request when `dnsimple:maxRetries` is not set: the client's one default. */
export const DEFAULT_MAX_RETRIES = DEFAULT_RETRY_OPTIONS.maxRetries;

/** Seconds between progress messages when `dnsimple:progressInterval` is not set. */
export const DEFAULT_PROGRESS_INTERVAL_SECONDS = 30;

/** What `configure` hands us: a view of the stack config with full `namespace:key` names. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/**
 * Every setting: its field, its stack config key, its environment variable, and what a Pulumi
 * package schema says of it (the plugin's configuration: scripts/sdk-generator/schema.ts).
 */
export interface SettingDeclaration {
  readonly field: keyof ProviderSettings;
  readonly config: `dnsimple:${string}`;
  readonly env: string;
  readonly type: "string" | "boolean" | "integer" | "number";
  readonly secret?: true;
  readonly doc: string;
}

export const SETTINGS: ReadonlyArray<SettingDeclaration> = [
  {
    field: "token",
    config: "dnsimple:token",
    env: "DNSIMPLE_TOKEN",
    type: "string",
    secret: true,
    doc: "API token; read inside the provider process, never stored in state.",
  },
  {
    field: "account",
    config: "dnsimple:account",
    env: "DNSIMPLE_ACCOUNT",
    type: "string",
    doc: "Default account id; each resource may override it with `account`.",
  },
  {
    field: "baseUrl",
    config: "dnsimple:baseUrl",
    env: "DNSIMPLE_BASE_URL",
    type: "string",
    doc: "API v2 base URL, including `/v2` (default production `https://api.dnsimple.com/v2`).",
  },
  {
    field: "sandbox",
    config: "dnsimple:sandbox",
    env: "DNSIMPLE_SANDBOX",
    type: "boolean",
    doc: "`true` for the sandbox, `https://api.sandbox.dnsimple.com/v2`.",
  },
  {
    field: "v1BaseUrl",
    config: "dnsimple:v1BaseUrl",
    env: "DNSIMPLE_V1_BASE_URL",
    type: "string",
    doc: "Legacy v1 base URL, for the v1 resources only.",
  },
  {
    field: "v1Email",
    config: "dnsimple:v1Email",
    env: "DNSIMPLE_V1_EMAIL",
    type: "string",
    doc: "Legacy v1 e-mail that goes with the v1 token in `X-Service-Token`, for the v1 resources only.",
  },
  {
    field: "v1Token",
    config: "dnsimple:v1Token",
    env: "DNSIMPLE_V1_TOKEN",
    type: "string",
    secret: true,
    doc: "Legacy v1 token (`X-Service-Token`), for the v1 resources only; default the API token.",
  },
  {
    field: "maxRetries",
    config: "dnsimple:maxRetries",
    env: "DNSIMPLE_MAX_RETRIES",
    type: "integer",
    doc: `Retries of one request after a connection error, 429 or 5xx, with exponential backoff and \`Retry-After\` honoured (default ${DEFAULT_MAX_RETRIES}, 0 to 20).`,
  },
  {
    field: "batchZoneRecords",
    config: "dnsimple:batchZoneRecords",
    env: "DNSIMPLE_BATCH_ZONE_RECORDS",
    type: "boolean",
    doc: "`false` sends one request per zone record instead of coalescing changes in flight into batch requests (default true).",
  },
  {
    field: "requestLog",
    config: "dnsimple:requestLog",
    env: "DNSIMPLE_REQUEST_LOG",
    type: "boolean",
    doc: "`true` prints one line per API request in the engine's output (method, path, status, duration, request id; never a credential or a body).",
  },
  {
    field: "strictRecords",
    config: "dnsimple:strictRecords",
    env: "DNSIMPLE_STRICT_RECORDS",
    type: "boolean",
    doc: "Strict record checks: `ZoneRecord` and `ZoneRecords` also refuse at preview what RFCs forbid and the service accepts (CAA flags other than 0 and 128, unregistered CAA tags, SRV names not `_service._proto`, …; docs/strict-records.md). Default false; the resources' `strictRecords` input overrides it.",
  },
  {
    field: "progressIntervalSeconds",
    config: "dnsimple:progressInterval",
    env: "DNSIMPLE_PROGRESS_INTERVAL",
    type: "number",
    doc: `Seconds between progress messages while waiting on an order or certificate, and the least gap between messages about retries and rate-limit pacing (default ${DEFAULT_PROGRESS_INTERVAL_SECONDS}; 0 turns them off).`,
  },
  {
    field: "verifyCredentials",
    config: "dnsimple:verifyCredentials",
    env: "DNSIMPLE_VERIFY_CREDENTIALS",
    type: "boolean",
    doc: "`false` skips the one check of token, account and base URL (`GET /whoami`) a provider process makes the first time it needs the service, for previews run without the service (default true).",
  },
  {
    field: "maxSafeUpdateShare",
    config: "dnsimple:maxSafeUpdateShare",
    env: "DNSIMPLE_MAX_SAFE_UPDATE_SHARE",
    type: "number",
    doc: `Mass-change guard: a \`ZoneRecords\` change that updates more than this share (0 to 1) of its existing records fails at preview unless forced with \`allowMassChange\` (default ${DEFAULT_MASS_CHANGE.maxUpdateShare}, as octoDNS).`,
  },
  {
    field: "maxSafeDeleteShare",
    config: "dnsimple:maxSafeDeleteShare",
    env: "DNSIMPLE_MAX_SAFE_DELETE_SHARE",
    type: "number",
    doc: `Mass-change guard: a \`ZoneRecords\` change that deletes more than this share (0 to 1) of its existing records fails at preview unless forced with \`allowMassChange\` (default ${DEFAULT_MASS_CHANGE.maxDeleteShare}, as octoDNS).`,
  },
  {
    field: "minExistingRecords",
    config: "dnsimple:minExistingRecords",
    env: "DNSIMPLE_MIN_EXISTING_RECORDS",
    type: "integer",
    doc: `Mass-change guard: applied only from this many existing records (default ${DEFAULT_MASS_CHANGE.minExisting}, as octoDNS).`,
  },
];

/** Stack config wins over the environment; empty strings count as unset. */
export function resolveSettings(
  config: ConfigSource | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ProviderSettings {
  const raw: Record<string, string | undefined> = {};
  for (const { field, config: key, env: envName } of SETTINGS) {
    const value = config?.get(key) ?? env[envName];
    raw[field] = value === "" ? undefined : value;
  }
  return {
    token: raw.token,
    account: raw.account,
    baseUrl: raw.baseUrl,
    sandbox: raw.sandbox !== undefined && /^(1|true|yes)$/i.test(raw.sandbox),
    v1BaseUrl: raw.v1BaseUrl,
    v1Email: raw.v1Email,
    v1Token: raw.v1Token,
    maxRetries: parseMaxRetries(raw.maxRetries),
    batchZoneRecords: raw.batchZoneRecords === undefined || !/^(0|false|no)$/i.test(raw.batchZoneRecords),
    requestLog: raw.requestLog !== undefined && /^(1|true|yes)$/i.test(raw.requestLog),
    strictRecords: raw.strictRecords !== undefined && /^(1|true|yes)$/i.test(raw.strictRecords),
    progressIntervalSeconds: parseProgressInterval(raw.progressIntervalSeconds),
    verifyCredentials: raw.verifyCredentials === undefined || !/^(0|false|no)$/i.test(raw.verifyCredentials),
    maxSafeUpdateShare: parseShare(
      "maxSafeUpdateShare",
      raw.maxSafeUpdateShare,
      DEFAULT_MASS_CHANGE.maxUpdateShare,
    ),
    maxSafeDeleteShare: parseShare(
      "maxSafeDeleteShare",
      raw.maxSafeDeleteShare,
      DEFAULT_MASS_CHANGE.maxDeleteShare,
    ),
    minExistingRecords: parseMinExisting(raw.minExistingRecords),
  };
}

/** The mass-change guard's thresholds as the settings give them. */
export function massChangeThresholds(settings: ProviderSettings): MassChangeThresholds {
  return {
    maxUpdateShare: settings.maxSafeUpdateShare,
    maxDeleteShare: settings.maxSafeDeleteShare,
    minExisting: settings.minExistingRecords,
  };
}

/** A share of records, 0 to 1 (1: the guard never refuses on that count). */
export function parseShare(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value > 1) {
    throw new Error(
      `dnsimple:${name} must be a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off), got "${raw}"`,
    );
  }
  return value;
}

function parseMinExisting(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_MASS_CHANGE.minExisting;
  if (!/^\d+$/.test(raw.trim())) {
    throw new Error(
      `dnsimple:minExistingRecords must be a whole number of records (the guard applies from that many), got "${raw}"`,
    );
  }
  return Number(raw);
}

function parseProgressInterval(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PROGRESS_INTERVAL_SECONDS;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value > 3600) {
    throw new Error(
      `dnsimple:progressInterval (or DNSIMPLE_PROGRESS_INTERVAL) must be a number of seconds from 0 ` +
        `(no progress messages) to 3600, got "${raw}"`,
    );
  }
  return value;
}

function parseMaxRetries(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_MAX_RETRIES;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > 20) {
    throw new Error(
      `dnsimple:maxRetries (or DNSIMPLE_MAX_RETRIES) must be a whole number from 0 to 20, got "${raw}"`,
    );
  }
  return value;
}

/** The error a user sees when a required setting is missing: it names both ways to set it. */
export class MissingSettingError extends Error {
  override readonly name = "MissingSettingError";
  constructor(configKey: string, envName: string, hint: string) {
    super(
      `${configKey} is not set: run \`pulumi config set ${hint}\` or set the environment variable ${envName}`,
    );
  }
}

export function requireToken(settings: ProviderSettings): string {
  if (!settings.token) {
    throw new MissingSettingError("dnsimple:token", "DNSIMPLE_TOKEN", "--secret dnsimple:token <token>");
  }
  return settings.token;
}

/** The account a resource acts on: its own `account` input, else the provider-wide setting. */
export function requireAccount(settings: ProviderSettings, override?: unknown): string {
  // State and checked inputs hold the account as digits (older state: a number).
  const given = typeof override === "string" || typeof override === "number" ? `${override}` : "";
  const account = given !== "" ? given : settings.account;
  if (!account) {
    throw new MissingSettingError("dnsimple:account", "DNSIMPLE_ACCOUNT", "dnsimple:account <account id>");
  }
  return account;
}
