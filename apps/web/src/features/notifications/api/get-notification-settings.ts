import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationsQueryKeyAll } from "@/lib/query-keys";

/** `GET /api/notifications/settings`: my mail choice per notification kind (on unless turned off). */
export function getNotificationSettings(signal?: AbortSignal) {
  return api.get("/api/notifications/settings", { signal });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsQueryKeyAll, "settings"] as const,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });

export const useNotificationSettings = (enabled: boolean) =>
  useQuery({ ...notificationSettingsQueryOptions(), enabled });
