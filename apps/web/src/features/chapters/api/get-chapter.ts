import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `GET /api/chapters/{id}`: the chapter with its pages in reading order, staged uploads last. */
export function getChapter(chapterId: number, signal?: AbortSignal) {
  return api.get("/api/chapters/{chapterId}", { params: { path: { chapterId } }, signal });
}

export const chapterQueryKeyAll = ["chapter"] as const;

export const chapterQueryOptions = (chapterId: number) =>
  queryOptions({
    queryKey: [...chapterQueryKeyAll, { chapterId }] as const,
    queryFn: ({ signal }) => getChapter(chapterId, signal),
  });

/** `chapterId` null (a new chapter or a malformed id) fetches nothing. */
export const useChapter = (chapterId: number | null) =>
  useQuery({ ...chapterQueryOptions(chapterId ?? 0), enabled: chapterId !== null });
