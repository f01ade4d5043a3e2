/**
 * Who may act on a chapter (through its comic's rights, docs/permissions.md), the transaction a
 * chapter change runs in, its audit entry and the checks a save runs before writing.
 */
import type { AuditAction } from "@vt/shared/audit-actions";
import {
  chapterHeading,
  type TCreateChapterRequestParsed,
  type TUpdateChapterRequestParsed,
} from "@vt/shared/contracts/chapters";
import type { FastifyBaseLogger } from "fastify";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import { AppError, fieldError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit";
import { thumbKeyOf } from "../../storage/keys";
import { isValidKey, type Storage } from "../../storage/storage";
import { type ComicAccess, comicAccess } from "../comics/comics.service";
import * as repo from "./chapters.repo";

export interface ChaptersDeps {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** Wakes the webhook delivery job after a publish (absent: its every-minute run sends it). */
  wakeWebhooks?: () => Promise<void>;
  /** Queues thumbnails of stored pages after an upload committed (absent: the daily backfill makes them). */
  queueThumbnails?: (data: { pageIds: number[] }) => Promise<void>;
}

export const notFound = () => new AppError("NOT_FOUND");
export const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());
export const ABSOLUTE_URL = /^https?:\/\//i;

// ── Helpers ───────────────────────────────────────────────────────────────────

/** The chapter (404 when missing) and the caller's access to its comic (404 when none). */
export async function chapterAccess(
  db: Executor,
  user: SessionUser,
  chapterId: number,
): Promise<{ row: repo.ChapterListRow; access: ComicAccess }> {
  const row = await repo.findChapter(db, chapterId);
  if (!row) throw notFound();
  const access = await comicAccess(db, user, row.chapter.comicId, "view");
  return { row, access };
}

/**
 * Runs a change to one chapter in a transaction holding the comic's row lock (the same lock merge
 * and collaborator changes take), with access checked once, under that lock, and the chapter
 * re-read under it (no second check before the transaction: docs/architecture.md, "Statements per
 * request").
 */
export async function inChapterTx<T>(
  deps: ChaptersDeps,
  user: SessionUser,
  chapterId: number,
  fn: (tx: Executor, row: repo.ChapterListRow, access: ComicAccess) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findChapter(tx, chapterId);
    if (!row) throw notFound();
    const access = await comicAccess(tx, user, row.chapter.comicId, "view", { lock: true });
    const locked = await repo.findChapter(tx, chapterId, { lock: true });
    // Gone, or moved to another comic by a merge in the meantime.
    if (!locked || locked.chapter.comicId !== row.chapter.comicId) throw notFound();
    return fn(tx, locked, access);
  });
}

export function chapterAudit(
  tx: Executor,
  user: SessionUser,
  chapter: { id: number; teamId: number },
  action: AuditAction,
  data: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
) {
  return writeAudit(tx, {
    actorId: user.id,
    teamId: chapter.teamId,
    entity: "chapter",
    entityId: chapter.id,
    action,
    ...data,
  });
}

/** Storage objects of this feature: page keys under `comics/` (never credit pages or absolute URLs). */
export function ownedObject(url: string): boolean {
  return url.startsWith("comics/") && isValidKey(url);
}

/** Removes page objects with their thumbnails (`<key>.thumb.webp`, whether made yet or not). */
export async function removeObjects(deps: ChaptersDeps, pageKeys: string[]): Promise<void> {
  for (const key of pageKeys.filter(ownedObject).flatMap((k) => [k, thumbKeyOf(k)])) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, "could not delete a chapter page object");
    }
  }
}

export async function checkTeamIds(db: Executor, input: Record<string, number[]>): Promise<void> {
  const all = [...new Set(Object.values(input).flat())];
  const found = await repo.existingTeamIds(db, all);
  for (const [field, ids] of Object.entries(input)) {
    if (ids.some((id) => !found.has(id))) throw fieldError([field], "chapters.teamNotFound");
  }
}

export async function checkOrderFree(
  db: Executor,
  input: { comicId: number; teamId: number; order: number; exceptId?: number },
): Promise<void> {
  const same = await repo.findSameOrder(db, input);
  if (same) {
    throw new AppError("CONFLICT", "chapters.orderTaken", { params: { order: input.order, id: same.id } });
  }
}

/** Every saved page's object must exist before readers may see the chapter. */
export async function checkPagesStored(deps: ChaptersDeps, pages: repo.PageRow[]): Promise<void> {
  const batch = 16;
  for (let i = 0; i < pages.length; i += batch) {
    const slice = pages.slice(i, i + batch);
    const present = await Promise.all(
      slice.map((p) => (ABSOLUTE_URL.test(p.url) ? true : deps.storage.exists(p.url))),
    );
    const missing = slice.findIndex((_, j) => !present[j]);
    if (missing >= 0) {
      // Users know pages by their place in the chapter, not by a database id.
      throw new AppError("VALIDATION", "chapters.pageNotStored", {
        params: { position: i + missing + 1 },
      });
    }
  }
}

export function editorValues(
  input: TUpdateChapterRequestParsed | (TCreateChapterRequestParsed & { publishAt: number | null }),
) {
  return {
    name: input.name,
    order: input.order,
    volume: input.volume,
    hideOrder: input.hideOrder,
    hideDefaultOrder: input.hideDefaultOrder,
    hidden: input.hidden,
    publishAt: input.publishAt === null ? null : new Date(input.publishAt),
    donateTeamIds: input.donateTeamIds,
    creditTeamIds: input.creditTeamIds,
    hideDonate: input.hideDonate,
    hideCredit: input.hideCredit,
    scrambled: input.scrambled,
    config: input.config,
  };
}

/** The audit view of a chapter row (dates as epoch ms). */
export function auditView(c: repo.ChapterRow, collaborating: number[]) {
  return {
    comicId: c.comicId,
    ...chapterHeading(c),
    status: c.status,
    publishAt: ms(c.publishAt),
    publishedAt: ms(c.publishedAt),
    donateTeamIds: c.donateTeamIds,
    creditTeamIds: c.creditTeamIds,
    hideDonate: c.hideDonate,
    hideCredit: c.hideCredit,
    scrambled: c.scrambled,
    config: c.config,
    collaboratingTeamIds: collaborating,
  };
}
