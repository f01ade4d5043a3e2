import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { comicQueryKeyAll } from "@/lib/query-keys";

/** `GET /api/comics/{id}`: the comic with what I may do on it (404 when my teams have no access). */
export async function getComic(comicId: number, signal?: AbortSignal) {
  return api.get("/api/comics/{comicId}", { params: { path: { comicId } }, signal });
}

export const comicQueryOptions = (comicId: number) =>
  queryOptions({
    queryKey: [...comicQueryKeyAll, { comicId }] as const,
    queryFn: ({ signal }) => getComic(comicId, signal),
  });

/** `comicId` null (a malformed id in the URL) fetches nothing. */
export const useComic = (comicId: number | null) =>
  useQuery({ ...comicQueryOptions(comicId ?? 0), enabled: comicId !== null });
