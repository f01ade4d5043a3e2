import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type ProgressCallback } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { asComicDetail, comicQueryOptions } from "./get-comic";

/** `POST /api/comics/{id}/thumbnail` (multipart `file`): replaces the cover; the server checks it again. */
export async function uploadThumbnail(comicId: number, file: Blob, onProgress?: ProgressCallback) {
  return asComicDetail(
    await api.upload("/api/comics/{comicId}/thumbnail", file, { params: { path: { comicId } }, onProgress }),
  );
}

export function useUploadThumbnail(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: Blob; onProgress?: ProgressCallback }) =>
      uploadThumbnail(comicId, file, onProgress),
    onSuccess: (comic) => {
      queryClient.setQueryData(comicQueryOptions(comicId).queryKey, comic);
      return queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll });
    },
  });
}
