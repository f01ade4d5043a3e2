import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MergeBody } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";

/** `POST /api/comics/merge` (platform admins): merges `comicId` into `targetComicId`, then deletes it. */
export function mergeComic(body: MergeBody) {
  return api.post("/api/comics/merge", body);
}

export function useMergeComic(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetComicId: number) => mergeComic({ comicId, targetComicId }),
    onSuccess: (_done, targetComicId) => {
      // The source is gone: drop it rather than refetch it (its page is still open behind the
      // success dialog, and a refetch would answer 404 and show "not found" on the target).
      queryClient.removeQueries({ queryKey: comicQueryOptions(comicId).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: comicQueryOptions(targetComicId).queryKey }),
        queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
      ]);
    },
  });
}
