import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationsQueryKeyAll } from "@/lib/query-keys";

/** `POST /api/notifications/{id}/read`, or `POST /api/notifications/read-all` without an id. */
export function markRead(id?: number) {
  return id === undefined
    ? api.post("/api/notifications/read-all")
    : api.post("/api/notifications/{id}/read", undefined, { params: { path: { id } } });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => markRead(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKeyAll }),
  });
}
