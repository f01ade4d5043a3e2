/**
 * Runs a bulk import once the preview is accepted (docs/bulk-import.md): every kept chapter, two at
 * a time, is created as a draft (or its draft resumed, `findResumeDraft`), its pages go through the
 * chapter editor's own pipeline (`PagesSession`: checks, resize/scramble in the image workers,
 * batched uploads with clientIds, stored pages skipped), then its page order is saved. Only when
 * every chapter is complete are they published, or scheduled a fixed interval apart
 * (`publishDates`); before that the stored chapters' page checks are read (made by the server from
 * the decode it runs on every page anyway, docs/page-checks.md) and, when any is left unresolved,
 * the run asks once: publish anyway or keep the drafts. It lives outside React, so closing the
 * dialog does not stop it.
 */
import { ArchiveRefusal } from "@vt/shared/archive-safety";
import type { TChapter, TChapterDetail } from "@vt/shared/contracts/chapters";
import {
  chapterEditorFields,
  findResumeDraft,
  type PublishMode,
  publishDates,
  storedPageOrder,
} from "@vt/shared/import-plan";
import type { ValidationProblem } from "@vt/shared/validation-rules";
import { describeError } from "@/lib/error-toast";
import { i18n } from "@/lib/i18n";
import { imageErrorI18nKey } from "@/lib/images/errors";
import { getImagePool } from "@/lib/images/pool";
import { createChapter } from "../api/create-chapter";
import { getChapter } from "../api/get-chapter";
import { getPageChecks } from "../api/get-page-checks";
import { updateChapter } from "../api/update-chapter";
import { fileClientId, filePath } from "../file-client-id";
import { type PagesSession, pagesSession } from "../pages-session";
import { splitTallFiles } from "../split-files";
import type { ImportChapter, ImportSource } from "./import-source";

/** Chapters imported at once. */
export const CHAPTERS_AT_ONCE = 2;

export type ChapterRunStatus =
  | "waiting"
  | "reading"
  | "uploading"
  | "saving"
  | "stored"
  | "error"
  | "published"
  | "scheduled";

export type ChapterRun = {
  key: string;
  status: ChapterRunStatus;
  /** Pages stored / pages of the chapter, after tall-strip splitting (0 / 0 until read). */
  done: number;
  total: number;
  chapterId?: number;
  resumed?: boolean;
  publishAt?: number | null;
  error?: string;
  /** Page-check findings not kept, read once the chapter is stored and before publishing. */
  warnings?: number;
};

/** `review`: every chapter is stored and some have page-check findings; publish anyway or keep drafts. */
export type RunPhase = "running" | "reviewing" | "review" | "publishing" | "done" | "failed";

export type RunSnapshot = { phase: RunPhase; chapters: readonly ChapterRun[]; error?: string };

export type RunChapterInput = {
  key: string;
  source: ImportChapter;
  order: number;
  volume: number | null;
  title: string;
};

export type ImportRunOptions = {
  comicId: number;
  source: ImportSource;
  rows: readonly RunChapterInput[];
  /** The comic's chapters of the importing teams (drafts are resumed by order). */
  teamChapters: readonly TChapter[];
  scramble: boolean;
  /** Split pages taller than 3000 px (at 1500 px wide), as the chapter editor's page drop does. */
  splitTallStrips?: boolean;
  publish: PublishMode;
  /** After each write (refresh the chapter list). */
  onWritten?: () => void;
};

/** A page file refused by the editor's checks (not an image, too large, too many pages). */
class PageProblem extends Error {
  constructor(
    readonly file: string,
    readonly problem: ValidationProblem,
  ) {
    super(problem.key);
  }
}

/** Keys built at run time (refusal codes, validation problems). */
const translate = (key: string, params?: Record<string, unknown>) =>
  (i18n.t as unknown as (k: string, p?: Record<string, unknown>) => string)(key, params);

/** A translated sentence for anything that stops a chapter. */
export function describeImportError(error: unknown): string {
  if (error instanceof ArchiveRefusal) return translate(error.i18nKey, error.params);
  if (error instanceof PageProblem)
    return `${error.file}: ${translate(error.problem.key, error.problem.params)}`;
  const key = imageErrorI18nKey(error);
  if (key !== "errors.generic") return translate(key);
  return describeError(error);
}

const UNFINISHED_KEY = (comicId: number) => `vt-bulk-import:${comicId}`;

/** The name of a drop whose import was started on this comic and not finished (closed tab). */
export function unfinishedImport(comicId: number): string | null {
  try {
    return window.localStorage.getItem(UNFINISHED_KEY(comicId));
  } catch {
    return null;
  }
}

function rememberUnfinished(comicId: number, name: string | null) {
  try {
    if (name === null) window.localStorage.removeItem(UNFINISHED_KEY(comicId));
    else window.localStorage.setItem(UNFINISHED_KEY(comicId), name);
  } catch {
    // private mode: resuming still works by dropping the same files again
  }
}

/** Resolves once the session has nothing queued, processing or uploading. */
function settled(session: PagesSession, onChange: () => void): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      onChange();
      if (!session.busy()) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = session.subscribe(check);
    check();
  });
}

export class ImportRun {
  private state: RunSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly details = new Map<string, TChapterDetail>();
  private readonly sessions = new Map<string, PagesSession>();

  constructor(private readonly options: ImportRunOptions) {
    this.state = {
      phase: "running",
      chapters: options.rows.map((r) => ({ key: r.key, status: "waiting", done: 0, total: 0 })),
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): RunSnapshot => this.state;

  /** The comic the chapters are imported into. */
  get comicId(): number {
    return this.options.comicId;
  }

  private set(next: Partial<RunSnapshot>) {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  private patch(key: string, patch: Partial<ChapterRun>) {
    this.set({ chapters: this.state.chapters.map((c) => (c.key === key ? { ...c, ...patch } : c)) });
  }

  /** Imports every chapter not stored yet (all of them the first time; the failed ones on a retry). */
  async start(): Promise<void> {
    rememberUnfinished(this.options.comicId, this.options.source.name);
    this.set({ phase: "running", error: undefined });
    const todo = this.options.rows.filter((r) => !this.details.has(r.key));
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const row = todo[next++]!;
        try {
          await this.runChapter(row);
        } catch (error) {
          this.patch(row.key, { status: "error", error: describeImportError(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CHAPTERS_AT_ONCE, todo.length) }, worker));
    if (this.state.chapters.some((c) => c.status === "error")) {
      this.set({ phase: "failed" });
      return;
    }
    if (await this.hasWarnings()) {
      this.set({ phase: "review" });
      return;
    }
    await this.finish(true);
  }

  /** The answer to the review: publish (or schedule) as chosen, or leave every chapter a draft. */
  async finish(publish: boolean): Promise<void> {
    try {
      if (publish) await this.publishAll();
      rememberUnfinished(this.options.comicId, null);
      this.set({ phase: "done" });
    } catch (error) {
      this.set({ phase: "failed", error: describeImportError(error) });
    }
  }

  /**
   * Whether a chapter about to be published has page-check findings not kept (docs/page-checks.md).
   * Drafts are not asked about. The checks are advice, as in the chapter editor: one that cannot be
   * read counts as nothing found and never stops the publish.
   */
  private async hasWarnings(): Promise<boolean> {
    if (this.options.publish.kind === "draft") return false;
    this.set({ phase: "reviewing" });
    for (const row of this.options.rows) {
      const detail = this.details.get(row.key);
      if (detail?.status !== "draft") continue;
      const warnings = await getPageChecks(detail.id).then(
        (checks) => checks.findings.filter((f) => !f.kept).length,
        () => 0,
      );
      this.patch(row.key, { warnings });
    }
    return this.state.chapters.some((c) => (c.warnings ?? 0) > 0);
  }

  private async runChapter(row: RunChapterInput) {
    const { key } = row;
    this.patch(key, { status: "reading", error: undefined });
    const refs = await this.options.source.pagesOf(row.source);
    this.patch(key, { total: refs.length });
    const files: File[] = [];
    for (const ref of refs) files.push(await ref.file());

    let session = this.sessions.get(key);
    if (!session) {
      const resume = findResumeDraft(this.options.teamChapters, row.order);
      const detail = resume
        ? await getChapter(resume.id)
        : await createChapter({
            comicId: this.options.comicId,
            order: row.order,
            volume: row.volume,
            name: row.title,
            scrambled: this.options.scramble,
          });
      this.options.onWritten?.();
      session = pagesSession(detail.id);
      session.load(detail, true);
      session.scramble = detail.scrambled;
      this.sessions.set(key, session);
      this.patch(key, { chapterId: detail.id, resumed: Boolean(resume) });
    }
    this.patch(key, { status: "uploading" });
    const s = session;
    if (s.snapshot().some((p) => p.state === "error")) s.retryAll();
    // Split here, not in the session: the page order below is the order of the pieces, and the
    // progress counts pages as uploaded (the pieces of a strip, not the strip).
    const sources = this.options.splitTallStrips
      ? await splitTallFiles(files, getImagePool(), filePath)
      : files;
    this.patch(key, { total: sources.length });
    const progress = () => {
      const stored = s.snapshot().filter((p) => p.state === "done").length;
      this.patch(key, { done: Math.min(stored, sources.length) });
    };
    const added = await s.add(sources);
    const refused = added.rejected[0];
    if (refused) throw new PageProblem(refused.name, refused.problem);
    await settled(s, progress);
    const failed = s.snapshot().find((p) => p.state === "error");
    if (failed) throw failed.error ?? new Error(failed.name);

    const stored = s
      .snapshot()
      .flatMap((p) => (p.id === undefined ? [] : [{ id: p.id, clientId: p.clientId }]));
    const { ids, missing } = storedPageOrder(
      sources.map((f) => fileClientId(f)),
      stored,
    );
    if (missing.length > 0) throw new Error(filePath(sources[missing[0]!]!));
    this.patch(key, { status: "saving" });
    const fresh = await getChapter(s.chapterId);
    const saved = await updateChapter(s.chapterId, {
      ...chapterEditorFields(fresh),
      version: fresh.version,
      pages: ids.map((id) => ({ id: id! })),
    });
    s.saved(saved);
    this.details.set(key, saved);
    this.options.onWritten?.();
    this.patch(key, { status: "stored", done: sources.length });
  }

  /** Publishes (or schedules) every chapter, in the rows' order, once all are stored. */
  private async publishAll() {
    const { publish } = this.options;
    if (publish.kind === "draft") return;
    this.set({ phase: "publishing" });
    const chapters = this.options.rows.map((r) => this.details.get(r.key)!);
    const dates = publishDates(chapters, publish) ?? [];
    for (const [i, detail] of chapters.entries()) {
      const key = this.options.rows[i]!.key;
      if (detail.status !== "draft") continue;
      const done = await updateChapter(detail.id, {
        ...chapterEditorFields(detail),
        publishAt: dates[i] ?? null,
        version: detail.version,
        publish: true,
      });
      this.details.set(key, done);
      this.patch(key, {
        status: done.state === "scheduled" ? "scheduled" : "published",
        publishAt: done.publishAt,
      });
    }
    this.options.onWritten?.();
  }
}
