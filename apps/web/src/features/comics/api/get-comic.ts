import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TComicDetail } from "@vt/shared/contracts/comics";
import { api, type Operation, type ResponseOf } from "@/lib/api-client";
import type { paths } from "@/lib/api-types";
import { comicQueryKeyAll } from "@/lib/query-keys";

/**
 * A comic as the document describes it, read as the shared `TComicDetail`: OpenAPI 3.0 has no
 * tuples, so the document's `couples` is an array of arrays where the server sends pairs.
 */
export function asComicDetail(
  comic: ResponseOf<Operation<paths, "/api/comics/{comicId}", "get">>,
): TComicDetail {
  return comic as TComicDetail;
}

/** `GET /api/comics/{id}`: the comic with what I may do on it (404 when my teams have no access). */
export async function getComic(comicId: number, signal?: AbortSignal) {
  return asComicDetail(await api.get("/api/comics/{comicId}", { params: { path: { comicId } }, signal }));
}

export const comicQueryOptions = (comicId: number) =>
  queryOptions({
    queryKey: [...comicQueryKeyAll, { comicId }] as const,
    queryFn: ({ signal }) => getComic(comicId, signal),
  });

/** `comicId` null (a malformed id in the URL) fetches nothing. */
export const useComic = (comicId: number | null) =>
  useQuery({ ...comicQueryOptions(comicId ?? 0), enabled: comicId !== null });
