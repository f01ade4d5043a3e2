import type {
  TChapterPage,
  TChapterPagesDirectRequest,
  TChapterPageUploadResponse,
} from "@vt/shared/contracts/chapters";
import type { TDirectUploadTickets } from "@vt/shared/contracts/images";
import { SNIFF_BYTES, sniffImageType } from "@vt/shared/image-sniff";
import { api, type ProgressCallback } from "@/lib/api-client";
import { uploadMode } from "@/lib/upload-mode";

export type PageUpload = { blob: Blob; name: string; key?: string; clientId?: string };

/**
 * Stores the pages as staged uploads of the chapter. A clientId already on the chapter answers the
 * existing page (`duplicate`) instead of storing it again. Two paths, one answer and one progress:
 * - local storage: `POST /api/chapters/{id}/pages` (multipart `keys` and `clientIds` as JSON arrays
 *   aligned with the files, then `files`);
 * - S3 storage (lib/upload-mode.ts): the bytes go straight to the bucket (uploadPagesDirect).
 */
export async function uploadPages(
  chapterId: number,
  pages: readonly PageUpload[],
  signal?: AbortSignal,
  onProgress?: ProgressCallback,
): Promise<TChapterPageUploadResponse> {
  if ((await uploadMode()) === "direct") return uploadPagesDirect(chapterId, pages, signal, onProgress);
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

/** The image type by the file's first bytes (what the server checks), else what the browser says. */
async function declaredType(blob: Blob): Promise<string> {
  const head = new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ?? blob.type;
}

/**
 * Direct upload on S3: `POST .../pages/presign` (names, sizes, types) -> a PUT of each page to its
 * presigned bucket URL (progress summed over the pages) -> `POST .../pages/direct`, where the
 * server checks every object through the image gate and records the pages.
 */
async function uploadPagesDirect(
  chapterId: number,
  pages: readonly PageUpload[],
  signal?: AbortSignal,
  onProgress?: ProgressCallback,
): Promise<TChapterPageUploadResponse> {
  const files = await Promise.all(
    pages.map(async (p) => ({ name: p.name, size: p.blob.size, type: await declaredType(p.blob) })),
  );
  const { uploads } = await api.post<TDirectUploadTickets>(
    `/chapters/${chapterId}/pages/presign`,
    { files },
    { signal },
  );
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const loaded = files.map(() => 0);
  await Promise.all(
    uploads.map((ticket, i) =>
      api.putDirect(ticket.url, pages[i]!.blob, {
        headers: ticket.headers,
        signal,
        onProgress: (progress) => {
          loaded[i] = progress.loaded;
          const sum = loaded.reduce((a, b) => a + b, 0);
          onProgress?.({
            loaded: sum,
            total,
            percent: total ? Math.min(100, Math.round((sum / total) * 100)) : undefined,
          });
        },
      }),
    ),
  );
  const body: TChapterPagesDirectRequest = {
    files: uploads.map((ticket, i) => ({ key: ticket.key, token: ticket.token, filename: pages[i]!.name })),
    keys: pages.map((p) => p.key ?? null),
    clientIds: pages.map((p) => p.clientId ?? null),
  };
  return api.post<TChapterPageUploadResponse>(`/chapters/${chapterId}/pages/direct`, body, { signal });
}

/** `POST /api/chapters/{id}/page` (multipart `pageId`, `key`, `clientId`, then `file`): replaces one page's image. */
export function replacePage(chapterId: number, pageId: number, page: PageUpload, signal?: AbortSignal) {
  const file = new File([page.blob], page.name, { type: page.blob.type });
  return api.upload<TChapterPage & { id: number }>(`/chapters/${chapterId}/page`, file, {
    signal,
    fields: { pageId, key: page.key, clientId: page.clientId },
  });
}
