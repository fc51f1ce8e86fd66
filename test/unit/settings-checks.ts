/**
 * The checks behind `settings-declarations.test.ts` and `bench/settings.ts`: every setting's
 * accepted and refused values through both adapters (the dynamic provider's `resolveSettings`,
 * from stack config and from the environment, and the plugin's CheckConfig and Configure), the
 * setting reads and client constructions outside their one module, and docs/settings.md's settings
 * table against the declarations.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { checkConfig, inPluginWords, nameOf, sourceOf } from "../../provider/plugin/config";
import {
  type ProviderSettings,
  resolveSettings,
  SETTINGS,
  type SettingDeclaration,
} from "../../provider/framework/settings";

/** The checkout: from the sources (test/unit) or the build (dist/test/unit, for bench/settings.ts). */
export const REPO = [path.resolve(__dirname, "..", ".."), path.resolve(__dirname, "..", "..", "..")].find(
  (dir) => existsSync(path.join(dir, "provider", "framework", "settings.ts")),
)!;
const PKG = "dnsimple-dynamic";

/** A value as a program sets it: its text, and what the engine may send the plugin instead. */
export interface Given {
  readonly text: string;
  /** A typed value (`true`, `3`) as an engine may send it, read by the plugin only. */
  readonly typed?: boolean | number;
}

const FLAG = {
  accepted: ["true", "false", "TRUE", "False"].map((text) => ({ text })) as Given[],
  refused: ["yes", "no", "1", "0", "on", "maybe", " true"],
};
FLAG.accepted.push({ text: "true", typed: true }, { text: "false", typed: false });
const URLS = {
  accepted: [{ text: "http://127.0.0.1:1/v2" }, { text: "https://api.dnsimple.com/v2" }],
  refused: ["ftp://example.com/v2", "api.dnsimple.com/v2", " https://api.dnsimple.com/v2", "not a url"],
};
const SHARE = {
  accepted: [{ text: "0" }, { text: "0.3" }, { text: "1" }, { text: "0.5", typed: 0.5 }],
  refused: ["1.5", "-0.1", "30%", "half", ".5", "1e-1"],
};

/** Every setting's accepted and refused values (texts: what stack config and the environment hold). */
export const SETTING_VALUES: Record<keyof ProviderSettings, { accepted: Given[]; refused: string[] }> = {
  token: { accepted: [{ text: "fake-token-7c1d" }], refused: [] },
  account: {
    accepted: [{ text: "1" }, { text: "1234" }, { text: "42", typed: 42 }],
    refused: ["acme", "-1", "12a", "1 ", "1.0"],
  },
  baseUrl: URLS,
  sandbox: FLAG,
  v1BaseUrl: URLS,
  v1Email: { accepted: [{ text: "me@example.com" }], refused: [] },
  v1Token: { accepted: [{ text: "fake-v1-token-2b9e" }], refused: [] },
  maxRetries: {
    accepted: [{ text: "0" }, { text: "8" }, { text: "20" }, { text: "3", typed: 3 }],
    refused: ["-1", "21", "2.5", "three", "1e1", "0x10", " 3", "+3"],
  },
  batchZoneRecords: FLAG,
  requestLog: FLAG,
  strictRecords: FLAG,
  progressIntervalSeconds: {
    accepted: [{ text: "0" }, { text: "1.5" }, { text: "3600" }, { text: "30", typed: 30 }],
    refused: ["-1", "3601", "soon", "1e3", "0x10", "30s"],
  },
  verifyCredentials: FLAG,
  maxSafeUpdateShare: SHARE,
  maxSafeDeleteShare: SHARE,
  minExistingRecords: {
    accepted: [{ text: "0" }, { text: "10" }, { text: "1000" }],
    refused: ["-1", "2.5", "ten", "10 "],
  },
};

/** What one adapter made of a value: the value it resolved, or its message (in the plugin's names). */
export type Reading = { ok: true; value: unknown } | { ok: false; message: string };

function reading(read: () => unknown): Reading {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, message: inPluginWords(PKG, (error as Error).message) };
  }
}

/** The plugin: CheckConfig's failure, else what Configure resolves from the value. */
function pluginReading(setting: SettingDeclaration, value: unknown): Reading {
  const inputs = { [nameOf(setting)]: value };
  const failures = checkConfig(PKG, inputs);
  if (failures.length > 0) return { ok: false, message: failures.map((f) => f.reason).join("\n") };
  return reading(() => resolveSettings(sourceOf(PKG, new Map(), inputs), {})[setting.field]);
}

export interface Row {
  readonly setting: string;
  readonly value: string;
  readonly expected: "accepted" | "refused";
  readonly config: Reading;
  readonly env: Reading;
  readonly plugin: Reading;
  /** Same outcome and same value or message in all three, and the one expected. */
  readonly agree: boolean;
}

const same = (a: Reading, b: Reading) => JSON.stringify(a) === JSON.stringify(b);

/** Runs the table: every value of every setting through every adapter. */
export function agreementTable(): Row[] {
  const rows: Row[] = [];
  for (const setting of SETTINGS) {
    const values = SETTING_VALUES[setting.field];
    const cases: Array<[Given, "accepted" | "refused"]> = [
      ...values.accepted.map((g): [Given, "accepted"] => [g, "accepted"]),
      ...values.refused.map((text): [Given, "refused"] => [{ text }, "refused"]),
    ];
    for (const [given, expected] of cases) {
      const config = reading(
        () =>
          resolveSettings({ get: (k) => (k === setting.config ? given.text : undefined) }, {})[setting.field],
      );
      const env = reading(() => resolveSettings(undefined, { [setting.env]: given.text })[setting.field]);
      const plugin = pluginReading(setting, given.typed ?? given.text);
      const agree = same(config, env) && same(config, plugin) && config.ok === (expected === "accepted");
      rows.push({
        setting: setting.config,
        value:
          given.typed !== undefined ? `${given.text} (typed ${JSON.stringify(given.typed)})` : given.text,
        expected,
        config,
        env,
        plugin,
        agree,
      });
    }
  }
  return rows;
}

/** The hand-written TypeScript sources of a folder (no tests, no generated files, no SDKs of other languages). */
export function sourcesOf(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["node_modules", "python", "go", "dotnet", "java", "nodejs", "bin"].includes(entry.name))
          walk(full);
      } else if (/\.ts$/.test(entry.name) && !/\.(test|generated|d)\.ts$/.test(entry.name)) out.push(full);
    }
  };
  walk(path.join(REPO, folder));
  return out.sort();
}

/** The code of a source, without its comments (examples in comments are not reads). */
function codeOf(file: string): string {
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** The one module that reads settings. */
export const DECLARATION_MODULE = "provider/framework/settings.ts";

/**
 * Environment variables of the `DNSIMPLE_` prefix that are no setting of the provider (no config
 * key, not in the schema): where the create journal lives (a path on the machine that runs).
 */
export const NOT_SETTINGS: ReadonlySet<string> = new Set(["DNSIMPLE_CREATE_JOURNAL_DIR"]);

/**
 * Reads of a setting outside its declaration: `env.DNSIMPLE_X`, `env["DNSIMPLE_X"]` and config
 * reads with a `dnsimple:` key (`getConfig("dnsimple:x")`, `config.get("dnsimple:x")`), in
 * `provider/` and `sdk/`, as `file: text`.
 */
export function settingReadsOutsideDeclaration(): string[] {
  const found: string[] = [];
  const patterns = [
    /\benv\s*(?:\.\s*(DNSIMPLE_\w+)|\[\s*["'`](DNSIMPLE_\w+)["'`]\s*\])/g,
    /\b(?:getConfig|get|require|getBoolean|getNumber|requireSecret|getSecret)\s*\(\s*["'`](dnsimple:\w+)["'`]/g,
  ];
  for (const file of [...sourcesOf("provider"), ...sourcesOf("sdk")]) {
    const relative = path.relative(REPO, file).split(path.sep).join("/");
    if (relative === DECLARATION_MODULE) continue;
    const code = codeOf(file);
    for (const pattern of patterns) {
      for (const match of code.matchAll(pattern)) {
        const name = match[1] ?? match[2]!;
        if (!NOT_SETTINGS.has(name)) found.push(`${relative}: ${match[0]}`);
      }
    }
  }
  return found;
}

/** The one module that builds API clients from settings. */
export const FACTORY_MODULE = "provider/framework/client-factory.ts";

/**
 * Constructions of the API client (`createClient(`, `new DnsimpleClient(`) in `provider/` and
 * `sdk/` outside the factory and the client's own module, as `file: text`.
 */
export function clientConstructionsOutsideFactory(): string[] {
  return clientConstructions().filter((found) => !found.startsWith(`${FACTORY_MODULE}:`));
}

/** Every construction of the API client in `provider/` and `sdk/` (the client's own module left out). */
export function clientConstructions(): string[] {
  const found: string[] = [];
  for (const file of [...sourcesOf("provider"), ...sourcesOf("sdk")]) {
    const relative = path.relative(REPO, file).split(path.sep).join("/");
    if (relative.startsWith("provider/client/")) continue;
    for (const match of codeOf(file).matchAll(/\b(?:createClient|new\s+DnsimpleClient)\s*\(/g)) {
      found.push(`${relative}: ${match[0]}`);
    }
  }
  return found;
}

/** The settings table of docs/settings.md: each row's config keys (with secrecy) and variables. */
export function readmeSettingsRows(): Array<{
  line: string;
  configs: string[];
  secret: string[];
  envs: string[];
}> {
  const page = readFileSync(path.join(REPO, "docs/settings.md"), "utf8");
  return page
    .split("\n")
    .filter((line) => line.startsWith("| `dnsimple:"))
    .map((line) => {
      const first = line.split("|")[1]!;
      const second = line.split("|")[2]!;
      return {
        line,
        configs: [...first.matchAll(/`(dnsimple:\w+)`/g)].map((m) => m[1]!),
        secret: [...first.matchAll(/`(dnsimple:\w+)` \(secret\)/g)].map((m) => m[1]!),
        envs: [...second.matchAll(/`(DNSIMPLE_\w+)`/g)].map((m) => m[1]!),
      };
    });
}
