/**
 * Paged lists: the query fields (`?page&limit&search`) and the response shape
 * (`{ <items>, totalPages, total }`) every paged list shares, in one place.
 */
import { z } from "zod";

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

const pageNumber = z.coerce
  .number({ error: () => "validation.invalid" })
  .int()
  .min(1);

/** `?page`, from 1. */
export const zPage = pageNumber.default(1);
/** `?page` of the admin area's lists (admin users, audit, trash): at most 100,000. */
export const zAdminPage = pageNumber.max(100_000).default(1);
/** `?limit`, 1..100, default 20. */
export const zLimit = z.coerce
  .number({ error: () => "validation.invalid" })
  .int()
  .min(1)
  .max(PAGE_LIMIT_MAX)
  .default(PAGE_LIMIT_DEFAULT);
/** `?search` (accent-insensitive where it is used), optional. */
export const zSearch = z.string().trim().max(100, { error: "validation.tooLong" }).optional();
/** `?search` of the admin area's lists. */
export const zAdminSearch = z
  .string({ error: () => "validation.invalid" })
  .trim()
  .max(100)
  .optional();

/** `?page` (from 1), `?limit` (1..100, default 20), `?search` (optional). */
export const ZPageQuery = z.object({ page: zPage, limit: zLimit, search: zSearch });
export type TPageQuery = z.infer<typeof ZPageQuery>;

const counts = { totalPages: z.number().int(), total: z.number().int() };

/** A page of `item` under `key`, then `totalPages` and `total`. */
export function zPagedList<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), ...counts } as Record<K, z.ZodArray<T>> & typeof counts);
}

/** The admin area's spelling of zPagedList (its lists publish `total` before `totalPages`). */
export function zAdminPagedList<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), total: counts.total, totalPages: counts.totalPages } as Record<
    K,
    z.ZodArray<T>
  > &
    typeof counts);
}
