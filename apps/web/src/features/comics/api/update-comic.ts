import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateComicRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";

/** `PUT /api/comics/{id}`: the whole info form. */
export async function updateComic(comicId: number, body: UpdateComicRequest) {
  return api.put("/api/comics/{comicId}", body, { params: { path: { comicId } } });
}

export function useUpdateComic(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateComicRequest) => updateComic(comicId, body),
    onSuccess: (comic) => {
      queryClient.setQueryData(comicQueryOptions(comicId).queryKey, comic);
      return queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll });
    },
  });
}
