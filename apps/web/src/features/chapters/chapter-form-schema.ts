/**
 * The chapter editor's form: what the inputs hold (text for numbers and the date, a oneshot toggle
 * instead of order -1) and how it becomes the shared `PUT /chapters/{id}` / `POST /chapters` body.
 * Messages are catalogue keys (docs/dashboard.md, "Forms and their messages"):
 * validation.chapterOrderInvalid, validation.hiddenOrderNeedsTitle, validation.scheduleInFuture.
 */
import { CHAPTER_ORDER_ONESHOT } from "@vt/shared/constants";
import type { TChapter, TUpdateChapterRequest } from "@vt/shared/contracts/chapters";
import type { TTeamRef } from "@vt/shared/contracts/comics";
import { isScheduleInFuture } from "@vt/shared/validation";
import { z } from "zod";
import { parseDateTimeField, toDateTimeField } from "@/lib/date-format";

const ORDER_TEXT = /^\d+(?:[.,]\d+)?$/;

export const ZChapterForm = z
  .object({
    name: z.string().max(255, { error: "validation.tooLong" }),
    order: z.string(),
    oneshot: z.boolean(),
    volume: z.string(),
    /** `datetime-local` value (local time), "" = publish on save. */
    publishAt: z.string(),
    hidden: z.boolean(),
    hideOrder: z.boolean(),
    hideDefaultOrder: z.boolean(),
    donateTeamIds: z.array(z.number()),
    creditTeamIds: z.array(z.number()),
    hideDonate: z.boolean(),
    hideCredit: z.boolean(),
    collaboratingTeams: z.array(z.object({ id: z.number(), name: z.string() })),
    scrambled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (!v.oneshot && parseOrder(v.order) === null) {
      ctx.addIssue({ code: "custom", path: ["order"], message: "validation.chapterOrderInvalid" });
    }
    if (v.hideOrder && v.name.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["name"], message: "validation.hiddenOrderNeedsTitle" });
    }
    if (v.volume.trim() !== "" && parseVolume(v.volume) === null) {
      ctx.addIssue({ code: "custom", path: ["volume"], message: "validation.invalid" });
    }
    const at = parseLocalDateTime(v.publishAt);
    if (v.publishAt.trim() !== "" && at === null) {
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: "chapters.editor.scheduledAtFormat" });
    } else if (at !== null && !isScheduleInFuture(at)) {
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: "validation.scheduleInFuture" });
    }
  });
export type ChapterFormValues = z.infer<typeof ZChapterForm>;

/** "12", "12.5" and "12,5" -> number (>= 0); anything else null. */
export function parseOrder(text: string): number | null {
  const t = text.trim();
  if (!ORDER_TEXT.test(t)) return null;
  const n = Number(t.replace(",", "."));
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? n : null;
}

function parseVolume(text: string): number | null {
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
