import { comicsQueryOptions } from "@/features/comics/api/get-comics";
import { type ComicListSearch, myComicsParams } from "@/features/comics/comics-search";
import { prefetchForPage } from "@/lib/query-client";

/**
 * Route loader of /comics: starts `GET /api/comics` for the URL's page while the page's own chunk
 * is still loading (errors surface in the page, not here).
 */
export function prefetchMyComics(search: ComicListSearch) {
  void prefetchForPage(comicsQueryOptions(myComicsParams(search)));
}
