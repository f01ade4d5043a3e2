import { comicQueryOptions } from "@/features/comics/api/get-comic";
import { parseComicId } from "@/features/comics/comics-search";
import { prefetchForPage } from "@/lib/query-client";

/** Route loader of /comics/$comicId/*: warms the comic query (errors surface in the page, not here). */
export function prefetchComic(rawComicId: string) {
  const comicId = parseComicId(rawComicId);
  if (comicId !== null) void prefetchForPage(comicQueryOptions(comicId));
}
