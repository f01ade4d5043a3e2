/**
 * Sends proposed chapters to `POST /api/comics/:comicId/page-checks` in requests under its caps
 * (docs/page-checks.md, "Before anything is uploaded"), for the bulk import preview and
 * `npm run upload --dry-run`: chapters in their order, as many per request as the caps allow, the
 * answers joined with indexes counted over all chapters. Matches between proposed chapters are found
 * only within one request (a slice): said in the docs.
 */
import {
  PAGE_CHECKS_MAX_CHAPTERS,
  PAGE_CHECKS_MAX_PAGES,
  PAGE_CHECKS_MAX_TOTAL_PAGES,
  type TPageChecksResponse,
  type TProposedChapter,
} from "./contracts/page-checks";

/** The chapters cut into slices that each fit one request (a chapter over the page cap keeps its first pages). */
export function pageCheckSlices(chapters: readonly TProposedChapter[]): TProposedChapter[][] {
  const slices: TProposedChapter[][] = [];
  let current: TProposedChapter[] = [];
  let pages = 0;
  for (const chapter of chapters) {
    const c =
      chapter.pages.length > PAGE_CHECKS_MAX_PAGES
        ? { ...chapter, pages: chapter.pages.slice(0, PAGE_CHECKS_MAX_PAGES) }
        : chapter;
    if (
      current.length &&
      (current.length >= PAGE_CHECKS_MAX_CHAPTERS || pages + c.pages.length > PAGE_CHECKS_MAX_TOTAL_PAGES)
    ) {
      slices.push(current);
      current = [];
      pages = 0;
    }
    current.push(c);
    pages += c.pages.length;
  }
  if (current.length) slices.push(current);
  return slices;
}

/** Checks every chapter through `send` (one call per slice, in order); indexes are over all chapters. */
export async function checkProposedChapters(
  chapters: readonly TProposedChapter[],
  send: (slice: TProposedChapter[]) => Promise<TPageChecksResponse>,
): Promise<TPageChecksResponse> {
  const out: TPageChecksResponse["chapters"] = [];
  let offset = 0;
  for (const slice of pageCheckSlices(chapters)) {
    const answer = await send(slice);
    for (const c of answer.chapters) {
      out.push({
        ...c,
        index: c.index + offset,
        findings: c.findings.map((f) =>
          f.proposed ? { ...f, proposed: { ...f.proposed, index: f.proposed.index + offset } } : f,
        ),
      });
    }
    offset += slice.length;
  }
  return { chapters: out };
}
