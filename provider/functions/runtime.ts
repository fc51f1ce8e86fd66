/**
 * The functions as they run: each definition (definitions.ts) as a function of its positional
 * parameters (as the SDK's wrappers and the plugin's call table call it), with the settings it is
 * given: the program's stack config or environment for a TypeScript program (sdk/), the plugin's
 * configuration for an invoke. The client is built on first use and kept while the settings stay
 * the same. The token is never logged or put into results or error messages.
 */
import type { DnsimpleClient } from "../client";
import { clientFromSettings } from "../framework/client-factory";
import {
  MissingSettingError,
  type ProviderSettings,
  requireAccount,
  requireToken,
} from "../framework/settings";
import { type FunctionDefinition, isObjectParameter } from "./define";
import { FUNCTION_DEFINITIONS } from "./definitions";

/** How the SDK's functions read the program's settings (the SDK imports nothing of the framework). */
export { type ProviderSettings, resolveSettings } from "../framework/settings";

/** A function by its positional parameters; a secret one answers its plain value (the caller marks it). */
export type PositionalFunction = (...args: unknown[]) => Promise<unknown>;

let cached: { key: string; client: DnsimpleClient } | undefined;

/** The client of these settings: one per distinct settings, the last kept. */
function client(settings: ProviderSettings): DnsimpleClient {
  requireToken(settings);
  const key = JSON.stringify(settings);
  if (cached?.key !== key) {
    // The one factory (framework/client-factory.ts): retries, hooks, secrets and v1 credentials.
    cached = { key, client: clientFromSettings(settings, { userAgentSuffix: "pulumi-function" }) };
  }
  return cached.client;
}

/** The v1 client, which needs `dnsimple:v1Email` (and its token). */
function v1(settings: ProviderSettings): DnsimpleClient["v1"] {
  if (!settings.v1Email) {
    throw new MissingSettingError(
      "dnsimple:v1Email",
      "DNSIMPLE_V1_EMAIL",
      "dnsimple:v1Email <email> (and `pulumi config set --secret dnsimple:v1Token <v1 token>`)",
    );
  }
  return client(settings).v1;
}

/** The definition's named arguments of a positional call: values, an object's members, the options' members. */
export function argumentsOf(
  definition: FunctionDefinition,
  positional: ReadonlyArray<unknown>,
): Record<string, any> {
  const args: Record<string, unknown> = {};
  const params = Object.entries(definition.params ?? {});
  params.forEach(([name, parameter], index) => {
    const value = positional[index];
    if (isObjectParameter(parameter)) Object.assign(args, value ?? {});
    // A value left out is its default, as a TypeScript parameter's (`action = "registration"`).
    else args[name] = value === undefined ? parameter.safeParse(undefined).data : value;
  });
  if (definition.uses === "account") Object.assign(args, positional[params.length] ?? {});
  return args;
}

/** Runs one definition with these settings. */
async function run(
  definition: FunctionDefinition,
  settings: () => ProviderSettings,
  positional: ReadonlyArray<unknown>,
): Promise<unknown> {
  const args = argumentsOf(definition, positional);
  const s = settings();
  switch (definition.uses) {
    case "client":
      return definition.run({ api: client(s) }, args);
    case "v1":
      return definition.run({ v1: v1(s) }, args);
    case "account": {
      const api = client(s);
      return definition.run({ api, account: requireAccount(s, args.account) }, args);
    }
  }
}

/** Every function, by name, run with the settings `settings` gives at each call. */
export function functionsWith(settings: () => ProviderSettings): Record<string, PositionalFunction> {
  return Object.fromEntries(
    FUNCTION_DEFINITIONS.map((definition) => [
      definition.name,
      (...positional: unknown[]) => run(definition, settings, positional),
    ]),
  );
}
