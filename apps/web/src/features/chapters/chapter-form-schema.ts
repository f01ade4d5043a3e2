/**
 * The chapter editor's form: what the inputs hold (text for numbers and the date, a oneshot toggle
 * instead of order -1) and how it becomes the shared `PUT /chapters/{id}` / `POST /chapters` body.
 * The checks (zod) are in chapter-form-validation.ts, loaded with the form's first check.
 */
import { CHAPTER_ORDER_ONESHOT } from "@vt/shared/constants";
import type { TChapter, TUpdateChapterRequest } from "@vt/shared/contracts/chapters";
import type { TTeamRef } from "@vt/shared/contracts/comics";
import { parseDateTimeField, toDateTimeField } from "@/lib/date-format";

const ORDER_TEXT = /^\d+(?:[.,]\d+)?$/;

/** What the inputs hold; `chapter-form-validation.ts` checks them (loaded with the first check). */
export type ChapterFormValues = {
  name: string;
  order: string;
  oneshot: boolean;
  volume: string;
  /** The schedule field's text (local time, dd/mm/yyyy hh:mm), "" = publish on save. */
  publishAt: string;
  hidden: boolean;
  hideOrder: boolean;
  hideDefaultOrder: boolean;
  donateTeamIds: number[];
  creditTeamIds: number[];
  hideDonate: boolean;
  hideCredit: boolean;
  collaboratingTeams: TTeamRef[];
  scrambled: boolean;
};

/** "12", "12.5" and "12,5" -> number (>= 0); anything else null. */
export function parseOrder(text: string): number | null {
  const t = text.trim();
  if (!ORDER_TEXT.test(t)) return null;
  const n = Number(t.replace(",", "."));
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? n : null;
}

export function parseVolume(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d+(?:\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && n <= 100_000 ? n : null;
}

/** The schedule field's text ("15/01/2027 20:00", local time) -> epoch ms, or null. */
export function parseLocalDateTime(text: string): number | null {
  return parseDateTimeField(text);
}

/** Epoch ms -> the schedule field's text in local time ("22/11/2026 15:30"). */
export function toLocalDateTime(ms: number | null): string {
  return toDateTimeField(ms);
}

/**
 * The form's values: the chapter's, or for a new chapter the next order and, when the team has a
 * publish delay, a scheduled date of now + that many hours (editable; cleared = publish at once).
 */
export function chapterFormDefaults(
  chapter?: TChapter,
  nextOrder = 1,
  publishDelayHours = 0,
): ChapterFormValues {
  if (!chapter) {
    return {
      name: "",
      order: String(nextOrder),
      oneshot: false,
      volume: "",
      publishAt: publishDelayHours > 0 ? toLocalDateTime(Date.now() + publishDelayHours * 3_600_000) : "",
      hidden: false,
      hideOrder: false,
      hideDefaultOrder: false,
      donateTeamIds: [],
      creditTeamIds: [],
      hideDonate: false,
      hideCredit: false,
      collaboratingTeams: [],
      scrambled: false,
    };
  }
  const oneshot = chapter.order === CHAPTER_ORDER_ONESHOT;
  return {
    name: chapter.name,
    order: oneshot ? "" : String(chapter.order),
    oneshot,
    volume: chapter.volume === null ? "" : String(chapter.volume),
    publishAt: toLocalDateTime(chapter.publishAt),
    hidden: chapter.hidden,
    hideOrder: chapter.hideOrder,
    hideDefaultOrder: chapter.hideDefaultOrder,
    donateTeamIds: chapter.donateTeamIds,
    creditTeamIds: chapter.creditTeamIds,
    hideDonate: chapter.hideDonate,
    hideCredit: chapter.hideCredit,
    collaboratingTeams: chapter.collaboratingTeams,
    scrambled: chapter.scrambled,
  };
}

/** The order the form stands for (-1 for a oneshot), or null while it is invalid. */
export function formOrder(v: Pick<ChapterFormValues, "oneshot" | "order">): number | null {
  return v.oneshot ? CHAPTER_ORDER_ONESHOT : parseOrder(v.order);
}

/** The fields of the create/update bodies (valid form values only). */
export function toChapterFields(
  v: ChapterFormValues,
): Omit<TUpdateChapterRequest, "pages" | "publish" | "id"> {
  const volume = v.volume.trim() === "" ? null : parseVolume(v.volume);
  return {
    name: v.name.trim(),
    order: formOrder(v) ?? 0,
    hideOrder: v.hideOrder,
    hideDefaultOrder: v.hideDefaultOrder,
    volume,
    publishAt: parseLocalDateTime(v.publishAt),
    hidden: v.hidden,
    donateTeamIds: v.donateTeamIds,
    creditTeamIds: v.creditTeamIds,
    hideDonate: v.hideDonate,
    hideCredit: v.hideCredit,
    collaboratingTeamIds: v.collaboratingTeams.map((team: TTeamRef) => team.id),
    scrambled: v.scrambled,
  };
}
