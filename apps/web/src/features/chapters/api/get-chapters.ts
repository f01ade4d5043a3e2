import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TChapterSort } from "@vt/shared/contracts/chapters";
import { api } from "@/lib/api-client";
import { chaptersQueryKeyAll } from "@/lib/query-keys";

/** `GET /api/chapters/comic/{comicId}?sort=asc|desc`: every chapter of the comic, drafts included. */
export function getChapters(comicId: number, sort: TChapterSort, signal?: AbortSignal) {
  return api.get("/api/chapters/comic/{comicId}", {
    params: { path: { comicId }, query: { sort } },
    signal,
  });
}

export const chaptersQueryKeyOfComic = (comicId: number) => [...chaptersQueryKeyAll, { comicId }] as const;

export const chaptersQueryOptions = (comicId: number, sort: TChapterSort) =>
  queryOptions({
    queryKey: [...chaptersQueryKeyAll, { comicId, sort }] as const,
    queryFn: ({ signal }) => getChapters(comicId, sort, signal),
  });

/** `comicId` null (a malformed id in the URL) fetches nothing. */
export const useChapters = (comicId: number | null, sort: TChapterSort) =>
  useQuery({ ...chaptersQueryOptions(comicId ?? 0, sort), enabled: comicId !== null });
