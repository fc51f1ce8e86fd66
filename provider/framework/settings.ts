/**
 * Provider settings: read inside the provider process, from stack config (handed to `configure`)
 * or the environment. Nothing here is ever captured into the serialized provider or the state.
 *
 * Each setting is declared once, in `DECLARATIONS`: its stack config key, its environment
 * variable, its zod schema (which parses the text a config value or variable holds), its default,
 * whether it is secret and its doc. Everything else derives from it: `resolveSettings` (the dynamic
 * provider, the functions, the CLI), the plugin's CheckConfig and DiffConfig
 * (`provider/plugin/config.ts`), the package schema's configuration
 * (`scripts/sdk-generator/schema.ts`), and the settings table of docs/settings.md (checked by
 * `settings-declarations.test.ts`). One rule in every adapter and in the environment:
 *
 * - a flag is `true` or `false` (any case); nothing else (`1`, `yes`, `on`) is accepted;
 * - a whole number is decimal digits, a number decimal digits with an optional fraction (`0.5`),
 *   each within the setting's range; no sign, exponent, hexadecimal or surrounding space;
 * - an empty value counts as unset.
 *
 * A value outside its rule is refused (`SettingValueError`), naming the setting, the value (unless
 * the setting is secret) and what is accepted; nothing is guessed.
 */
// The retry default straight from its module: the SDK reads settings, and the client's index
// would load its transport into every program (provider/module-loading.test.ts).
import { z } from "zod";
import { DEFAULT_RETRY_OPTIONS } from "../client/retry";
import { DEFAULT_MASS_CHANGE, type MassChangeThresholds } from "./mass-change";

/** Retries per request when `dnsimple:maxRetries` is not set: the client's one default. */
export const DEFAULT_MAX_RETRIES = DEFAULT_RETRY_OPTIONS.maxRetries;

/** Seconds between progress messages when `dnsimple:progressInterval` is not set. */
export const DEFAULT_PROGRESS_INTERVAL_SECONDS = 30;

/** What `configure` hands us: a view of the stack config with full `namespace:key` names. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/** How a setting's text is read: its schema, the words for what it accepts, its schema type. */
interface Rule<T> {
  readonly type: "string" | "boolean" | "integer" | "number";
  /** Parses the text of a config value or environment variable (never empty). */
  readonly schema: z.ZodType<T, string>;
  /** What is accepted, in words: `true or false`, `a whole number from 0 to 20`. */
  readonly accepted: string;
}

const text = (): Rule<string> => ({ type: "string", schema: z.string(), accepted: "a string" });

const pattern = (re: RegExp, accepted: string): Rule<string> => ({
  type: "string",
  schema: z.string().regex(re),
  accepted,
});

const httpUrl = (): Rule<string> => ({
  type: "string",
  schema: z.string().refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && value === value.trim();
    } catch {
      return false;
    }
  }),
  accepted: "an absolute http(s) URL",
});

const FLAG_SCHEMA = z.stringbool({ truthy: ["true"], falsy: ["false"], case: "insensitive" });
const flag = (): Rule<boolean> => ({ type: "boolean", schema: FLAG_SCHEMA, accepted: "true or false" });

const whole = (min: number, max: number, accepted: string): Rule<number> => ({
  type: "integer",
  schema: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max)),
  accepted,
});

const decimal = (min: number, max: number, accepted: string): Rule<number> => ({
  type: "number",
  schema: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(min).max(max)),
  accepted,
});

/** One setting's declaration, before it is given its field name. */
interface Declared<T, D extends T | undefined> extends Rule<T> {
  readonly config: `dnsimple:${string}`;
  readonly env: `DNSIMPLE_${string}`;
  readonly default: D;
  readonly secret?: true;
  readonly doc: string;
}

function setting<T, D extends T | undefined>(
  rule: Rule<T>,
  rest: Omit<Declared<T, D>, keyof Rule<T>>,
): Declared<T, D> {
  return { ...rule, ...rest };
}

const MAX_RETRIES_LIMIT = 20;
const MAX_PROGRESS_INTERVAL = 3600;

/** Every setting, once. The key is the field of `ProviderSettings`. */
const DECLARATIONS = {
  token: setting(text(), {
    config: "dnsimple:token",
    env: "DNSIMPLE_TOKEN",
    default: undefined,
    secret: true,
    doc: "API token; read inside the provider process, never stored in state.",
  }),
  account: setting(pattern(/^\d+$/, "a numeric account id (e.g. 1234)"), {
    config: "dnsimple:account",
    env: "DNSIMPLE_ACCOUNT",
    default: undefined,
    doc: "Default account id; each resource may override it with `account`.",
  }),
  baseUrl: setting(httpUrl(), {
    config: "dnsimple:baseUrl",
    env: "DNSIMPLE_BASE_URL",
    default: undefined,
    doc: "API v2 base URL, including `/v2` (default production `https://api.dnsimple.com/v2`).",
  }),
  sandbox: setting(flag(), {
    config: "dnsimple:sandbox",
    env: "DNSIMPLE_SANDBOX",
    default: false,
    doc: "`true` for the sandbox, `https://api.sandbox.dnsimple.com/v2`.",
  }),
  v1BaseUrl: setting(httpUrl(), {
    config: "dnsimple:v1BaseUrl",
    env: "DNSIMPLE_V1_BASE_URL",
    default: undefined,
    doc: "Legacy v1 base URL, for the v1 resources only.",
  }),
  v1Email: setting(text(), {
    config: "dnsimple:v1Email",
    env: "DNSIMPLE_V1_EMAIL",
    default: undefined,
    doc: "Legacy v1 e-mail that goes with the v1 token in `X-Service-Token`, for the v1 resources only.",
  }),
  v1Token: setting(text(), {
    config: "dnsimple:v1Token",
    env: "DNSIMPLE_V1_TOKEN",
    default: undefined,
    secret: true,
    doc: "Legacy v1 token (`X-Service-Token`), for the v1 resources only; default the API token.",
  }),
  maxRetries: setting(whole(0, MAX_RETRIES_LIMIT, `a whole number from 0 to ${MAX_RETRIES_LIMIT}`), {
    config: "dnsimple:maxRetries",
    env: "DNSIMPLE_MAX_RETRIES",
    default: DEFAULT_MAX_RETRIES,
    doc: `Retries of one request after a connection error, 429 or 5xx, with exponential backoff and \`Retry-After\` honoured (default ${DEFAULT_MAX_RETRIES}, 0 to ${MAX_RETRIES_LIMIT}).`,
  }),
  batchZoneRecords: setting(flag(), {
    config: "dnsimple:batchZoneRecords",
    env: "DNSIMPLE_BATCH_ZONE_RECORDS",
    default: true,
    doc: "`false` sends one request per zone record instead of coalescing changes in flight into batch requests (default true).",
  }),
  requestLog: setting(flag(), {
    config: "dnsimple:requestLog",
    env: "DNSIMPLE_REQUEST_LOG",
    default: false,
    doc: "`true` prints one line per API request in the engine's output (method, path, status, duration, request id; never a credential or a body).",
  }),
  strictRecords: setting(flag(), {
    config: "dnsimple:strictRecords",
    env: "DNSIMPLE_STRICT_RECORDS",
    default: false,
    doc: "Strict record checks: `ZoneRecord` and `ZoneRecords` also refuse at preview what RFCs forbid and the service accepts (CAA flags other than 0 and 128, unregistered CAA tags, SRV names not `_service._proto`, …; docs/strict-records.md). Default false; the resources' `strictRecords` input overrides it.",
  }),
  progressIntervalSeconds: setting(
    decimal(
      0,
      MAX_PROGRESS_INTERVAL,
      `a number of seconds from 0 (no progress messages) to ${MAX_PROGRESS_INTERVAL}`,
    ),
    {
      config: "dnsimple:progressInterval",
      env: "DNSIMPLE_PROGRESS_INTERVAL",
      default: DEFAULT_PROGRESS_INTERVAL_SECONDS,
      doc: `Seconds between progress messages while waiting on an order or certificate, and the least gap between messages about retries and rate-limit pacing (default ${DEFAULT_PROGRESS_INTERVAL_SECONDS}; 0 turns them off).`,
    },
  ),
  verifyCredentials: setting(flag(), {
    config: "dnsimple:verifyCredentials",
    env: "DNSIMPLE_VERIFY_CREDENTIALS",
    default: true,
    doc: "`false` skips the one check of token, account and base URL (`GET /whoami`) a provider process makes the first time it needs the service, for previews run without the service (default true).",
  }),
  maxSafeUpdateShare: setting(
    decimal(0, 1, "a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off)"),
    {
      config: "dnsimple:maxSafeUpdateShare",
      env: "DNSIMPLE_MAX_SAFE_UPDATE_SHARE",
      default: DEFAULT_MASS_CHANGE.maxUpdateShare,
      doc: `Mass-change guard: a \`ZoneRecords\` change that updates more than this share (0 to 1) of its existing records fails at preview unless forced with \`allowMassChange\` (default ${DEFAULT_MASS_CHANGE.maxUpdateShare}, as octoDNS).`,
    },
  ),
  maxSafeDeleteShare: setting(
    decimal(0, 1, "a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off)"),
    {
      config: "dnsimple:maxSafeDeleteShare",
      env: "DNSIMPLE_MAX_SAFE_DELETE_SHARE",
      default: DEFAULT_MASS_CHANGE.maxDeleteShare,
      doc: `Mass-change guard: a \`ZoneRecords\` change that deletes more than this share (0 to 1) of its existing records fails at preview unless forced with \`allowMassChange\` (default ${DEFAULT_MASS_CHANGE.maxDeleteShare}, as octoDNS).`,
    },
  ),
  minExistingRecords: setting(
    whole(0, Number.MAX_SAFE_INTEGER, "a whole number of records (the guard applies from that many)"),
    {
      config: "dnsimple:minExistingRecords",
      env: "DNSIMPLE_MIN_EXISTING_RECORDS",
      default: DEFAULT_MASS_CHANGE.minExisting,
      doc: `Mass-change guard: applied only from this many existing records (default ${DEFAULT_MASS_CHANGE.minExisting}, as octoDNS).`,
    },
  ),
};

type Declarations = typeof DECLARATIONS;

/**
 * The resolved settings, one field per declaration: its parsed value, or its default when unset
 * (`undefined` for settings without one).
 */
export type ProviderSettings = {
  readonly [F in keyof Declarations]: Declarations[F] extends Declared<infer T, infer D>
    ? D extends undefined
      ? T | undefined
      : T
    : never;
};

/** A setting's declaration as the adapters read it. */
export interface SettingDeclaration {
  readonly field: keyof ProviderSettings;
  readonly config: `dnsimple:${string}`;
  readonly env: `DNSIMPLE_${string}`;
  readonly type: Rule<unknown>["type"];
  readonly secret?: true;
  readonly doc: string;
  readonly accepted: string;
  readonly default: unknown;
}

/** The declarations by field, each seen as its common shape. */
const BY_FIELD: Readonly<Record<keyof ProviderSettings, Declared<unknown, unknown>>> = DECLARATIONS;

export const SETTINGS: ReadonlyArray<SettingDeclaration> = (
  Object.keys(BY_FIELD) as Array<keyof Declarations>
).map((field) => {
  const { schema: _schema, ...rest } = BY_FIELD[field];
  return { field, ...rest };
});

/** A value a setting refuses: names the setting, the value (unless secret) and what is accepted. */
export class SettingValueError extends Error {
  override readonly name = "SettingValueError";
  constructor(
    readonly setting: SettingDeclaration,
    value: string,
  ) {
    super(
      `${setting.config} (or ${setting.env}) must be ${setting.accepted}, got ` +
        (setting.secret ? "a value not shown (it is secret)" : JSON.stringify(value)),
    );
  }
}

/**
 * One setting's value from its text (a config value or an environment variable): `undefined`
 * for unset or empty.
 * @throws {SettingValueError} for a value its rule refuses.
 */
export function parseSetting<F extends keyof ProviderSettings>(
  field: F,
  raw: string | undefined,
): ProviderSettings[F] {
  return valueOf(field, raw) as ProviderSettings[F];
}

function valueOf(field: keyof ProviderSettings, raw: string | undefined): unknown {
  const declaration = BY_FIELD[field];
  if (raw === undefined || raw === "") return declaration.default;
  const parsed = declaration.schema.safeParse(raw);
  if (!parsed.success)
    throw new SettingValueError(
      SETTINGS.find((s) => s.field === field)!,
      raw,
    );
  return parsed.data;
}

/** The text a setting has in `config` or, failing that, the environment (empty counts as unset). */
function rawValue(
  setting: SettingDeclaration,
  config: ConfigSource | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  const fromConfig = config?.get(setting.config);
  if (fromConfig !== undefined && fromConfig !== "") return fromConfig;
  return env[setting.env];
}

/**
 * Every setting: stack config wins over the environment; empty strings count as unset.
 * @throws {SettingValueError} for the first refused value, in declaration order.
 */
export function resolveSettings(
  config: ConfigSource | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ProviderSettings {
  const out: Record<string, unknown> = {};
  for (const s of SETTINGS) out[s.field] = valueOf(s.field, rawValue(s, config, env));
  return out as ProviderSettings;
}

/** The mass-change guard's thresholds as the settings give them. */
export function massChangeThresholds(settings: ProviderSettings): MassChangeThresholds {
  return {
    maxUpdateShare: settings.maxSafeUpdateShare,
    maxDeleteShare: settings.maxSafeDeleteShare,
    minExisting: settings.minExistingRecords,
  };
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
