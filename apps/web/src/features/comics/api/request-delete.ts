import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteRequestBody } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";
import { comicQueryOptions } from "./get-comic";

/** `POST /api/comics/deleteRequest`: asks the admins to delete the comic (reason required). */
export function requestDelete(body: DeleteRequestBody) {
  return api.post("/api/comics/deleteRequest", body);
}

export function useRequestDelete(comicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<DeleteRequestBody, "comicId">) => requestDelete({ ...body, comicId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: comicQueryOptions(comicId).queryKey }),
        queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
      ]),
  });
}
