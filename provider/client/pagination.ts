/**
 * Pagination: one-page calls return `{data, pagination}`; {@link paginate} walks every page with
 * `per_page=100` (the service's maximum), so 10 000 objects take 100 requests.
 */
import type { ListOptions, Page } from "./schemas";

/** The page size used by iterators: the service's maximum. */
export const ITERATE_PAGE_SIZE = 100;

/** Query parameters for paging and sorting. */
export function pagingQuery(options: ListOptions | undefined): Record<string, string | number | undefined> {
  return {
    page: options?.page,
    per_page: options?.perPage,
    sort: options?.sort,
  };
}

/**
 * Yields every item of every page, fetching pages one by one from `startPage`.
 *
 * @example
 * for await (const domain of paginate((page) => client.domains.list(1, { page, perPage: 100 }))) { ... }
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  startPage = 1,
): AsyncGenerator<T, void, undefined> {
  let page = startPage;
  for (;;) {
    const result = await fetchPage(page);
    for (const item of result.data) yield item;
    const { current_page, total_pages } = result.pagination;
    // Guard against a service that echoes a wrong page number: stop on an empty page too.
    if (result.data.length === 0 || current_page >= total_pages || page >= total_pages) return;
    page = Math.max(page, current_page) + 1;
  }
}

/**
 * Collects an async iterable into an array.
 *
 * @example
 * const all = await collect(client.domains.iterate(1));
 */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
