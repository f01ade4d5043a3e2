import type { TCoverUpload } from "@vt/shared/contracts/comics";
import { api, type ProgressCallback } from "@/lib/api-client";
import { uploadDirect } from "@/lib/direct-upload";
import { uploadMode } from "@/lib/upload-mode";

/**
 * Stores a cover for a comic about to be created: `POST /api/comics/covers` (multipart `file`) on
 * local storage; on S3 straight to the bucket (`/comics/covers/presign`, PUT, `/comics/covers/direct`).
 */
export async function uploadCover(file: Blob, onProgress?: ProgressCallback): Promise<TCoverUpload> {
  if ((await uploadMode()) === "direct") {
    const name = file instanceof File ? file.name : "cover";
    return uploadDirect<TCoverUpload>("/comics/covers", [{ blob: file, name }], {}, { onProgress });
  }
  return api.upload<TCoverUpload>("/comics/covers", file, { onProgress });
}
