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
    const result = schema.safeParse(value, { reportInput: true });
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
  // Decided on the value: `issue.input` of a missing field is undefined too.
  if (issue.code === "invalid_type" && issue.path.length === 0 && value === undefined)
    return `${key} is required`;
  // The engine shows the value only of a top-level input (engineFailures): inside one, the reason
  // says what was given.
  const given = issue.input;
  if (issue.path.length > 0 && isPrimitive(given) && !issue.message.includes(String(given)))
    return `${issue.message} (got ${JSON.stringify(given)})`;
  return issue.message;
}

const isPrimitive = (v: unknown): v is string | number | boolean =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** Whether `property` is an input itself (`content`), not a path inside one (`records[1].content`). */
const isTopLevel = (property: string) => !/[.[]/.test(property);

/** The path a failure names, in either form (`engineFailures`'s or the lifecycle's). */
export function failurePath(f: CheckFailure): string {
  if (f.property !== "") return f.property;
  return /^([\w.[\]-]+): /.exec(f.reason)?.[1] ?? "";
}

/** A failure's reason without the path `engineFailures` puts first. */
export function reasonOf(f: CheckFailure): string {
  const path = failurePath(f);
  return f.property === "" && path !== "" ? f.reason.slice(path.length + 2) : f.reason;
}

/**
 * Failures as the engine is to print them, the same from both adapters (the dynamic providers and
 * the plugin). The engine prints a failure as `property <p> value <v> has a problem: <reason>`,
 * where `<v>` is `inputs[<p>]`, a lookup among the resource's top-level inputs only (Pulumi's
 * `issueCheckFailures`, pkg/resource/deploy/step_generator.go): a path inside an input
 * (`records[1].content`) finds nothing and prints `{<nil>}`. So a failure of an input itself keeps
 * its property, and the engine shows the value; one inside an input is given with no property,
 * its path first in the reason, which names the value (`records[1].content: an A record's content
 * must be an IPv4 address …, got "999.1.2.3"`): printed `resource 'web' has a problem: …`.
 *
 * @example
 * engineFailures([{ property: "records[1].ttl", reason: "must be at least 1 (got 0)" }])
 * // [{ property: "", reason: "records[1].ttl: must be at least 1 (got 0)" }]
 */
export function engineFailures(failures: ReadonlyArray<CheckFailure>): CheckFailure[] {
  return failures.map((f) =>
    f.property === "" || isTopLevel(f.property)
      ? f
      : {
          property: "",
          reason: f.reason.startsWith(`${f.property}:`) ? f.reason : `${f.property}: ${f.reason}`,
        },
  );
}
