import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationsQueryKeyAll } from "@/lib/query-keys";

export type NotificationsParams = { page: number; limit: number };

/** `GET /api/notifications?page&limit`: newest first, with the unread count. */
export function getNotifications(params: NotificationsParams, signal?: AbortSignal) {
  return api.get("/api/notifications", { params: { query: params }, signal });
}

/** The bell's list, refreshed every minute. */
export const notificationsQueryOptions = (params: NotificationsParams) =>
  queryOptions({
    queryKey: [...notificationsQueryKeyAll, "list", params] as const,
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export const useNotifications = (params: NotificationsParams) => useQuery(notificationsQueryOptions(params));
