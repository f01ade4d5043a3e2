import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProgressCallback } from "@/lib/api-client";
import { imageFile, uploadImages } from "@/lib/image-upload";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";

/** `POST /api/comics/{id}/thumbnail` (multipart `file`; on S3 its direct pair): replaces the cover; the server checks it again. */
export async function uploadThumbnail(comicId: number, file: Blob, onProgress?: ProgressCallback) {
  return uploadImages({
    path: "/api/comics/{comicId}/thumbnail",
    pathParams: { comicId },
    files: [imageFile(file, "cover")],
    onProgress,
  });
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
