import type { TChapterPage, TChapterPageUploadResponse } from "@vt/shared/contracts/chapters";
import { api, type ProgressCallback } from "@/lib/api-client";

export type PageUpload = { blob: Blob; name: string; key?: string; clientId?: string };

/**
 * `POST /api/chapters/{id}/pages` (multipart `keys` and `clientIds` as JSON arrays aligned with the
 * files, then `files`): stores the pages as staged uploads of the chapter. A clientId already on the
 * chapter answers the existing page (`duplicate`) instead of storing it again.
 */
export function uploadPages(
  chapterId: number,
  pages: readonly PageUpload[],
  signal?: AbortSignal,
  onProgress?: ProgressCallback,
) {
  const files = pages.map((p) => new File([p.blob], p.name, { type: p.blob.type }));
  return api.uploadMany<TChapterPageUploadResponse>(`/chapters/${chapterId}/pages`, files, {
    signal,
    onProgress,
    fields: {
      keys: JSON.stringify(pages.map((p) => p.key ?? null)),
      clientIds: JSON.stringify(pages.map((p) => p.clientId ?? null)),
    },
  });
}

/** `POST /api/chapters/{id}/page` (multipart `pageId`, `key`, `clientId`, then `file`): replaces one page's image. */
export function replacePage(chapterId: number, pageId: number, page: PageUpload, signal?: AbortSignal) {
  const file = new File([page.blob], page.name, { type: page.blob.type });
  return api.upload<TChapterPage & { id: number }>(`/chapters/${chapterId}/page`, file, {
    signal,
    fields: { pageId, key: page.key, clientId: page.clientId },
  });
}
