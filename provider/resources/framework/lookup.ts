import { isNotFound } from "../../client";

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
