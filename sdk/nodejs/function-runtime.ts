/**
 * How the SDK's functions (sdk/nodejs/functions.generated.ts, made of their definitions in
 * provider/functions) run in a program's process: settings from the stack config `dnsimple:*`
 * (read raw, so secret values are neither logged nor warned about) or the environment
 * (`DNSIMPLE_TOKEN`, `DNSIMPLE_ACCOUNT`, `DNSIMPLE_BASE_URL`, `DNSIMPLE_SANDBOX`), the same as the
 * resources. The definitions (with the settings' declarations) and the client are loaded at a function's
 * first call: their declarations are zod schemas, and a program that calls no function never
 * pays for loading zod (the SDK's entry loads none: provider/module-loading.test.ts).
 */
import type { PositionalFunction, ProviderSettings } from "../../provider/functions/runtime";
import { getConfig } from "@pulumi/pulumi/runtime/config";

const functionsModule = () =>
  require("../../provider/functions/runtime") as typeof import("../../provider/functions/runtime");

let settings = (): ProviderSettings => functionsModule().resolveSettings({ get: (key) => getConfig(key) });

/**
 * The settings the functions use instead of the program's stack config (a test's, or a host's
 * that runs them for others). Not exported from the package, and left out of its declarations
 * (`stripInternal`): its type names the settings' declarations, whose zod types a program's
 * type check would otherwise load.
 *
 * @internal
 */
export function readSettingsFrom(source: () => ProviderSettings): void {
  settings = source;
}

let functions: Record<string, PositionalFunction> | undefined;

/**
 * Runs the function `name` with its positional arguments, loading the definitions on first use.
 *
 * @internal
 */
export async function callFunction(name: string, args: ReadonlyArray<unknown>): Promise<unknown> {
  functions ??= functionsModule().functionsWith(() => settings());
  return functions[name]!(...args);
}
