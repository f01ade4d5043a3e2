import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TNotificationSettings } from "@vt/shared/contracts/notifications";
import { api } from "@/lib/api-client";
import { notificationsQueryKeyAll } from "@/lib/query-keys";

/** `GET /api/notifications?page&limit`: newest first, with the unread count (refreshed every minute). */
export const useNotifications = (params: { page: number; limit: number }) =>
  useQuery({
    queryKey: [...notificationsQueryKeyAll, "list", params] as const,
    queryFn: ({ signal }) => api.get("/api/notifications", { params: { query: params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

/** `POST /api/notifications/:id/read`, or `/read-all` without an id. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) =>
      id === undefined
        ? api.post("/api/notifications/read-all")
        : api.post("/api/notifications/{id}/read", undefined, { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKeyAll }),
  });
}

export const useNotificationSettings = (enabled: boolean) =>
  useQuery({
    queryKey: [...notificationsQueryKeyAll, "settings"] as const,
    queryFn: ({ signal }) => api.get("/api/notifications/settings", { signal }),
    enabled,
  });

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TNotificationSettings) => api.put("/api/notifications/settings", settings),
    onSuccess: (saved) => queryClient.setQueryData([...notificationsQueryKeyAll, "settings"], saved),
  });
}
