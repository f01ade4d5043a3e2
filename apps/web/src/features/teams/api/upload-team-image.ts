import { useMutation } from "@tanstack/react-query";
import { api, type ProgressCallback } from "@/lib/api-client";
import { imageFile, uploadImages } from "@/lib/image-upload";
import { useTeamWritten } from "./update-team";

export type TeamImageKind = "cover" | "logo";

/** `POST /api/teams/{teamId}/cover|logo` (multipart `file`; on S3 its direct pair): stores the image, answers the team. */
export function uploadTeamImage(
  teamId: number,
  kind: TeamImageKind,
  file: File,
  onProgress?: ProgressCallback,
) {
  return uploadImages({
    path: `/api/teams/{teamId}/${kind}`,
    pathParams: { teamId },
    files: [imageFile(file, kind)],
    onProgress,
  });
}

/** `DELETE /api/teams/{teamId}/cover|logo`: removes the image, answers the team. */
export function removeTeamImage(teamId: number, kind: TeamImageKind) {
  return api.delete(`/api/teams/{teamId}/${kind}`, { params: { path: { teamId } } });
}

export function useUploadTeamImage(teamId: number, kind: TeamImageKind) {
  const written = useTeamWritten();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: ProgressCallback }) =>
      uploadTeamImage(teamId, kind, file, onProgress),
    onSuccess: written,
  });
}

export function useRemoveTeamImage(teamId: number, kind: TeamImageKind) {
  const written = useTeamWritten();
  return useMutation({ mutationFn: () => removeTeamImage(teamId, kind), onSuccess: written });
}
