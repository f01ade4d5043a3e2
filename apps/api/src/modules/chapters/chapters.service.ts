import type {
  TChapter,
  TChapterDetail,
  TCreateChapterRequestParsed,
  TUpdateChapterRequestParsed,
} from "@vt/shared/contracts/chapters";
import type { SessionUser } from "../../auth/session";
import { checkVersion, fieldError } from "../../lib/app-error";
import { changedFields, writeAudit } from "../../lib/audit";
import { comicAccess, defaultChapterTeam, inComicTx } from "../comics/comics.service";
import { publishAtAfterDelay } from "../upload-settings/upload-settings.service";
import { queueChapterEvent } from "../webhooks/webhooks-events.service";
import {
  auditView,
  type ChaptersDeps,
  chapterAccess,
  chapterAudit,
  checkOrderFree,
  checkPagesStored,
  checkTeamIds,
  editorValues,
  inChapterTx,
  ms,
  removeObjects,
} from "./chapter-access";
import { groupTeams, loadDetail, toChapter } from "./chapter-view";
import * as repo from "./chapters.repo";

/** Defined in this module's other files, used by its routes and by other modules. */
export type { ChaptersDeps } from "./chapter-access";
export {
  checkScrambleKey,
  type PagesForm,
  type PageUploadGrant,
  presignPageImage,
  presignPages,
  type ReplacePageForm,
  replacePageImage,
  uploadPages,
} from "./chapter-pages";
export { toPage } from "./chapter-view";

/** What other modules use of this one: this file is the module's public entry. */
export { findChapter, findSameOrder, restoreChapter } from "./chapters.repo";

// ── Reads ─────────────────────────────────────────────────────────────────────

export async function listChapters(
  deps: ChaptersDeps,
  user: SessionUser,
  comicId: number,
  query: { sort: "asc" | "desc"; visible?: boolean },
): Promise<TChapter[]> {
  await comicAccess(deps.db, user, comicId, "view");
  const rows = await repo.listChapters(deps.db, comicId, {
    sort: query.sort,
    visibleOnly: query.visible === true,
  });
  const teams = groupTeams(
    await repo.collaboratingTeamsOf(
      deps.db,
      rows.map((r) => r.chapter.id),
    ),
  );
  const now = Date.now();
  return rows.map((r) => toChapter(r, teams.get(r.chapter.id) ?? [], now));
}

export async function getChapter(
  deps: ChaptersDeps,
  user: SessionUser,
  chapterId: number,
): Promise<TChapterDetail> {
  await chapterAccess(deps.db, user, chapterId);
  return loadDetail(deps, deps.db, chapterId);
}

// ── Create / update / delete ──────────────────────────────────────────────────

export async function createChapter(
  deps: ChaptersDeps,
  user: SessionUser,
  input: TCreateChapterRequestParsed,
): Promise<TChapterDetail> {
  const id = await inComicTx(deps.db, user, input.comicId, "view", async (tx, access) => {
    let teamId: number;
    if (input.teamId !== undefined) {
      const mine = access.uploadTeams.some((t) => t.id === input.teamId);
      if (!mine && !(access.isAdmin && input.teamId === access.comic.teamId)) {
        throw fieldError(["teamId"], "comics.teamCannotUpload");
      }
      teamId = input.teamId;
    } else {
      teamId = defaultChapterTeam(access);
    }
    await checkTeamIds(tx, {
      collaboratingTeamIds: input.collaboratingTeamIds,
      donateTeamIds: input.donateTeamIds,
      creditTeamIds: input.creditTeamIds,
    });
    await checkOrderFree(tx, { comicId: input.comicId, teamId, order: input.order });
    // No date given: the team's publish delay schedules it ("publish N hours after upload").
    const publishAt = input.publishAt !== undefined ? input.publishAt : await publishAtAfterDelay(tx, teamId);
    const chapter = await repo.insertChapter(tx, {
      comicId: input.comicId,
      teamId,
      ...editorValues({ ...input, publishAt }),
      status: "draft",
      createdBy: user.id,
    });
    await repo.setCollaboratingTeams(tx, chapter.id, input.collaboratingTeamIds);
    await chapterAudit(tx, user, chapter, "create", {
      after: auditView(chapter, input.collaboratingTeamIds),
    });
    return chapter.id;
  });
  return loadDetail(deps, deps.db, id);
}

export async function updateChapter(
  deps: ChaptersDeps,
  user: SessionUser,
  chapterId: number,
  input: TUpdateChapterRequestParsed,
): Promise<TChapterDetail> {
  if (input.id !== undefined && input.id !== chapterId) throw fieldError(["id"], "chapters.idMismatch");
  let queued = false;
  const removedUrls = await inChapterTx(deps, user, chapterId, async (tx, row) => {
    const before = row.chapter;
    // Under the row lock: a save based on an older version never overwrites a newer one.
    checkVersion(before.version, input.version);
    const beforeTeams = (await repo.collaboratingTeamsOf(tx, [chapterId])).map((t) => t.id);
    await checkTeamIds(tx, {
      collaboratingTeamIds: input.collaboratingTeamIds,
      donateTeamIds: input.donateTeamIds,
      creditTeamIds: input.creditTeamIds,
    });
    await checkOrderFree(tx, {
      comicId: before.comicId,
      teamId: before.teamId,
      order: input.order,
      exceptId: chapterId,
    });

    // Pages: the listed ids in reading order; pages left out are removed.
    const pages = await repo.pagesOf(tx, chapterId);
    let saved = pages.filter((p) => !p.staged);
    let removed: repo.PageRow[] = [];
    let pagesChanged = false;
    // A person reordered or removed pages (saving newly uploaded pages into the list is neither).
    let reordered = false;
    if (input.pages) {
      const byId = new Map(pages.map((p) => [p.id, p]));
      const ids = input.pages.map((p) => p.id);
      if (ids.some((id) => !byId.has(id))) throw fieldError(["pages"], "chapters.pageNotFound");
      const listed = new Set(ids);
      removed = pages.filter((p) => !listed.has(p.id));
      saved = ids.map((id) => byId.get(id)!);
      pagesChanged =
        removed.length > 0 ||
        saved.length !== pages.filter((p) => !p.staged).length ||
        saved.some((p, i) => p.staged || p.position !== i);
      const keptBefore = pages.filter((p) => !p.staged && listed.has(p.id)).map((p) => p.id);
      const keptAfter = saved.filter((p) => !p.staged).map((p) => p.id);
      reordered = removed.length > 0 || keptBefore.join() !== keptAfter.join();
      await repo.deletePages(
        tx,
        chapterId,
        removed.map((p) => p.id),
      );
      await repo.setPageOrder(tx, chapterId, ids);
    }

    // Status and publish time.
    const now = Date.now();
    const wasPublished = before.status === "published";
    const status = input.publish === undefined ? before.status : input.publish ? "published" : "draft";
    let publishedAt: Date | null = null;
    // Scheduled: readers see it at a planned time later than this save (its uploader is told
    // then, `chapters.notify-published`); a publish at once is not, whatever the clocks say.
    let publishScheduled = false;
    if (status === "published") {
      if (input.publishAt !== null) {
        publishedAt = new Date(input.publishAt);
        publishScheduled = publishedAt.getTime() > now;
      } else if (wasPublished && before.publishedAt && before.publishedAt.getTime() <= now) {
        publishedAt = before.publishedAt;
        publishScheduled = before.publishScheduled;
      } else publishedAt = new Date(now);
      if (saved.length === 0) throw fieldError(["pages"], "validation.pagesRequired");
      if (!wasPublished || pagesChanged) await checkPagesStored(deps, saved);
    }

    const values = { ...editorValues(input), status, publishedAt, publishScheduled };
    await repo.updateChapter(tx, chapterId, values);
    await repo.setCollaboratingTeams(tx, chapterId, input.collaboratingTeamIds);

    const after = { ...before, ...values };
    const diff = changedFields(auditView(before, beforeTeams), auditView(after, input.collaboratingTeamIds));
    if (reordered) {
      await chapterAudit(tx, user, before, "reorder_pages", {
        before: { pages: pages.filter((p) => !p.staged).map((p) => p.id) },
        after: { pages: saved.map((p) => p.id), removed: removed.map((p) => p.id) },
      });
    }
    if (status !== before.status) {
      // One save that publishes is one entry: the publish, with whatever else the save changed
      // (the status itself is the action, not a field "Draft → Published").
      const { status: _b, publishedAt: _bp, ...changedBefore } = diff?.before ?? {};
      const { status: _a, publishedAt: _ap, ...changedAfter } = diff?.after ?? {};
      await chapterAudit(tx, user, before, status === "published" ? "publish" : "unpublish", {
        before: Object.keys(changedBefore).length > 0 ? changedBefore : null,
        after: { ...changedAfter, publishedAt: ms(publishedAt), pageCount: saved.length },
      });
    } else if (diff) await chapterAudit(tx, user, before, "update", diff);
    // Published now: the team's webhooks hear it (a scheduled time is announced when it comes,
    // by the chapters.notify-published job).
    if (status === "published" && !wasPublished && publishedAt && publishedAt.getTime() <= now)
      queued = (await queueChapterEvent(tx, chapterId, "chapter.published")) > 0;
    // Taken back to a draft after readers could see it (a schedule not yet reached was never announced).
    if (status !== "published" && wasPublished && before.publishedAt && before.publishedAt.getTime() <= now)
      queued = (await queueChapterEvent(tx, chapterId, "chapter.unpublished")) > 0;
    return removed.map((p) => p.url);
  });
  await removeObjects(deps, removedUrls);
  if (queued) await deps.wakeWebhooks?.();
  return loadDetail(deps, deps.db, chapterId);
}

/** Moves the chapter to the trash: gone from every list and reader call at once, restorable for 30 days. */
export async function deleteChapter(deps: ChaptersDeps, user: SessionUser, chapterId: number): Promise<void> {
  const queued = await inChapterTx(deps, user, chapterId, async (tx, row) => {
    const teams = (await repo.collaboratingTeamsOf(tx, [chapterId])).map((t) => t.id);
    await repo.trashChapter(tx, chapterId, user.id);
    await chapterAudit(tx, user, row.chapter, "delete", { before: auditView(row.chapter, teams) });
    return queueChapterEvent(tx, chapterId, "chapter.deleted");
  });
  if (queued > 0) await deps.wakeWebhooks?.();
}

export async function quickUpdateVolume(
  deps: ChaptersDeps,
  user: SessionUser,
  input: { comicId: number; volume: number | null; fromChapterOrder: number; toChapterOrder: number },
): Promise<number> {
  return inComicTx(deps.db, user, input.comicId, "view", async (tx, access) => {
    const ids = await repo.quickUpdateVolume(tx, {
      comicId: input.comicId,
      volume: input.volume,
      from: input.fromChapterOrder,
      to: input.toChapterOrder,
    });
    await writeAudit(tx, {
      actorId: user.id,
      teamId: access.comic.teamId,
      entity: "comic",
      entityId: input.comicId,
      action: "chapters_quick_update_volume",
      after: {
        volume: input.volume,
        fromChapterOrder: input.fromChapterOrder,
        toChapterOrder: input.toChapterOrder,
        chapterIds: ids,
      },
    });
    return ids.length;
  });
}
