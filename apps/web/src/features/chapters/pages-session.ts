/**
 * The pages of one chapter being edited: stored pages (from the server) and local files on their way
 * (checked, processed in the image workers, uploaded to the chapter as staged pages), in reading
 * order. It lives outside React (one session per chapter id) so an upload keeps going when the
 * editor re-renders or remounts (e.g. the new-chapter form turning into /chapters/{id}).
 *
 * Never half-published: uploads only stage pages on the chapter; the editor saves the page list
 * (and publishes) only when `allStored()` holds. The clientIds of the files a run is still uploading
 * are remembered in localStorage, so a tab closed mid-upload reopens with "n files missing", and a
 * second drop of the same folder skips what is already stored.
 */
import { MAX_PAGES_PER_UPLOAD, PAGE_MAX_BYTES } from "@vt/shared/constants";
import type { TChapterDetail } from "@vt/shared/contracts/chapters";
import { naturalSort } from "@vt/shared/natural-sort";
import { UPLOAD_BATCH } from "@vt/shared/upload-batches";
import type { ValidationProblem } from "@vt/shared/validation-rules";
import { imageProblem } from "@/lib/image-file";
import { type PipelineRun, runPipeline } from "@/lib/images/pipeline";
import { getImagePool } from "@/lib/images/pool";
import type { PageState } from "@/lib/images/progress";
import { type PageUpload, replacePage, uploadPages } from "./api/upload-pages";
import { computeClientId, fileClientId, filePath } from "./file-client-id";
import { addPending, readPending, writePending } from "./pending-uploads";
import { splitTallFiles } from "./split-files";
import { createUploadBatcher } from "./upload-batcher";

export type StoredPage = TChapterDetail["pages"][number];

export type EditorPage = {
  /** Stable key for the grid and drag and drop. */
  uid: string;
  /** Server page id, once stored. */
  id?: number;
  /** What the thumbnail shows: the stored image, or the local file while it uploads. */
  thumb?: string;
  /** Absolute URL of the stored image (preview, download). */
  src?: string;
  url?: string;
  key?: string;
  name: string;
  clientId?: string | null;
  state: PageState;
  /** 0..1 over processing and upload. */
  progress: number;
  error?: unknown;
};

export type RejectedFile = { name: string; problem: ValidationProblem };

export type AddResult = { added: number; skipped: number; rejected: RejectedFile[] };

type Local = { file: File; run?: PipelineRun<StoredPage>; index?: number; replaceOf?: number };

/** How late a change of progress alone may reach the screen (see `PagesSession.set`). */
const PROGRESS_NOTIFY_MS = 150;

let uidCounter = 0;
const newUid = () => `local-${++uidCounter}`;

export class PagesSession {
  readonly chapterId: number;
  private pages: EditorPage[] = [];
  private readonly locals = new Map<string, Local>();
  private readonly listeners = new Set<() => void>();
  /** Local changes not saved yet (order, removals, uploads): server answers then do not replace the list. */
  private dirty = false;
  scramble = false;
  /** Split pages taller than 3000 px (at 1500 px wide) into several before upload (./split-files.ts). */
  splitTallStrips = false;
  /** Every upload of this chapter goes through it: several pages per request (./upload-batcher.ts). */
  private readonly upload = createUploadBatcher<PageUpload, StoredPage>(
    async (pages, signal, onProgress) =>
      (await uploadPages(this.chapterId, pages, signal, (p) => onProgress(p.loaded, p.total))).pages,
    (page) => page.blob.size,
  );

  constructor(chapterId: number) {
    this.chapterId = chapterId;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): readonly EditorPage[] => this.pages;

  /** A progress-only change waiting to be told to the listeners (see `set`). */
  private progressTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Replaces the pages and tells the listeners: at once, or for a change of progress alone
   * (`progressOnly`), within PROGRESS_NOTIFY_MS together with any other: upload progress arrives
   * many times a second per request and each tell re-renders the chapter editor, which on a
   * 50-page drop took the main thread from the pages' own work.
   */
  private set(pages: EditorPage[], progressOnly = false) {
    this.pages = pages;
    if (progressOnly) {
      this.progressTimer ??= setTimeout(() => this.notify(), PROGRESS_NOTIFY_MS);
      return;
    }
    this.notify();
  }

  private notify() {
    clearTimeout(this.progressTimer);
    this.progressTimer = undefined;
    for (const l of this.listeners) l();
  }

  private patch(uid: string, patch: Partial<EditorPage>, progressOnly = false) {
    this.set(
      this.pages.map((p) => (p.uid === uid ? { ...p, ...patch } : p)),
      progressOnly,
    );
  }

  /**
   * Takes the server's pages (saved ones in order, then staged uploads) unless the user has changed
   * the list since the last save: a refetch (e.g. after a cached copy was shown) must not undo them.
   */
  load(detail: TChapterDetail, force = false) {
    if (this.dirty && !force) return;
    // Pages already on screen keep their tile (uid) and their local picture.
    const shown = new Map(this.pages.filter((p) => p.id !== undefined).map((p) => [p.id, p]));
    const stored = detail.pages.map((p) => {
      const page = this.fromStored(p);
      const before = shown.get(p.id);
      return before
        ? { ...page, uid: before.uid, thumb: before.thumb ?? page.thumb, name: before.name }
        : page;
    });
    const localOnly = force ? this.pages.filter((p) => p.id === undefined) : [];
    this.dirty = localOnly.length > 0;
    this.set([...stored, ...localOnly]);
  }

  private fromStored(p: StoredPage): EditorPage {
    return {
      uid: `page-${p.id}`,
      id: p.id,
      thumb: p.thumbSrc ?? p.src ?? p.url,
      src: p.src ?? p.url,
      url: p.url,
      key: p.key,
      // A page stored without its file name is known by its place only, never by an id ("#12").
      name: p.clientId?.split("|")[0] ?? "",
      clientId: p.clientId ?? null,
      state: "done",
      progress: 1,
    };
  }

  allStored(): boolean {
    return this.pages.every((p) => p.state === "done" && p.id !== undefined);
  }

  busy(): boolean {
    return this.pages.some(
      (p) => p.state === "queued" || p.state === "processing" || p.state === "uploading",
    );
  }

  /** ClientIds a previous visit was uploading that are not stored yet. */
  missingFromLastVisit(): number {
    const pending = readPending(this.chapterId);
    const stored = new Set(this.pages.map((p) => p.clientId).filter(Boolean));
    return pending.filter((id) => !stored.has(id)).length;
  }

  /**
   * Checks the files (image by content, 7 MB, the page count), skips those already stored (same
   * clientId), sorts the rest by natural file-name order and starts processing + uploading them.
   */
  async add(files: readonly File[]): Promise<AddResult> {
    const rejected: RejectedFile[] = [];
    const known = new Set(this.pages.map((p) => p.clientId).filter(Boolean));
    let skipped = 0;
    const accepted: File[] = [];
    const sorted = naturalSort(files, filePath);
    const checked = this.splitTallStrips ? await splitTallFiles(sorted, getImagePool(), filePath) : sorted;
    // The first pages (one per image worker) start as soon as they are checked, so the workers and
    // then the uplink are busy while the rest are read and hashed; the rest start together after.
    const early = getImagePool().concurrency;
    let started = 0;
    for (const file of checked) {
      const problem = await imageProblem(file, PAGE_MAX_BYTES);
      if (problem) rejected.push({ name: filePath(file), problem });
      else if (known.has(await computeClientId(file))) skipped++;
      else accepted.push(file);
      if (started === 0 && accepted.length === early && this.pages.length + early <= MAX_PAGES_PER_UPLOAD) {
        this.start(accepted.slice(0, early));
        started = early;
      }
    }
    // The page count is checked against the list as it is now (the first pages are on it already).
    const room = started + Math.max(0, MAX_PAGES_PER_UPLOAD - this.pages.length);
    if (accepted.length > room) {
      for (const file of accepted.splice(room)) {
        rejected.push({
          name: filePath(file),
          problem: { key: "validation.tooManyFiles", params: { max: MAX_PAGES_PER_UPLOAD } },
        });
      }
    }
    if (accepted.length > started) this.start(accepted.slice(started));
    return { added: accepted.length, skipped, rejected };
  }

  private start(files: File[]) {
    this.dirty = true;
    const entries = files.map((file) => ({ uid: newUid(), file }));
    for (const e of entries) this.locals.set(e.uid, { file: e.file });
    this.set([
      ...this.pages,
      ...entries.map(
        (e): EditorPage => ({
          uid: e.uid,
          thumb: URL.createObjectURL(e.file),
          name: filePath(e.file),
          clientId: fileClientId(e.file),
          state: "queued",
          progress: 0,
        }),
      ),
    ]);
    addPending(
      this.chapterId,
      files.map((f) => fileClientId(f)),
    );
    const run = runPipeline<StoredPage>(
      entries.map((e) => e.file),
      {
        scramble: this.scramble,
        // Enough pages handed over at once to fill every request slot with a full batch.
        uploadConcurrency: UPLOAD_BATCH.maxPages * UPLOAD_BATCH.requestsAtOnce,
        upload: (page, index, signal, onProgress) => {
          const file = entries[index]!.file;
          const upload: PageUpload = {
            blob: page.blob,
            name: page.name,
            key: page.key,
            clientId: fileClientId(file),
          };
          return this.upload(upload, signal, onProgress);
        },
        onProgress: (progress) => {
          for (const f of progress.files) {
            const uid = entries[f.index]?.uid;
            if (!uid) continue;
            const fraction =
              f.state === "done"
                ? 1
                : f.state === "uploading"
                  ? 0.5 + f.uploadProgress / 2
                  : f.processProgress / 2;
            const current = this.pages.find((p) => p.uid === uid);
            if (!current) continue;
            if (current.state !== f.state) this.onFile(uid, f.state, fraction, f.result, f.error);
            else if (Math.abs(current.progress - fraction) > 0.01)
              this.patch(uid, { progress: fraction }, true);
          }
        },
      },
    );
    entries.forEach((e, index) => {
      const local = this.locals.get(e.uid);
      if (local) Object.assign(local, { run, index });
    });
    void run.idle().then(() => this.prunePending());
  }

  private onFile(uid: string, state: PageState, progress: number, stored?: StoredPage, error?: unknown) {
    if (state === "done" && stored) {
      const page = this.pages.find((p) => p.uid === uid);
      // A duplicate answered by the server (the same clientId stored meanwhile) must not appear twice.
      const dup = this.pages.some((p) => p.id === stored.id && p.uid !== uid);
      if (dup) {
        this.set(this.pages.filter((p) => p.uid !== uid));
        return;
      }
      this.patch(uid, {
        id: stored.id,
        src: stored.src ?? stored.url,
        url: stored.url,
        key: stored.key,
        thumb: page?.thumb ?? stored.thumbSrc ?? stored.src,
        state,
        progress: 1,
        error: undefined,
      });
      return;
    }
    this.patch(uid, { state, progress, error: state === "error" ? error : undefined });
  }

  retry(uid: string) {
    const local = this.locals.get(uid);
    if (!local?.run || local.index === undefined) return;
    void local.run.retry(local.index);
  }

  retryAll() {
    for (const p of this.pages) if (p.state === "error") this.retry(p.uid);
  }

  remove(uids: readonly string[]) {
    const drop = new Set(uids);
    this.dirty = true;
    for (const uid of uids) {
      const local = this.locals.get(uid);
      if (local?.run && local.index !== undefined) local.run.cancel(local.index);
      this.locals.delete(uid);
    }
    this.set(this.pages.filter((p) => !drop.has(p.uid)));
  }

  move(from: number, to: number) {
    if (from === to || from < 0 || to < 0 || from >= this.pages.length || to >= this.pages.length) return;
    this.dirty = true;
    const next = [...this.pages];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    this.set(next);
  }

  sortByName() {
    this.dirty = true;
    this.set(naturalSort(this.pages, (p) => p.name));
  }

  /** Replaces one stored page's image (same position); processed like any upload. */
  async replace(uid: string, file: File): Promise<ValidationProblem | null> {
    const target = this.pages.find((p) => p.uid === uid);
    if (!target?.id) return null;
    const problem = await imageProblem(file, PAGE_MAX_BYTES);
    if (problem) return problem;
    await computeClientId(file);
    const pageId = target.id;
    this.patch(uid, { state: "queued", progress: 0, thumb: URL.createObjectURL(file), name: filePath(file) });
    const run = runPipeline<StoredPage>([file], {
      scramble: this.scramble,
      upload: (page, _index, signal) =>
        replacePage(
          this.chapterId,
          pageId,
          { blob: page.blob, name: page.name, key: page.key, clientId: fileClientId(file) },
          signal,
        ),
      onFileChange: (f) => {
        const fraction = f.state === "done" ? 1 : f.state === "uploading" ? 0.75 : f.processProgress / 2;
        this.onFile(uid, f.state, fraction, f.result, f.error);
      },
    });
    this.locals.set(uid, { file, run, index: 0, replaceOf: pageId });
    return null;
  }

  /** True when the pages differ from the server's list (added, removed, moved) and are not saved. */
  hasChanges(): boolean {
    return this.dirty;
  }

  /** Stored pages in reading order (the body of the PUT). */
  pageIds(): number[] {
    return this.pages.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  }

  /** After a save: the server's list is the truth again. */
  saved(detail: TChapterDetail) {
    this.load(detail, true);
    this.prunePending();
  }

  private prunePending() {
    const stored = new Set(this.pages.filter((p) => p.state === "done").map((p) => p.clientId));
    writePending(
      this.chapterId,
      readPending(this.chapterId).filter((id) => !stored.has(id)),
    );
  }
}

const sessions = new Map<number, PagesSession>();

/** The session of a chapter (created on first use; it outlives the editor component). */
export function pagesSession(chapterId: number): PagesSession {
  let s = sessions.get(chapterId);
  if (!s) {
    s = new PagesSession(chapterId);
    sessions.set(chapterId, s);
  }
  return s;
}

/** Forgets a chapter's session (after deleting the chapter). */
export function dropPagesSession(chapterId: number) {
  sessions.delete(chapterId);
  writePending(chapterId, []);
}
