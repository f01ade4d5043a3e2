/**
 * The image operations themselves, written once for both places they run: a Web Worker with
 * OffscreenCanvas (the normal path) and the main thread (fallback when workers or OffscreenCanvas
 * are unavailable, with an HTMLCanvasElement when OffscreenCanvas has no 2D context).
 *
 * Here: the canvas environment (decode, draw, encode, progress stages) and page processing.
 * Scrambling and unscrambling: ./scramble-ops.ts; tall-strip splitting: ./split-ops.ts.
 */
import { JPEG_QUALITY, MAX_PAGE_WIDTH } from "@vt/shared/constants";
import { gifSize, sniffImageType } from "@vt/shared/image-sniff";
import { JPEG_HEADER_BYTES, jpegInfo } from "@vt/shared/jpeg-header";
import { GAP_RGBA } from "@vt/shared/scramble";
import { readHead } from "../image-file";
import { ImageProcessingError } from "./errors";
import { fitWidth, renameWithExtension } from "./format";
import { hasOffscreen2d } from "./offscreen";

export { hasOffscreen2d };

export type JobStage = "queued" | "decode" | "draw" | "encode" | "done";
/** Progress of one job: the stage it entered and a rough completed fraction (0..1). */
export type JobProgress = { stage: JobStage; fraction: number };
export type ProgressFn = (p: JobProgress) => void;

/** Hooks the runner gives an operation: progress reports and a cancellation check between stages. */
export type OpContext = { progress?: ProgressFn; checkAborted?: () => void };

const STAGE_FRACTION: Record<JobStage, number> = { queued: 0, decode: 0.05, draw: 0.4, encode: 0.6, done: 1 };

export function enter(ctx: OpContext, stage: JobStage): void {
  ctx.checkAborted?.();
  ctx.progress?.({ stage, fraction: STAGE_FRACTION[stage] });
}

export type ProcessPageOptions = { maxWidth?: number; quality?: number };
export type ProcessedPage = {
  blob: Blob;
  /** Upload name: the original stem with the new extension ("01.png" -> "01.jpg"; GIFs keep theirs). */
  name: string;
  width: number;
  height: number;
  /** MIME type of `blob`. */
  type: string;
  /** True for a GIF passed through byte for byte. */
  unchanged: boolean;
};

// ── Canvas environment ───────────────────────────────────────────────────────

export type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;
export type Ctx2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
export type Decoded = { source: CanvasImageSource; width: number; height: number; close: () => void };

export function createCanvas(width: number, height: number): { canvas: AnyCanvas; ctx: Ctx2D } {
  let canvas: AnyCanvas;
  if (hasOffscreen2d()) canvas = new OffscreenCanvas(width, height);
  else if (typeof document !== "undefined") {
    canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
  } else throw new ImageProcessingError("contextUnavailable");
  const ctx = canvas.getContext("2d") as Ctx2D | null;
  if (!ctx) throw new ImageProcessingError("canvasContext");
  return { canvas, ctx };
}

/** Frees a canvas' backing store now rather than at garbage collection (matters for 50 MB pages). */
export function release(canvas: AnyCanvas): void {
  canvas.width = 0;
  canvas.height = 0;
}

export async function decode(blob: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === "function") {
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(blob, { imageOrientation: "from-image" });
    } catch (cause) {
      throw new ImageProcessingError("failedToCreateImage", { cause });
    }
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  if (typeof Image === "undefined" || typeof URL.createObjectURL !== "function") {
    throw new ImageProcessingError("failedToCreateImage");
  }
  const url = URL.createObjectURL(blob);
  const img = new Image();
  try {
    img.src = url;
    await img.decode();
  } catch (cause) {
    URL.revokeObjectURL(url);
    throw new ImageProcessingError("failedToCreateImage", { cause });
  }
  return {
    source: img,
    width: img.naturalWidth,
    height: img.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}

/** WebCodecs' ImageDecoder, where the browser has it (typed here: not every TS lib has it yet). */
type ImageDecoderLike = {
  decode(options?: { frameIndex?: number }): Promise<{
    image: CanvasImageSource & { displayWidth: number; displayHeight: number; close(): void };
  }>;
  close(): void;
};
type ImageDecoderClass = {
  new (init: {
    data: ReadableStream<Uint8Array> | BufferSource;
    type: string;
    desiredWidth?: number;
    desiredHeight?: number;
    preferAnimation?: boolean;
  }): ImageDecoderLike;
  isTypeSupported(type: string): Promise<boolean>;
};
let jpegDecoder: Promise<ImageDecoderClass | null> | undefined;
function imageDecoderForJpeg(): Promise<ImageDecoderClass | null> {
  jpegDecoder ??= (async () => {
    const Decoder = (globalThis as { ImageDecoder?: ImageDecoderClass }).ImageDecoder;
    if (typeof Decoder !== "function") return null;
    try {
      return (await Decoder.isTypeSupported("image/jpeg")) ? Decoder : null;
    } catch {
      return null;
    }
  })();
  return jpegDecoder;
}

type Size = { width: number; height: number };

/**
 * A JPEG decoded straight at a smaller size with WebCodecs (the decoder scales in the DCT: a
 * fraction of the work and memory of a full decode plus a downscale). `sizeFor` gets the JPEG's
 * size and answers the size to ask for, or null for none; Chromium decodes at the largest n/8 scale
 * that fits in it. Null where that does not apply (no ImageDecoder, not a JPEG, an EXIF rotation, no
 * size asked for, a failed decode): the caller then takes the createImageBitmap path.
 */
export async function decodeJpegScaled(
  blob: Blob,
  sizeFor: (width: number, height: number) => Size | null,
): Promise<{ src: Decoded; original: Size; asked: Size } | null> {
  const Decoder = await imageDecoderForJpeg();
  if (!Decoder) return null;
  const info = jpegInfo(new Uint8Array(await blob.slice(0, JPEG_HEADER_BYTES).arrayBuffer()));
  if (info?.orientation !== 1) return null;
  const asked = sizeFor(info.width, info.height);
  if (!asked) return null;
  let decoder: ImageDecoderLike | undefined;
  try {
    decoder = new Decoder({
      data: blob.stream(),
      type: "image/jpeg",
      desiredWidth: asked.width,
      desiredHeight: asked.height,
      preferAnimation: false,
    });
    const { image } = await decoder.decode({ frameIndex: 0 });
    const d = decoder;
    return {
      asked,
      original: { width: info.width, height: info.height },
      src: {
        source: image,
        width: image.displayWidth,
        height: image.displayHeight,
        close: () => {
          image.close();
          d.close();
        },
      },
    };
  } catch {
    decoder?.close();
    return null;
  }
}

export async function encode(canvas: AnyCanvas, type: string, quality: number): Promise<Blob> {
  if ("convertToBlob" in canvas) {
    try {
      return await canvas.convertToBlob({ type, quality });
    } catch (cause) {
      throw new ImageProcessingError("blobCreation", { cause });
    }
  }
  const blob = await new Promise<Blob | null>((resolve, reject) => {
    try {
      canvas.toBlob(resolve, type, quality);
    } catch (cause) {
      reject(new ImageProcessingError("blobCreation", { cause }));
    }
  });
  if (!blob) throw new ImageProcessingError("toBlobFailed");
  return blob;
}

/** The gap colour of scrambled pages, also the background under scaled pages (JPEG has no alpha). */
export const WHITE = `rgb(${GAP_RGBA[0]}, ${GAP_RGBA[1]}, ${GAP_RGBA[2]})`;

/** Draws `src` scaled to width x height on a new canvas, over white (JPEG has no alpha). */
export function drawScaled(src: Decoded, width: number, height: number): { canvas: AnyCanvas; ctx: Ctx2D } {
  const out = createCanvas(width, height);
  out.ctx.fillStyle = WHITE;
  out.ctx.fillRect(0, 0, width, height);
  out.ctx.imageSmoothingEnabled = true;
  out.ctx.imageSmoothingQuality = "high";
  out.ctx.drawImage(src.source, 0, 0, src.width, src.height, 0, 0, width, height);
  return out;
}

/**
 * An opaque `src` on a canvas as it is, without a draw: its bitmap handed to a "bitmaprenderer"
 * OffscreenCanvas (no white fill, no draw: the encoder reads the decoded pixels). Only for opaque
 * images at their final size: nothing is composited over white. Null where that is not available
 * (no OffscreenCanvas or bitmaprenderer, a source createImageBitmap refuses): the caller draws.
 */
async function canvasAsIs(src: Decoded): Promise<AnyCanvas | null> {
  if (typeof OffscreenCanvas === "undefined" || typeof createImageBitmap !== "function") return null;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap =
      src.source instanceof ImageBitmap
        ? src.source
        : await createImageBitmap(src.source as ImageBitmapSource);
    const canvas = new OffscreenCanvas(src.width, src.height);
    const renderer = canvas.getContext("bitmaprenderer");
    if (!renderer) return null;
    renderer.transferFromImageBitmap(bitmap);
    return canvas;
  } catch {
    return null;
  } finally {
    if (bitmap !== src.source) bitmap?.close();
  }
}

// ── Operations ───────────────────────────────────────────────────────────────

/**
 * The page rule: GIF unchanged; else downscale to max width 1500 (never up), JPEG q0.95
 * (docs/dashboard.md).
 */
export async function processPageOp(
  input: Blob,
  name: string,
  options: ProcessPageOptions = {},
  ctx: OpContext = {},
): Promise<ProcessedPage> {
  enter(ctx, "decode");
  const head = await readHead(input);
  const size = gifSize(head);
  if (size) {
    enter(ctx, "done");
    const blob = input.type === "image/gif" ? input : new Blob([input], { type: "image/gif" });
    return { blob, name: renameWithExtension(name, "gif"), ...size, type: "image/gif", unchanged: true };
  }
  const maxWidth = options.maxWidth ?? MAX_PAGE_WIDTH;
  // A JPEG wider than maxWidth is decoded at (about) its target size.
  const atWidth = await decodeJpegScaled(input, (w, h) => (w > maxWidth ? fitWidth(w, h, maxWidth) : null));
  const src = atWidth?.src ?? (await decode(input));
  let target: Size;
  let canvas: AnyCanvas;
  try {
    target = atWidth?.asked ?? fitWidth(src.width, src.height, maxWidth);
    enter(ctx, "draw");
    // A JPEG (opaque) decoded at its final size goes to the encoder as it is; anything else is
    // drawn: scaled, and over white (a PNG or WebP may be translucent).
    const asIs =
      sniffImageType(head) === "image/jpeg" && src.width === target.width && src.height === target.height
        ? await canvasAsIs(src)
        : null;
    canvas = asIs ?? drawScaled(src, target.width, target.height).canvas;
  } finally {
    src.close();
  }
  try {
    enter(ctx, "encode");
    const blob = await encode(canvas, "image/jpeg", options.quality ?? JPEG_QUALITY);
    enter(ctx, "done");
    return {
      blob,
      name: renameWithExtension(name, "jpg"),
      ...target,
      type: "image/jpeg",
      unchanged: false,
    };
  } finally {
    release(canvas);
  }
}
