/**
 * Whether an object was created at or after `since` (a create's start, in the service's time): the service
 * writes creation times to the second, so `since` is compared truncated to its second. An object
 * without a creation time never qualifies: nothing proves it is ours.
 */
export function createdSince(createdAt: string | null | undefined, since: Date): boolean {
  if (createdAt === null || createdAt === undefined) return false;
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && created >= Math.floor(since.getTime() / 1000) * 1000;
}
