import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TPermissionRequestBody, TRequestCreatedResponse } from "@vt/shared/contracts/comics";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "./get-comics";

/** `POST /api/comics/permission/{id}`: my team asks to upload to an existing comic (reason optional). */
export function requestPermission(comicId: number, body: TPermissionRequestBody) {
  return api.post<TRequestCreatedResponse>(`/comics/permission/${comicId}`, body);
}

export function useRequestPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comicId, ...body }: TPermissionRequestBody & { comicId: number }) =>
      requestPermission(comicId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
  });
}
