/**
 * A page's fingerprint in the browser (docs/page-checks.md, "Before anything is uploaded"): the
 * page decoded small, its pixels drawn over white on a canvas of at most 288x256, then the shared
 * maths (`thumbnailOfRgba`, `fingerprintOfThumbnail` in @vt/shared/page-fingerprint): the same
 * dHash and brightness as the server's image gate computes with sharp, within a few bits
 * (apps/api/src/lib/page-fingerprint.test.ts; in Chromium: apps/web/e2e/image-pipeline.spec.ts).
 * A JPEG is decoded at the DCT scale libvips' shrink-on-load uses for it on the server
 * (`jpegShrinkOnLoad`: 1/8 for a page of the usual sizes), so it costs a fraction of a full decode;
 * other types (and a JPEG with an EXIF rotation) are decoded whole. Also a small JPEG thumbnail
 * for the findings (from the same small canvas), and the page's size as it will be stored (1500 px
 * wide at most).
 */
import {
  FINGERPRINT_HEIGHT,
  FINGERPRINT_WIDTH,
  fingerprintOfThumbnail,
  jpegShrinkOnLoad,
  type PageFingerprint,
  thumbnailOfRgba,
} from "@vt/shared/page-fingerprint";
import { fitWidth } from "@vt/shared/page-size";
import { decode, decodeJpegScaled, drawScaled, encode, enter, type OpContext, release } from "./canvas-ops";

/** The largest canvas the page is drawn on before the shared thumbnail: 4x the thumbnail's sides. */
const DRAW_SCALE = 4;
/** Width of the thumbnail shown next to a finding. */
export const FINDING_THUMB_WIDTH = 48;

export type FingerprintedPage = PageFingerprint & {
  /** Size as the page will be stored (1500 px wide at most). */
  width: number;
  height: number;
  /** A small JPEG of the page, FINDING_THUMB_WIDTH px wide. */
  thumb: Blob;
};

/** The size to decode a JPEG at: its shrink-on-load scale (null: full size, nothing to gain). */
function fingerprintDecodeSize(width: number, height: number) {
  const f = jpegShrinkOnLoad(width, height);
  return f > 1 ? { width: Math.ceil(width / f), height: Math.ceil(height / f) } : null;
}

export async function fingerprintPageOp(input: Blob, ctx: OpContext = {}): Promise<FingerprintedPage> {
  enter(ctx, "decode");
  const scaled = await decodeJpegScaled(input, fingerprintDecodeSize);
  const src = scaled?.src ?? (await decode(input));
  const original = scaled?.original ?? { width: src.width, height: src.height };
  let drawn: ReturnType<typeof drawScaled>;
  try {
    enter(ctx, "draw");
    // At its decoded size when that is small (a JPEG at 1/8), else stretched to 288x256 at most.
    drawn = drawScaled(
      src,
      Math.min(src.width, FINGERPRINT_WIDTH * DRAW_SCALE),
      Math.min(src.height, FINGERPRINT_HEIGHT * DRAW_SCALE),
    );
  } finally {
    src.close();
  }
  try {
    const { width, height } = drawn.canvas;
    const rgba = drawn.ctx.getImageData(0, 0, width, height).data;
    const fingerprint = fingerprintOfThumbnail(thumbnailOfRgba(rgba, width, height), 3);
    // The finding's thumbnail from that small canvas, back to the page's proportions (drawing it
    // from a full-size decode again cost more than the fingerprint).
    const thumbHeight = Math.max(1, Math.round((original.height * FINDING_THUMB_WIDTH) / original.width));
    const small = drawScaled(
      { source: drawn.canvas, width, height, close() {} },
      FINDING_THUMB_WIDTH,
      thumbHeight,
    );
    enter(ctx, "encode");
    let thumb: Blob;
    try {
      thumb = await encode(small.canvas, "image/jpeg", 0.8);
    } finally {
      release(small.canvas);
    }
    enter(ctx, "done");
    return { ...fingerprint, ...fitWidth(original.width, original.height), thumb };
  } finally {
    release(drawn.canvas);
  }
}
