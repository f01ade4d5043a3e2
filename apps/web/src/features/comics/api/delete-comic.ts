import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";

/** `DELETE /api/comics/{id}` (platform admins). */
export function deleteComic(comicId: number) {
  return api.delete("/api/comics/{comicId}", { params: { path: { comicId } } });
}

export function useDeleteComic(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteComic(comicId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: comicQueryOptions(comicId).queryKey });
      return queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll });
    },
  });
}
