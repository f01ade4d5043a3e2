/**
 * The one image gate: every multipart upload is read here (through lib/upload-flow.ts). Each file
 * part is streamed with a byte limit (413, never a silently cut file), then checked in this order
 * before anything is stored:
 *   1. type by content (magic bytes via the shared sniffer, never the name or declared type)
 *   2. declared dimensions (header only, before any decode): each side at most IMAGE_MAX_SIDE,
 *      long side over short side at most IMAGE_MAX_ASPECT, the pixel cap (decompression bombs)
 *   3. a complete decode with sharp `failOn: "error"` (a truncated or damaged image is refused),
 *      in one of the process's decode slots (lib/decode-slots.ts: 429 when too many wait); for
 *      every image but chapter pages (`page`) that decode is a fresh encode stored instead of the
 *      upload, so metadata other than the ICC profile is gone
 *   4. the uploader's hourly quota (lib/upload-quota.ts, counted in the database)
 * Services read it through the one upload flow (lib/upload-flow.ts, `multipartImages`), which
 * stores what `onImage` receives (streaming: a 300-page batch is never held in memory). Direct
 * uploads (browser PUT to the S3 bucket, lib/direct-upload.ts) pass the stored object through the
 * same checks with `checkStoredImage`, which deletes what fails.
 *
 * Failures (message keys, translated by the error handler):
 *   413 validation.fileTooLarge {max} (MB)      415 validation.notAnImage
 *   415 validation.fileTypeInvalid {types}       422 validation.imageTooManyPixels {max} (megapixels)
 *   422 validation.imageSideTooLong {max} (px)   422 validation.imageTooNarrow {max} (ratio)
 *   422 upload.imageDamaged (truncated/corrupt)  422 validation.tooManyFiles {max}
 *   422 on the file field when it is missing     429 upload.quotaFiles / upload.quotaBytes
 *   429 upload.gateBusy {seconds} + Retry-After (the decode line is full)
 */

import { DIRECT_UPLOAD_FALLBACK_HEADER, IMAGE_MIME_TYPES, type ImageMimeType } from "@vt/shared/constants";
import {
  IMAGE_MAX_ASPECT,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  UPLOAD_FIELD_MULTIPLE,
  UPLOAD_FIELD_SINGLE,
} from "@vt/shared/contracts/images";
import { containsMarkup } from "@vt/shared/image-markup";
import { IMAGE_EXTENSIONS, imageTypeProblem, megabytes, sniffImageType } from "@vt/shared/image-sniff";
import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import { z } from "zod";
import type { Storage } from "../storage/storage";
import { AppError } from "./app-error";
import { decodeSlots } from "./decode-slots";
import { metrics } from "./metrics";
import { fingerprintOf, type PageFingerprint } from "./page-fingerprint";
import { commitUploadQuota, reserveUpload } from "./upload-quota";

export { megabytes };

export interface ImageCheckOptions {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Largest accepted width x height (x frames for animations); default 50 megapixels. */
  maxPixels?: number;
  /** Accepted types (default JPEG, PNG, WebP, GIF). */
  types?: readonly ImageMimeType[];
  /**
   * A chapter page: the uploaded bytes are stored exactly (the browser pipeline made them; GIFs
   * and scrambled pages stay as uploaded). Every other image (avatars, covers, volume art, team
   * images) is re-encoded and the encode is stored instead: no EXIF, XMP or comment survives,
   * the ICC profile does.
   */
  page?: boolean;
}

export interface ImageUploadOptions extends ImageCheckOptions {
  /** Most files accepted in one request (default 1). */
  maxFiles?: number;
  /** Multipart field name (default `file` when maxFiles is 1, else `files`). */
  field?: string;
  /** Message key when no file arrives under `field` (default validation.required), a 422 on that field. */
  requiredMessage?: string;
  /** Most text fields accepted besides the files (default 20). */
  maxFields?: number;
  /**
   * Receives each checked image as soon as it has passed the gate (in request order). When set,
   * the images are not collected in the result. If it or a later part throws, the upload flow
   * (lib/upload-flow.ts) removes what it stored.
   */
  onImage?: (image: CheckedImage) => Promise<void>;
}

export interface CheckedImage {
  /** What to store: the upload itself (pages) or its re-encode (every other image). */
  bytes: Buffer;
  /** Size of the upload as received (what the quota and vt_upload_bytes_total count). */
  receivedSize: number;
  mime: ImageMimeType;
  /** Extension to store under ("jpg", "png", "webp", "gif"). */
  ext: string;
  width: number;
  height: number;
  /** The client's file name, for display and natural sorting only (never a path). */
  filename: string;
  /** Pages only: dHash and brightness of the first frame (lib/page-fingerprint.ts), from the decode below. */
  fingerprint?: PageFingerprint;
}

export interface ImageUploads {
  images: CheckedImage[];
  /** Text fields of the form (the last value of each name). */
  fields: Record<string, string>;
  /** How many files passed the gate (also when handed to `onImage`). */
  count: number;
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", "validation.fileTooLarge", {
    params: { max: megabytes(maxBytes) },
  });
}

export function tooManyFiles(max: number): AppError {
  return new AppError("VALIDATION", "validation.tooManyFiles", { params: { max } });
}

const notAnImage = () => new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.notAnImage");
const damaged = () => new AppError("VALIDATION", "upload.imageDamaged");

/** Checks one file's bytes: an allowed type by content, within the size and pixel limits, and whole. */
export async function checkImage(
  bytes: Buffer,
  options: ImageCheckOptions,
  filename = "",
): Promise<CheckedImage> {
  const types = options.types ?? IMAGE_MIME_TYPES;
  const maxPixels = options.maxPixels ?? IMAGE_MAX_PIXELS;
  if (bytes.length > options.maxBytes) throw fileTooLarge(options.maxBytes);

  const problem = imageTypeProblem(bytes, types);
  if (problem) {
    const status = "UNSUPPORTED_MEDIA_TYPE";
    throw new AppError(status, problem.key, problem.params ? { params: problem.params } : {});
  }
  // A JPEG+HTML polyglot, or markup hidden in a comment or after the image: never stored.
  if (containsMarkup(bytes)) throw notAnImage();
  const mime = sniffImageType(bytes)!;

  // 1. Header only: the declared size, before anything is decoded (a bomb costs nothing here).
  let width: number;
  let height: number;
  let frames: number;
  let orientation: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false, animated: true }).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
    frames = meta.pages ?? 1;
    orientation = meta.orientation ?? 1;
  } catch {
    // The signature of a stored type but no readable header: a cut or damaged file.
    throw damaged();
  }
  if (!(width > 0 && height > 0)) throw damaged();
  checkDeclaredSize(width, height, frames, maxPixels);

  // 2. The whole image, every frame, in one of the process's decode slots: a truncated or corrupt
  // file fails here. Pages: the output is a thumbnail that is thrown away, the stored bytes are the
  // uploaded ones; a JPEG is decoded at 1/8 scale (libjpeg DCT scaling through sharp's
  // shrink-on-load), which still entropy-decodes every scan: image-gate.corpus.test.ts shows it
  // refuses every one of 320 damaged pages a full-size decode refuses, at about 0.5-0.6x its CPU. Other images (not `page`): the decode
  // is an encode of the same type, stored instead of the upload, so no metadata survives but the
  // colour profile (EXIF orientation applied first).
  if (!options.page) {
    const encoded = await decodeSlots.run(() => reencode(bytes, mime, maxPixels, orientation));
    return {
      bytes: encoded.data,
      receivedSize: bytes.length,
      mime,
      ext: IMAGE_EXTENSIONS[mime],
      ...encoded.size,
      filename,
    };
  }
  // The thumbnail is the small colour one the page fingerprint is made of (lib/page-fingerprint.ts:
  // a resize only, so the decode costs what it cost before fingerprints).
  let fingerprint: PageFingerprint;
  try {
    fingerprint = await decodeSlots.run(() =>
      fingerprintOf(
        sharp(bytes, { failOn: "error", animated: true, limitInputPixels: maxPixels, sequentialRead: true }),
      ),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged();
  }
  return {
    bytes,
    receivedSize: bytes.length,
    mime,
    ext: IMAGE_EXTENSIONS[mime],
    width,
    height,
    filename,
    fingerprint,
  };
}

/**
 * The caps on the header's declared size, checked before any decode: each side, the aspect ratio
 * (a 1 x 40,000,000 PNG is 78 KB and 40 megapixels, yet 40 million rows to decode), then pixels.
 */
function checkDeclaredSize(width: number, height: number, frames: number, maxPixels: number): void {
  if (Math.max(width, height) > IMAGE_MAX_SIDE) {
    throw new AppError("VALIDATION", "validation.imageSideTooLong", { params: { max: IMAGE_MAX_SIDE } });
  }
  if (Math.max(width, height) / Math.min(width, height) > IMAGE_MAX_ASPECT) {
    throw new AppError("VALIDATION", "validation.imageTooNarrow", { params: { max: IMAGE_MAX_ASPECT } });
  }
  if (width * height * frames > maxPixels) {
    throw new AppError("VALIDATION", "validation.imageTooManyPixels", {
      params: { max: Math.round(maxPixels / 1_000_000) },
    });
  }
}

/**
 * A fresh encode of a whole image in its own type (every byte decoded, `failOn: "error"`): only
 * the ICC profile is kept, EXIF (camera, author, GPS), XMP, IPTC and comments are gone; the EXIF
 * orientation is applied to the pixels first so the image shows as before. Damage is a 422.
 */
async function reencode(bytes: Buffer, mime: ImageMimeType, maxPixels: number, orientation: number) {
  try {
    let image = sharp(bytes, {
      failOn: "error",
      animated: true,
      limitInputPixels: maxPixels,
    }).keepIccProfile();
    if (orientation > 1) image = image.autoOrient();
    if (mime === "image/jpeg") image = image.jpeg({ quality: 90 });
    else if (mime === "image/png") image = image.png();
    else if (mime === "image/webp") image = image.webp({ quality: 90 });
    else image = image.gif();
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { data, size: { width: info.width, height: info.pageHeight ?? info.height } };
  } catch {
    throw damaged();
  }
}

function multipartCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** Reads one file part to the end, refusing (413) once it is over `maxBytes`; never returns a cut file. */
async function readPart(file: NodeJS.ReadableStream & { truncated?: boolean }, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw fileTooLarge(maxBytes);
    chunks.push(chunk);
  }
  // busboy marks a part it cut at its own limit; checked after the end so no timing lets it pass.
  if (file.truncated) throw fileTooLarge(maxBytes);
  return Buffer.concat(chunks, size);
}

function multipartRefusal(error: unknown, maxBytes: number, maxFiles: number): unknown {
  const code = multipartCode(error);
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge(maxBytes);
  if (code === "FST_FILES_LIMIT") return tooManyFiles(maxFiles);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return new AppError("PAYLOAD_TOO_LARGE");
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE" || code === "FST_PROTO_VIOLATION") {
    return new AppError("BAD_REQUEST");
  }
  return error;
}

/** Reason label of vt_image_gate_rejections_total per message key of a refusal. */
const REJECTION_REASONS: Record<string, string> = {
  "validation.fileTooLarge": "too_large",
  "validation.tooManyFiles": "too_many_files",
  "validation.notAnImage": "not_image",
  "validation.fileTypeInvalid": "type",
  "validation.imageTooManyPixels": "pixels",
  "validation.imageSideTooLong": "dimensions",
  "validation.imageTooNarrow": "dimensions",
  "upload.gateBusy": "busy",
  "upload.imageDamaged": "damaged",
};

/** Counts a refusal of the gate in vt_image_gate_rejections_total (other errors are ignored). */
export function countRejection(error: unknown): void {
  if (!(error instanceof AppError)) return;
  const reason = REJECTION_REASONS[error.message] ?? (error.code === "RATE_LIMITED" ? "quota" : undefined);
  if (reason) metrics.gateRejections.inc({ reason });
}

export interface StoredImageExpectation extends ImageCheckOptions {
  /** The exact size the upload was signed for: another size is a cut or swapped object. */
  size: number;
  /** The type the upload was signed for (the object's Content-Type): the content must be this type. */
  mime: ImageMimeType;
}

/**
 * The gate for an object a browser stored itself (direct upload): reads it back from storage
 * with the same byte limit, requires the size and type it was signed for, then runs every check
 * of `checkImage`. Accepted bytes count in vt_upload_bytes_total, refusals in
 * vt_image_gate_rejections_total; a refused or missing object is deleted before the error is thrown.
 */
export async function checkStoredImage(
  storage: Storage,
  key: string,
  expected: StoredImageExpectation,
  filename = "",
): Promise<CheckedImage> {
  try {
    const object = await storage.stream(key);
    if (!object) throw new AppError("VALIDATION", "upload.objectMissing");
    if (object.size > expected.maxBytes) {
      object.stream.destroy();
      throw fileTooLarge(expected.maxBytes);
    }
    const bytes = await readPart(object.stream, expected.maxBytes);
    if (bytes.length !== expected.size) throw damaged();
    const image = await checkImage(bytes, expected, filename.slice(0, 255));
    if (image.mime !== expected.mime) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "validation.fileTypeInvalid", {
        params: { types: IMAGE_EXTENSIONS[expected.mime].toUpperCase() },
      });
    }
    metrics.uploadBytes.inc(bytes.length);
    return image;
  } catch (error) {
    countRejection(error);
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

let fallbackWarned = false;

/**
 * A multipart upload sent because the browser's direct PUT to the bucket failed (header
 * DIRECT_UPLOAD_FALLBACK_HEADER): counted; the first one of this instance is logged as a warning,
 * as the bucket's CORS rules most likely need fixing (docs/operations.md).
 */
function noteDirectFallback(request: FastifyRequest): void {
  if (request.headers[DIRECT_UPLOAD_FALLBACK_HEADER] !== "direct") return;
  metrics.directUploadFallbacks.inc();
  if (fallbackWarned) return;
  fallbackWarned = true;
  request.log.warn(
    { url: request.url },
    "a browser could not PUT to the S3 bucket and uploaded through the API instead: check the bucket's CORS rules",
  );
}

/** Files of one request checked and stored while the next one is read (bounds the memory held). */
const GATE_OVERLAP = 3;

/**
 * Reads a multipart request's text fields and the image file(s) under `field` (at most
 * `maxFiles`), passing each file through the gate as it arrives. One bad file refuses the request
 * (callers that store in `onImage` undo what they stored).
 */
export async function readImageUploads(
  request: FastifyRequest,
  options: ImageUploadOptions,
): Promise<ImageUploads> {
  const maxFiles = options.maxFiles ?? 1;
  const field = options.field ?? (maxFiles === 1 ? UPLOAD_FIELD_SINGLE : UPLOAD_FIELD_MULTIPLE);
  const maxFields = options.maxFields ?? 20;
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  noteDirectFallback(request);

  const images: CheckedImage[] = [];
  const fields: Record<string, string> = {};
  let count = 0;
  let seen = 0;
  // Each file is checked (sharp, off the event loop), counted and handed to `onImage` in request
  // order while the next part is still arriving: `tail` is the last of those steps, `window` the
  // ones not finished yet (at most GATE_OVERLAP files held beyond the one being read).
  let tail: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  const window: Promise<void>[] = [];
  const settle = () => tail.catch(() => {});
  try {
    const parts = request.parts({
      // busboy cuts one byte past the limit, so an exact-limit file passes and a larger one is seen.
      limits: {
        fileSize: options.maxBytes + 1,
        files: maxFiles + 1,
        fields: maxFields,
        parts: maxFiles + maxFields + 1,
      },
    });
    for await (const part of parts) {
      if (part.type !== "file") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      if (failure) throw failure.error;
      if (seen >= maxFiles) throw tooManyFiles(maxFiles);
      seen += 1;
      const bytes = await readPart(part.file, options.maxBytes);
      const checking = checkImage(bytes, options, part.filename.slice(0, 255));
      checking.catch(() => {}); // awaited in order below; a refusal surfaces there
      const step = tail.then(async () => {
        const image = await checking;
        metrics.uploadBytes.inc(image.receivedSize);
        await reserveUpload(request, image.receivedSize);
        count += 1;
        if (options.onImage) await options.onImage(image);
        else images.push(image);
      });
      step.catch((error: unknown) => {
        failure ??= { error };
      });
      tail = step;
      window.push(step);
      if (window.length > GATE_OVERLAP) await window.shift()!.catch(() => {});
    }
    await tail;
    // The request's files counted against the hourly quota: one statement for all of them.
    await commitUploadQuota(request);
  } catch (error) {
    // Let the steps already started finish, so the caller undoes everything that was stored.
    await settle();
    const refusal = multipartRefusal(failure?.error ?? error, options.maxBytes, maxFiles);
    countRejection(refusal);
    throw refusal;
  }
  if (count === 0) {
    const message = options.requiredMessage ?? "validation.required";
    throw new z.ZodError([{ code: "custom", path: [field], message, input: undefined }]);
  }
  return { images, fields, count };
}
