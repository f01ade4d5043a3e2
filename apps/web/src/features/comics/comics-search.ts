import {
  COMIC_SORTS,
  COMIC_STATUS_FILTERS,
  type ComicStatusFilter as SharedStatusFilter,
} from "@vt/shared/comic-status";
import { parseId } from "@/lib/route-params";

/**
 * The URL search params of /comics and /comics/request: `page` (from 1), `search`, `status` and
 * `sort` (platform values, @vt/shared/comic-status). A plain validator, not a zod schema: the router
 * that runs it ships in the first download, which zod would double. Anything malformed falls back to the default
 * (page 1, no search, all statuses, newest first), and defaults are left out of the URL.
 */
/** A filter other than the default 'all'. */
export type ComicStatusFilter = Exclude<SharedStatusFilter, "all">;
export { COMIC_SORTS, COMIC_STATUS_FILTERS };

export const SEARCH_MAX_LENGTH = 100;

export type ComicListSearch = {
  page?: number;
  search?: string;
  status?: ComicStatusFilter;
  sort?: "oldest";
};

const includes = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

export function parseComicListSearch(raw: Record<string, unknown>): ComicListSearch {
  const out: ComicListSearch = {};
  const page =
    typeof raw.page === "number" ? raw.page : typeof raw.page === "string" ? Number(raw.page) : Number.NaN;
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  if (typeof raw.search === "string") {
    const search = raw.search.trim().slice(0, SEARCH_MAX_LENGTH);
    if (search) out.search = search;
  }
  if (includes(COMIC_STATUS_FILTERS, raw.status) && raw.status !== "all") out.status = raw.status;
  if (raw.sort === "oldest") out.sort = "oldest";
  return out;
}

/** Rows per page of /comics. */
export const COMIC_LIST_PAGE_SIZE = 20;

/** The list query of /comics for its URL search: the page and its route loader ask the same. */
export function myComicsParams(search: ComicListSearch) {
  return {
    scope: "mine" as const,
    page: search.page ?? 1,
    limit: COMIC_LIST_PAGE_SIZE,
    search: search.search,
    status: search.status,
    sort: search.sort,
  };
}

/** `page` and `search` only (people lists, /comics/request). */
export type PlainListSearch = { page?: number; search?: string };

export function parsePlainListSearch(raw: Record<string, unknown>): PlainListSearch {
  const { page, search } = parseComicListSearch(raw);
  return { ...(page ? { page } : {}), ...(search ? { search } : {}) };
}

/** A comic id from its path segment, or null (see lib/route-params). */
export const parseComicId = parseId;
