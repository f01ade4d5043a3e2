import { api, type ProgressCallback } from "@/lib/api-client";
import { uploadMode } from "@/lib/upload-mode";

/**
 * Stores a cover for a comic about to be created: `POST /api/comics/covers` (multipart `file`) on
 * local storage; on S3 straight to the bucket (`/comics/covers/presign`, PUT, `/comics/covers/direct`).
 */
export async function uploadCover(file: Blob, onProgress?: ProgressCallback) {
  if ((await uploadMode()) === "direct") {
    const name = file instanceof File ? file.name : "cover";
    const { uploadDirect } = await import("@/lib/direct-upload");
    return uploadDirect({ kind: "cover" }, [{ blob: file, name }], {}, { onProgress });
  }
  return api.upload("/api/comics/covers", file, { onProgress });
}
