import type { TChapterPage, TChapterPageUploadResponse } from "@vt/shared/contracts/chapters";
import { api } from "@/lib/api-client";

export type PageUpload = { blob: Blob; name: string; key?: string; clientId?: string };

/*
 * These two build their own FormData: the chapter routes read the text fields (keys, clientIds,
 * pageId) BEFORE the files, and `api.upload`/`api.uploadMany` append fields after the files. The
 * cost is no byte-level upload progress (a page is at most 7 MB; the pipeline still reports
 * processing progress and each page's state).
 */

/**
 * `POST /api/chapters/{id}/pages` (multipart `keys` and `clientIds` as JSON arrays aligned with the
 * files, then `files`): stores the pages as staged uploads of the chapter. A clientId already on the
 * chapter answers the existing page (`duplicate`) instead of storing it again.
 */
export function uploadPages(chapterId: number, pages: readonly PageUpload[], signal?: AbortSignal) {
  const form = new FormData();
  form.append("keys", JSON.stringify(pages.map((p) => p.key ?? null)));
  form.append("clientIds", JSON.stringify(pages.map((p) => p.clientId ?? null)));
  for (const p of pages) form.append("files", p.blob, p.name);
  return api.post<TChapterPageUploadResponse>(`/chapters/${chapterId}/pages`, form, { signal });
}

/** `POST /api/chapters/{id}/page` (multipart `pageId`, `key`, `clientId`, then `file`): replaces one page's image. */
export function replacePage(chapterId: number, pageId: number, page: PageUpload, signal?: AbortSignal) {
  const form = new FormData();
  form.append("pageId", String(pageId));
  if (page.key) form.append("key", page.key);
  if (page.clientId) form.append("clientId", page.clientId);
  form.append("file", page.blob, page.name);
  return api.post<TChapterPage & { id: number }>(`/chapters/${chapterId}/page`, form, { signal });
}
