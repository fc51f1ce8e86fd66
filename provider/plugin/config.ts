/**
 * The plugin's configuration: the settings of `framework/settings.ts` under the package's own
 * names (`dnsimple:token` is `<package>:token`, `token` as an explicit provider's input). From
 * them: the source `configure` reads (`sourceOf`), CheckConfig's failures (`checkConfig`) and
 * DiffConfig's answer (`diffConfig`). Nothing here restates a setting: names, types, secrecy and
 * each value's rule come from the settings' declarations (`SETTINGS`, `parseSetting`).
 */
import { resolveBaseUrls } from "../client";
import type { State } from "../framework/definition";
import {
  type ConfigSource,
  parseSetting,
  resolveSettings,
  SETTINGS,
  type SettingDeclaration,
} from "../framework/settings";
import { UNKNOWN } from "./wire";

const SETTINGS_NAMESPACE = "dnsimple:";

/** A setting's name in the plugin's configuration: `token` for `dnsimple:token`. */
export const nameOf = (setting: SettingDeclaration): string =>
  setting.config.slice(SETTINGS_NAMESPACE.length);

/** The settings marked secret, by name: they go back to the engine secret whatever came in. */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set(SETTINGS.filter((s) => s.secret).map(nameOf));

/** A config value as settings read it: a string (the engine sends typed values in `args`). */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === UNKNOWN) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * What `configure` reads, from a Configure request: `args` (an explicit provider's inputs, or the
 * stack config of the default provider, as plain values) and `variables` (every engine sends them
 * too, keyed `<package>:config:<name>`, or `<package>:<name>`). A value in `args` wins.
 */
export function sourceOf(
  packageName: string,
  variables: ReadonlyMap<string, string>,
  args: State | undefined,
): ConfigSource {
  const values = new Map<string, string>();
  for (const setting of SETTINGS) {
    const name = nameOf(setting);
    const value =
      asText(args?.[name]) ??
      asText(variables.get(`${packageName}:config:${name}`)) ??
      asText(variables.get(`${packageName}:${name}`));
    if (value !== undefined) values.set(setting.config, value);
  }
  return { get: (key) => values.get(key) };
}

/**
 * What is wrong with a provider's inputs, by setting name, before anything talks to the service.
 * Each value goes through its setting's declaration (`parseSetting`), as the dynamic provider
 * reads it, so both refuse the same values with the same message (in the plugin's names). The
 * engine may send typed values (`true`, `3`): they are read as their text (`"true"`, `"3"`), as
 * `configure` reads them (`sourceOf`). Reasons never repeat a secret value.
 */
export function checkConfig(packageName: string, inputs: State): Array<{ property: string; reason: string }> {
  const failures: Array<{ property: string; reason: string }> = [];
  for (const setting of SETTINGS) {
    const name = nameOf(setting);
    const value = inputs[name];
    if (value === undefined || value === null || value === UNKNOWN) continue;
    try {
      parseSetting(setting.field, asText(value));
    } catch (error) {
      failures.push({ property: name, reason: inPluginWords(packageName, (error as Error).message) });
    }
  }
  return failures;
}

/** What DiffConfig answers: the settings that differ, and those that need a new provider. */
export interface ConfigDiff {
  readonly changed: string[];
  readonly replaces: string[];
}

/**
 * The settings that differ between two provider inputs. A different API endpoint (`baseUrl`, or
 * `sandbox` when no `baseUrl` is set) replaces the provider, and with it every resource it
 * manages: the objects in state live in the other service, where the new provider cannot see them
 * (the old provider deletes them there; the preview shows each replacement before anything
 * happens). A different `account` does not: every object records the account it was created in,
 * and each resource's own diff replaces exactly those whose account moves (an `account` input
 * overrides the provider's). Anything else (token, retries, logging) is changed in place.
 */
export function diffConfig(packageName: string, olds: State, news: State): ConfigDiff {
  const changed: string[] = [];
  for (const setting of SETTINGS) {
    const name = nameOf(setting);
    if (news[name] === UNKNOWN || valueOf(setting, olds[name]) !== valueOf(setting, news[name])) {
      changed.push(name);
    }
  }
  const endpointSettings = SETTINGS.filter((s) => s.field === "baseUrl" || s.field === "sandbox").map(nameOf);
  const unknownEndpoint = endpointSettings.some((name) => news[name] === UNKNOWN);
  const endpointMoves = unknownEndpoint || endpointOf(packageName, olds) !== endpointOf(packageName, news);
  const replaces = endpointMoves ? changed.filter((name) => endpointSettings.includes(name)) : [];
  return { changed, replaces };
}

/**
 * A setting's value as its declaration reads it, to compare two inputs: `TRUE` and `true` are
 * the same flag, `3` and `"3"` the same count. Unset stays apart from any value (the environment
 * may fill it); a value the declaration refuses is compared as its text.
 */
function valueOf(setting: SettingDeclaration, value: unknown): string {
  const text = asText(value);
  if (text === undefined || text === "") return "unset";
  try {
    return `value:${JSON.stringify(parseSetting(setting.field, text))}`;
  } catch {
    return `text:${text}`;
  }
}

/** The API v2 endpoint the inputs talk to (the environment fills what they leave out). */
function endpointOf(packageName: string, inputs: State): string | undefined {
  try {
    return resolveBaseUrls(resolveSettings(sourceOf(packageName, new Map(), inputs))).v2;
  } catch {
    return undefined;
  }
}

/**
 * A message of the settings' in the plugin's words: they name the dynamic provider's stack config
 * (`dnsimple:token`), which a program of the plugin sets as `<package>:token`.
 */
export function inPluginWords(packageName: string, message: string): string {
  let out = message;
  for (const setting of SETTINGS) {
    out = out.replace(
      new RegExp(`(?<![\\w-])${setting.config.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "g"),
      `${packageName}:${nameOf(setting)}`,
    );
  }
  return out;
}
