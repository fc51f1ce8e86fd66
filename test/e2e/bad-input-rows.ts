/**
 * A kind's rows of the bad-input table, from its definition's examples: each invalid example
 * (`examples.invalid`) applied to the valid one, so that the arguments are wrong in exactly one
 * property. No other import: the toy-kind test (scripts/sdk-generator) reads a new kind's rows too.
 */
import type { KindExamples } from "../../provider/framework/definition";

export interface BadInput {
  kind: string;
  /** The property the failure must name (as the engine prints it, e.g. `linkedZones[0]`). */
  property: string;
  /** What is wrong, for the test name. */
  why: string;
  args: Record<string, unknown>;
}

/** The rows of one kind: `undefined` in a change removes that property from the valid arguments. */
export function badInputRows(definition: {
  readonly kind: string;
  readonly schema?: { readonly examples: KindExamples };
}): BadInput[] {
  const examples = definition.schema?.examples;
  if (!examples) return [];
  return examples.invalid.map(([property, why, change]) => {
    const args: Record<string, unknown> = { ...examples.valid, ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete args[key];
    return { kind: definition.kind, property, why, args };
  });
}
