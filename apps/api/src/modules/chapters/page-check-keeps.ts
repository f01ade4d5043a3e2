/**
 * Kept page-check findings (docs/page-checks.md, "Keeping a finding"): an uploader's "this is on
 * purpose". A page shared with other chapters (`otherChapter`: a recap or credit page) is kept for
 * the whole comic by its hash; the other kinds are kept for one page of one chapter while its image
 * is the one kept. The checks still answer kept findings, marked `kept: true` (markKept).
 */
import type {
  TChapterChecks,
  TKeepFindingRequest,
  TPageCheckFinding,
} from "@vt/shared/contracts/page-checks";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "../../auth/session";
import type { Executor } from "../../db/executor";
import { chapterPages, chapters, pageCheckKeeps } from "../../db/schema/chapters";
import { fieldError } from "../../lib/app-error";
import { hamming } from "../../lib/page-fingerprint";
import { type ChaptersDeps, inChapterTx } from "./chapter-access";
import { BLANK_STD, chapterChecks, DUPLICATE_DISTANCE } from "./page-checks";

/** What is kept for a chapter: the comic's kept hashes, and per page the kinds kept with the hash they were kept for. */
export interface KeptState {
  hashes: string[];
  pages: Map<number, Map<string, string | null>>;
}

/** `chapterId` null: the comic's kept hashes only (chapters not created yet, the bulk-import preview). */
export async function keptState(db: Executor, comicId: number, chapterId: number | null): Promise<KeptState> {
  const comicWide = sql`(${pageCheckKeeps.pageId} is null and ${pageCheckKeeps.comicId} = ${comicId})`;
  const rows = await db
    .select({
      chapterId: pageCheckKeeps.chapterId,
      pageId: pageCheckKeeps.pageId,
      kind: pageCheckKeeps.kind,
      dhash: pageCheckKeeps.dhash,
    })
    .from(pageCheckKeeps)
    .where(chapterId === null ? comicWide : sql`${comicWide} or ${pageCheckKeeps.chapterId} = ${chapterId}`);
  const state: KeptState = { hashes: [], pages: new Map() };
  for (const r of rows) {
    if (r.pageId === null) {
      if (r.dhash) state.hashes.push(r.dhash);
      continue;
    }
    const kinds = state.pages.get(r.pageId) ?? new Map<string, string | null>();
    kinds.set(r.kind, r.dhash);
    state.pages.set(r.pageId, kinds);
  }
  return state;
}

/**
 * Marks the kept findings (`kept: true`). A duplicate group is kept when each of its pages is; an
 * `otherChapter` finding is split into the pages whose picture is not kept and those that are.
 */
export function markKept(
  findings: TPageCheckFinding[],
  hashOf: (pageId: number) => string | null,
  kept: KeptState,
): TPageCheckFinding[] {
  const pageKept = (id: number, kind: string) => {
    const kinds = kept.pages.get(id);
    return !!kinds?.has(kind) && kinds.get(kind) === hashOf(id);
  };
  const hashKept = (id: number) => {
    const h = hashOf(id);
    return h !== null && kept.hashes.some((k) => hamming(k, h) <= DUPLICATE_DISTANCE);
  };
  return findings.flatMap((f): TPageCheckFinding[] => {
    if (f.kind !== "otherChapter") {
      return [f.pages.every((p) => pageKept(p.id, f.kind)) ? { ...f, kept: true } : f];
    }
    const keptPages = f.pages.filter((p) => hashKept(p.id));
    if (keptPages.length === 0) return [f];
    const open = f.pages.filter((p) => !hashKept(p.id));
    const part = (pages: typeof f.pages) => ({ ...f, pages, matched: pages.length });
    return [...(open.length ? [part(open)] : []), { ...part(keptPages), kept: true }];
  });
}

/**
 * The chapter's checks (`GET /api/chapters/:chapterId/checks`, access as for the chapter) with the
 * kept findings marked.
 */
export async function checksWithKeeps(
  deps: ChaptersDeps,
  user: SessionUser,
  chapterId: number,
): Promise<TChapterChecks> {
  const checks = await chapterChecks(deps, user, chapterId);
  if (checks.findings.length === 0) return checks;
  const pages = await deps.db
    .select({ id: chapterPages.id, dhash: chapterPages.dhash, comicId: chapters.comicId })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .where(eq(chapterPages.chapterId, chapterId));
  if (pages.length === 0) return checks;
  const hashes = new Map(pages.map((p) => [p.id, p.dhash]));
  const kept = await keptState(deps.db, pages[0]!.comicId, chapterId);
  return { ...checks, findings: markKept(checks.findings, (id) => hashes.get(id) ?? null, kept) };
}

/**
 * Keeps (or stops keeping) a finding of the chapter's pages; who may edit the chapter may do it
 * (docs/permissions.md). Every page must be one of the chapter's (422 otherwise); an `otherChapter`
 * keep needs the pages' fingerprints (422 `chapters.pageUnchecked` for a page without one).
 */
export async function keepFinding(
  deps: ChaptersDeps,
  user: SessionUser,
  chapterId: number,
  input: TKeepFindingRequest,
): Promise<void> {
  await inChapterTx(deps, user, chapterId, async (tx, row) => {
    const comicId = row.chapter.comicId;
    const ids = [...new Set(input.pageIds)];
    const pages = await tx
      .select({ id: chapterPages.id, dhash: chapterPages.dhash, std: chapterPages.brightnessStd })
      .from(chapterPages)
      .where(and(eq(chapterPages.chapterId, chapterId), inArray(chapterPages.id, ids)));
    if (pages.length !== ids.length) throw fieldError(["pageIds"], "chapters.pageNotFound");

    if (input.kind === "otherChapter") {
      const hashes = pages.map((p) => (p.dhash !== null && (p.std ?? 0) >= BLANK_STD ? p.dhash : null));
      if (hashes.some((h) => h === null)) throw fieldError(["pageIds"], "chapters.pageUnchecked");
      const comicWide = and(eq(pageCheckKeeps.comicId, comicId), isNull(pageCheckKeeps.pageId));
      if (input.kept) {
        await tx
          .insert(pageCheckKeeps)
          .values(hashes.map((dhash) => ({ comicId, kind: input.kind, dhash, createdBy: user.id })))
          .onConflictDoNothing();
        return;
      }
      // Undo: every kept hash that matches one of these pages (a re-encoded copy was kept maybe).
      const rows = await tx
        .select({ id: pageCheckKeeps.id, dhash: pageCheckKeeps.dhash })
        .from(pageCheckKeeps)
        .where(comicWide);
      const gone = rows
        .filter((r) => r.dhash && hashes.some((h) => hamming(h!, r.dhash!) <= DUPLICATE_DISTANCE))
        .map((r) => r.id);
      if (gone.length) await tx.delete(pageCheckKeeps).where(inArray(pageCheckKeeps.id, gone));
      return;
    }

    if (input.kept) {
      await tx
        .insert(pageCheckKeeps)
        .values(
          pages.map((p) => ({
            comicId,
            chapterId,
            pageId: p.id,
            kind: input.kind,
            dhash: p.dhash,
            createdBy: user.id,
          })),
        )
        .onConflictDoUpdate({
          target: [pageCheckKeeps.pageId, pageCheckKeeps.kind],
          targetWhere: sql`${pageCheckKeeps.pageId} is not null`,
          set: { dhash: sql`excluded.dhash`, createdBy: user.id, createdAt: sql`now()` },
        });
      return;
    }
    await tx
      .delete(pageCheckKeeps)
      .where(and(inArray(pageCheckKeeps.pageId, ids), eq(pageCheckKeeps.kind, input.kind)));
  });
}
