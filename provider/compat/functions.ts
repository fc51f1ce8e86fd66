/**
 * Runs a bridged function (definitions.ts) on ours, for both adapters: TypeScript's
 * `pulumi-dnsimple-dynamic/compat` and the plugin's invokes of `dnsimple-dynamic:compat:<function>`.
 * Our functions are handed in (the SDK's, or the definitions' run in the plugin: provider/functions),
 * called through the plugin's call table.
 */
import type * as pulumi from "@pulumi/pulumi";
import { Output } from "@pulumi/pulumi/output";
import { outputsOf } from "../functions/results";
import { FUNCTIONS, type FunctionsByName } from "../functions/call-table";
import type { CompatFunction } from "./definitions";

/** An Output's value (outside a program too: the plugin reads the private key with it). */
function valueOf<T>(value: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => {
    value.apply((v) => {
      resolve(v);
      return v;
    });
  });
}

/**
 * Runs a bridged function as its definition says: its arguments as ours, our function (by the
 * plugin's call table, so both adapters call it the same way), and its outputs picked, renamed
 * and made of the arguments. The secret outputs stay Outputs when `keepOutputs` (TypeScript) and
 * are read for the plugin, which sends them as secrets.
 */
export async function callCompatFunction(
  definition: CompatFunction,
  args: Record<string, unknown>,
  functions: FunctionsByName,
  keepOutputs = false,
): Promise<Record<string, unknown>> {
  const entry = FUNCTIONS[definition.ours]!;
  const ours: Record<string, unknown> = {};
  for (const [key, arg] of Object.entries(definition.args)) {
    if (arg.ours && args[key] !== undefined) ours[arg.ours] = args[key];
  }
  if (args.account !== undefined) ours.account = args.account;
  const result = outputsOf(await entry.call(functions, ours), entry.result);
  const out: Record<string, unknown> = {};
  for (const [key, o] of Object.entries(definition.outputs)) {
    if (o.ours !== undefined) out[key] = result[o.ours];
    else if (o.fromArg !== undefined) out[key] = args[o.fromArg];
    else if (o.value) out[key] = o.value(args);
    else if (o.fetch) {
      const fetch = functions[o.fetch.function]!;
      const value = fetch(...o.fetch.args.map((a) => args[a]));
      if (keepOutputs) out[key] = value;
      else out[key] = Output.isInstance(value) ? await valueOf(value) : await value;
    }
  }
  return out;
}
