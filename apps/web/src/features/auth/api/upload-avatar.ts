import { IMAGE_MIME_TYPES, IMAGE_TYPES_LABEL } from "@vt/shared/constants";
import type { ProgressCallback } from "@/lib/api-client";
import { i18n } from "@/lib/i18n";
import { imageFile, uploadImages } from "@/lib/image-upload";

/** Largest avatar the API accepts (apps/api users.routes: 2 MB). */
export const AVATAR_MAX_MB = 2;
const AVATAR_MAX_BYTES = AVATAR_MAX_MB * 1024 * 1024;

/**
 * Checks a picked file in the browser before uploading: an image type the server stores, within
 * the size limit. Returns the translated problem, or undefined when it may be uploaded. (The server
 * checks again, by content.)
 */
export function checkAvatarFile(file: Pick<File, "type" | "size">): string | undefined {
  if (!file.type.startsWith("image/")) return i18n.t("validation.notAnImage");
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return i18n.t("validation.fileTypeInvalid", { types: IMAGE_TYPES_LABEL });
  }
  if (file.size > AVATAR_MAX_BYTES) return i18n.t("validation.fileTooLarge", { max: String(AVATAR_MAX_MB) });
  return undefined;
}

/** `POST /api/users/avatar` (multipart field `file`; on S3 its direct pair): stores the picture and returns its public URL. */
export function uploadAvatar(file: File, onProgress?: ProgressCallback) {
  return uploadImages({ path: "/api/users/avatar", files: [imageFile(file, "avatar")], onProgress });
}
