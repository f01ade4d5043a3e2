/**
 * The History tab of a comic and of a chapter (docs/requests.md, "History"): the audit rows about
 * it, newest first, for whoever may work on the comic (its teams, admins; 404 for anyone else). A
 * comic's history holds its own entries, its chapters' (trashed ones too) and those of the requests
 * filed about it (as subject or merge target) that the viewer may see (the requests module's rule,
 * the same as GET /api/requests/:id); a chapter's holds its own.
 */
import { sql } from "drizzle-orm";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { subjectAudit } from "../admin/admin.service";
import { findChapter } from "../chapters/chapters.service";
import { comicAccess } from "../comics/comics.service";
import { visibleRequestIdsAbout } from "../requests/requests.service";

type HistoryQuery = { search?: string | undefined; page: number; limit: number };

const page = subjectAudit;

export async function comicHistory(db: Db, user: SessionUser, comicId: number, q: HistoryQuery) {
  await comicAccess(db, user, comicId, "view");
  const ids = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ id: number }>(query)).rows.map((r) => Number(r.id));
  const chapters = await ids(sql`select id from chapters where comic_id = ${comicId}`);
  const requests = await visibleRequestIdsAbout(db, user, comicId);
  return page(
    db,
    [
      { entity: "comic", ids: [comicId] },
      { entity: "chapter", ids: chapters },
      { entity: "request", ids: requests },
    ],
    q,
  );
}

export async function chapterHistory(db: Db, user: SessionUser, chapterId: number, q: HistoryQuery) {
  const chapter = await findChapter(db, chapterId);
  if (!chapter) throw new AppError("NOT_FOUND");
  await comicAccess(db, user, chapter.chapter.comicId, "view");
  return page(db, [{ entity: "chapter", ids: [chapterId] }], q);
}
