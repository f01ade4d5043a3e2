import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CollabRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";

/** `POST /api/comics/collab`: adds or removes a collaborating team. */
export function updateCollab(body: CollabRequest) {
  return api.post("/api/comics/collab", body);
}

export function useUpdateCollab(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CollabRequest, "comicId">) => updateCollab({ ...body, comicId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: comicQueryOptions(comicId).queryKey }),
        queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
      ]),
  });
}
