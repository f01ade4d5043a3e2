/**
 * The plan of a bulk import (docs/bulk-import.md): the editable preview rows, whether the import may
 * start, which draft a row resumes, which pages are already stored, the page order to save and the
 * publish dates. The dashboard's bulk import and `npm run upload` both follow these rules, so a drop
 * resumed by either continues the other's drafts the same way.
 *
 * Pure TypeScript: no DOM, no Node APIs.
 */
import {
  BLOCKING_IMPORT_WARNINGS,
  type ExistingChapterRef,
  type ImportWarning,
  importWarnings,
  staggeredSchedule,
} from "./chapter-import";
import { CHAPTER_ORDER_ONESHOT } from "./constants";
import { chapterHeading, type TChapter, type TChapterDetail } from "./contracts/chapters";

/** One row of the preview table, as the user edits it. */
export type ImportPlanRow = {
  /** Stable key (the source folder or archive path). */
  key: string;
  sourceName: string;
  order: number | null;
  volume: number | null;
  title: string;
  pageCount: number;
  skip: boolean;
};

export type PlannedRow = ImportPlanRow & { warnings: ImportWarning[]; blocked: boolean };

/** The comic's chapters of the importing teams, as the warnings need them. */
export function existingRefs(chapters: readonly Pick<TChapter, "order" | "status">[]): ExistingChapterRef[] {
  return chapters.map((c) => ({ order: c.order, draft: c.status === "draft" }));
}

/** Rows with their warnings; `blocked` rows stop the import until they are changed or skipped. */
export function planRows(
  rows: readonly ImportPlanRow[],
  existing: readonly ExistingChapterRef[],
): PlannedRow[] {
  const warnings = importWarnings(rows, existing);
  return rows.map((row, i) => {
    const w = warnings[i]!;
    return { ...row, warnings: w, blocked: w.some((x) => BLOCKING_IMPORT_WARNINGS.includes(x)) };
  });
}

/** The import may start: at least one row kept, and no kept row blocked. */
export function canStartImport(rows: readonly PlannedRow[]): boolean {
  const kept = rows.filter((r) => !r.skip);
  return kept.length > 0 && kept.every((r) => !r.blocked);
}

/**
 * Reads an order typed in the preview table: "12", "12.5", "oneshot" (any case) or -1; null for
 * anything else (the row keeps its `noOrder` warning).
 */
export function parseOrderInput(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t === "") return null;
  if (/^one[\s-]?shot$/.test(t) || t === String(CHAPTER_ORDER_ONESHOT)) return CHAPTER_ORDER_ONESHOT;
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Reads a volume typed in the preview table: empty is none, else a whole or decimal number ≥ 0. */
export function parseVolumeInput(text: string): number | null | "invalid" {
  const t = text.trim();
  if (t === "") return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : "invalid";
}

/** The draft a row continues: a chapter of the importing team with the same order, still a draft. */
export function findResumeDraft<C extends Pick<TChapter, "order" | "status">>(
  chapters: readonly C[],
  order: number,
): C | undefined {
  return chapters.find((c) => c.order === order && c.status === "draft");
}

/**
 * The page ids of a chapter in the order of its source files, from the pages stored on the draft
 * (saved or staged) matched by clientId; `missing` lists the source indexes still to upload.
 */
export function storedPageOrder(
  sourceClientIds: readonly string[],
  stored: readonly { id: number; clientId?: string | null }[],
): { ids: (number | undefined)[]; missing: number[] } {
  const byClientId = new Map<string, number>();
  for (const p of stored) if (p.clientId) byClientId.set(p.clientId, p.id);
  const ids = sourceClientIds.map((id) => byClientId.get(id));
  const missing = ids.flatMap((id, i) => (id === undefined ? [i] : []));
  return { ids, missing };
}

/** The editor fields of a chapter, to send back unchanged with a PUT (a past schedule is dropped). */
export function chapterEditorFields(c: TChapterDetail, now = Date.now()) {
  return {
    ...chapterHeading(c),
    publishAt: c.publishAt !== null && c.publishAt > now ? c.publishAt : null,
    donateTeamIds: c.donateTeamIds,
    creditTeamIds: c.creditTeamIds,
    hideDonate: c.hideDonate,
    hideCredit: c.hideCredit,
    collaboratingTeamIds: c.collaboratingTeams.map((t) => t.id),
    scrambled: c.scrambled,
    config: c.config,
  };
}

/** What happens once every chapter is stored: nothing (drafts), publish, or schedule an interval apart. */
export type PublishMode = { kind: "draft" } | { kind: "publish" } | { kind: "interval"; hours: number };

/** A schedule date less than this far ahead is "now" (the server refuses a past one). */
const SCHEDULE_SLACK_MS = 60_000;

/**
 * The `publishAt` to send with `publish: true` for each chapter, in the rows' order, or null when
 * the mode keeps drafts. Publish: the chapter's own future date (team delay, a date set before)
 * stays, else at once. Interval: the first now (or its own date), the next ones that many hours
 * apart.
 */
export function publishDates(
  chapters: readonly TChapterDetail[],
  mode: PublishMode,
  now = Date.now(),
): (number | null)[] | null {
  if (mode.kind === "draft") return null;
  const schedule =
    mode.kind === "interval" ? staggeredSchedule(chapters.length, now, mode.hours * 3_600_000) : null;
  return chapters.map((c, i) => {
    const at = schedule?.[i];
    if (at !== undefined && at > now + SCHEDULE_SLACK_MS) return at;
    return chapterEditorFields(c, now).publishAt;
  });
}
