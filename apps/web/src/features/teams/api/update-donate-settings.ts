import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateDonateRequest } from "@vt/shared/api-schemas";
import type { TDonateSettings } from "@vt/shared/contracts/team-settings";
import { api, type ProgressCallback } from "@/lib/api-client";
import { imageFile, uploadImages } from "@/lib/image-upload";
import { donateSettingsQueryOptions } from "./get-donate-settings";
import { teamActivityQueryKeyAll } from "./get-team-activity";

/** `PUT /api/teams/{teamId}/donate`: `qrImage` keeps (key) or removes (null) the current QR code. */
export function updateDonateSettings(teamId: number, body: UpdateDonateRequest) {
  return api.put("/api/teams/{teamId}/donate", body, { params: { path: { teamId } } });
}

/** `POST /api/teams/{teamId}/donate/qr` (multipart `file`; on S3 its direct pair): replaces the QR code at once. */
export function uploadDonateQr(teamId: number, file: File, onProgress?: ProgressCallback) {
  return uploadImages({
    path: "/api/teams/{teamId}/donate/qr",
    pathParams: { teamId },
    files: [imageFile(file, "qr")],
    onProgress,
  });
}

function useDonateWritten(teamId: number) {
  const queryClient = useQueryClient();
  return (settings: TDonateSettings) => {
    queryClient.setQueryData(donateSettingsQueryOptions(teamId).queryKey, settings);
    void queryClient.invalidateQueries({ queryKey: teamActivityQueryKeyAll(teamId) });
  };
}

export function useUpdateDonateSettings(teamId: number) {
  const written = useDonateWritten(teamId);
  return useMutation({
    mutationFn: (body: UpdateDonateRequest) => updateDonateSettings(teamId, body),
    onSuccess: written,
  });
}

export function useUploadDonateQr(teamId: number) {
  const written = useDonateWritten(teamId);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: ProgressCallback }) =>
      uploadDonateQr(teamId, file, onProgress),
    onSuccess: written,
  });
}
