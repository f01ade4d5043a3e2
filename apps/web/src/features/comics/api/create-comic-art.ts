import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type ProgressCallback } from "@/lib/api-client";
import { comicArtsQueryOptions } from "./get-comic-arts";

/** `POST /api/comics/arts` (multipart `file` + comicId, volume): adds one volume's art. */
export function createComicArt(comicId: number, volume: number, file: Blob, onProgress?: ProgressCallback) {
  return api.upload("/api/comics/arts", file, { fields: { comicId, volume }, onProgress });
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
