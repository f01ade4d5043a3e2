/**
 * `GET /api/chapters/:chapterId/checks` (docs/page-checks.md): what looks wrong in a chapter's pages before it
 * is published, from each page's fingerprint (apps/api/src/lib/page-fingerprint.ts). The checks and
 * their thresholds are described in docs/page-checks.md. Findings never block anything.
 *
 * - `duplicate`: pages of this chapter that look the same (a group of 2 or more);
 * - `otherChapter`: `matched` of this chapter's `total` fingerprinted pages are already in `chapter`
 *   (one finding per other chapter; 1 page is often a recap or credit page);
 * - `blank`: a blank or near-blank page (one flat colour);
 * - `width`: a page much wider or narrower than the chapter's median width (a double spread, a wrong file);
 * - `narrow`: a page below the usable width `minWidth`;
 * - `credit`: pages of this chapter that are the credit page `team` appends to the chapter anyway
 *   (team settings, credit pages): readers would see it twice.
 *
 * A finding an uploader kept (`PUT /api/chapters/:chapterId/checks/kept`) is still answered, marked
 * `kept: true`, so the editor lists it apart and can undo it; it never counts as unresolved. An
 * `otherChapter` finding whose pages are partly kept is split into the part not kept and the kept
 * part (one finding each, for the same chapter).
 */
import { z } from "zod";
import { MAX_PAGES_PER_UPLOAD } from "../constants";
import { zId } from "./comics";

export const PAGE_CHECK_KINDS = ["duplicate", "otherChapter", "blank", "width", "narrow", "credit"] as const;
export const ZPageCheckKind = z.enum(PAGE_CHECK_KINDS);
export type TPageCheckKind = z.infer<typeof ZPageCheckKind>;

/** A page of the checked chapter: its id and its 1-based place in the chapter (staged uploads last). */
export const ZCheckedPage = z.object({ id: z.number().int(), position: z.number().int() });

export const ZPageCheckFinding = z.object({
  kind: ZPageCheckKind,
  pages: z.array(ZCheckedPage),
  /** otherChapter: the chapter of the same comic that already holds these pages. */
  chapter: z.object({ id: z.number().int(), order: z.number(), name: z.string() }).optional(),
  /** otherChapter: pages of this chapter found in `chapter`, of `total` fingerprinted pages. */
  matched: z.number().int().optional(),
  total: z.number().int().optional(),
  /** width / narrow: the page's width in px. */
  width: z.number().int().optional(),
  /** width: the chapter's median page width in px. */
  medianWidth: z.number().int().optional(),
  /** narrow: the smallest usable width in px. */
  minWidth: z.number().int().optional(),
  /** Kept by an uploader: shown apart, not counted as a problem. */
  kept: z.boolean().optional(),
  /** credit: the team whose credit pages are appended to this chapter. */
  team: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export type TPageCheckFinding = z.infer<typeof ZPageCheckFinding>;

export const ZChapterChecks = z.object({
  chapterId: z.number().int(),
  /** Pages of the chapter, staged uploads included. */
  pageCount: z.number().int(),
  /** Pages without a fingerprint (scrambled, or stored before fingerprints existed): not compared. */
  unchecked: z.number().int(),
  findings: z.array(ZPageCheckFinding),
});
export type TChapterChecks = z.infer<typeof ZChapterChecks>;

/**
 * `PUT /api/chapters/:chapterId/checks/kept`: keep (`kept: true`) or stop keeping a finding of the
 * chapter's pages. `otherChapter` is remembered for the whole comic (the pages' pictures, by hash:
 * a recap or credit page); the other kinds for these pages of this chapter, while their image
 * stays the one kept. The answer is the chapter's checks afresh.
 */
export const ZKeepFindingRequest = z
  .object({
    kind: ZPageCheckKind,
    pageIds: z.array(zId()).min(1).max(MAX_PAGES_PER_UPLOAD),
    kept: z.boolean(),
  })
  .meta({ id: "KeepFindingRequest" });
export type TKeepFindingRequest = z.infer<typeof ZKeepFindingRequest>;

/**
 * `GET /api/admin/page-fingerprints` (platform admins): how far the `pages.fingerprint` job has
 * come with the pages stored before fingerprints existed (docs/page-checks.md, docs/jobs.md).
 */
export const ZPageFingerprintStatus = z.object({
  /** Stored pages of ours (pages given as absolute URLs are never fingerprinted). */
  total: z.number().int(),
  /** Of those, fingerprinted. */
  fingerprinted: z.number().int(),
  /** A run is going on now. */
  running: z.boolean(),
  /** A run is queued (by `POST /api/admin/page-fingerprints/run` or the daily schedule) and not started yet. */
  waiting: z.boolean(),
  /** The last finished run: when (ISO time) and how; null before the first. */
  lastFinishedAt: z.string().nullable(),
  lastState: z.enum(["completed", "failed", "cancelled"]).nullable(),
});
export type TPageFingerprintStatus = z.infer<typeof ZPageFingerprintStatus>;

// ── Checks of proposed chapters, before anything is uploaded ───────────────────────────────────
// `POST /api/comics/:comicId/page-checks`: the bulk import preview and `npm run upload --dry-run`
// send the fingerprints they computed locally (packages/shared/src/page-fingerprint.ts) and get the
// same findings as above per proposed chapter. Proposed pages have no id yet: a page's `id` in a
// finding is its position. Caps below (a larger import is sent in slices).

/** Proposed chapters in one request. */
export const PAGE_CHECKS_MAX_CHAPTERS = 200;
/** Pages of one proposed chapter. */
export const PAGE_CHECKS_MAX_PAGES = 1000;
/** Pages of all proposed chapters of one request. */
export const PAGE_CHECKS_MAX_TOTAL_PAGES = 6000;

export const ZProposedPage = z.object({
  name: z.string().max(500, { error: "validation.tooLong" }),
  /** Width and height as the page will be stored (1500 px wide at most); null when unknown (unreadable). */
  width: z.number().int().min(1).max(100_000).nullable(),
  height: z.number().int().min(1).max(1_000_000).nullable(),
  /** null: the page could not be fingerprinted locally (counted as `unchecked`). */
  dhash: z
    .string()
    .regex(/^[0-9a-f]{16}$/, { error: "validation.invalid" })
    .nullable(),
  brightnessMean: z.number().min(0).max(255).nullable(),
  brightnessStd: z.number().min(0).max(255).nullable(),
});
export type TProposedPage = z.infer<typeof ZProposedPage>;

export const ZProposedChapter = z.object({
  /** What the uploader calls it ("Chapter 12", the folder name): echoed in the matches between proposed chapters. */
  label: z.string().max(500, { error: "validation.tooLong" }),
  /** The chapter number read from the name, when there is one. */
  order: z.number().nullable(),
  pages: z.array(ZProposedPage).max(PAGE_CHECKS_MAX_PAGES, { error: "validation.tooManyItems" }),
});
export type TProposedChapter = z.infer<typeof ZProposedChapter>;

export const ZPageChecksRequest = z
  .object({
    chapters: z
      .array(ZProposedChapter)
      .min(1, { error: "validation.tooFewItems" })
      .max(PAGE_CHECKS_MAX_CHAPTERS, { error: "validation.tooManyItems" }),
  })
  .superRefine((b, ctx) => {
    if (b.chapters.reduce((n, c) => n + c.pages.length, 0) > PAGE_CHECKS_MAX_TOTAL_PAGES)
      ctx.addIssue({
        code: "custom",
        message: "validation.tooManyPages",
        path: ["chapters"],
        maximum: PAGE_CHECKS_MAX_TOTAL_PAGES,
      });
  })
  .meta({ id: "PageChecksRequest" });
export type TPageChecksRequest = z.infer<typeof ZPageChecksRequest>;

/**
 * A finding of a proposed chapter. As `ZPageCheckFinding`, plus for `otherChapter`: either `chapter`
 * (a stored chapter of the comic) or `proposed` (another chapter of the same request, by index).
 */
export const ZProposedFinding = ZPageCheckFinding.extend({
  proposed: z.object({ index: z.number().int(), label: z.string() }).optional(),
});
export type TProposedFinding = z.infer<typeof ZProposedFinding>;

export const ZProposedChapterChecks = z.object({
  /** Index of the chapter in the request. */
  index: z.number().int(),
  pageCount: z.number().int(),
  unchecked: z.number().int(),
  findings: z.array(ZProposedFinding),
});
export type TProposedChapterChecks = z.infer<typeof ZProposedChapterChecks>;

export const ZPageChecksResponse = z.object({ chapters: z.array(ZProposedChapterChecks) });
export type TPageChecksResponse = z.infer<typeof ZPageChecksResponse>;
