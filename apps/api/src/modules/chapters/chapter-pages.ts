import { MAX_PAGES_PER_UPLOAD, PAGE_MAX_BYTES } from "@vt/shared/constants";
import type { TChapterPage } from "@vt/shared/contracts/chapter-pages";
import { decodeKey, ScrambleError, scrambledNameOf } from "@vt/shared/scramble";
import type { SessionUser } from "../../auth/session";
import type { Executor } from "../../db/executor";
import { fieldError } from "../../lib/app-error";
import { writeAuditExtending } from "../../lib/audit";
import { decodeSlots } from "../../lib/decode-slots";
import type { CheckedImage } from "../../lib/image-gate";
import { FINGERPRINT_VERSION, fingerprintScrambled, type PageFingerprint } from "../../lib/page-fingerprint";
import {
  type ImageLimits,
  type ImageReader,
  presignImageUpload,
  runImageUpload,
  type TicketRequest,
  type UploadAccess,
} from "../../lib/upload-flow";
import { type ChaptersDeps, chapterAudit, notFound, removeObjects } from "./chapter-access";
import { toPage } from "./chapter-view";
import * as repo from "./chapters.repo";

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

/**
 * The fingerprint of a stored page (docs/page-checks.md): the gate's, or for a scrambled page the
 * one of its unscrambled picture (the gate saw the scrambled pixels). A scrambled page that cannot
 * be unscrambled (a height too short for the strips) stays unfingerprinted.
 */
async function pageFingerprint(
  image: CheckedImage,
  scrambleKey: string | null,
): Promise<PageFingerprint | null> {
  if (!scrambleKey) return image.fingerprint ?? null;
  try {
    return await decodeSlots.run(() => fingerprintScrambled(image.bytes, scrambleKey));
  } catch (error) {
    if (error instanceof ScrambleError) return null;
    throw error;
  }
}

/** The fingerprint columns of a page (`page_hash_bands` follows `dhash` by trigger). */
function fingerprintColumns(f: PageFingerprint | null) {
  return {
    dhash: f?.dhash ?? null,
    brightnessMean: f?.mean ?? null,
    brightnessStd: f?.std ?? null,
    fingerprintVersion: f ? FINGERPRINT_VERSION : null,
  };
}

/** The form of a pages upload: scramble keys and client ids aligned with the files. */
export interface PagesForm {
  keys?: (string | null)[];
  clientIds?: (string | null)[];
}

/** The form of a page replacement. */
export interface ReplacePageForm {
  pageId: number;
  key?: string;
  clientId?: string;
}

/** Who uploads pages: the user and the teams that came with the session (authorizePageUpload). */
export interface PageUploader {
  user: SessionUser;
  teams: readonly { id: number }[];
}

const PAGES_LIMITS: ImageLimits = { maxBytes: PAGE_MAX_BYTES, maxFiles: MAX_PAGES_PER_UPLOAD, page: true };
const PAGE_LIMITS: ImageLimits = { maxBytes: PAGE_MAX_BYTES, maxFiles: 1, page: true };

/** Who may upload a chapter's pages (or replace one), and how many at once: upload and presign. */
function pageAccess(deps: ChaptersDeps, caller: PageUploader, chapterId: number, limits: ImageLimits) {
  return {
    authorize: () => authorizePageUpload(deps, caller, chapterId),
    limits,
  } satisfies UploadAccess<unknown, PageUploadGrant>;
}

/** Pages that get a thumbnail: newly stored and not scrambled (a thumbnail would reveal them). */
function thumbnailable(pages: { id: number; key?: string | null; duplicate?: boolean }[]): number[] {
  return pages.filter((p) => !p.key && !p.duplicate).map((p) => p.id);
}

/**
 * `POST /chapters/:id/pages` and its direct pair: pages stored as staged pages of the chapter, in
 * upload order, through the one upload flow (lib/upload-flow.ts); their thumbnails queued.
 */
export function uploadPages(
  deps: ChaptersDeps,
  caller: PageUploader,
  chapterId: number,
  reader: ImageReader<PagesForm>,
): Promise<(TChapterPage & { id: number; duplicate: boolean })[]> {
  return runImageUpload(deps, reader, {
    ...pageAccess(deps, caller, chapterId, PAGES_LIMITS),
    store: (image) => storePage(deps, image),
    record: (stored, form, grant) =>
      addPages(deps, caller.user, grant, {
        pages: stored.map((s) => ({ image: s.image, url: s.key })),
        keys: form.keys ?? [],
        clientIds: form.clientIds ?? [],
      }),
    after: (pages) => queueThumbnails(deps, { pageIds: thumbnailable(pages) }),
  });
}

/**
 * `POST /chapters/:id/page` and its direct pair: one page's image replaced through the one upload
 * flow (lib/upload-flow.ts); the old object goes after the commit, the thumbnail is queued.
 */
export function replacePageImage(
  deps: ChaptersDeps,
  caller: PageUploader,
  chapterId: number,
  reader: ImageReader<ReplacePageForm>,
): Promise<TChapterPage & { id: number }> {
  return runImageUpload(deps, reader, {
    ...pageAccess(deps, caller, chapterId, PAGE_LIMITS),
    store: (image) => storePage(deps, image),
    record: ([page], form, grant) =>
      replacePage(deps, caller.user, grant, {
        pageId: form.pageId,
        ...(form.key ? { key: form.key } : {}),
        ...(form.clientId ? { clientId: form.clientId } : {}),
        url: page!.key,
        image: page!.image,
      }),
    after: (page) => queueThumbnails(deps, { pageIds: thumbnailable([page]) }),
  });
}

/** `POST /chapters/:id/pages/presign`: authorized as `uploadPages`, then one signed PUT per page. */
export function presignPages(
  deps: ChaptersDeps,
  caller: PageUploader,
  chapterId: number,
  tickets: TicketRequest<unknown>,
) {
  return presignImageUpload(tickets, pageAccess(deps, caller, chapterId, PAGES_LIMITS));
}

/** `POST /chapters/:id/page/presign`: authorized as `replacePageImage`, then one signed PUT. */
export function presignPageImage(
  deps: ChaptersDeps,
  caller: PageUploader,
  chapterId: number,
  tickets: TicketRequest<unknown>,
) {
  return presignImageUpload(tickets, pageAccess(deps, caller, chapterId, PAGE_LIMITS));
}

async function queueThumbnails(deps: ChaptersDeps, data: { pageIds: number[] }): Promise<void> {
  if (data.pageIds.length > 0) await deps.queueThumbnails?.(data);
}

/** What authorizePageUpload checked: the chapter and the comic it belongs to. */
export type PageUploadGrant = { chapterId: number; comicId: number };

/**
 * The one access check of an upload request, made BEFORE its body is read (404 when not
 * reachable), so a foreign request is refused without reading or decoding its files. One statement:
 * the caller's teams came with the session (an API token's narrowed to its team); a platform admin
 * may upload to any comic.
 */
export async function authorizePageUpload(
  deps: ChaptersDeps,
  caller: PageUploader,
  chapterId: number,
): Promise<PageUploadGrant> {
  const teamIds = caller.user.role === "admin" ? null : caller.teams.map((t) => t.id);
  const comicId = await repo.uploadTargetOf(deps.db, chapterId, teamIds);
  if (comicId === undefined) throw notFound();
  return { chapterId, comicId };
}

/**
 * Runs an upload's write in one transaction with the chapter and its comic locked by one statement
 * (the lock merge and collaborator changes take). Access is not checked again: authorizePageUpload
 * did that once for the request (the second check cost ~6 queries per request:
 * docs/architecture.md, "Round trips and budgets"). A chapter trashed or moved by a merge meanwhile
 * is 404, as before.
 */
export function inUploadTx<T>(
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
 * Records pages already stored by the upload flow (each checked by content first) as staged pages
 * of the chapter, in upload order. A clientId already on the chapter answers the existing page and
 * the new object is removed. On failure the flow removes every object it stored.
 */
async function addPages(
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
  const prints: (PageFingerprint | null)[] = [];
  for (const [i, p] of input.pages.entries())
    prints.push(await pageFingerprint(p.image, input.keys[i] ?? null));
  const { result, unused } = await inUploadTx(deps, grant, async (tx, chapter) => {
    const clientIds = input.clientIds.filter((c): c is string => !!c);
    const existing = await repo.pagesForUpload(tx, chapterId, { clientIds });
    const byClient = new Map(existing.pages.map((p) => [p.clientId!, p]));
    let position = existing.next;
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
        ...fingerprintColumns(prints[index] ?? null),
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
      // One upload of N pages is one entry with N pages, however many requests carried it.
      await writeAuditExtending(
        tx,
        {
          actorId: user.id,
          teamId: chapter.teamId,
          entity: "chapter",
          entityId: chapter.id,
          action: "upload_pages",
          after: { pages: inserted.map((p) => ({ id: p.id, url: p.url, key: p.scrambleKey })) },
        },
        "pages",
      );
    }
    return { result: pages, unused: unusedUrls };
  });
  await removeObjects(deps, unused);
  return result.map((r) => ({ ...toPage(deps, r.page), duplicate: r.duplicate }));
}

/** Replaces one page's image (already stored by the upload flow under `url`); the old object goes after the commit. */
async function replacePage(
  deps: ChaptersDeps,
  user: SessionUser,
  grant: PageUploadGrant,
  input: { pageId: number; url: string; image: CheckedImage; key?: string; clientId?: string },
): Promise<TChapterPage & { id: number }> {
  if (input.key) checkScrambleKey(input.key, ["key"]);
  const print = await pageFingerprint(input.image, input.key ?? null);
  const { chapterId } = grant;
  const { page, old } = await inUploadTx(deps, grant, async (tx, chapter) => {
    const { pages } = await repo.pagesForUpload(tx, chapterId, {
      pageId: input.pageId,
      clientIds: input.clientId ? [input.clientId] : [],
    });
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
      ...fingerprintColumns(print),
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
 * Stores one checked page image under `comics/`. A scrambled page named by the browser
 * `{10-char id}_{ratio with L}` (docs/scramble-format.md, "Encoding and file name") keeps that
 * name as the key's last segment (`comics/yyyy/mm/<random>/<name>.jpg`): the platform's readers
 * take the aspect ratio from it.
 */
function storePage(deps: ChaptersDeps, image: CheckedImage): Promise<string> {
  const name = scrambledNameOf(image.filename) ?? undefined;
  return deps.storage.put(image.bytes, { prefix: "comics", ext: image.ext, contentType: image.mime, name });
}
