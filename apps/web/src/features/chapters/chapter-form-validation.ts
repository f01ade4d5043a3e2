/**
 * The chapter editor's checks (chapter-form-schema.ts holds the values and their conversions).
 * Loaded with the form's first check, not with the page (`lazyResolver`, lib/lazy-resolver.ts):
 * zod is not part of a chapter page's first download. Messages are catalogue keys
 * (docs/dashboard.md, "Forms and their messages"): validation.chapterOrderInvalid,
 * validation.hiddenOrderNeedsTitle, validation.scheduleInFuture.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { isScheduleInFuture } from "@vt/shared/validation-rules";
import type { Resolver } from "react-hook-form";
import { z } from "zod";
import { type ChapterFormValues, parseLocalDateTime, parseOrder, parseVolume } from "./chapter-form-schema";

export const ZChapterForm: z.ZodType<ChapterFormValues, ChapterFormValues> = z
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

export const chapterFormResolver: Resolver<ChapterFormValues> = zodResolver(ZChapterForm);
