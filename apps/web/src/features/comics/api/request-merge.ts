import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MergeRequestBody } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";

/** `POST /api/comics/mergeRequest`: asks the admins to merge the comic into `targetComicId`. */
export function requestMerge(body: MergeRequestBody) {
  return api.post("/api/comics/mergeRequest", body);
}

export function useRequestMerge(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<MergeRequestBody, "comicId">) => requestMerge({ ...body, comicId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: comicQueryOptions(comicId).queryKey }),
        queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
      ]),
  });
}
