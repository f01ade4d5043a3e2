/**
 * Comic status values and list filters/sorts (docs/platform.md, "Comics"). Labels live in the
 * message catalogue: `comicStatus.<value>` and `comicSort.<value>` (vi: Sắp ra mắt, Đang tiến hành,
 * ...).
 */
export const COMIC_STATUSES = ["upcoming", "ongoing", "completed", "hiatus", "canceled"] as const;
export type ComicStatus = (typeof COMIC_STATUSES)[number];
export const DEFAULT_COMIC_STATUS: ComicStatus = "ongoing";

/** The list's status filter: a status, every status, or comics with a pending delete / merge request. */
export const COMIC_STATUS_FILTERS = [
  "all",
  ...COMIC_STATUSES,
  "delete-requested",
  "merge-requested",
] as const;
export type ComicStatusFilter = (typeof COMIC_STATUS_FILTERS)[number];

export const COMIC_SORTS = ["newest", "oldest"] as const;
export type ComicSort = (typeof COMIC_SORTS)[number];
