import type { TCoverUpload } from "@vt/shared/contracts/comics";
import { api, type ProgressCallback } from "@/lib/api-client";

/** `POST /api/comics/covers` (multipart `file`): stores a cover for a comic about to be created. */
export function uploadCover(file: Blob, onProgress?: ProgressCallback) {
  return api.upload<TCoverUpload>("/comics/covers", file, { onProgress });
}
