import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TComicDetail } from "@vt/shared/contracts/comics";
import { api } from "@/lib/api-client";

/** `GET /api/comics/{id}`: the comic with what I may do on it (404 when my teams have no access). */
export function getComic(comicId: number, signal?: AbortSignal) {
  return api.get<TComicDetail>(`/comics/${comicId}`, { signal });
}

export const comicQueryKeyAll = ["comic"] as const;

export const comicQueryOptions = (comicId: number) =>
  queryOptions({
    queryKey: [...comicQueryKeyAll, { comicId }] as const,
    queryFn: ({ signal }) => getComic(comicId, signal),
  });

/** `comicId` null (a malformed id in the URL) fetches nothing. */
export const useComic = (comicId: number | null) =>
  useQuery({ ...comicQueryOptions(comicId ?? 0), enabled: comicId !== null });
