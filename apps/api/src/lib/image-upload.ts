/**
 * Every image upload goes through here: read the multipart file(s) with a size cap, then check each
 * by content (magic bytes, never the name or declared type), size and pixel count BEFORE anything
 * is stored. Callers store the returned bytes with the detected type and extension.
 *
 *   const [image] = await readImageUploads(request, { maxBytes: TEAM_IMAGE_MAX_BYTES });
 *   const key = await storage.put(image.bytes, { prefix: "teams", ext: image.ext, contentType: image.mime });
 *
 * Failures (spec §5 message keys): 415 validation.notAnImage, 415 validation.fileTypeInvalid {types},
 * 413 validation.fileTooLarge {max} (MB), 422 validation.tooManyFiles {max},
 * 422 validation.imageTooManyPixels {max} (megapixels), 422 validation.required {field}.
 */

import { IMAGE_MIME_TYPES, IMAGE_TYPES_LABEL, type ImageMimeType } from "@vt/shared/constants";
import { IMAGE_MAX_PIXELS, UPLOAD_FIELD_MULTIPLE, UPLOAD_FIELD_SINGLE } from "@vt/shared/contracts/images";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "./app-error";

const EXTENSIONS: Record<ImageMimeType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

export interface ImageCheckOptions {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Largest accepted width x height (x frames for animations); default 50 megapixels. */
  maxPixels?: number;
  /** Accepted types (default JPEG, PNG, WebP, GIF). */
  types?: readonly ImageMimeType[];
}

export interface ImageUploadOptions extends ImageCheckOptions {
  /** Most files accepted in one request (default 1). */
  maxFiles?: number;
  /** Multipart field name (default `file` when maxFiles is 1, else `files`). */
  field?: string;
}

export interface CheckedImage {
  bytes: Buffer;
  mime: ImageMimeType;
  /** Extension to store under ("jpg", "png", "webp", "gif"). */
  ext: string;
  width: number;
  height: number;
  /** The client's file name, for display and natural sorting only (never a path). */
  filename: string;
}

/** The limit in MB as shown in messages (5, 7, 0.5 ...). */
export function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", "validation.fileTooLarge", {
    params: { max: megabytes(maxBytes) },
  });
}

export function tooManyFiles(max: number): AppError {
  return new AppError("VALIDATION", "validation.tooManyFiles", { params: { max } });
}

/** Checks one file's bytes: an allowed image type by content, within the size and pixel limits. */
export async function checkImage(
  bytes: Buffer,
  options: ImageCheckOptions,
  filename = "",
): Promise<CheckedImage> {
  const types = options.types ?? IMAGE_MIME_TYPES;
  const maxPixels = options.maxPixels ?? IMAGE_MAX_PIXELS;
  if (bytes.length > options.maxBytes) throw fileTooLarge(options.maxBytes);
  if (bytes.length === 0) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.notAnImage");

  const detected = await fileTypeFromBuffer(bytes);
  if (!detected?.mime.startsWith("image/")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.notAnImage");
  }
  const mime = detected.mime as ImageMimeType;
  if (!types.includes(mime)) {
    const label =
      types === IMAGE_MIME_TYPES
        ? IMAGE_TYPES_LABEL
        : types.map((t) => EXTENSIONS[t].toUpperCase()).join(", ");
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.fileTypeInvalid", { params: { types: label } });
  }

  // Header only: sharp reads the dimensions without decoding, so a decompression bomb costs nothing here.
  let width: number;
  let height: number;
  let frames: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false, animated: true }).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
    frames = meta.pages ?? 1;
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.notAnImage");
  }
  if (!(width > 0 && height > 0)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.notAnImage");
  if (width * height * frames > maxPixels) {
    throw new AppError("VALIDATION", "validation.imageTooManyPixels", {
      params: { max: Math.round(maxPixels / 1_000_000) },
    });
  }
  return { bytes, mime, ext: EXTENSIONS[mime], width, height, filename };
}

function isMultipartLimit(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

/**
 * Reads the image file(s) of a multipart request under `field`, capped at `maxBytes` each and
 * `maxFiles` in all, and checks every one (see checkImage). Nothing is stored: all files are
 * checked before the caller stores any, so one bad file rejects the whole request.
 */
export async function readImageUploads(
  request: FastifyRequest,
  options: ImageUploadOptions,
): Promise<CheckedImage[]> {
  const maxFiles = options.maxFiles ?? 1;
  const field = options.field ?? (maxFiles === 1 ? UPLOAD_FIELD_SINGLE : UPLOAD_FIELD_MULTIPLE);
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  // An oversize file must fail, not arrive truncated: @fastify/multipart throws by default
  // (throwFileSizeLimit), which is how the plugin must be registered for these routes.

  const raw: { bytes: Buffer; filename: string }[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: maxFiles, fields: 20, parts: maxFiles + 20 },
    });
    for await (const part of parts) {
      if (part.type !== "file") continue;
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      raw.push({ bytes: await part.toBuffer(), filename: part.filename.slice(0, 255) });
    }
  } catch (error) {
    if (isMultipartLimit(error, "FST_REQ_FILE_TOO_LARGE")) throw fileTooLarge(options.maxBytes);
    if (isMultipartLimit(error, "FST_FILES_LIMIT")) throw tooManyFiles(maxFiles);
    if (isMultipartLimit(error, "FST_PARTS_LIMIT") || isMultipartLimit(error, "FST_FIELDS_LIMIT")) {
      throw new AppError("PAYLOAD_TOO_LARGE");
    }
    throw error;
  }
  if (raw.length === 0) throw new AppError("VALIDATION", "validation.required", { params: { field } });
  if (raw.length > maxFiles) throw tooManyFiles(maxFiles);

  const checked: CheckedImage[] = [];
  for (const file of raw) checked.push(await checkImage(file.bytes, options, file.filename));
  return checked;
}
