/**
 * Waiting for the service, as a framework feature: the inputs of every kind whose create may stay
 * pending (a domain order, a certificate) and the wait they configure, polled with progress
 * messages by `waitWithProgress` (progress.ts). When the wait runs out the object stays in
 * state with a `pendingOrderId`, and the next `up` (an in-place update) resumes waiting.
 */
import { z } from "zod";
import { apiId } from "./fields";
import type { WaitOptions } from "./progress";
import { getSettings } from "./runtime";

/** Inputs that steer waiting; shared by every kind that waits for the service. */
export const waitingInputs = {
  timeoutSeconds: z
    .number()
    .positive("must be more than 0")
    .max(86_400, "must be at most 86400 (one day)")
    .default(600)
    .describe(
      "Seconds to wait for the order to finish (default 600). When they run out, `up` fails but the " +
        "resource stays in the stack; the next `up` keeps waiting instead of ordering again.",
    ),
  pollIntervalSeconds: z
    .number()
    .positive("must be more than 0")
    .max(3600)
    .default(10)
    .describe("Seconds between two status checks (default 10)."),
  /** Set by the provider while an order is still pending (declare it in `providerOwned`). */
  pendingOrderId: z
    .union([z.number().int(), z.string()])
    .optional()
    .describe("Set while the order is still pending (the next `up` resumes waiting)."),
};

/** The waiting inputs that only steer the provider: declare them `localOnly`. */
export const WAITING_LOCAL = ["timeoutSeconds", "pollIntervalSeconds"] as const;
/** The waiting input the provider sets: declare it as a `marker` (and `providerOwned`) of every kind that waits. */
export const WAITING_MARKERS = ["pendingOrderId"] as const;

/** The waiting inputs as operations see them (defaults filled in by `check`). */
export interface WaitingValues {
  readonly timeoutSeconds?: number | undefined;
  readonly pollIntervalSeconds?: number | undefined;
}

export function waitingOf(inputs: WaitingValues): { timeoutMs: number; intervalMs: number } {
  return {
    timeoutMs: (inputs.timeoutSeconds ?? 600) * 1000,
    intervalMs: (inputs.pollIntervalSeconds ?? 10) * 1000,
  };
}

/**
 * How to wait, from the resource's waiting inputs and the provider's progress interval, with
 * the words of the progress messages: `<subject>: waiting for <what> <goal> (state: ...)`.
 */
export function waitingWithProgress<T>(
  inputs: WaitingValues,
  words: Pick<WaitOptions<T>, "subject" | "what" | "goal" | "stateOf">,
): WaitOptions<T> {
  return { ...words, ...waitingOf(inputs), progressIntervalSeconds: getSettings().progressIntervalSeconds };
}

/** A pending order's id as recorded in state: a number, or a numeric string (the input takes both). */
export function pendingId(id: number | string): number {
  return typeof id === "number" ? id : apiId(id);
}
