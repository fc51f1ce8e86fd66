/**
 * Answers many reads of one collection (the email forwards of a domain, say) from its list pages,
 * fetched once with per_page=100, instead of one GET per object. Refreshing 300 forwards costs 3
 * list requests, not 300 GETs.
 *
 * Lives for one provider process (one Pulumi operation). Every write through a resource
 * invalidates the collection it touched, so a read never answers from a list fetched before a
 * change made in the same run. Concurrent reads share one in-flight listing.
 */
import { deleteIgnoringGone, orUndefinedWhenGone } from "./lookup";

export type CollectionLoader<T> = () => AsyncIterable<T>;

interface Entry {
  promise: Promise<Map<string, unknown>>;
}

// A write deletes the collection's entry, so an entry present is never older than the last write.
const collections = new Map<string, Entry>();

/**
 * The object with this id from the collection's listing, or `undefined` when the listing does
 * not have it. Callers confirm an absence with a direct GET: the object may be newer than the
 * listing.
 */
export async function readFromCollection<T extends { id: number | string }>(
  key: string,
  id: string,
  load: CollectionLoader<T>,
): Promise<T | undefined> {
  let entry = collections.get(key);
  if (!entry) {
    const promise = (async () => {
      const byId = new Map<string, unknown>();
      for await (const item of load()) byId.set(`${item.id}`, item);
      return byId;
    })();
    entry = { promise };
    collections.set(key, entry);
    promise.catch(() => {
      if (collections.get(key) === entry) collections.delete(key);
    });
  }
  return (await entry.promise).get(id) as T | undefined;
}

/**
 * One object of a collection on refresh: from the listing (read once, shared), else by a direct
 * GET (it may be newer than the listing); `undefined` when neither has it (deleted outside).
 */
export async function readListedOrGet<T extends { id: number | string }>(
  key: string,
  id: string,
  load: CollectionLoader<T>,
  get: () => Promise<T>,
): Promise<T | undefined> {
  return (await orUndefinedWhenGone(readFromCollection(key, id, load))) ?? (await orUndefinedWhenGone(get()));
}

/** Deletes an object of a collection, forgetting the listing first; already gone counts as deleted. */
export async function deleteListed(key: string, remove: () => Promise<unknown>): Promise<void> {
  invalidateCollection(key);
  await deleteIgnoringGone(remove);
}

/** Forget a collection's listing: call after every create, update or delete in it. */
export function invalidateCollection(key: string): void {
  collections.delete(key);
}

/** For tests. */
export function clearReadCache(): void {
  collections.clear();
}
