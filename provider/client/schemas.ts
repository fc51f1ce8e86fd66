/**
 * Shared zod building blocks: envelopes, pagination and field types. Resource schemas live in
 * their group files. Objects are `z.looseObject`: fields the service adds later pass through
 * untouched instead of failing or being dropped.
 */
import { z } from "zod";

/** An ISO 8601 date-time string as the service sends it (not re-parsed into a Date). */
export const DateTime = z.string();
/**
 * The id the service gives an object: an integer. Said once here; the kinds' id outputs
 * (`zoneId`, `recordId`, …) take it, so the package schema types them `integer` (`int` in
 * Python, `IntOutput` in Go).
 */
export const ServiceId = z.number().int();
/** When the service made an object and last changed it: every object it keeps says both. */
export const Stamps = { created_at: DateTime, updated_at: DateTime };
/**
 * An object the service keeps: its numeric `id`, the fields given, and its {@link Stamps}.
 *
 * @example
 * export const EmailForwardSchema = serviceObject({ domain_id: z.number().int(), alias_email: z.string() });
 */
export function serviceObject<Fields extends z.ZodRawShape>(fields: Fields) {
  return z.looseObject({ id: ServiceId, ...fields, ...Stamps });
}
/** An ISO 8601 date (`YYYY-MM-DD`). */
export const DateOnly = z.string();

/** The pagination object of paginated lists. */
export const PaginationSchema = z.looseObject({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_entries: z.number().int(),
  total_pages: z.number().int(),
});
/** The pagination object of paginated lists. */
export type Pagination = z.infer<typeof PaginationSchema>;

/** The envelopes made so far, per item schema: one schema object per item, not one per request. */
const envelopes = new WeakMap<z.ZodType, { data?: z.ZodType; page?: z.ZodType; list?: z.ZodType }>();
function envelope<E extends z.ZodType>(item: z.ZodType, kind: "data" | "page" | "list", make: () => E): E {
  const made = envelopes.get(item) ?? {};
  envelopes.set(item, made);
  return (made[kind] ??= make()) as E;
}

/**
 * `{data: T}`: the answer of most requests (a list without pagination is `dataOf(z.array(T))`).
 *
 * @example
 * const DomainEnvelope = dataOf(DomainSchema);
 */
export function dataOf<T extends z.ZodType>(item: T) {
  return envelope(item, "data", () => z.looseObject({ data: item }));
}

/** `{data: [T], pagination}`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return envelope(item, "page", () => z.looseObject({ data: z.array(item), pagination: PaginationSchema }));
}

/** `{data: [T], pagination?}`: a list the service pages or not, as it sees fit. */
export function listOf<T extends z.ZodType>(item: T) {
  return envelope(item, "list", () =>
    z.looseObject({ data: z.array(item), pagination: PaginationSchema.optional() }),
  );
}

/** One page of a paginated list. */
export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/** Paging and sorting parameters of a list call. */
export interface ListOptions {
  /** 1-based page number. */
  page?: number;
  /** Items per page; the service's default is 30, its maximum 100. */
  perPage?: number;
  /** `field:asc|desc`, comma-separated, e.g. `"expiration:asc,id:desc"`. */
  sort?: string;
}
