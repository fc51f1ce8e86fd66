/**
 * How an invoke (the plugin's, or a compat function's) calls one of the SDK's functions by name:
 * its arguments, an object of named values, become the function's parameters in order. Which
 * argument goes to which parameter is data that `npm run generate` writes from the definitions
 * (call-table.generated.ts); the calls are made from it here.
 */
import { CALLS } from "./call-table.generated";
import type { ResultShape } from "./results";

/** The functions an entry calls, by name: the SDK's (a TypeScript program) or the definitions' run (the plugin). */
export type FunctionsByName = Readonly<Record<string, ((...args: any[]) => unknown) | undefined>>;

/** A function's entry in the generated table. */
export interface CallEntry {
  result: ResultShape;
  /** The function answers a Pulumi secret: the invoke's outputs are secret on the wire. */
  secret?: true;
  /**
   * The function's parameters in order: an argument's name (the parameter is its value), or the
   * names of the arguments gathered into one options object (`{ account }`).
   */
  parameters: ReadonlyArray<string | readonly string[]>;
}

/** The generated table: each function's entry by its name. */
export type CallTable = Readonly<Record<string, CallEntry>>;

/** A function's entry with the call it makes. */
export interface CallableEntry extends CallEntry {
  call(fns: FunctionsByName, args: Record<string, any>): unknown;
}

/** The parameters `parameters` take from the arguments `args`. */
export function parametersOf(parameters: CallEntry["parameters"], args: Record<string, unknown>): unknown[] {
  return parameters.map((parameter) =>
    typeof parameter === "string"
      ? args[parameter]
      : Object.fromEntries(parameter.map((name) => [name, args[name]])),
  );
}

/** How the plugin runs each function an invoke names: its arguments as the function's parameters. */
export const FUNCTIONS: Readonly<Record<string, CallableEntry>> = Object.fromEntries(
  Object.entries(CALLS).map(([name, entry]) => [
    name,
    {
      ...entry,
      call: (fns: FunctionsByName, args: Record<string, any>) =>
        fns[name]!(...parametersOf(entry.parameters, args)),
    },
  ]),
);
