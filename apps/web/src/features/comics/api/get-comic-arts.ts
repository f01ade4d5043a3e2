import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `GET /api/comics/arts/{comicId}`: the comic's volume art, each item with its comicId. */
export function getComicArts(comicId: number, signal?: AbortSignal) {
  return api.get("/api/comics/arts/{comicId}", { params: { path: { comicId } }, signal });
}

export const comicArtsQueryOptions = (comicId: number) =>
  queryOptions({
    queryKey: ["comic-arts", { comicId }] as const,
    queryFn: ({ signal }) => getComicArts(comicId, signal),
  });

export const useComicArts = (comicId: number | null) =>
  useQuery({ ...comicArtsQueryOptions(comicId ?? 0), enabled: comicId !== null });
