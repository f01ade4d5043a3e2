import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateComicRequest } from "@vt/shared/api-schemas";
import { api, type ProgressCallback } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";
import { uploadCover } from "./upload-cover";

/** `POST /api/comics`: `thumbnail` is the key answered by `POST /api/comics/covers`. */
export async function createComic(body: CreateComicRequest) {
  return api.post("/api/comics", body);
}

export type CreateComicInput = {
  body: Omit<CreateComicRequest, "thumbnail">;
  cover: File;
  onCoverProgress?: ProgressCallback;
};

/** Uploads the cover, then creates the comic with it. */
export function useCreateComic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, cover, onCoverProgress }: CreateComicInput) => {
      const stored = await uploadCover(cover, onCoverProgress);
      return createComic({ ...body, thumbnail: stored.key });
    },
    onSuccess: (comic) => {
      queryClient.setQueryData(comicQueryOptions(comic.id).queryKey, comic);
      return queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll });
    },
  });
}
