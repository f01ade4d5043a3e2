import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TComicDetail, TUpdateComicRequest } from "@vt/shared/contracts/comics";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";

/** `PUT /api/comics/{id}`: the whole info form. */
export function updateComic(comicId: number, body: TUpdateComicRequest) {
  return api.put<TComicDetail>(`/comics/${comicId}`, body);
}

export function useUpdateComic(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateComicRequest) => updateComic(comicId, body),
    onSuccess: (comic) => {
      queryClient.setQueryData(comicQueryOptions(comicId).queryKey, comic);
      return queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll });
    },
  });
}
