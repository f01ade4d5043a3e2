import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QuickUpdateVolumeRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { chapterQueryKeyAll } from "./get-chapter";
import { chaptersQueryKeyOfComic } from "./get-chapters";

/** `POST /api/chapters/quick-update-volume`: one volume for every chapter with order in [from, to], one transaction. */
export function quickUpdateVolume(body: QuickUpdateVolumeRequest) {
  return api.post("/api/chapters/quick-update-volume", body);
}

export function useQuickUpdateVolume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickUpdateVolume,
    onSuccess: (_data, body) => {
      void queryClient.invalidateQueries({ queryKey: chaptersQueryKeyOfComic(body.comicId) });
      void queryClient.invalidateQueries({ queryKey: chapterQueryKeyAll });
    },
  });
}
