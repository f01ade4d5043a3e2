import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { chapterQueryOptions } from "./get-chapter";
import { chaptersQueryKeyOfComic } from "./get-chapters";

/** `DELETE /api/chapters/{id}`: the chapter and its pages (storage objects after the commit). */
export function deleteChapter(chapterId: number) {
  return api.delete("/api/chapters/{chapterId}", { params: { path: { chapterId } } });
}

export function useDeleteChapter(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChapter,
    onSuccess: (_data, chapterId) => {
      queryClient.removeQueries({ queryKey: chapterQueryOptions(chapterId).queryKey });
      void queryClient.invalidateQueries({ queryKey: chaptersQueryKeyOfComic(comicId) });
    },
  });
}
