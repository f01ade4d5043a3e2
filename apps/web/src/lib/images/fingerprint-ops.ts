/**
 * A page's fingerprint in the browser (docs/page-checks.md, "Before anything is uploaded"): the
 * decoded page (EXIF orientation applied, first frame) drawn stretched over white on a 288x256
 * canvas, whose pixels go to the shared maths (`greyThumbnailOfRgba`, `fingerprintOfGrey` in
 * @vt/shared/page-fingerprint): the same dHash and brightness as the server's image gate computes
 * with sharp, within a few bits (apps/api/src/lib/page-fingerprint.test.ts). Also a small JPEG
 * thumbnail for the findings, and the page's size as it will be stored (1500 px wide at most).
 */
import {
  fingerprintOfGrey,
  GREY_HEIGHT,
  GREY_WIDTH,
  greyThumbnailOfRgba,
  type PageFingerprint,
} from "@vt/shared/page-fingerprint";
import { fitWidth } from "@vt/shared/page-size";
import { decode, drawScaled, encode, enter, type OpContext, release } from "./canvas-ops";

/** The canvas the page is drawn on before the shared thumbnail: 4x the grey thumbnail. */
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

export async function fingerprintPageOp(input: Blob, ctx: OpContext = {}): Promise<FingerprintedPage> {
  enter(ctx, "decode");
  const src = await decode(input);
  try {
    enter(ctx, "draw");
    const drawn = drawScaled(src, GREY_WIDTH * DRAW_SCALE, GREY_HEIGHT * DRAW_SCALE);
    let fingerprint: PageFingerprint;
    try {
      const { width, height } = drawn.canvas;
      const rgba = drawn.ctx.getImageData(0, 0, width, height).data;
      fingerprint = fingerprintOfGrey(greyThumbnailOfRgba(rgba, width, height), 1);
    } finally {
      release(drawn.canvas);
    }
    const thumbHeight = Math.max(1, Math.round((src.height * FINDING_THUMB_WIDTH) / src.width));
    const small = drawScaled(src, FINDING_THUMB_WIDTH, thumbHeight);
    enter(ctx, "encode");
    let thumb: Blob;
    try {
      thumb = await encode(small.canvas, "image/jpeg", 0.8);
    } finally {
      release(small.canvas);
    }
    enter(ctx, "done");
    return { ...fingerprint, ...fitWidth(src.width, src.height), thumb };
  } finally {
    src.close();
  }
}
