/**
 * Paging arithmetic of every list (API services and the dashboard's pagers): pages count from 1,
 * and an empty list is one empty page.
 */

/** `limit` rows after `offset`: what a repo reads for one page. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The rows of page `page` (from 1) at `limit` rows a page: `limit` rows after `offset`. */
export function pageWindow({ page, limit }: { page: number; limit: number }): PageWindow {
  return { limit, offset: (page - 1) * limit };
}

/** How many pages `total` rows fill at `limit` a page; at least 1. */
export function totalPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
