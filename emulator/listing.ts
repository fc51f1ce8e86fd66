/**
 * Pagination and sorting as the service does them: `page` (1-based), `per_page` (default 30, capped
 * at 100), the `pagination` object, and `sort=field:dir,field:dir` over a list of allowed fields.
 *
 * @example
 *   const rows = sortRows(ctx.query, domains, { id: (d) => d.id, name: (d) => d.name }, "name:asc");
 *   return paginate(ctx.query, rows, domainView);
 */
import { badRequest, type Reply } from "./http";

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === "") return fallback;
  if (!/^\d+$/.test(raw.trim())) throw badRequest(`Invalid pagination value \`${raw}\``);
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
}

/** One page of `rows` with the `pagination` object; `per_page` above 100 is capped to 100. */
export function paginate<T>(query: URLSearchParams, rows: T[], view: (row: T) => unknown): Reply {
  const perPage = Math.min(positiveInt(query.get("per_page"), DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const page = positiveInt(query.get("page"), 1);
  const total = rows.length;
  const start = (page - 1) * perPage;
  const slice = start < total ? rows.slice(start, start + perPage) : [];
  return {
    status: 200,
    body: {
      data: slice.map(view),
      pagination: {
        current_page: page,
        per_page: perPage,
        total_entries: total,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
}

type Key<T> = (row: T) => string | number | null;

/**
 * Sorts by the `sort` query (or `defaultSort`), e.g. `name:asc,id:desc`; a field without a
 * direction is ascending. An unknown field is a 400, as the service answers.
 */
export function sortRows<T>(
  query: URLSearchParams,
  rows: T[],
  fields: Record<string, Key<T>>,
  defaultSort: string,
): T[] {
  const spec = query.get("sort") ?? defaultSort;
  const order: { key: Key<T>; dir: number }[] = [];
  for (const part of spec.split(",")) {
    const p = part.trim();
    if (p === "") continue;
    const [field = "", dirRaw = "asc"] = p.split(":");
    const key = Object.prototype.hasOwnProperty.call(fields, field) ? fields[field] : undefined;
    if (key === undefined) throw badRequest(`Invalid sorting field \`${field}\``);
    const dir = dirRaw.toLowerCase();
    if (dir !== "asc" && dir !== "desc") throw badRequest(`Invalid sorting direction \`${dirRaw}\``);
    order.push({ key, dir: dir === "asc" ? 1 : -1 });
  }
  if (order.length === 0) return rows;
  return [...rows].sort((a, b) => {
    for (const { key, dir } of order) {
      const c = compare(key(a), key(b));
      if (c !== 0) return c * dir;
    }
    return 0;
  });
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : 1;
}
