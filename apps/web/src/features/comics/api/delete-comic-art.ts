import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TMessageResponse } from "@vt/shared/contracts/comics";
import { api } from "@/lib/api-client";
import { comicArtsQueryOptions } from "./get-comic-arts";

/** `DELETE /api/comics/arts/{id}`. */
export function deleteComicArt(artId: number) {
  return api.delete<TMessageResponse>(`/comics/arts/${artId}`);
}

export function useDeleteComicArt(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComicArt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comicArtsQueryOptions(comicId).queryKey }),
  });
}
