import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TMergeBody } from "@vt/shared/contracts/requests";
import { api } from "@/lib/api-client";
import { comicQueryKeyAll, comicsQueryKeyAll } from "@/lib/query-keys";

/** `POST /api/comics/merge` (platform admins): merges `comicId` into `targetComicId`, then deletes it. */
export function mergeComic(body: TMergeBody) {
  return api.post("/api/comics/merge", body);
}

export function useMergeComic(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetComicId: number) => mergeComic({ comicId, targetComicId }),
    onSuccess: () =>
      Promise.all([
        // The source is gone and the target changed: every comic detail may be stale.
        queryClient.invalidateQueries({ queryKey: comicQueryKeyAll }),
        queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
      ]),
  });
}
