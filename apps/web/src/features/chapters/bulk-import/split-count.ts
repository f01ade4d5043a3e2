/**
 * The preview's page counts with "split tall strips" on (docs/bulk-import.md, "Dashboard bulk
 * import"): each page's size is read from its header only (nothing decoded; a zip entry is
 * inflated no further than its header) and the shared planner says how many pages that height
 * gives (`splitPageCount`, cut at the limit). A lower bound: a cut on a blank row below the limit
 * can leave one page more, which the run's progress then counts.
 */
import { IMAGE_HEADER_BYTES, splitPageCount } from "@vt/shared/image-header";
import { sniffImageType } from "@vt/shared/image-sniff";
import { JPEG_HEADER_BYTES, jpegInfo } from "@vt/shared/jpeg-header";
import { useEffect, useState } from "react";
import type { ImportChapter, ImportFile, ImportSource } from "./import-source";

/** A file's header: the first 64 KB, or 256 KB for a JPEG whose frame header comes later. */
async function headerOf(file: ImportFile): Promise<Uint8Array> {
  const head = await file.head(IMAGE_HEADER_BYTES);
  if (sniffImageType(head) !== "image/jpeg" || jpegInfo(head) || head.length < IMAGE_HEADER_BYTES)
    return head;
  return file.head(JPEG_HEADER_BYTES);
}

/** The pages `files` become once tall strips are split (from their headers). */
export async function pageCountAfterSplit(files: readonly ImportFile[]): Promise<number> {
  let count = 0;
  for (const file of files) count += splitPageCount(await headerOf(file));
  return count;
}

/**
 * Page counts after splitting of every chapter of `source`, by chapter, once `enabled` (counted
 * once per source, then kept); null while counting or when off.
 */
export function useSplitPageCounts(
  source: ImportSource | null,
  enabled: boolean,
): ReadonlyMap<ImportChapter, number> | null {
  const [counted, setCounted] = useState<{ source: ImportSource; counts: Map<ImportChapter, number> }>();
  const ready = counted && counted.source === source;
  useEffect(() => {
    if (!enabled || !source || ready) return;
    let cancelled = false;
    void (async () => {
      const counts = new Map<ImportChapter, number>();
      for (const chapter of source.chapters) {
        counts.set(chapter, await pageCountAfterSplit(await source.pagesOf(chapter)));
        if (cancelled) return;
      }
      setCounted({ source, counts });
    })().catch(() => {
      // Unreadable here: the preview keeps the image counts; the run reports the pages itself.
    });
    return () => {
      cancelled = true;
    };
  }, [enabled, source, ready]);
  return enabled && ready ? counted.counts : null;
}
