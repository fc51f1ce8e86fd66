/**
 * The one set of helpers for "gone" and other refusals of the service, used by every kind: a read
 * that may find nothing, a delete of something already deleted, a refusal with a given status.
 */
import { isApiError, isNotFound } from "../client";

/** The value, or undefined when the service answers 404: for reads where "gone" is an answer. */
export async function orUndefinedWhenGone<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Runs a delete; an object that is already gone counts as deleted. */
export async function deleteIgnoringGone(request: () => Promise<unknown>): Promise<void> {
  try {
    await request();
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** The first item of an async listing that matches, reading no further than needed. */
export async function findFirst<T>(
  items: AsyncIterable<T>,
  matches: (item: T) => boolean,
): Promise<T | undefined> {
  for await (const item of items) if (matches(item)) return item;
  return undefined;
}

/** True for an API error with this HTTP status (409 conflict, 422 refusal, …). */
export function hasStatus(error: unknown, status: number): boolean {
  return isApiError(error) && error.status === status;
}
