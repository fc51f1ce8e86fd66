import { z } from "zod";
import { containsUnknown } from "./unknown";

/** One failure as Pulumi's `check` reports it: the property path and a reason a person can act on. */
export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}

export type FieldSchemas = Record<string, z.ZodType>;

/** `a.b[2].c` from zod's issue path, prefixed with the top-level property. */
function propertyPath(top: string, path: ReadonlyArray<PropertyKey>): string {
  let out = top;
  for (const part of path) out += typeof part === "number" ? `[${part}]` : `.${String(part)}`;
  return out;
}

/**
 * Validates inputs field by field, so every failure names its property and preview's unknown
 * values pass untouched. Fills defaults declared in the schemas. Unknown property names are
 * failures too: a typo in a program should not be silently ignored.
 */
export function validateInputs(
  fields: FieldSchemas,
  news: Record<string, unknown>,
): { inputs: Record<string, unknown>; failures: CheckFailure[] } {
  const inputs: Record<string, unknown> = {};
  const failures: CheckFailure[] = [];
  for (const [key, value] of Object.entries(news)) {
    if (key === "__provider") continue;
    if (!(key in fields)) {
      if (value !== undefined && value !== null) {
        failures.push({ property: key, reason: `unknown property "${key}"` });
      }
    }
  }
  for (const [key, schema] of Object.entries(fields)) {
    const value = news[key] === null ? undefined : news[key];
    if (containsUnknown(value)) {
      inputs[key] = value;
      continue;
    }
    const result = schema.safeParse(value);
    if (result.success) {
      if (result.data !== undefined) inputs[key] = result.data;
    } else {
      for (const issue of result.error.issues) {
        failures.push({ property: propertyPath(key, issue.path), reason: describeIssue(key, issue, value) });
      }
    }
  }
  return { inputs, failures };
}

function describeIssue(key: string, issue: z.core.$ZodIssue, value: unknown): string {
  // zod 4 leaves `issue.input` unset unless asked to report it: decide "required" on the value.
  if (issue.code === "invalid_type" && issue.path.length === 0 && value === undefined)
    return `${key} is required`;
  return issue.message;
}
