/**
 * The checks of validation.ts that need no zod (file type and size, page count, cover size, the
 * schedule): the dashboard's pages run them without loading zod (docs/dashboard.md, "Forms and
 * their messages"); validation.ts re-exports them. Messages are i18n keys, as there.
 */
import {
  COVER_MIN_HEIGHT,
  COVER_MIN_WIDTH,
  COVER_RATIO_HEIGHT,
  COVER_RATIO_TOLERANCE,
  COVER_RATIO_WIDTH,
  IMAGE_MIME_TYPES,
  IMAGE_TYPES_LABEL,
  MAX_PAGES_PER_UPLOAD,
  PAGE_MAX_BYTES,
  PAGE_MAX_MB,
} from "./constants";
import type { MessageKey } from "./i18n/messages";

/** A translated problem: an i18n key with its interpolation params. */
export type ValidationProblem = { key: MessageKey; params?: Record<string, string | number> };

/** Checks an image file before upload (type and size). Returns null when it is acceptable. */
export function imageFileProblem(
  file: { type: string; size: number },
  maxBytes: number = PAGE_MAX_BYTES,
): ValidationProblem | null {
  if (!file.type.startsWith("image/")) return { key: "validation.notAnImage" };
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { key: "validation.fileTypeInvalid", params: { types: IMAGE_TYPES_LABEL } };
  }
  if (file.size > maxBytes) {
    const max = maxBytes === PAGE_MAX_BYTES ? PAGE_MAX_MB : Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    return { key: "validation.fileTooLarge", params: { max } };
  }
  return null;
}

/** Checks a page selection's count. */
export function fileCountProblem(
  count: number,
  max: number = MAX_PAGES_PER_UPLOAD,
): ValidationProblem | null {
  if (count < 1) return { key: "validation.pagesRequired" };
  if (count > max) return { key: "validation.tooManyFiles", params: { max } };
  return null;
}

/** Cover rule: portrait 3:4 (within COVER_RATIO_TOLERANCE) and at least 600x800 px. */
export function isValidCoverSize(width: number, height: number): boolean {
  if (!(width >= COVER_MIN_WIDTH && height >= COVER_MIN_HEIGHT)) return false;
  const expected = COVER_RATIO_WIDTH / COVER_RATIO_HEIGHT;
  return Math.abs(width / height - expected) / expected <= COVER_RATIO_TOLERANCE;
}

/** A scheduled publish date must be strictly later than `now`. */
export function isScheduleInFuture(date: Date | number, now: Date | number = Date.now()): boolean {
  return new Date(date).getTime() > new Date(now).getTime();
}
