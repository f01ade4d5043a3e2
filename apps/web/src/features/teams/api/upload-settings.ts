import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateUploadSettingsRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { teamActivityQueryKeyAll } from "./get-team-activity";

/** `GET /api/teams/{teamId}/upload-settings`: publish delay and tall-strip default. */
export function getUploadSettings(teamId: number, signal?: AbortSignal) {
  return api.get("/api/teams/{teamId}/upload-settings", { params: { path: { teamId } }, signal });
}

export const uploadSettingsQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ["team-upload-settings", { teamId }] as const,
    queryFn: ({ signal }) => getUploadSettings(teamId, signal),
  });

export const useUploadSettings = (teamId: number | null) =>
  useQuery({ ...uploadSettingsQueryOptions(teamId ?? 0), enabled: teamId !== null });

/** `PUT /api/teams/{teamId}/upload-settings` (manager and above). */
export function useUpdateUploadSettings(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUploadSettingsRequest) =>
      api.put("/api/teams/{teamId}/upload-settings", body, { params: { path: { teamId } } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(uploadSettingsQueryOptions(teamId).queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: teamActivityQueryKeyAll(teamId) });
    },
  });
}
