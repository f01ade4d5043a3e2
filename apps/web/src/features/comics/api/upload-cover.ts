import type { ProgressCallback } from "@/lib/api-client";
import { imageFile, uploadImages } from "@/lib/image-upload";

/**
 * Stores a cover for a comic about to be created: `POST /api/comics/covers` (multipart `file`) on
 * local storage; on S3 straight to the bucket (`/comics/covers/presign`, PUT, `/comics/covers/direct`).
 */
export function uploadCover(file: Blob, onProgress?: ProgressCallback) {
  return uploadImages({ path: "/api/comics/covers", files: [imageFile(file, "cover")], onProgress });
}
