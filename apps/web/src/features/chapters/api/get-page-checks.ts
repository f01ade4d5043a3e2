import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { chapterQueryKeyAll } from "./get-chapter";

/** `GET /api/chapters/{id}/checks`: what looks wrong in the chapter's pages (docs/page-checks.md). */
export function getPageChecks(chapterId: number, signal?: AbortSignal) {
  return api.get("/api/chapters/{chapterId}/checks", { params: { path: { chapterId } }, signal });
}

/** Every answer of a chapter's checks (whatever pages they were asked for). */
export const pageChecksQueryKey = (chapterId: number) =>
  [...chapterQueryKeyAll, { chapterId }, "checks"] as const;

/**
 * The checks of the chapter's stored pages as `pages` names them (their ids and images): a new,
 * removed or replaced page asks again; the last answer stays shown meanwhile.
 */
export const pageChecksQueryOptions = (chapterId: number, pages: string) =>
  queryOptions({
    queryKey: [...pageChecksQueryKey(chapterId), pages] as const,
    queryFn: ({ signal }) => getPageChecks(chapterId, signal),
    placeholderData: keepPreviousData,
  });
