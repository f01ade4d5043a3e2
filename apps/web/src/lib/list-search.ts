/**
 * The URL search params every plain list shares: `page` (from 1) and `search`. Written as a plain
 * validator rather than a zod schema because the router that runs it ships in the first download,
 * which zod would double. Anything malformed falls back to the default (page 1, no search), and
 * defaults are left out of the URL. Lists with more filters (comics) build on it.
 */
export type ListSearch = { page?: number; search?: string };

export const SEARCH_MAX_LENGTH = 100;

export function parseListSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const page =
    typeof raw.page === "number" ? raw.page : typeof raw.page === "string" ? Number(raw.page) : Number.NaN;
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  if (typeof raw.search === "string") {
    const search = raw.search.trim().slice(0, SEARCH_MAX_LENGTH);
    if (search) out.search = search;
  }
  return out;
}
