/**
 * The SQL of chapters and pages. Callers pass the database or an open transaction (Executor);
 * multi-row changes (page order, quick volume update) are single statements inside the caller's
 * transaction, so a failure part-way changes nothing.
 */
import { CHAPTER_ORDER_ONESHOT } from "@vt/shared/constants";
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { liveSql, visibleSql } from "../../db/chapter-visibility";
import type { Executor } from "../../db/executor";
import { chapterPages, chapters, chapterTeams } from "../../db/schema/chapters";
import { comics, comicTeams } from "../../db/schema/comics";
import { teams } from "../../db/schema/teams";
import { intArray } from "../../db/sql";

export type ChapterRow = typeof chapters.$inferSelect;
export type ChapterInsert = typeof chapters.$inferInsert;
export type PageRow = typeof chapterPages.$inferSelect;

export interface ChapterListRow {
  chapter: ChapterRow;
  teamName: string;
  pageCount: number;
}

const pageCountSql = sql<number>`(select count(*)::int from ${chapterPages} where ${chapterPages.chapterId} = ${chapters.id} and not ${chapterPages.staged})`;

export async function listChapters(
  db: Executor,
  comicId: number,
  options: { sort: "asc" | "desc"; visibleOnly: boolean },
): Promise<ChapterListRow[]> {
  const dir = options.sort === "desc" ? desc : asc;
  return db
    .select({ chapter: chapters, teamName: teams.name, pageCount: pageCountSql })
    .from(chapters)
    .innerJoin(teams, eq(teams.id, chapters.teamId))
    .where(and(eq(chapters.comicId, comicId), liveSql, options.visibleOnly ? visibleSql : undefined))
    .orderBy(dir(chapters.order), dir(chapters.id));
}

/** A live chapter (`trashed: true`: one in the trash instead). */
export async function findChapter(
  db: Executor,
  id: number,
  options: { lock?: boolean; trashed?: boolean } = {},
): Promise<ChapterListRow | undefined> {
  const base = db
    .select({ chapter: chapters, teamName: teams.name, pageCount: pageCountSql })
    .from(chapters)
    .innerJoin(teams, eq(teams.id, chapters.teamId))
    .where(and(eq(chapters.id, id), options.trashed ? isNotNull(chapters.deletedAt) : liveSql))
    .limit(1);
  const [row] = options.lock ? await base.for("update", { of: chapters }) : await base;
  return row;
}

/**
 * Locks a live chapter and its live comic (the lock merge and collaborator changes take) in one
 * statement; undefined when either is gone or the chapter no longer belongs to `comicId`.
 */
export async function lockChapterOnComic(
  tx: Executor,
  chapterId: number,
  comicId: number,
): Promise<ChapterRow | undefined> {
  const [row] = await tx
    .select({ chapter: chapters })
    .from(chapters)
    .innerJoin(comics, and(eq(comics.id, chapters.comicId), isNull(comics.deletedAt)))
    .where(and(eq(chapters.id, chapterId), eq(chapters.comicId, comicId), liveSql))
    .limit(1)
    .for("update", { of: [chapters, comics] });
  return row?.chapter;
}

/**
 * The comic of a live chapter on a live comic that one of `teamIds` may upload to (the owning team
 * or a collaborator, as comicAccess decides); any live one when `teamIds` is null (platform admin).
 */
export async function uploadTargetOf(
  db: Executor,
  chapterId: number,
  teamIds: readonly number[] | null,
): Promise<number | undefined> {
  const mine = teamIds === null ? null : intArray(teamIds);
  const [row] = await db
    .select({ comicId: chapters.comicId })
    .from(chapters)
    .innerJoin(comics, and(eq(comics.id, chapters.comicId), isNull(comics.deletedAt)))
    .where(
      and(
        eq(chapters.id, chapterId),
        liveSql,
        mine === null
          ? undefined
          : sql`(${comics.teamId} = any(${mine}) or exists (select 1 from ${comicTeams} where ${comicTeams.comicId} = ${comics.id} and ${comicTeams.teamId} = any(${mine})))`,
      ),
    )
    .limit(1);
  return row?.comicId;
}

export interface TeamRefRow {
  chapterId: number;
  id: number;
  name: string;
}

/** Collaborating teams of the given chapters, in form order. */
export async function collaboratingTeamsOf(db: Executor, chapterIds: number[]): Promise<TeamRefRow[]> {
  if (chapterIds.length === 0) return [];
  return db
    .select({ chapterId: chapterTeams.chapterId, id: teams.id, name: teams.name })
    .from(chapterTeams)
    .innerJoin(teams, eq(teams.id, chapterTeams.teamId))
    .where(inArray(chapterTeams.chapterId, chapterIds))
    .orderBy(asc(chapterTeams.chapterId), asc(chapterTeams.position));
}

export async function setCollaboratingTeams(
  tx: Executor,
  chapterId: number,
  teamIds: number[],
): Promise<void> {
  await tx.delete(chapterTeams).where(eq(chapterTeams.chapterId, chapterId));
  if (teamIds.length === 0) return;
  await tx.insert(chapterTeams).values(teamIds.map((teamId, position) => ({ chapterId, teamId, position })));
}

/** The ids among `ids` that are live teams. */
export async function existingTeamIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(inArray(teams.id, ids), isNull(teams.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/** Another chapter of the same comic and team with this order (oneshots and hidden orders included). */
export async function findSameOrder(
  db: Executor,
  input: { comicId: number; teamId: number; order: number; exceptId?: number },
): Promise<{ id: number } | undefined> {
  // Oneshots (-1) never collide: teams publish several oneshots per comic (docs/glossary.md).
  if (input.order === CHAPTER_ORDER_ONESHOT) return undefined;
  const [row] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(
      and(
        eq(chapters.comicId, input.comicId),
        eq(chapters.teamId, input.teamId),
        eq(chapters.order, input.order),
        liveSql,
        input.exceptId === undefined ? undefined : ne(chapters.id, input.exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertChapter(tx: Executor, values: ChapterInsert): Promise<ChapterRow> {
  const [row] = await tx.insert(chapters).values(values).returning();
  return row!;
}

export async function updateChapter(
  tx: Executor,
  id: number,
  values: Partial<Omit<ChapterInsert, "id" | "comicId" | "createdAt" | "createdBy">>,
): Promise<void> {
  await tx
    .update(chapters)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${chapters.version} + 1` })
    .where(eq(chapters.id, id));
}

/** Moves a chapter to the trash (the purge job deletes it and its files 30 days later). */
export async function trashChapter(tx: Executor, id: number, userId: number): Promise<void> {
  await tx
    .update(chapters)
    .set({ deletedAt: sql`now()`, deletedBy: userId, updatedAt: sql`now()` })
    .where(eq(chapters.id, id));
}

export async function restoreChapter(tx: Executor, id: number): Promise<void> {
  await tx
    .update(chapters)
    .set({ deletedAt: null, deletedBy: null, updatedAt: sql`now()` })
    .where(eq(chapters.id, id));
}

/** Every page of a chapter: saved pages in reading order, then staged uploads in upload order. */
export async function pagesOf(db: Executor, chapterId: number): Promise<PageRow[]> {
  return db
    .select()
    .from(chapterPages)
    .where(eq(chapterPages.chapterId, chapterId))
    .orderBy(asc(chapterPages.staged), asc(chapterPages.position), asc(chapterPages.id));
}

/** The highest position among a chapter's pages with `staged` as given: one backward step of chapter_pages_chapter_idx. */
function topPosition(chapterId: number, staged: boolean): SQL {
  return sql`(select max(p.position) from chapter_pages p where p.chapter_id = ${chapterId} and p.staged = ${staged})`;
}

/**
 * What an upload request needs of its chapter, in one statement whose cost does not grow with the
 * chapter (docs/architecture.md, "Round trips and budgets"; reading every page made a chapter's
 * uploads cost the square of its page count): the pages holding one of `clientIds` or the id
 * `pageId`, and `next`, the position after the highest one (0 for an empty chapter).
 */
export async function pagesForUpload(
  db: Executor,
  chapterId: number,
  match: { clientIds: string[]; pageId?: number },
): Promise<{ next: number; pages: PageRow[] }> {
  const rows = await db
    .select({
      next: sql<number>`coalesce(greatest(${topPosition(chapterId, false)}, ${topPosition(chapterId, true)}) + 1, 0)`.mapWith(
        Number,
      ),
      page: chapterPages,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(
      chapterPages,
      and(
        eq(chapterPages.chapterId, chapterId),
        or(
          match.pageId === undefined ? undefined : eq(chapterPages.id, match.pageId),
          inArray(chapterPages.clientId, match.clientIds),
        ),
      ),
    );
  return { next: rows[0]!.next, pages: rows.flatMap((r) => (r.page ? [r.page] : [])) };
}

export async function insertPages(
  tx: Executor,
  values: (typeof chapterPages.$inferInsert)[],
): Promise<PageRow[]> {
  if (values.length === 0) return [];
  return tx.insert(chapterPages).values(values).returning();
}

/**
 * Saves the page list in one statement: page `ids[i]` gets position i and is no longer staged.
 */
export async function setPageOrder(tx: Executor, chapterId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${chapterPages} as p
       set position = o.pos - 1, staged = false
      from unnest(${intArray(ids)}) with ordinality as o(id, pos)
     where p.id = o.id and p.chapter_id = ${chapterId}`);
}

export async function deletePages(tx: Executor, chapterId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(chapterPages)
    .where(and(eq(chapterPages.chapterId, chapterId), inArray(chapterPages.id, ids)));
}

export async function updatePage(
  tx: Executor,
  id: number,
  values: Partial<Omit<typeof chapterPages.$inferInsert, "id" | "chapterId">>,
): Promise<PageRow> {
  const [row] = await tx.update(chapterPages).set(values).where(eq(chapterPages.id, id)).returning();
  return row!;
}

/** Sets `volume` on the comic's chapters with order in [from, to]; answers the changed chapter ids. */
export async function quickUpdateVolume(
  tx: Executor,
  input: { comicId: number; volume: number | null; from: number; to: number },
): Promise<number[]> {
  const rows = await tx
    .update(chapters)
    .set({ volume: input.volume, updatedAt: sql`now()`, version: sql`${chapters.version} + 1` })
    .where(
      and(
        eq(chapters.comicId, input.comicId),
        liveSql,
        sql`${chapters.order} between ${input.from} and ${input.to}`,
      ),
    )
    .returning({ id: chapters.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
