/**
 * Contracts shared by every image upload (team cover/logo/QR/credit pages now, comic images later).
 * The server checks each upload by content (magic bytes), size and pixel count before storing it;
 * failures answer with the spec §5 message keys:
 *   415 validation.notAnImage          the bytes are not an image at all (or cannot be read)
 *   415 validation.fileTypeInvalid     an image, but not one of {{types}} (e.g. SVG, TIFF, BMP)
 *   413 validation.fileTooLarge        more than {{max}} MB
 *   422 validation.tooManyFiles        more than {{max}} files in one request / in the list
 *   422 validation.imageTooManyPixels  more than {{max}} megapixels (decompression-bomb guard)
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

/** Multipart field names (spec §7: one file under `file`, several under `files`). */
export const UPLOAD_FIELD_SINGLE = "file";
export const UPLOAD_FIELD_MULTIPLE = "files";

/**
 * A stored image: `key` is the storage key relative to the public storage base (what readers and
 * other records store, e.g. `teams/2025/01/abc_credit.jpg`); `url` is its absolute public URL.
 */
export const ZStoredImage = z.object({
  key: z.string(),
  url: z.string(),
});
export type TStoredImage = z.infer<typeof ZStoredImage>;
