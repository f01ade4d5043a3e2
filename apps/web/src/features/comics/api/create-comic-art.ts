import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProgressCallback } from "@/lib/api-client";
import { imageFile, uploadImages } from "@/lib/image-upload";
import { comicArtsQueryOptions } from "./get-comic-arts";

/** `POST /api/comics/arts` (multipart `file` + comicId, volume; on S3 its direct pair): adds one volume's art. */
export function createComicArt(comicId: number, volume: number, file: Blob, onProgress?: ProgressCallback) {
  return uploadImages({
    path: "/api/comics/arts",
    files: [imageFile(file)],
    fields: { comicId, volume },
    onProgress,
  });
}

export function useCreateComicArt(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      volume,
      file,
      onProgress,
    }: {
      volume: number;
      file: Blob;
      onProgress?: ProgressCallback;
    }) => createComicArt(comicId, volume, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comicArtsQueryOptions(comicId).queryKey }),
  });
}
