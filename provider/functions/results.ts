/**
 * How a function's result becomes an invoke's outputs (the package schema says the same of each
 * function: scripts/sdk-generator/functions.ts). An invoke answers an object: a result that is an
 * object answers its own fields, a list answers `{ items }`, anything else `{ value }`.
 */
export type ResultShape = "fields" | "items" | "value";

/** The invoke's outputs for a function's result. */
export function outputsOf(result: unknown, shape: ResultShape): Record<string, unknown> {
  if (shape === "fields") return (result ?? {}) as Record<string, unknown>;
  if (shape === "items") return { items: result };
  return { value: result };
}
