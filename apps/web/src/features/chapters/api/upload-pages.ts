import type { ChapterPagesDirectRequest, ChapterPageUploadResponse } from "@vt/shared/api-schemas";
import type { ProgressCallback } from "@/lib/api-client";
import { uploadImages } from "@/lib/image-upload";

export type PageUpload = { blob: Blob; name: string; key?: string; clientId?: string };

/**
 * Stores the pages as staged uploads of the chapter. A clientId already on the chapter answers the
 * existing page (`duplicate`) instead of storing it again. Two paths, one answer and one progress:
 * - local storage: `POST /api/chapters/{id}/pages` (multipart `keys` and `clientIds` as JSON arrays
 *   aligned with the files, then `files`);
 * - S3 storage (lib/upload-mode.ts): the bytes go straight to the bucket (lib/direct-upload.ts:
 *   `.../pages/presign`, PUT to the bucket, `.../pages/direct` with the same `keys`/`clientIds`).
 */
export function uploadPages(
  chapterId: number,
  pages: readonly PageUpload[],
  signal?: AbortSignal,
  onProgress?: ProgressCallback,
): Promise<ChapterPageUploadResponse> {
  const body: Omit<ChapterPagesDirectRequest, "files"> = {
    keys: pages.map((p) => p.key ?? null),
    clientIds: pages.map((p) => p.clientId ?? null),
  };
  return uploadImages({
    path: "/api/chapters/{chapterId}/pages",
    pathParams: { chapterId },
    files: pages,
    many: true,
    fields: { keys: JSON.stringify(body.keys), clientIds: JSON.stringify(body.clientIds) },
    body,
    signal,
    onProgress,
  });
}

/**
 * `POST /api/chapters/{id}/page` (multipart `pageId`, `key`, `clientId`, then `file`; on S3 its
 * direct pair `.../page/presign` + `.../page/direct`): replaces one page's image. The answer is the
 * stored page (its id is the replaced one's when left out).
 */
export async function replacePage(chapterId: number, pageId: number, page: PageUpload, signal?: AbortSignal) {
  const stored = await uploadImages({
    path: "/api/chapters/{chapterId}/page",
    pathParams: { chapterId },
    files: [page],
    fields: { pageId, key: page.key, clientId: page.clientId },
    signal,
  });
  return { ...stored, id: stored.id ?? pageId };
}
