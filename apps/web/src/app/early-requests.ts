import { comicsListQuery, myComicsParams, parseComicListSearch } from "@/features/comics/comics-search";
import { api } from "@/lib/api-client";
import { router } from "./router";

/**
 * Data a page opened from its address needs first, asked for as soon as the entry script runs: in
 * parallel with the session check, the texts and the page's code, instead of after them (the route
 * loader asks again, and the api client hands it this answer). Only pages whose first paint is a
 * list are here; a signed-out visitor costs one refused request. Answers whether it asked for
 * anything (the page's code is then worth fetching too).
 */
export function startEarlyRequests(): boolean {
  const matches = router.matchRoutes(router.latestLocation);
  if (matches.some((m) => m.routeId === "/app/comics/")) {
    const search = parseComicListSearch(router.latestLocation.search as Record<string, unknown>);
    api.preload("/api/comics", { params: { query: comicsListQuery(myComicsParams(search)) } });
    return true;
  }
  return false;
}
