/**
 * URL search params of /comics/{id}/chapters: `order=desc` sorts by chapter order descending
 * (ascending by default). Named `order`, not `sort`, because the router types every route's search
 * params together and /comics already gives `sort` other values. A plain validator (the router ships
 * in the first download); anything else falls back to the default.
 */
import type { TChapterSort } from "@vt/shared/contracts/chapters";
import { parseId } from "@/lib/route-params";

export type ChapterListSearch = { order?: Extract<TChapterSort, "desc"> };

export function parseChapterListSearch(raw: Record<string, unknown>): ChapterListSearch {
  return raw.order === "desc" ? { order: "desc" } : {};
}

/** A chapter id from its path segment, or null (see lib/route-params). */
export const parseChapterId = parseId;

/** The path segment of the new-chapter form: /comics/{id}/chapters/new. */
export const NEW_CHAPTER = "new";
