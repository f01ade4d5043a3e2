/**
 * Contracts of a chapter's pages (the page `{ url, key? }` of docs/platform.md, "Chapters and
 * pages"): the page JSON, and the fields of the upload and replace routes listed in
 * contracts/chapters.ts (`POST /chapters/:id/pages`, `.../pages/presign|direct`,
 * `POST /chapters/:id/page`, `.../page/direct`).
 *
 * Upload flow (resumable):
 *   1. `POST /chapters` creates a draft (status `draft`).
 *   2. `POST /chapters/:id/pages` uploads files (several requests are fine). Each stored page gets an
 *      id and is `staged` (uploaded but not yet part of the saved page list). Send a `clientId` per
 *      file (e.g. a hash of name + size + lastModified): a file whose clientId is already on the
 *      chapter is not stored again; the existing page is answered instead (`duplicate: true`).
 *   3. After a dropped connection: `GET /chapters/:id` lists every page, staged ones included, with
 *      its `clientId`: upload only the files that are missing.
 *   4. `PUT /chapters/:id` with `pages` = the page ids in reading order (+ `publish: true` to publish)
 *      saves the list in ONE transaction: listed pages get their positions and are no longer staged,
 *      pages left out are removed (their storage objects deleted after the commit).
 *   On a published chapter, uploaded pages stay staged (invisible to readers) until that PUT.
 *
 * Multipart form fields of `POST /chapters/:id/pages` (text fields may come before or after the
 * files; each file is checked and stored as it arrives, the page rows are written at the end):
 *   - `files`: the page images (JPEG/PNG/WebP/GIF by content, at most 7 MB each, MAX_PAGES_PER_UPLOAD).
 *   - `keys` (optional): JSON array aligned with the files, each a scramble key or null
 *     (docs/scramble-format.md); an invalid key answers 422 'errors.image.<code>' on `keys.<i>`.
 *     Any failure stores nothing (objects already written by the request are removed).
 *   - `clientIds` (optional): JSON array aligned with the files, each a string (max 200) or null.
 *   Stored pages are answered in upload order.
 * `POST /chapters/:id/page` replaces ONE page's image: fields `pageId` (required), `key` and
 * `clientId` (optional), and the `file`. A new `key` replaces the old one; no `key` makes
 * the page unscrambled. The old object is deleted after the commit.
 */
import { z } from "zod";
import { zId } from "./comics";
import { ZDirectUploadedFile, ZDirectUploadFile } from "./images";

export const CHAPTER_CLIENT_ID_MAX = 200;

/**
 * A page. Platform shape `{ url, key? }`: `url` is the storage key relative to the public storage
 * base (`comics/...`) or an absolute URL; `key` is the scramble key, only on scrambled pages.
 * The rest is for the dashboard: `id`, `src` (absolute URL for <img>), size, `clientId` and
 * `staged` (uploaded, not yet saved into the chapter's page list by a PUT).
 */
export const ZChapterPage = z.object({
  id: z.number().int().optional(),
  url: z.string(),
  key: z.string().optional(),
  src: z.string().optional(),
  /** Absolute URL of the page's 320 px WebP, once made (never on scrambled pages). Dashboard only. */
  thumbSrc: z.string().optional(),
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
  clientId: z.string().nullable().optional(),
  staged: z.boolean().optional(),
});
export type TChapterPage = z.infer<typeof ZChapterPage>;

/** A page of the PUT list: an id answered by the upload routes (url/key may be sent back, ignored). */
export const ZChapterPageRef = z.object({
  id: zId(),
});
export type TChapterPageRef = z.input<typeof ZChapterPageRef>;

export const ZChapterPageUploadResponse = z
  .object({
    /** The stored pages in upload order; `duplicate` when a clientId matched an existing page. */
    pages: z.array(ZChapterPage.extend({ id: z.number().int(), duplicate: z.boolean() })),
  })
  .meta({ id: "ChapterPageUploadResponse" });
export type TChapterPageUploadResponse = z.infer<typeof ZChapterPageUploadResponse>;

/** Fields of `POST /chapters/:id/pages` besides the files. */
export const ZChapterPagesFields = z.object({
  keys: z.array(z.string().nullable()).optional(),
  clientIds: z.array(z.string().max(CHAPTER_CLIENT_ID_MAX).nullable()).optional(),
});
/** `POST /chapters/:id/pages/presign`: the pages the browser is about to PUT to the bucket (at most MAX_PAGES_PER_UPLOAD, checked by the server: 422 validation.tooManyFiles). */
export const ZChapterPagesPresignRequest = z
  .object({
    files: z.array(ZDirectUploadFile).min(1, { error: "validation.required" }),
  })
  .meta({ id: "ChapterPagesPresignRequest" });
/** `POST /chapters/:id/pages/direct`: the uploaded objects, with `keys`/`clientIds` aligned as in the multipart route. */
export const ZChapterPagesDirectRequest = ZChapterPagesFields.extend({
  files: z.array(ZDirectUploadedFile).min(1, { error: "validation.required" }),
}).meta({ id: "ChapterPagesDirectRequest" });
export type TChapterPagesDirectRequest = z.input<typeof ZChapterPagesDirectRequest>;
/** Fields of `POST /chapters/:id/page` besides the file. */
export const ZChapterPageReplaceFields = z.object({
  pageId: z.coerce
    .number({ error: () => "validation.required" })
    .int({ error: "validation.invalid" })
    .min(1, { error: "validation.required" }),
  key: z.string().optional(),
  clientId: z.string().max(CHAPTER_CLIENT_ID_MAX).optional(),
});
/** `POST /chapters/:id/page/direct`: the replace fields and the one uploaded object. */
export const ZChapterPageDirectRequest = ZChapterPageReplaceFields.extend({
  files: z.array(ZDirectUploadedFile).min(1, { error: "validation.required" }),
}).meta({ id: "ChapterPageDirectRequest" });
export type TChapterPageDirectRequest = z.input<typeof ZChapterPageDirectRequest>;
