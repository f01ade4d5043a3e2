/**
 * Contracts of `/api/chapters/*` (the chapter rules of docs/dashboard.md; the chapter JSON and the
 * page `{ url, key? }` of docs/platform.md). Error messages are i18n keys (../i18n/messages.ts and
 * ../i18n/chapters-messages.ts).
 *
 * Routes (all under /api; every one needs the session cookie, writes the x-app-origin header):
 *   GET    /chapters/comic/:comicId?sort=asc|desc&visible=1    -> ZChapterListResponse (TChapter[])
 *   GET    /chapters/:chapterId                                       -> ZChapterDetail
 *   POST   /chapters              ZCreateChapterRequest         -> 201 ZChapterDetail (a draft)
 *   PUT    /chapters/:id          ZUpdateChapterRequest         -> ZChapterDetail
 *   DELETE /chapters/:id                                       -> ZMessageResponse
 *   POST   /chapters/:id/pages    multipart `files` (+ `keys`, `clientIds`) -> 201 ZChapterPageUploadResponse
 *   POST   /chapters/:id/pages/presign  ZChapterPagesPresignRequest -> ZDirectUploadTickets (S3 storage only)
 *   POST   /chapters/:id/pages/direct   ZChapterPagesDirectRequest -> 201 ZChapterPageUploadResponse
 *   POST   /chapters/:id/page     multipart `file` + `pageId` (+ `key`, `clientId`) -> ZChapterPage
 *   POST   /chapters/:id/page/presign  ZSingleDirectUploadRequest -> ZDirectUploadTickets (S3 storage only)
 *   POST   /chapters/:id/page/direct   ZChapterPageDirectRequest -> ZChapterPage
 *   POST   /chapters/quick-update-volume  ZQuickUpdateVolumeRequest -> ZQuickUpdateVolumeResponse
 *
 * Who may do what (docs/permissions.md): every route needs "may upload" on the chapter's comic, the
 * comics rule: members of the comic's owning team, of its collaborating teams, or of a team granted
 * upload rights by an approved permission request (platform admins pass too). Anyone else: 404.
 *
 * Never half-published: a chapter is visible to readers only when `status` is `published`, it is
 * not `hidden`, and `publishedAt <= now` (a scheduled chapter has a future `publishedAt`).
 * Publishing (`PUT` with `publish: true`) needs at least one page ('validation.pagesRequired') and
 * checks that every page's object exists in storage ('chapters.pageNotStored' otherwise).
 *
 * Page uploads (the resumable flow, multipart fields, replacing a page): contracts/chapter-pages.ts.
 *
 * Write bodies are plain (stripping) objects: unknown fields are dropped, never stored.
 */
import { z } from "zod";
import { CHAPTER_ORDER_ONESHOT, MAX_PAGES_PER_UPLOAD } from "../constants";
import { isRepresentableDate } from "../safe-input";
import { isScheduleInFuture, zBaseVersion, zChapterOrder } from "../validation";
import { ZChapterPage, ZChapterPageRef } from "./chapter-pages";
import { ZTeamRef, zId, zIdParam } from "./comics";

export { type TMessageResponse, ZMessageResponse } from "./comics";

export const CHAPTER_NAME_MAX = 255;
export const CHAPTER_TEAMS_MAX = 50;
export const CHAPTER_CONFIG_MAX_KEYS = 50;
export const CHAPTER_CONFIG_VALUE_MAX = 2000;
export const CHAPTER_VOLUME_MAX = 100_000;
export const CHAPTER_ORDER_MAX = 1_000_000;
/** A chapter order up to CHAPTER_ORDER_MAX (also the bounds of a range: 1e308 is no chapter). */
const zBoundedChapterOrder = zChapterOrder.refine((n) => n <= CHAPTER_ORDER_MAX, {
  error: "validation.chapterOrderInvalid",
});

export const CHAPTER_STATUSES = ["draft", "published"] as const;
export const ZChapterStatus = z.enum(CHAPTER_STATUSES, { error: () => "validation.invalid" });
export type TChapterStatus = z.infer<typeof ZChapterStatus>;

/**
 * What readers see, computed by the server for the badges:
 * - `draft`: never published;
 * - `scheduled`: published with a future `publishedAt`;
 * - `hidden`: published but `hidden`;
 * - `visible`: readers see it.
 */
export const CHAPTER_STATES = ["draft", "scheduled", "hidden", "visible"] as const;
export const ZChapterState = z.enum(CHAPTER_STATES);
export type TChapterState = z.infer<typeof ZChapterState>;

export const CHAPTER_SORTS = ["asc", "desc"] as const;
export const ZChapterSort = z.enum(CHAPTER_SORTS, { error: () => "validation.invalid" });
export type TChapterSort = z.infer<typeof ZChapterSort>;

// ── Chapter ──────────────────────────────────────────────────────────────────

/** Advanced config: a flat object of simple values, stored and returned as given. */
export const ZChapterConfig = z
  .record(
    z.string().max(100, { error: "validation.tooLong" }),
    z.union([
      z.string().max(CHAPTER_CONFIG_VALUE_MAX, { error: "validation.tooLong" }),
      z.number(),
      z.boolean(),
      z.null(),
    ]),
    { error: () => "validation.invalid" },
  )
  .refine((o) => Object.keys(o).length <= CHAPTER_CONFIG_MAX_KEYS, { error: "validation.tooBig" });
export type TChapterConfig = z.infer<typeof ZChapterConfig>;

/**
 * One chapter (list item). Platform shape: `id, order, name ('' when none), volume (number|null),
 * publishedAt (epoch ms; null for a draft), lastUpdated (epoch ms), team { id, name }` plus the
 * editor fields. Times are epoch milliseconds.
 */
export const ZChapter = z
  .object({
    id: z.number().int(),
    comicId: z.number().int(),
    order: z.number(),
    name: z.string(),
    volume: z.number().nullable(),
    publishedAt: z.number().nullable(),
    lastUpdated: z.number(),
    /** Bumped by every change to the chapter (its fields, page order, a quick volume update). */
    version: z.number().int(),
    team: ZTeamRef,
    hideOrder: z.boolean(),
    /** "Hide default order" flag (stored for the readers). */
    hideDefaultOrder: z.boolean(),
    hidden: z.boolean(),
    status: ZChapterStatus,
    state: ZChapterState,
    /** The scheduled publish time while it is still in the future (a draft's planned one too); else null. */
    publishAt: z.number().nullable(),
    /** Teams shown for donate / credit; empty = all teams. */
    donateTeamIds: z.array(z.number().int()),
    creditTeamIds: z.array(z.number().int()),
    hideDonate: z.boolean(),
    hideCredit: z.boolean(),
    collaboratingTeams: z.array(ZTeamRef),
    /** Upload this chapter's pages scrambled (docs/scramble-format.md). */
    scrambled: z.boolean(),
    config: ZChapterConfig,
    /** Saved pages (staged uploads not counted). */
    pageCount: z.number().int(),
    createdAt: z.number(),
  })
  .meta({ id: "Chapter" });
export type TChapter = z.infer<typeof ZChapter>;

export const ZChapterListResponse = z.array(ZChapter);
export type TChapterListResponse = z.infer<typeof ZChapterListResponse>;

/** `GET /chapters/:id`: the chapter with its pages in reading order, staged uploads last. */
export const ZChapterDetail = ZChapter.extend({
  pages: z.array(ZChapterPage.extend({ id: z.number().int() })),
}).meta({ id: "ChapterDetail" });
export type TChapterDetail = z.infer<typeof ZChapterDetail>;

// ── Requests ─────────────────────────────────────────────────────────────────

/** Epoch ms or an ISO date string -> epoch ms (years 1..9999). */
const zPublishAtValue = z
  .union([z.number(), z.string().min(1)], { error: () => "validation.invalid" })
  .transform((v, ctx) => {
    const ms = typeof v === "number" ? v : Date.parse(v);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: "custom", message: "validation.invalid", input: v });
      return z.NEVER;
    }
    if (!isRepresentableDate(ms)) {
      ctx.addIssue({ code: "custom", message: "input.dateOutOfRange", input: v });
      return z.NEVER;
    }
    return ms;
  });

/** A scheduled date; null (or missing) clears it. */
const zPublishAt = zPublishAtValue.nullish().transform((v) => v ?? null);

const zTeamIds = z
  .array(zId(), { error: () => "validation.invalid" })
  .max(CHAPTER_TEAMS_MAX, { error: "validation.tooBig" })
  .default([])
  .transform((ids) => [...new Set(ids)]);

const zBool = z.boolean({ error: () => "validation.invalid" }).default(false);

const chapterFields = {
  name: z
    .string({ error: () => "validation.invalid" })
    .trim()
    .max(CHAPTER_NAME_MAX, { error: "validation.tooLong" })
    .nullish()
    .transform((v) => v ?? ""),
  order: zBoundedChapterOrder,
  hideOrder: zBool,
  hideDefaultOrder: zBool,
  volume: z
    .number({ error: () => "validation.invalid" })
    .min(0, { error: "validation.tooSmall" })
    .max(CHAPTER_VOLUME_MAX, { error: "validation.tooBig" })
    .nullish()
    .transform((v) => v ?? null),
  /** Scheduled publish time (epoch ms or ISO string); must be later than now; null = publish at once. */
  publishAt: zPublishAt,
  hidden: zBool,
  donateTeamIds: zTeamIds,
  creditTeamIds: zTeamIds,
  hideDonate: zBool,
  hideCredit: zBool,
  /** Team ids of the collaborating teams (existing teams; else 422 'chapters.teamNotFound'). */
  collaboratingTeamIds: zTeamIds,
  scrambled: zBool,
  config: ZChapterConfig.default({}),
};

type ChapterRuleInput = { name: string; hideOrder: boolean; publishAt: number | null };

/** A chapter's name, order and display flags, the head of both its editor fields and its audit view. */
export function chapterHeading(c: {
  name: string;
  order: number;
  volume: number | null;
  hideOrder: boolean;
  hideDefaultOrder: boolean;
  hidden: boolean;
}) {
  return {
    name: c.name,
    order: c.order,
    volume: c.volume,
    hideOrder: c.hideOrder,
    hideDefaultOrder: c.hideDefaultOrder,
    hidden: c.hidden,
  };
}

/** Rules across fields: hideOrder needs a name; a schedule must be in the future. */
export function chapterRules(v: ChapterRuleInput, ctx: z.RefinementCtx, now: number = Date.now()) {
  if (v.hideOrder && v.name.trim() === "") {
    ctx.addIssue({
      code: "custom",
      path: ["name"],
      message: "validation.hiddenOrderNeedsTitle",
      input: v.name,
    });
  }
  if (v.publishAt !== null && !isScheduleInFuture(v.publishAt, now)) {
    ctx.addIssue({
      code: "custom",
      path: ["publishAt"],
      message: "validation.scheduleInFuture",
      input: v.publishAt,
    });
  }
}

/** `POST /chapters`: creates a DRAFT. `teamId`: the uploading team (one of my teams that may upload; default: my first such team, the owning team first). */
export const ZCreateChapterRequest = z
  .object({
    comicId: zId("validation.comicRequired"),
    teamId: zId("validation.teamRequired").optional(),
    ...chapterFields,
    /**
     * Missing: the team's publish delay fills it (contracts/upload-settings.ts); null: no schedule.
     */
    publishAt: zPublishAtValue.nullish(),
  })
  .superRefine((v, ctx) => chapterRules({ ...v, publishAt: v.publishAt ?? null }, ctx))
  .meta({ id: "CreateChapterRequest" });
export type TCreateChapterRequest = z.input<typeof ZCreateChapterRequest>;
export type TCreateChapterRequestParsed = z.output<typeof ZCreateChapterRequest>;

/**
 * `PUT /chapters/:id`: every field (the whole editor form) plus, optionally:
 * - `id` (must equal the path id when given),
 * - `pages`: the page ids in reading order (see the upload flow above); omitted = pages unchanged;
 * - `publish`: true publishes (or schedules, with a future `publishAt`), false turns it back into a
 *   draft, omitted keeps the status. Publishing with no pages: 422 'validation.pagesRequired' on `pages`.
 */
export const ZUpdateChapterRequest = z
  .object({
    id: zId().optional(),
    version: zBaseVersion,
    ...chapterFields,
    pages: z
      .array(ZChapterPageRef, { error: () => "validation.invalid" })
      .max(MAX_PAGES_PER_UPLOAD * 4, { error: "validation.tooManyFiles" })
      .optional(),
    publish: z.boolean({ error: () => "validation.invalid" }).optional(),
  })
  .superRefine((v, ctx) => {
    chapterRules(v, ctx);
    if (v.publish === true && v.pages !== undefined && v.pages.length === 0) {
      ctx.addIssue({ code: "custom", path: ["pages"], message: "validation.pagesRequired", input: v.pages });
    }
    if (v.pages) {
      const ids = v.pages.map((p) => p.id);
      if (new Set(ids).size !== ids.length) {
        ctx.addIssue({ code: "custom", path: ["pages"], message: "chapters.pageDuplicate", input: v.pages });
      }
    }
  })
  .meta({ id: "UpdateChapterRequest" });
export type TUpdateChapterRequest = z.input<typeof ZUpdateChapterRequest>;
export type TUpdateChapterRequestParsed = z.output<typeof ZUpdateChapterRequest>;

/** `POST /chapters/quick-update-volume`: sets `volume` (null clears) on the comic's chapters whose order is in [from, to]. */
export const ZQuickUpdateVolumeRequest = z
  .object({
    comicId: zId("validation.comicRequired"),
    volume: z
      .number({ error: () => "validation.invalid" })
      .min(0, { error: "validation.tooSmall" })
      .max(CHAPTER_VOLUME_MAX, { error: "validation.tooBig" })
      .nullable(),
    fromChapterOrder: zBoundedChapterOrder,
    toChapterOrder: zBoundedChapterOrder,
  })
  .refine((v) => v.fromChapterOrder <= v.toChapterOrder, {
    path: ["toChapterOrder"],
    error: "chapters.rangeInvalid",
  })
  .meta({ id: "QuickUpdateVolumeRequest" });
export type TQuickUpdateVolumeRequest = z.input<typeof ZQuickUpdateVolumeRequest>;
export const ZQuickUpdateVolumeResponse = z.object({ message: z.string(), count: z.number().int() });
export type TQuickUpdateVolumeResponse = z.infer<typeof ZQuickUpdateVolumeResponse>;

// ── Params and queries ───────────────────────────────────────────────────────

/** `{chapterId}` path parameter (`/chapters/{chapterId}` = the platform's `/chapters/{id}`). */
export const ZChapterParams = z.object({ chapterId: zIdParam });
export const ZChapterComicParams = z.object({ comicId: zIdParam });
export const ZChapterListQuery = z.object({
  sort: ZChapterSort.default("asc"),
  /** `1`/`true`: only chapters readers see now (the public reader view). */
  visible: z
    .enum(["true", "false", "1", "0"], { error: () => "validation.invalid" })
    .transform((v) => v === "true" || v === "1")
    .optional(),
});
export type TChapterListQuery = z.input<typeof ZChapterListQuery>;

/** True when readers see this chapter at `now` (the one visibility rule; the SQL mirrors it). */
export function isChapterVisible(
  c: { status: TChapterStatus; hidden: boolean; publishedAt: number | null },
  now: number = Date.now(),
): boolean {
  return c.status === "published" && !c.hidden && c.publishedAt !== null && c.publishedAt <= now;
}

export function chapterState(
  c: { status: TChapterStatus; hidden: boolean; publishedAt: number | null },
  now: number = Date.now(),
): TChapterState {
  if (c.status === "draft") return "draft";
  if (c.publishedAt !== null && c.publishedAt > now) return "scheduled";
  if (c.hidden) return "hidden";
  return "visible";
}

export { CHAPTER_ORDER_ONESHOT };
