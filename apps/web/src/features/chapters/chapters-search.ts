/**
 * URL search params of /comics/{id}/chapters: `order=desc` sorts by chapter order descending
 * (ascending by default). Named `order`, not `sort`, because the router types every route's search
 * params together and /comics already gives `sort` other values. A plain validator (the router ships
 * in the first download); anything else falls back to the default.
 */
import type { TChapterSort } from "@vt/shared/contracts/chapters";

export type ChapterListSearch = { order?: Extract<TChapterSort, "desc"> };

export function parseChapterListSearch(raw: Record<string, unknown>): ChapterListSearch {
  return raw.order === "desc" ? { order: "desc" } : {};
}

/** A positive integer id from a path segment, or null ("new" and malformed ids). */
export function parseChapterId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The path segment of the new-chapter form: /comics/{id}/chapters/new. */
export const NEW_CHAPTER = "new";
