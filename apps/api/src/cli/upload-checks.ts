/**
 * The page checks of `npm run upload --dry-run` (docs/page-checks.md, "Before anything is
 * uploaded"): each page's fingerprint computed here with sharp (the gate's thumbnail, EXIF
 * orientation applied as the upload would), then the findings: from the server
 * (`POST /api/comics/:comicId/page-checks`, against the comic's stored pages and the other chapters
 * of the drop) when a token and a comic are given, else from the same rules run locally on each
 * chapter alone (`pageFindings`). One readable line per finding.
 */
import { formatChapterOrder } from "@vt/shared/chapter-label";
import type {
  TPageChecksResponse,
  TProposedChapter,
  TProposedFinding,
  TProposedPage,
} from "@vt/shared/contracts/page-checks";
import { fitWidth } from "@vt/shared/page-size";
import sharp from "sharp";
import { fingerprintOf } from "../lib/page-fingerprint";
import { pageFindings } from "../modules/chapters/page-checks";
import { uprightSize } from "./upload-pages";
import type { SourceFile } from "./upload-source";

/** A page as the checks take it: its size as it will be stored (1500 px wide at most) and its fingerprint. */
export async function proposedPage(file: SourceFile): Promise<TProposedPage> {
  const name = file.path.split("/").pop() ?? file.path;
  try {
    const bytes = await file.read();
    const size = await uprightSize(bytes);
    const { width, height } = fitWidth(size.width, size.height);
    const fp = await fingerprintOf(sharp(bytes, { failOn: "none", limitInputPixels: false }).rotate());
    return { name, width, height, dhash: fp.dhash, brightnessMean: fp.mean, brightnessStd: fp.std };
  } catch {
    // Unreadable here: the upload would report it; the checks count it as unchecked.
    return { name, width: null, height: null, dhash: null, brightnessMean: null, brightnessStd: null };
  }
}

/** The findings of each chapter alone (no server): duplicates, blank pages, widths. */
export function localChecks(chapters: readonly TProposedChapter[]): TPageChecksResponse {
  return {
    chapters: chapters.map((c, index) => ({
      index,
      pageCount: c.pages.length,
      unchecked: c.pages.filter((p) => p.dhash === null).length,
      findings: pageFindings(
        c.pages.map((p, i) => ({
          id: i + 1,
          width: p.width,
          dhash: p.dhash,
          brightnessStd: p.brightnessStd,
        })),
        [],
        () => ({ id: 0, order: 0, name: "" }),
      ),
    })),
  };
}

function pageList(chapter: TProposedChapter, f: TProposedFinding): string {
  const names = f.pages.map((p) => chapter.pages[p.position - 1]?.name ?? String(p.position));
  const shown = names.length > 8 ? [...names.slice(0, 8), `… (${names.length - 8} more)`] : names;
  return `${f.pages.length === 1 ? "page" : "pages"} ${shown.join(", ")}`;
}

/** One line for a finding of `chapter` (named by its source folder or archive). */
export function findingLine(chapter: TProposedChapter, f: TProposedFinding): string {
  const pages = pageList(chapter, f);
  const head = `${chapter.label}: `;
  switch (f.kind) {
    case "duplicate":
      return `${head}${pages} are the same picture`;
    case "otherChapter": {
      const where = f.proposed
        ? `${f.proposed.label} of this upload`
        : `chapter ${formatChapterOrder(f.chapter!.order)}${f.chapter!.name ? ` "${f.chapter!.name}"` : ""} of the comic`;
      return `${head}${f.matched} of ${f.total} pages are already in ${where} (${pages})`;
    }
    case "blank":
      return `${head}${pages} is blank or nearly blank`;
    case "width":
      return `${head}${pages} is ${f.width} px wide, the chapter's pages are about ${f.medianWidth} px`;
    case "narrow":
      return `${head}${pages} is ${f.width} px wide, narrower than ${f.minWidth} px (hard to read)`;
    case "credit":
      return `${head}${pages} is the credit page team "${f.team?.name ?? ""}" appends after the chapter anyway`;
  }
}

/** Prints the checks: one line per finding, or that none was found. */
export function printChecks(
  io: { out: (line: string) => void },
  chapters: readonly TProposedChapter[],
  checks: TPageChecksResponse,
  against: string,
) {
  io.out(`Page checks (${against}):`);
  let lines = 0;
  for (const c of checks.chapters) {
    const chapter = chapters[c.index]!;
    for (const f of c.findings) {
      // Kept for the whole comic in the chapter editor (docs/page-checks.md): said, not counted.
      io.out(`  ${findingLine(chapter, f)}${f.kept ? " (kept on purpose)" : ""}`);
      if (!f.kept) lines++;
    }
    if (c.unchecked > 0) io.out(`  ${chapter.label}: ${c.unchecked} page(s) could not be read, not checked`);
  }
  if (lines === 0) io.out("  nothing found");
}
