import {
  COMIC_SORTS,
  COMIC_STATUS_FILTERS,
  type ComicStatusFilter as SharedStatusFilter,
} from "@vt/shared/comic-status";
import { parseListSearch } from "@/lib/list-search";
import { parseId } from "@/lib/route-params";

/**
 * The URL search params of /comics: `page` and `search` (lib/list-search.ts), `status` and `sort`
 * (platform values, @vt/shared/comic-status). Anything malformed falls back to the default (page 1,
 * no search, all statuses, newest first), and defaults are left out of the URL.
 */
/** A filter other than the default 'all'. */
export type ComicStatusFilter = Exclude<SharedStatusFilter, "all">;
export { COMIC_SORTS, COMIC_STATUS_FILTERS };

export type ComicListSearch = {
  page?: number;
  search?: string;
  status?: ComicStatusFilter;
  sort?: "oldest";
};

const includes = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

export function parseComicListSearch(raw: Record<string, unknown>): ComicListSearch {
  const out: ComicListSearch = parseListSearch(raw);
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

/** A comic id from its path segment, or null (see lib/route-params). */
export const parseComicId = parseId;

/** The list parameters the API's `GET /api/comics` takes for a page of a comics list. */
export type ComicsParams = {
  page: number;
  limit: number;
  search?: string;
  status?: ComicStatusFilter;
  sort?: "newest" | "oldest";
  /** mine: comics my teams may upload to; all: every comic (with canUpload and my permission request). */
  scope: "mine" | "all";
};

/** The query of `GET /api/comics` for `params` (defaults spelled out, an empty search left out). */
export function comicsListQuery({ search, status, sort, ...rest }: ComicsParams) {
  return { ...rest, search: search || undefined, status: status ?? "all", sort: sort ?? "newest" } as const;
}
