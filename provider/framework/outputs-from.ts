/**
 * A kind's outputs made from the service's object, with only what differs written down: each
 * output is the service's field of the same name in snake_case (`createdAt` ← `created_at`), an
 * absent one `null` where the output is nullable and left out where it is optional, unless the
 * kind says how to make it. The types prove the rest: an output whose field the service's object
 * lacks, or holds with another type, must be made by the kind, or the kind does not compile.
 *
 * @example
 * export const webhookOutputs = outputsFrom<Webhook>()(outputs, { webhookId: (w) => w.id });
 * // webhookOutputs(webhook) → { webhookId: webhook.id, suppressedAt: webhook.suppressed_at ?? null }
 */
import { z } from "zod";
import type { FieldShape, OutputsOf } from "./kind";

/** `createdAt` → `created_at`, as a type. */
type Snake<S extends string> = S extends `${infer C}${infer R}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${Snake<R>}`
  : S;

/** Whether the service's value `V` is the output `T` as it is (an absent one as null, where `T` takes null). */
type Holds<V, T> = [Exclude<V, undefined>] extends [T]
  ? undefined extends V
    ? null extends T
      ? true
      : false
    : true
  : false;

/**
 * The outputs `T` that the service's object `A` holds under their snake_case names, and the
 * optional ones (left out when it does not hold them).
 */
type Held<A, T> = {
  [K in keyof T & string]-?: undefined extends T[K]
    ? K
    : Snake<K> extends keyof A
      ? Holds<A[Snake<K>], T[K]> extends true
        ? K
        : never
      : never;
}[keyof T & string];

/** The fields of the service's object `A` that hold the output `T` as they are: what an output may be renamed from. */
type HoldingField<A, T> = {
  [F in NamedKeys<A>]: Holds<A[F], T> extends true ? F : never;
}[NamedKeys<A>];

/** The named fields of `A`, without the index signature of an object that lets other fields through. */
type NamedKeys<A> = keyof { [K in keyof A as string extends K ? never : K]: A[K] } & string;

/**
 * How the kind makes an output: from the service's object, or as another of its fields, renamed
 * (`renewalId: "id"`).
 */
type Make<A, T> = ((found: A) => T) | HoldingField<A, T>;

/** How the kind makes each output the service's object does not hold as it is (the others too, if it wants). */
export type Made<A, T> = { readonly [K in Exclude<keyof T & string, Held<A, T>>]: Make<A, T[K]> } & {
  readonly [K in Held<A, T>]?: Make<A, T[K]>;
};

/** `createdAt` → `created_at`. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * The docs of the stamps every object the service keeps carries (`created_at`, `updated_at`: the
 * client's `serviceObject`), for {@link serviceFields}; `what` names the object.
 *
 * @example
 * serviceFields(EmailForwardSchema, { ...stampDocs("the forward") })
 * // createdAt: "When the service created the forward.", updatedAt: "When the service last changed the forward."
 */
export function stampDocs(what: string) {
  return {
    createdAt: `When the service created ${what}.`,
    updatedAt: `When the service last changed ${what}.`,
  };
}

/**
 * The outputs a kind declares, where each one that is the service's field of the same name in
 * snake_case is only its doc: the type is the one the client's schema of the service's object
 * gives that field, said there once. An output of its own type (an id renamed, a value the kind
 * makes) is declared with it. A doc for a field the service's object does not have does not
 * compile.
 *
 * @example
 * const outputs = serviceFields(ZoneSchema, {
 *   zoneId: z.number().describe("The service's id of the zone."),
 *   lastTransferredAt: "When the zone was last transferred; null before.", // last_transferred_at's type
 * });
 */
export function serviceFields<
  Service extends Record<string, z.ZodType>,
  const D extends { [K in keyof D]: z.ZodType | (Snake<K & string> extends keyof Service ? string : never) },
>(
  service: { readonly shape: Service },
  declared: D,
): { [K in keyof D]: ServiceField<Service, K & string, D[K]> };
// The signature above types the result; this body makes it, checking at run time what it types.
export function serviceFields(
  service: { readonly shape: Record<string, z.ZodType> },
  declared: Record<string, z.ZodType | string>,
): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(declared).map(([key, field]) => {
      if (typeof field !== "string") return [key, field];
      const type = service.shape[snakeCase(key)];
      if (type === undefined)
        throw new Error(`the service's object has no field ${snakeCase(key)} for the output ${key}`);
      return [key, type.describe(field)];
    }),
  );
}

/** What `serviceFields` declares for `key`: its own type, or the service's field's. */
type ServiceField<Service, K extends string, Field> = Field extends z.ZodType
  ? Field
  : Snake<K> extends keyof Service
    ? Service[Snake<K>]
    : never;

/**
 * The mapping from the service's object `A` to the outputs declared by `outputs`: `made` for the
 * outputs it names (a function of the object, or the name of the field it is), the service's
 * snake_case field for the rest.
 *
 * @example
 * const restoreOutputs = outputsFrom<DomainRestore>()(outputs, { restoreId: "id", restoreState: "state" });
 */
export function outputsFrom<A extends object>() {
  return <O extends FieldShape>(outputs: O, made: Made<A, OutputsOf<O>>) => {
    // Absent from the service's object, an output that takes null is null; one that may also be
    // left out (an optional one: set by the kind elsewhere, say) is left out, so a refresh keeps it.
    const nullable = new Set(
      Object.keys(outputs).filter(
        (key) => outputs[key]!.safeParse(null).success && !outputs[key]!.safeParse(undefined).success,
      ),
    );
    const shape = z.object(outputs);
    return (found: A) => {
      const values = Object.keys(outputs).map((key): [string, unknown] => {
        const make: unknown = Reflect.get(made, key);
        if (typeof make === "function") return [key, make(found)];
        const value: unknown = Reflect.get(found, typeof make === "string" ? make : snakeCase(key));
        return [key, value === undefined && nullable.has(key) ? null : value];
      });
      // An optional output the service's object does not hold is left out, not set to undefined.
      // The outputs' own schema checks what the types proved (and gives them their type).
      const parsed = shape.safeParse(Object.fromEntries(values.filter(([, value]) => value !== undefined)));
      if (!parsed.success)
        throw new Error(
          `the service's object does not give the declared outputs: ${parsed.error.issues
            .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
            .join("; ")}`,
        );
      return parsed.data;
    };
  };
}
