import type { ProgressCallback } from "@/lib/api-client";
import { imageFile, uploadImages } from "@/lib/image-upload";

/** `POST /api/users/avatar` (multipart field `file`; on S3 its direct pair): stores the picture and returns its public URL. */
export function uploadAvatar(file: File, onProgress?: ProgressCallback) {
  return uploadImages({ path: "/api/users/avatar", files: [imageFile(file, "avatar")], onProgress });
}
