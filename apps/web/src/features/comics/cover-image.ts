/**
 * Browser-side cover checks and cropping (portrait 3:4, at least 600x800 px: docs/dashboard.md,
 * "Images in the browser"). The server checks again. A picked image that is large enough but not
 * 3:4 goes through the crop tool, which always yields a 3:4 JPEG of at least 600x800; a smaller
 * image is refused outright, because enlarging it would only blur it.
 */
import {
  COVER_MIN_HEIGHT,
  COVER_MIN_WIDTH,
  COVER_RATIO_HEIGHT,
  COVER_RATIO_WIDTH,
} from "@vt/shared/constants";
import { isValidCoverSize } from "@vt/shared/validation-rules";
import { ImageProcessingError } from "@/lib/images/errors";

export const COVER_RATIO = COVER_RATIO_WIDTH / COVER_RATIO_HEIGHT;
/** Crops wider than this (source pixels) are scaled down to it: a cover never needs more. */
export const COVER_OUTPUT_MAX_WIDTH = 1200;
const COVER_JPEG_QUALITY = 0.92;

export type ImageSize = { width: number; height: number };

/** What to do with a cover of this size: upload as is, crop it to 3:4 first, or refuse it. */
export function coverVerdict({ width, height }: ImageSize): "ok" | "crop" | "too-small" {
  if (isValidCoverSize(width, height)) return "ok";
  // A 600x800 window must fit inside the picture for the crop to reach the minimum size.
  if (width >= COVER_MIN_WIDTH && height >= COVER_MIN_HEIGHT) return "crop";
  return "too-small";
}

/** A crop window in source pixels; its height is always width * 4 / 3. */
export type CropRect = { x: number; y: number; width: number };

export const cropHeight = (width: number) => width / COVER_RATIO;

/** The largest 3:4 window of the picture, centred: the crop tool's starting point. */
export function initialCrop({ width, height }: ImageSize): CropRect {
  const cropWidth = Math.min(width, height * COVER_RATIO);
  return { x: (width - cropWidth) / 2, y: (height - cropHeight(cropWidth)) / 2, width: cropWidth };
}

/** Keeps a window inside the picture and between the minimum cover size and the largest 3:4 window. */
export function clampCrop(rect: CropRect, image: ImageSize): CropRect {
  const maxWidth = Math.min(image.width, image.height * COVER_RATIO);
  const width = Math.min(maxWidth, Math.max(Math.min(COVER_MIN_WIDTH, maxWidth), rect.width));
  const x = Math.min(Math.max(0, rect.x), image.width - width);
  const y = Math.min(Math.max(0, rect.y), image.height - cropHeight(width));
  return { x, y, width };
}

/** Zooms a window around its centre to `width` (then clamped). */
export function zoomCrop(rect: CropRect, width: number, image: ImageSize): CropRect {
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + cropHeight(rect.width) / 2;
  return clampCrop({ x: cx - width / 2, y: cy - cropHeight(width) / 2, width }, image);
}

/** The output size for a window: 3:4 exactly, at least 600x800, at most COVER_OUTPUT_MAX_WIDTH wide. */
export function croppedSize(cropWidth: number): ImageSize {
  const target = Math.max(COVER_MIN_WIDTH, Math.min(COVER_OUTPUT_MAX_WIDTH, Math.round(cropWidth)));
  const width = Math.floor(target / COVER_RATIO_WIDTH) * COVER_RATIO_WIDTH;
  return { width, height: (width / COVER_RATIO_WIDTH) * COVER_RATIO_HEIGHT };
}

/** Decodes a picked file (throws ImageProcessingError 'failedToCreateImage' when the browser cannot). */
export async function decodeImage(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new ImageProcessingError("failedToCreateImage");
  }
}

/** Draws the window onto a canvas of `croppedSize` and encodes it as a JPEG file. */
export async function cropCover(source: ImageBitmap, rect: CropRect, name = "cover.jpg"): Promise<File> {
  const size = croppedSize(rect.width);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) throw new ImageProcessingError("canvasContext");
  context.imageSmoothingQuality = "high";
  context.drawImage(
    source,
    rect.x,
    rect.y,
    rect.width,
    cropHeight(rect.width),
    0,
    0,
    size.width,
    size.height,
  );
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", COVER_JPEG_QUALITY),
  );
  if (!blob) throw new ImageProcessingError("toBlobFailed");
  return new File([blob], `${name.replace(/\.[^.]+$/, "")}.jpg`, { type: "image/jpeg" });
}
