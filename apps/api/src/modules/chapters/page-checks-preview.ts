/**
 * `POST /api/comics/:comicId/page-checks` (docs/page-checks.md, "Before anything is uploaded"):
 * the page checks of chapters that are not uploaded yet, from the fingerprints the bulk import
 * preview or `npm run upload --dry-run` computed locally. The findings of each proposed chapter
 * are those of `GET /api/chapters/:chapterId/checks` (`pageFindings`), against the comic's stored
 * pages and against the other proposed chapters of the request, with the credit pages a new chapter
 * would append (`appendedCredits`) and the pictures kept for the whole comic marked (`markKept`).
 * Read access to the comic (docs/permissions.md); nothing is written.
 */
import type {
  TPageChecksRequest,
  TPageChecksResponse,
  TProposedFinding,
} from "@vt/shared/contracts/page-checks";
import type { SessionUser } from "../../auth/session";
import type { Executor } from "../../db/executor";
import { comicAccess, defaultChapterTeam } from "../comics/comics.service";
import type { ChaptersDeps } from "./chapter-access";
import { BLANK_STD, findPagesSharingBands } from "./page-bands";
import { keptState, markKept } from "./page-check-keeps";
import { appendedCredits, type FingerprintedPage, pageFindings } from "./page-checks";

/**
 * The comic's stored pages (live chapters, blank pages left out) within the duplicate distance of
 * one of `hashes`, through the `page_hash_bands` lookup the chapter checks use (./page-bands.ts):
 * the one place this endpoint looks pages up.
 */
function storedPagesNear(db: Executor, comicId: number, hashes: string[]) {
  return findPagesSharingBands(db, comicId, hashes);
}

/** A proposed chapter's pages as `pageFindings` takes them: a page's id is its position. */
function fingerprinted(pages: TPageChecksRequest["chapters"][number]["pages"]): FingerprintedPage[] {
  return pages.map((p, i) => ({ id: i + 1, width: p.width, dhash: p.dhash, brightnessStd: p.brightnessStd }));
}

export async function proposedChapterChecks(
  deps: ChaptersDeps,
  user: SessionUser,
  comicId: number,
  body: TPageChecksRequest,
): Promise<TPageChecksResponse> {
  const access = await comicAccess(deps.db, user, comicId, "view");
  const chapters = body.chapters.map((c) => fingerprinted(c.pages));
  const comparable = (p: FingerprintedPage): p is FingerprintedPage & { dhash: string } =>
    p.dhash !== null && (p.brightnessStd ?? 0) >= BLANK_STD;
  const hashes = [...new Set(chapters.flatMap((pages) => pages.filter(comparable).map((p) => p.dhash)))];
  const stored = await storedPagesNear(deps.db, comicId, hashes);
  // A chapter the import creates: the default team, no credit teams named, credit pages shown.
  const credits = await appendedCredits(deps.db, {
    id: null,
    teamId: defaultChapterTeam(access),
    creditTeamIds: [],
    hideCredit: false,
  });
  const kept = await keptState(deps.db, comicId, null);
  const names = new Map(stored.map((o) => [o.chapterId, { id: o.chapterId, order: o.order, name: o.name }]));
  // The other proposed chapters take negative ids (-1 - index): stored chapter ids are positive.
  const proposed = chapters.flatMap((pages, index) =>
    pages.filter(comparable).map((p) => ({ chapterId: -1 - index, dhash: p.dhash })),
  );
  return {
    chapters: chapters.map((pages, index) => {
      const others = [...stored, ...proposed.filter((o) => o.chapterId !== -1 - index)];
      const found = pageFindings(
        pages,
        others,
        (id) => (id < 0 ? { id, order: 0, name: "" } : names.get(id)!),
        credits,
      );
      const findings = markKept(found, (id) => pages[id - 1]?.dhash ?? null, kept).map(
        (f): TProposedFinding => {
          if (f.kind !== "otherChapter" || f.chapter!.id >= 0) return f;
          const other = -1 - f.chapter!.id;
          const { chapter: _, ...rest } = f;
          return { ...rest, proposed: { index: other, label: body.chapters[other]!.label } };
        },
      );
      return {
        index,
        pageCount: pages.length,
        unchecked: pages.filter((p) => p.dhash === null).length,
        findings,
      };
    }),
  };
}
