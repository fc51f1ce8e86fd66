import type * as pulumi from "@pulumi/pulumi";
import { Output } from "@pulumi/pulumi/output";
import { durationSeconds } from "../../../provider/compat/definitions";

/**
 * An argument of `@pulumi/dnsimple` that this package cannot honour: a clear error naming it, at
 * construction (or, for a value only known later, when it is known), before any API call.
 */
export class UnsupportedArgumentError extends Error {
  override readonly name = "UnsupportedArgumentError";
  constructor(kind: string, argument: string, why: string) {
    super(`${kind}: the argument \`${argument}\` of @pulumi/dnsimple is not supported here: ${why}`);
  }
}

/**
 * Fails when `value` (plain or an Output) turns out true: for arguments whose `false` is the
 * default behaviour and whose `true` this package cannot do.
 */
export function refuseTrue(
  value: pulumi.Input<boolean> | undefined,
  error: () => UnsupportedArgumentError,
): void {
  if (value === undefined) return;
  if (value === true) throw error();
  if (Output.isInstance(value)) {
    value.apply((v) => {
      if (v === true) throw error();
      return v;
    });
  }
}

/** `@pulumi/dnsimple`'s timeout strings (`"10m"`, `"1h30m"`, `"45s"`) in seconds. */
export function timeoutSeconds(kind: string, argument: string, value: string): number {
  const seconds = durationSeconds(value.trim());
  if (seconds === undefined) {
    throw new UnsupportedArgumentError(
      kind,
      argument,
      `"${value}" is not a duration like "10m", "1h" or "90s"`,
    );
  }
  return seconds;
}

/** `T` with the keys that may be undefined made optional instead. */
export type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Keeps only the keys whose value is defined: an argument left out stays left out. */
export function defined<T extends Record<string, unknown>>(args: T): Defined<T> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as Defined<T>;
}
