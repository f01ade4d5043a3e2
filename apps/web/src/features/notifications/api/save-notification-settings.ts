import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationSettingsUpdate } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { notificationSettingsQueryOptions } from "./get-notification-settings";

/** `PUT /api/notifications/settings`: turns mail on or off per kind; answers every kind's choice. */
export function saveNotificationSettings(settings: NotificationSettingsUpdate) {
  return api.put("/api/notifications/settings", settings);
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, saved),
  });
}
