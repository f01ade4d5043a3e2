import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateCreditRequest } from "@vt/shared/api-schemas";
import type { TCreditSettings } from "@vt/shared/contracts/team-settings";
import { api, type ProgressCallback } from "@/lib/api-client";
import { imageFile, uploadImages } from "@/lib/image-upload";
import { creditSettingsQueryOptions } from "./get-credit-settings";
import { teamActivityQueryKeyAll } from "./get-team-activity";

/** `PUT /api/teams/{teamId}/credit`: `pages` is the new order (a subset of the current keys). */
export function updateCreditSettings(teamId: number, body: UpdateCreditRequest) {
  return api.put("/api/teams/{teamId}/credit", body, { params: { path: { teamId } } });
}

/** `POST /api/teams/{teamId}/credit/pages` (multipart `files`; on S3 its direct pair): appends the pages. */
export function uploadCreditPages(teamId: number, files: readonly File[], onProgress?: ProgressCallback) {
  return uploadImages({
    path: "/api/teams/{teamId}/credit/pages",
    pathParams: { teamId },
    files: files.map((f) => imageFile(f)),
    many: true,
    onProgress,
  });
}

function useCreditWritten(teamId: number) {
  const queryClient = useQueryClient();
  return (settings: TCreditSettings) => {
    queryClient.setQueryData(creditSettingsQueryOptions(teamId).queryKey, settings);
    void queryClient.invalidateQueries({ queryKey: teamActivityQueryKeyAll(teamId) });
  };
}

export function useUpdateCreditSettings(teamId: number) {
  const written = useCreditWritten(teamId);
  return useMutation({
    mutationFn: (body: UpdateCreditRequest) => updateCreditSettings(teamId, body),
    onSuccess: written,
  });
}

export function useUploadCreditPages(teamId: number) {
  const written = useCreditWritten(teamId);
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: readonly File[]; onProgress?: ProgressCallback }) =>
      uploadCreditPages(teamId, files, onProgress),
    onSuccess: written,
  });
}
