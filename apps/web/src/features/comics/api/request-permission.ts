import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { comicsQueryKeyAll } from "@/lib/query-keys";

type Body = { teamId: number; reason: string };

/** `POST /api/comics/permission/{id}`: my team asks to upload to an existing comic, with a reason. */
export function requestPermission(comicId: number, body: Body) {
  return api.post("/api/comics/permission/{id}", body, { params: { path: { id: comicId } } });
}

export function useRequestPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comicId, ...body }: Body & { comicId: number }) => requestPermission(comicId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comicsQueryKeyAll }),
  });
}
