/**
 * Local image errors (docs/dashboard.md, "Images in the browser"). Every failure of the image
 * pipeline that is not a cancellation is an `ImageProcessingError` whose `code` maps to the i18n
 * key `errors.image.<code>`; the codec's rejections (`ScrambleError` from @vt/shared/scramble) keep
 * their code when they cross a worker.
 */
import { ScrambleError, type ScrambleErrorCode } from "@vt/shared/scramble";

export type ImageErrorCode =
  /** A 2D context could not be created on a canvas that exists (getContext returned null). */
  | "canvasContext"
  /** The bytes could not be decoded into an image (createImageBitmap / <img> failed). */
  | "failedToCreateImage"
  /** No canvas at all in this environment (neither OffscreenCanvas nor a document). */
  | "contextUnavailable"
  /** OffscreenCanvas.convertToBlob rejected. */
  | "blobCreation"
  /** HTMLCanvasElement.toBlob called back with null. */
  | "toBlobFailed"
  | ScrambleErrorCode;

const MESSAGES: Record<ImageErrorCode, string> = {
  canvasContext: "Could not create canvas context",
  failedToCreateImage: "Failed to create image",
  contextUnavailable: "Context unavailable",
  blobCreation: "Error creating a blob from the image",
  toBlobFailed: "toBlob failed",
  invalidKeyCode: "Invalid key code",
  checksumMismatch: "Checksum mismatch",
  invalidBase58Character: "Invalid base58 character",
  invalidScrambledHeight: "Invalid scrambled image height",
};

export const IMAGE_ERROR_CODES = Object.keys(MESSAGES) as ImageErrorCode[];

export function isImageErrorCode(code: unknown): code is ImageErrorCode {
  return typeof code === "string" && Object.hasOwn(MESSAGES, code);
}

export class ImageProcessingError extends Error {
  readonly code: ImageErrorCode;

  constructor(code: ImageErrorCode, options?: { cause?: unknown }) {
    super(MESSAGES[code], options);
    this.name = "ImageProcessingError";
    this.code = code;
  }

  /** The catalogue key to show: `t(error.i18nKey)`. */
  get i18nKey(): `errors.image.${ImageErrorCode}` {
    return `errors.image.${this.code}`;
  }
}

/** Raised by the zip download for a chapter without pages; shown as `errors.chapterNoPages`. */
export class ChapterNoPagesError extends Error {
  readonly code = "chapterNoPages";
  readonly i18nKey = "errors.chapterNoPages";

  constructor() {
    super("Chapter has no pages");
    this.name = "ChapterNoPagesError";
  }
}

/** Errors and error-like objects (a DOMException is not an Error everywhere, e.g. under jsdom). */
function isErrorLike(e: unknown): e is { name: string; message: string } {
  return (
    typeof e === "object" &&
    e !== null &&
    typeof (e as { name?: unknown }).name === "string" &&
    typeof (e as { message?: unknown }).message === "string"
  );
}

export function abortError(reason?: unknown): Error {
  if (isAbortError(reason)) return reason as Error;
  return new DOMException(typeof reason === "string" ? reason : "The operation was aborted", "AbortError");
}

export function isAbortError(error: unknown): boolean {
  return isErrorLike(error) && error.name === "AbortError";
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal.reason);
}

/** Codec rejections become ImageProcessingErrors with the same code (one error type for the UI). */
export function toImageError(error: unknown): unknown {
  if (error instanceof ScrambleError) return new ImageProcessingError(error.code, { cause: error });
  return error;
}

/** The plain shape an error takes in a worker message (Errors with custom fields do not clone well). */
export type SerializedError = { name: string; message: string; code?: string };

export function serializeError(error: unknown): SerializedError {
  const e = toImageError(error);
  if (e instanceof ImageProcessingError) return { name: e.name, message: e.message, code: e.code };
  if (isErrorLike(e)) return { name: e.name, message: e.message };
  return { name: "Error", message: String(e) };
}

export function deserializeError(s: SerializedError): Error {
  if (s.name === "AbortError") return abortError(s.message);
  if (isImageErrorCode(s.code)) return new ImageProcessingError(s.code);
  const e = new Error(s.message);
  e.name = s.name;
  return e;
}

/** The i18n key for any error of this module (falls back to the generic one). */
export function imageErrorI18nKey(error: unknown): string {
  const e = toImageError(error);
  if (e instanceof ImageProcessingError || e instanceof ChapterNoPagesError) return e.i18nKey;
  return "errors.generic";
}
