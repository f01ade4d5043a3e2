import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { comicArtsQueryOptions } from "./get-comic-arts";

/** `DELETE /api/comics/arts/{id}`. */
export function deleteComicArt(artId: number) {
  return api.delete("/api/comics/arts/{artId}", { params: { path: { artId } } });
}

export function useDeleteComicArt(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComicArt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comicArtsQueryOptions(comicId).queryKey }),
  });
}
