import type { TChapterPageUploadResponse } from "@vt/shared/contracts/chapters";
import { api, type ProgressCallback } from "@/lib/api-client";
import { uploadMode } from "@/lib/upload-mode";

export type PageUpload = { blob: Blob; name: string; key?: string; clientId?: string };

/**
 * Stores the pages as staged uploads of the chapter. A clientId already on the chapter answers the
 * existing page (`duplicate`) instead of storing it again. Two paths, one answer and one progress:
 * - local storage: `POST /api/chapters/{id}/pages` (multipart `keys` and `clientIds` as JSON arrays
 *   aligned with the files, then `files`);
 * - S3 storage (lib/upload-mode.ts): the bytes go straight to the bucket (lib/direct-upload.ts:
 *   `.../pages/presign`, PUT to the bucket, `.../pages/direct` with the same `keys`/`clientIds`).
 */
export async function uploadPages(
  chapterId: number,
  pages: readonly PageUpload[],
  signal?: AbortSignal,
  onProgress?: ProgressCallback,
): Promise<TChapterPageUploadResponse> {
  if ((await uploadMode()) === "direct") {
    const extra = {
      keys: pages.map((p) => p.key ?? null),
      clientIds: pages.map((p) => p.clientId ?? null),
    };
    // Loaded only on S3 servers: the dashboard's first paint does not carry it.
    const { uploadDirect } = await import("@/lib/direct-upload");
    return uploadDirect({ kind: "pages", chapterId }, pages, extra, {
      signal,
      onProgress,
    });
  }
  const files = pages.map((p) => new File([p.blob], p.name, { type: p.blob.type }));
  return api.uploadMany("/api/chapters/{chapterId}/pages", files, {
    params: { path: { chapterId } },
    signal,
    onProgress,
    fields: {
      keys: JSON.stringify(pages.map((p) => p.key ?? null)),
      clientIds: JSON.stringify(pages.map((p) => p.clientId ?? null)),
    },
  });
}

/**
 * `POST /api/chapters/{id}/page` (multipart `pageId`, `key`, `clientId`, then `file`): replaces one
 * page's image. The answer is the stored page (its id is the replaced one's when left out).
 */
export async function replacePage(chapterId: number, pageId: number, page: PageUpload, signal?: AbortSignal) {
  const file = new File([page.blob], page.name, { type: page.blob.type });
  const stored = await api.upload("/api/chapters/{chapterId}/page", file, {
    params: { path: { chapterId } },
    signal,
    fields: { pageId, key: page.key, clientId: page.clientId },
  });
  return { ...stored, id: stored.id ?? pageId };
}
