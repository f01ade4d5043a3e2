/**
 * "Check pages" in the bulk import preview (docs/bulk-import.md, docs/page-checks.md "Before
 * anything is uploaded"): every page of the kept rows is read and fingerprinted in the image
 * workers (`fingerprintPage`, the shared maths), then `POST /api/comics/:comicId/page-checks`
 * answers the findings of each chapter against the comic's stored pages and the other chapters
 * of the drop. Nothing is uploaded; the findings never block the import.
 */
import type {
  TPageChecksResponse,
  TProposedChapter,
  TProposedChapterChecks,
} from "@vt/shared/contracts/page-checks";
import { checkProposedChapters } from "@vt/shared/page-check-slices";
import type { FingerprintedPage } from "@/lib/images/fingerprint-ops";
import { getImagePool } from "@/lib/images/pool";
import { checkProposedPages } from "../api/check-proposed-pages";
import type { ImportFile } from "./import-source";

/** A chapter of the preview to check: its row key, its label for matches between rows, its pages. */
export type CheckChapterInput = {
  key: string;
  label: string;
  order: number | null;
  files: readonly ImportFile[];
};

/** What the preview shows for one row: the server's findings and each page's thumbnail (null when unreadable). */
export type RowChecks = { checks: TProposedChapterChecks; names: string[]; thumbs: (Blob | null)[] };

export type ChecksProgress = { done: number; total: number };

export type PageChecksDeps = {
  fingerprint: (file: File, signal?: AbortSignal) => Promise<FingerprintedPage>;
  send: (comicId: number, slice: TProposedChapter[]) => Promise<TPageChecksResponse>;
};

const defaultDeps: PageChecksDeps = {
  fingerprint: (file, signal) => getImagePool().fingerprintPage(file, { signal }),
  send: (comicId, chapters) => checkProposedPages(comicId, { chapters }),
};

function baseName(path: string): string {
  return path.split("/").pop() || path;
}

/** Fingerprints every page (in the workers, as many at once as the pool runs) and asks the server. */
export async function runPageChecks(
  comicId: number,
  chapters: readonly CheckChapterInput[],
  options: { signal?: AbortSignal; onProgress?: (p: ChecksProgress) => void; deps?: PageChecksDeps } = {},
): Promise<Map<string, RowChecks>> {
  const { signal, onProgress } = options;
  const deps = options.deps ?? defaultDeps;
  const total = chapters.reduce((n, c) => n + c.files.length, 0);
  let done = 0;
  onProgress?.({ done, total });
  const proposed: TProposedChapter[] = [];
  const thumbs: (Blob | null)[][] = [];
  for (const chapter of chapters) {
    const pages = await Promise.all(
      chapter.files.map(async (f) => {
        let page: FingerprintedPage | null = null;
        try {
          page = await deps.fingerprint(await f.file(), signal);
        } catch (error) {
          if (signal?.aborted) throw error;
          // Unreadable here: counted as unchecked (the upload reports the file itself).
        }
        onProgress?.({ done: ++done, total });
        return page;
      }),
    );
    thumbs.push(pages.map((p) => p?.thumb ?? null));
    proposed.push({
      label: chapter.label,
      order: chapter.order,
      pages: pages.map((p, i) => ({
        name: baseName(chapter.files[i]!.path),
        width: p?.width ?? null,
        height: p?.height ?? null,
        dhash: p?.dhash ?? null,
        brightnessMean: p?.mean ?? null,
        brightnessStd: p?.std ?? null,
      })),
    });
  }
  signal?.throwIfAborted();
  const answer = await checkProposedChapters(proposed, (slice) => deps.send(comicId, slice));
  return new Map(
    answer.chapters.map((c) => [
      chapters[c.index]!.key,
      { checks: c, names: proposed[c.index]!.pages.map((p) => p.name), thumbs: thumbs[c.index]! },
    ]),
  );
}
