import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TTrashType } from "@vt/shared/contracts/trash";
import { api } from "@/lib/api-client";
import { chaptersQueryKeyAll, comicQueryKeyAll, comicsQueryKeyAll, teamsQueryKeyAll } from "@/lib/query-keys";
import { adminQueryKeyAll } from "./get-admin-users";
import { trashQueryKeyAll } from "./get-trash";

/** `POST /api/trash/{type}/{id}/restore`: brings a deleted comic, chapter or team back. */
export function restore(type: TTrashType, id: number) {
  return api.post("/api/trash/{type}/{id}/restore", undefined, { params: { path: { type, id } } });
}

/** Every list the trash touches when something comes back. */
const RESTORED_KEYS = [
  trashQueryKeyAll,
  comicsQueryKeyAll,
  comicQueryKeyAll,
  chaptersQueryKeyAll,
  teamsQueryKeyAll,
  adminQueryKeyAll,
] as const;

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: TTrashType; id: number }) => restore(type, id),
    onSuccess: () =>
      Promise.all(RESTORED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
