/**
 * Small helpers shared by the resource kinds of the extended set (contacts, records, registrar,
 * certificates, pushes, platform, legacy v1).
 */
import { isApiError } from "../client";
import type { State } from "./framework/define-resource";
import { deleteIgnoringGone, orUndefinedWhenGone } from "./framework/lookup";

/** The value, or undefined when the call answers 404 (the object is gone). */
export async function orUndefined<T>(call: () => Promise<T>): Promise<T | undefined> {
  return orUndefinedWhenGone(call());
}

/** Runs a delete; an object that is already gone (404) counts as deleted. */
export const ignoreNotFound = deleteIgnoringGone;

/** True for an API error with this HTTP status. */
export function hasStatus(error: unknown, status: number): boolean {
  return isApiError(error) && error.status === status;
}

/** `""` and null mean "not set" for the service's optional text fields. */
export function emptyAsUnset(value: unknown): unknown {
  return value === "" || value === null ? undefined : value;
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Thrown when a long-running operation is still pending after the configured time. */
export interface PendingError extends Error {
  /** Read by Pulumi's dynamic provider server: the object exists, keep it in state. */
  id: string;
  /** The partial resource's properties, kept in state. */
  properties: State;
}

/**
 * An error that Pulumi's dynamic provider server turns into a partial create (or update): the
 * object with `id` and `properties` stays in state and the operation reports the error.
 */
export function pendingError(message: string, id: string, properties: State): PendingError {
  return Object.assign(new Error(message), { id, properties });
}

/**
 * Polls `poll` until `done` says so or `timeoutMs` has passed. Returns the last value and whether
 * it finished.
 */
export async function waitFor<T>(
  poll: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  intervalMs: number,
): Promise<{ value: T; finished: boolean }> {
  const deadline = Date.now() + timeoutMs;
  let value = await poll();
  while (!done(value)) {
    const left = deadline - Date.now();
    if (left <= 0) return { value, finished: false };
    await sleep(Math.min(intervalMs, left));
    value = await poll();
  }
  return { value, finished: true };
}
