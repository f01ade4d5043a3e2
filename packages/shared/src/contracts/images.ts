/**
 * Contracts shared by every image upload (team cover/logo/QR/credit pages now, comic images later).
 * The server checks each upload by content (magic bytes), size and pixel count before storing it;
 * failures answer with these message keys:
 *   415 validation.notAnImage          the bytes are not an image at all (or cannot be read)
 *   415 validation.fileTypeInvalid     an image, but not one of {{types}} (e.g. SVG, TIFF, BMP)
 *   413 validation.fileTooLarge        more than {{max}} MB
 *   422 validation.tooManyFiles        more than {{max}} files in one request / in the list
 *   422 validation.imageTooManyPixels  more than {{max}} megapixels (decompression-bomb guard)
 *   422 validation.imageSideTooLong    a side longer than {{max}} px (read from the header, before any decode)
 *   422 validation.imageTooNarrow      longer side over shorter side above {{max}} (same)
 *   422 validation.required            no file under the expected multipart field
 */
import { z } from "zod";

const MB = 1024 * 1024;

/** Team cover, logo, donate QR code and credit pages: at most 5 MB each. */
export const TEAM_IMAGE_MAX_MB = 5;
export const TEAM_IMAGE_MAX_BYTES = TEAM_IMAGE_MAX_MB * MB;
/** Any uploaded image: width x height (x frames) at most this many pixels. */
export const IMAGE_MAX_MEGAPIXELS = 50;
export const IMAGE_MAX_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;
/**
 * Longest accepted side, in pixels: JPEG's own maximum (65,535). Real long webtoon strips are
 * 690-1,500 px wide and 1,600 to about 30,000 px tall (800 x 12,000 pages are common), so every
 * one of them passes; a 1 x 40,000,000 PNG (78 KB, 40 megapixels, yet 40 million rows to
 * decode one by one) does not.
 */
export const IMAGE_MAX_SIDE = 65_535;
/**
 * Longest side over shortest side at most this: a 1,500 px wide page may be 150,000 px tall
 * (capped by the side limit first), an 800 x 30,000 strip is 37.5, a 690 x 65,535 one 95. A
 * 1 x 40,000 or 50 x 40,000 image (a line, not a page) is refused.
 */
export const IMAGE_MAX_ASPECT = 100;

/** Multipart field names: one file under `file`, several under `files`. */
export const UPLOAD_FIELD_SINGLE = "file";
export const UPLOAD_FIELD_MULTIPLE = "files";

/**
 * A stored image: `key` is the storage key relative to the public storage base (what readers and
 * other records store, e.g. `teams/2025/01/abc_credit.jpg`); `url` is its absolute public URL.
 */
export const ZStoredImage = z
  .object({
    key: z.string(),
    url: z.string(),
  })
  .meta({ id: "StoredImage" });
export type TStoredImage = z.infer<typeof ZStoredImage>;

// ── Direct uploads (S3 storage) ─────────────────────────────────────────────
/**
 * When the server stores files in an S3-compatible bucket (`GET /api/health` answers
 * `storage: "s3"`), the browser PUTs each image straight to the bucket:
 *   1. POST .../presign  { files: [{ name, size, type }] }  -> { uploads: [ZDirectUploadTicket] }
 *      (size and type are checked and the hourly quota is counted here; the URL is signed for
 *      exactly that size and type and lives 10 minutes)
 *   2. PUT ticket.url with ticket.headers and the file's bytes (no cookies, to the bucket)
 *   3. POST .../direct   { files: [{ key, token, filename }] }  -> the same answer as the multipart
 *      route; the server copies each object from its staged key (`tmp/...`, the only keys a
 *      browser may write) to the key it is served from, reads the copy through the image gate
 *      (size, type, size caps, full decode) and deletes every object of the request when one fails.
 * A ticket is bound to the user and the target (e.g. the chapter): any other use is 403; it
 * confirms once (again: 409 upload.ticketUsed).
 */
export const DIRECT_UPLOAD_TICKET_MAX = 4096;
export const ZDirectUploadFile = z.object({
  name: z.string().max(255, { error: "validation.tooLong" }),
  size: z.number().int().positive(),
  type: z.string().max(100, { error: "validation.tooLong" }),
});
export const ZDirectUploadRequest = z
  .object({
    files: z.array(ZDirectUploadFile).min(1, { error: "validation.required" }),
  })
  .meta({ id: "DirectUploadRequest" });
export type TDirectUploadRequest = z.infer<typeof ZDirectUploadRequest>;

export const ZDirectUploadTicket = z
  .object({
    /** The storage key the object will have. */
    key: z.string(),
    /** Proof for the confirm call that this user was given this key for this target. */
    token: z.string(),
    url: z.string(),
    method: z.literal("PUT"),
    /** Headers the PUT must carry exactly (they are signed). */
    headers: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  })
  .meta({ id: "DirectUploadTicket" });
export type TDirectUploadTicket = z.infer<typeof ZDirectUploadTicket>;
export const ZDirectUploadTickets = z
  .object({ uploads: z.array(ZDirectUploadTicket) })
  .meta({ id: "DirectUploadTickets" });
export type TDirectUploadTickets = z.infer<typeof ZDirectUploadTickets>;

/** One uploaded object as the confirm call names it. */
export const ZDirectUploadedFile = z.object({
  key: z.string().max(512, { error: "validation.tooLong" }),
  token: z.string().max(DIRECT_UPLOAD_TICKET_MAX, { error: "validation.tooLong" }),
  filename: z.string().max(255, { error: "validation.tooLong" }).default(""),
});
export type TDirectUploadedFile = z.infer<typeof ZDirectUploadedFile>;

/** Confirm body of any direct upload without other fields (team credit pages, ...). */
export const ZDirectUploadConfirm = z
  .object({
    files: z.array(ZDirectUploadedFile).min(1, { error: "validation.required" }),
  })
  .meta({ id: "DirectUploadConfirm" });

/**
 * Direct upload of one image (comic covers, a comic's cover change, team cover/logo/donate QR,
 * avatars): the presign and confirm bodies. More than one file is 422 validation.tooManyFiles.
 */
export const ZSingleDirectUploadRequest = z
  .object({
    files: z.array(ZDirectUploadFile).min(1, { error: "validation.required" }),
  })
  .meta({ id: "SingleDirectUploadRequest" });
export const ZSingleDirectUploadConfirm = z
  .object({
    files: z.array(ZDirectUploadedFile).min(1, { error: "validation.required" }),
  })
  .meta({ id: "SingleDirectUploadConfirm" });
