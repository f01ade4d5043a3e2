/**
 * The trash (docs/requests.md, "Trash"): deleting a comic (admins), a chapter (any team that may
 * upload to its comic) or a team (its owner) only sets `deleted_at`; every list and reader query
 * filters it out at once. Whoever could delete an item sees it here and may restore it for
 * TRASH_DAYS days (admins: everything); then `purgeTrash` (a job on the job engine) removes the rows
 * and their files.
 */
import { TRASH_DAYS, type TTrashItem, type TTrashList, type TTrashType } from "@vt/shared/contracts/trash";
import { pageWindow, totalPages } from "@vt/shared/paging";
import type { FastifyBaseLogger } from "fastify";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { myTeams } from "../../db/my-teams";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit";
import { isValidKey, type Storage } from "../../storage/storage";
import { findChapter, findSameOrder, restoreChapter } from "../chapters/chapters.service";
import { updateComicRow } from "../comics/comics.service";
import { notifyComicEvent } from "../notifications/notifications.service";
import { updateTeamRow } from "../teams/teams.service";
import * as repo from "./trash.repo";

export interface TrashDeps {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, "warn" | "info">;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (d: Date | string) => new Date(d).toISOString();

async function scopeOf(db: Db, user: SessionUser): Promise<repo.TrashScope> {
  const teams = await myTeams(db, user.id);
  return {
    isAdmin: user.role === "admin",
    userId: user.id,
    teamIds: teams.map((t) => t.id),
    days: TRASH_DAYS,
  };
}

function toItem(row: repo.TrashRow): TTrashItem {
  return {
    type: row.type,
    id: row.id,
    name: row.name,
    order: row.order_num === null ? null : Number(row.order_num),
    comic: row.comic_id === null ? null : { id: row.comic_id, title: row.comic_title ?? "" },
    deletedAt: iso(row.deleted_at),
    deletedBy: row.deleted_by === null ? null : { id: row.deleted_by, name: row.deleted_by_name ?? "" },
    purgeAt: new Date(new Date(row.deleted_at).getTime() + TRASH_DAYS * DAY_MS).toISOString(),
  };
}

export async function listTrash(
  deps: TrashDeps,
  user: SessionUser,
  query: { type?: TTrashType | undefined; search?: string | undefined; page: number; limit: number },
): Promise<TTrashList> {
  const { rows, total } = await repo.listTrash(deps.db, await scopeOf(deps.db, user), {
    type: query.type,
    search: query.search || undefined,
    ...pageWindow(query),
  });
  return { items: rows.map(toItem), total, totalPages: totalPages(total, query.limit) };
}

/** Restores an item the caller could delete (404 for anything else, or past the retention). */
export async function restore(
  deps: TrashDeps,
  user: SessionUser,
  type: TTrashType,
  id: number,
): Promise<TTrashItem> {
  const scope = await scopeOf(deps.db, user);
  return deps.db.transaction(async (tx) => {
    // Locked before it is read: a restore that waited for another one sees it restored (404).
    await repo.lockItem(tx, type, id);
    const row = await repo.findTrashed(tx, scope, type, id);
    if (!row) throw new AppError("NOT_FOUND");
    if (type === "comic") {
      await updateComicRow(tx, id, { deletedAt: null, deletedBy: null });
      await notifyComicEvent(tx, user, "comic_restored", id);
    } else if (type === "chapter") {
      const found = await findChapter(tx, id, { trashed: true, lock: true });
      if (!found) throw new AppError("NOT_FOUND");
      const chapter = found.chapter;
      const same = await findSameOrder(tx, {
        comicId: chapter.comicId,
        teamId: chapter.teamId,
        order: chapter.order,
      });
      if (same) {
        throw new AppError("CONFLICT", "chapters.orderTaken", {
          params: { order: chapter.order, id: same.id },
        });
      }
      await restoreChapter(tx, id);
    } else {
      await updateTeamRow(tx, id, { deletedAt: null, deletedBy: null });
    }
    await writeAudit(tx, {
      actorId: user.id,
      teamId: type === "team" ? id : null,
      entity: type,
      entityId: id,
      action: "restore",
      before: { deletedAt: iso(row.deleted_at) },
      after: { deletedAt: null },
    });
    return toItem(row);
  });
}

/**
 * Removes for good what has been in the trash longer than TRASH_DAYS (rows, then their files once
 * the rows are gone). Answers the counts. Run by the purge job; safe to run twice.
 */
export async function purgeTrash(
  deps: TrashDeps,
  now: Date = new Date(),
): Promise<{ comics: number; chapters: number; teams: number; files: number }> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS);
  const found = await repo.expired(deps.db, cutoff);
  const ids = {
    comics: found.comics.map((r) => r.id),
    chapters: found.chapters.map((r) => r.id),
    teams: found.teams.map((r) => r.id),
  };
  await deps.db.transaction((tx) => repo.purgeRows(tx, ids));
  const keys = [
    ...new Set([...found.comics, ...found.chapters, ...found.teams].flatMap((r) => r.keys ?? [])),
  ];
  let files = 0;
  for (const key of keys) {
    if (!isValidKey(key)) continue;
    try {
      await deps.storage.delete(key);
      files += 1;
    } catch (error) {
      deps.log.warn({ err: error, key }, "trash purge: could not delete a file");
    }
  }
  const counts = { comics: ids.comics.length, chapters: ids.chapters.length, teams: ids.teams.length, files };
  if (counts.comics + counts.chapters + counts.teams > 0) deps.log.info(counts, "trash purged");
  return counts;
}
