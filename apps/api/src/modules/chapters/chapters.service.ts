/**
 * Rules of chapters (docs/permissions.md, "Chapter routes"; spec §3, §5; issue 6).
 *
 * Access reuses the comic rule (comics.service `comicAccess` / `inComicTx`): a chapter is reachable
 * by members of a team that may upload to its comic (owning team, collaborators, granted teams)
 * and by platform admins; to anyone else it does not exist (404, no data).
 *
 * Never half-published: readers see a chapter only when status = published, not hidden and
 * published_at <= now. Uploaded pages are staged until a PUT saves the page list; publishing needs
 * at least one saved page and checks that each one's object exists in storage.
 *
 * Storage objects are removed only after the database change commits; a failed change keeps them.
 * Every change writes an audit entry (entity `chapter`) in its transaction.
 */

import type { AuditAction } from "@vt/shared/audit-actions";
import {
  chapterState,
  type TChapter,
  type TChapterDetail,
  type TChapterPage,
  type TCreateChapterRequestParsed,
  type TUpdateChapterRequestParsed,
} from "@vt/shared/contracts/chapters";
import { decodeKey, ScrambleError, scrambledNameOf } from "@vt/shared/scramble";
import type { FastifyBaseLogger } from "fastify";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import { AppError, fieldError } from "../../lib/app-error";
import { changedFields, writeAudit } from "../../lib/audit";
import type { CheckedImage } from "../../lib/image-gate";
import { thumbKeyOf } from "../../storage/keys";
import { isValidKey, type Storage } from "../../storage/storage";
import { type ComicAccess, comicAccess, inComicTx } from "../comics/comics.service";
import { publishAtAfterDelay } from "../upload-settings/upload-settings.service";
import * as repo from "./chapters.repo";

/** What other modules use of this one: this file is the module's public entry. */
export { findChapter, findSameOrder, restoreChapter } from "./chapters.repo";

export interface ChaptersDeps {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}

const notFound = () => new AppError("NOT_FOUND");
const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());
const ABSOLUTE_URL = /^https?:\/\//i;

// ── Mapping ───────────────────────────────────────────────────────────────────

function pageSrc(deps: ChaptersDeps, url: string): string {
  return ABSOLUTE_URL.test(url) ? url : deps.storage.publicUrl(url);
}

export function toPage(deps: ChaptersDeps, p: repo.PageRow): TChapterPage & { id: number } {
  return {
    id: p.id,
    url: p.url,
    ...(p.scrambleKey ? { key: p.scrambleKey } : {}),
    src: pageSrc(deps, p.url),
    ...(p.thumb ? { thumbSrc: deps.storage.publicUrl(p.thumb) } : {}),
    width: p.width,
    height: p.height,
    clientId: p.clientId,
    staged: p.staged,
  };
}

function toChapter(
  row: repo.ChapterListRow,
  collaborating: { id: number; name: string }[],
  now = Date.now(),
): TChapter {
  const c = row.chapter;
  const publishedAt = c.status === "published" ? ms(c.publishedAt) : null;
  const planned = c.status === "published" ? publishedAt : ms(c.publishAt);
  return {
    id: c.id,
    comicId: c.comicId,
    order: c.order,
    name: c.name,
    volume: c.volume,
    publishedAt,
    lastUpdated: ms(c.updatedAt)!,
    version: c.version,
    team: { id: c.teamId, name: row.teamName },
    hideOrder: c.hideOrder,
    hideDefaultOrder: c.hideDefaultOrder,
    hidden: c.hidden,
    status: c.status,
    state: chapterState({ status: c.status, hidden: c.hidden, publishedAt }, now),
    publishAt: planned !== null && planned > now ? planned : null,
    donateTeamIds: c.donateTeamIds,
    creditTeamIds: c.creditTeamIds,
    hideDonate: c.hideDonate,
    hideCredit: c.hideCredit,
    collaboratingTeams: collaborating,
    scrambled: c.scrambled,
    config: c.config,
    pageCount: row.pageCount,
    createdAt: ms(c.createdAt)!,
  };
}

function groupTeams(rows: repo.TeamRefRow[]): Map<number, { id: number; name: string }[]> {
  const map = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) {
    const list = map.get(r.chapterId) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.chapterId, list);
  }
  return map;
}

async function loadDetail(deps: ChaptersDeps, db: Executor, chapterId: number): Promise<TChapterDetail> {
  const row = await repo.findChapter(db, chapterId);
  if (!row) throw notFound();
  const [teams, pages] = await Promise.all([
    repo.collaboratingTeamsOf(db, [chapterId]),
    repo.pagesOf(db, chapterId),
  ]);
  return {
    ...toChapter(row, groupTeams(teams).get(chapterId) ?? []),
    pages: pages.map((p) => toPage(deps, p)),
  };
}

// ── Helpers ───────────────────────────────────────────────────────────────────

/** The chapter (404 when missing) and the caller's access to its comic (404 when none). */
async function chapterAccess(
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
 * and collaborator changes take), with access and the chapter re-read under it.
 */
async function inChapterTx<T>(
  deps: ChaptersDeps,
  user: SessionUser,
  chapterId: number,
  fn: (tx: Executor, row: repo.ChapterListRow, access: ComicAccess) => Promise<T>,
): Promise<T> {
  const { row } = await chapterAccess(deps.db, user, chapterId);
  return inComicTx(deps.db, user, row.chapter.comicId, "view", async (tx, access) => {
    const locked = await repo.findChapter(tx, chapterId, { lock: true });
    // Gone, or moved to another comic by a merge in the meantime.
    if (!locked || locked.chapter.comicId !== row.chapter.comicId) throw notFound();
    return fn(tx, locked, access);
  });
}

function chapterAudit(
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
function ownedObject(url: string): boolean {
  return url.startsWith("comics/") && isValidKey(url);
}

/** Removes page objects with their thumbnails (`<key>.thumb.webp`, whether made yet or not). */
async function removeObjects(deps: ChaptersDeps, pageKeys: string[]): Promise<void> {
  for (const key of pageKeys.filter(ownedObject).flatMap((k) => [k, thumbKeyOf(k)])) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, "could not delete a chapter page object");
    }
  }
}

async function checkTeamIds(db: Executor, input: Record<string, number[]>): Promise<void> {
  const all = [...new Set(Object.values(input).flat())];
  const found = await repo.existingTeamIds(db, all);
  for (const [field, ids] of Object.entries(input)) {
    if (ids.some((id) => !found.has(id))) throw fieldError([field], "chapters.teamNotFound");
  }
}

async function checkOrderFree(
  db: Executor,
  input: { comicId: number; teamId: number; order: number; exceptId?: number },
): Promise<void> {
  const same = await repo.findSameOrder(db, input);
  if (same) {
    throw new AppError("CONFLICT", "chapters.orderTaken", { params: { order: input.order, id: same.id } });
  }
}

/** Every saved page's object must exist before readers may see the chapter. */
async function checkPagesStored(deps: ChaptersDeps, pages: repo.PageRow[]): Promise<void> {
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

function editorValues(
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
function auditView(c: repo.ChapterRow, collaborating: number[]) {
  return {
    comicId: c.comicId,
    name: c.name,
    order: c.order,
    volume: c.volume,
    hideOrder: c.hideOrder,
    hideDefaultOrder: c.hideDefaultOrder,
    hidden: c.hidden,
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
      teamId = access.uploadTeams[0]?.id ?? access.comic.teamId;
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
  const removedUrls = await inChapterTx(deps, user, chapterId, async (tx, row) => {
    const before = row.chapter;
    // Under the row lock: a save based on an older version never overwrites a newer one.
    if (input.version !== undefined && input.version !== before.version)
      throw new AppError("VERSION_CONFLICT");
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
    if (status === "published") {
      if (input.publishAt !== null) publishedAt = new Date(input.publishAt);
      else if (wasPublished && before.publishedAt && before.publishedAt.getTime() <= now)
        publishedAt = before.publishedAt;
      else publishedAt = new Date(now);
      if (saved.length === 0) throw fieldError(["pages"], "validation.pagesRequired");
      if (!wasPublished || pagesChanged) await checkPagesStored(deps, saved);
    }

    const values = { ...editorValues(input), status, publishedAt };
    await repo.updateChapter(tx, chapterId, values);
    await repo.setCollaboratingTeams(tx, chapterId, input.collaboratingTeamIds);

    const after = { ...before, ...values };
    const diff = changedFields(auditView(before, beforeTeams), auditView(after, input.collaboratingTeamIds));
    if (diff) await chapterAudit(tx, user, before, "update", diff);
    if (pagesChanged) {
      await chapterAudit(tx, user, before, "reorder_pages", {
        before: { pages: pages.filter((p) => !p.staged).map((p) => p.id) },
        after: { pages: saved.map((p) => p.id), removed: removed.map((p) => p.id) },
      });
    }
    if (status !== before.status) {
      await chapterAudit(tx, user, before, status === "published" ? "publish" : "unpublish", {
        after: { publishedAt: ms(publishedAt), pageCount: saved.length },
      });
    }
    return removed.map((p) => p.url);
  });
  await removeObjects(deps, removedUrls);
  return loadDetail(deps, deps.db, chapterId);
}

/** Moves the chapter to the trash: gone from every list and reader call at once, restorable for 30 days. */
export async function deleteChapter(deps: ChaptersDeps, user: SessionUser, chapterId: number): Promise<void> {
  await inChapterTx(deps, user, chapterId, async (tx, row) => {
    const teams = (await repo.collaboratingTeamsOf(tx, [chapterId])).map((t) => t.id);
    await repo.trashChapter(tx, chapterId, user.id);
    await chapterAudit(tx, user, row.chapter, "delete", { before: auditView(row.chapter, teams) });
  });
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

// ── Pages ─────────────────────────────────────────────────────────────────────

export interface IncomingPage {
  image: CheckedImage;
  /** The storage key it was stored under. */
  url: string;
}

export interface PageUploadInput {
  pages: IncomingPage[];
  keys: (string | null)[];
  clientIds: (string | null)[];
}

/** A scramble key as the readers decode it; else 422 'errors.image.<code>' on `field`. */
export function checkScrambleKey(key: string, field: (string | number)[]): void {
  try {
    decodeKey(key);
  } catch (error) {
    if (error instanceof ScrambleError) throw fieldError(field, `errors.image.${error.code}`);
    throw error;
  }
}

/** What authorizePageUpload checked: the chapter and the comic it belongs to. */
export type PageUploadGrant = { chapterId: number; comicId: number };

/**
 * The one access check of an upload request, made BEFORE its body is read (404 when not
 * reachable), so a foreign request is refused without reading or decoding its files.
 */
export async function authorizePageUpload(
  deps: ChaptersDeps,
  user: SessionUser,
  chapterId: number,
): Promise<PageUploadGrant> {
  const { row } = await chapterAccess(deps.db, user, chapterId);
  return { chapterId, comicId: row.chapter.comicId };
}

/**
 * Runs an upload's write in one transaction with the chapter and its comic locked by one statement
 * (the lock merge and collaborator changes take). Access is not checked again: authorizePageUpload
 * did that once for the request (issue 13: the second check cost ~6 queries per request). A chapter
 * trashed or moved by a merge meanwhile is 404, as before.
 */
function inUploadTx<T>(
  deps: ChaptersDeps,
  grant: PageUploadGrant,
  fn: (tx: Executor, chapter: repo.ChapterRow) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const chapter = await repo.lockChapterOnComic(tx, grant.chapterId, grant.comicId);
    if (!chapter) throw notFound();
    return fn(tx, chapter);
  });
}

/**
 * Records pages already stored by the route (each checked by content first) as staged pages of the
 * chapter, in upload order. A clientId already on the chapter answers the existing page and the
 * new object is removed. On failure the caller removes every object it stored.
 */
export async function addPages(
  deps: ChaptersDeps,
  user: SessionUser,
  grant: PageUploadGrant,
  input: PageUploadInput,
): Promise<(TChapterPage & { id: number; duplicate: boolean })[]> {
  const { chapterId } = grant;
  if (input.keys.length > input.pages.length) throw fieldError(["keys"], "validation.invalid");
  if (input.clientIds.length > input.pages.length) throw fieldError(["clientIds"], "validation.invalid");
  input.keys.forEach((k, i) => {
    if (k) checkScrambleKey(k, ["keys", i]);
  });
  const { result, unused } = await inUploadTx(deps, grant, async (tx, chapter) => {
    const existing = await repo.pagesOf(tx, chapterId);
    const byClient = new Map(existing.filter((p) => p.clientId).map((p) => [p.clientId!, p]));
    let position = existing.reduce((next, p) => Math.max(next, p.position + 1), 0);
    type Slot = { existing: repo.PageRow; duplicate: true } | { url: string; duplicate: boolean };
    const plan: Slot[] = [];
    const values: Parameters<typeof repo.insertPages>[1] = [];
    const firstUrlOfClient = new Map<string, string>();
    const unusedUrls: string[] = [];
    input.pages.forEach((p, index) => {
      const clientId = input.clientIds[index] ?? null;
      const dup = clientId ? byClient.get(clientId) : undefined;
      if (dup) {
        plan.push({ existing: dup, duplicate: true });
        unusedUrls.push(p.url);
        return;
      }
      const first = clientId ? firstUrlOfClient.get(clientId) : undefined;
      if (first) {
        // The same file twice in one request: keep the first copy.
        plan.push({ url: first, duplicate: true });
        unusedUrls.push(p.url);
        return;
      }
      if (clientId) firstUrlOfClient.set(clientId, p.url);
      values.push({
        chapterId,
        position: position++,
        staged: true,
        url: p.url,
        scrambleKey: input.keys[index] ?? null,
        width: p.image.width,
        height: p.image.height,
        size: p.image.bytes.length,
        mime: p.image.mime,
        clientId,
        createdBy: user.id,
      });
      plan.push({ url: p.url, duplicate: false });
    });
    const inserted = await repo.insertPages(tx, values);
    const byUrl = new Map(inserted.map((p) => [p.url, p]));
    const pages = plan.map((s) =>
      "existing" in s
        ? { page: s.existing, duplicate: true }
        : { page: byUrl.get(s.url)!, duplicate: s.duplicate },
    );
    if (inserted.length > 0) {
      await chapterAudit(tx, user, chapter, "upload_pages", {
        after: { pages: inserted.map((p) => ({ id: p.id, url: p.url, key: p.scrambleKey })) },
      });
    }
    return { result: pages, unused: unusedUrls };
  });
  await removeObjects(deps, unused);
  return result.map((r) => ({ ...toPage(deps, r.page), duplicate: r.duplicate }));
}

/** Replaces one page's image (already stored by the route under `url`); the old object goes after the commit. */
export async function replacePage(
  deps: ChaptersDeps,
  user: SessionUser,
  grant: PageUploadGrant,
  input: { pageId: number; url: string; image: CheckedImage; key?: string; clientId?: string },
): Promise<TChapterPage & { id: number }> {
  if (input.key) checkScrambleKey(input.key, ["key"]);
  const { chapterId } = grant;
  const { page, old } = await inUploadTx(deps, grant, async (tx, chapter) => {
    const pages = await repo.pagesOf(tx, chapterId);
    const current = pages.find((p) => p.id === input.pageId);
    if (!current) throw fieldError(["pageId"], "chapters.pageNotFound");
    // The client id names one source file per chapter (unique index): another page holding it is a 422, not a 500.
    if (input.clientId && pages.some((p) => p.id !== current.id && p.clientId === input.clientId))
      throw fieldError(["clientId"], "chapters.clientIdTaken");
    const updated = await repo.updatePage(tx, input.pageId, {
      url: input.url,
      scrambleKey: input.key ?? null,
      thumb: null,
      width: input.image.width,
      height: input.image.height,
      size: input.image.bytes.length,
      mime: input.image.mime,
      ...(input.clientId === undefined ? {} : { clientId: input.clientId }),
    });
    await repo.updateChapter(tx, chapterId, {});
    await chapterAudit(tx, user, chapter, "replace_page", {
      before: { pageId: current.id, url: current.url, key: current.scrambleKey },
      after: { pageId: updated.id, url: updated.url, key: updated.scrambleKey },
    });
    return { page: updated, old: current.url };
  });
  await removeObjects(deps, [old]);
  return toPage(deps, page);
}

/**
 * Stores one checked page image under `comics/`. A scrambled page named by the browser per spec §9
 * (`{10-char id}_{ratio with L}`) keeps that name as the key's last segment
 * (`comics/yyyy/mm/<random>/<name>.jpg`): the platform's readers take the aspect ratio from it.
 */
export function storePage(deps: ChaptersDeps, image: CheckedImage): Promise<string> {
  const name = scrambledNameOf(image.filename) ?? undefined;
  return deps.storage.put(image.bytes, { prefix: "comics", ext: image.ext, contentType: image.mime, name });
}

/** Removes objects stored for a request that then failed. */
export function discardStored(deps: ChaptersDeps, urls: string[]): Promise<void> {
  return removeObjects(deps, urls);
}
