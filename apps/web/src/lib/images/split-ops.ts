/**
 * Tall-strip splitting in the browser (docs/bulk-import.md, "Tall strips"): a page taller than the
 * limit once resized to 1500 px wide becomes consecutive pages, cut where the shared planner
 * (`planStripSplitRgba`, @vt/shared/tall-strip) says: on a quiet row near the limit, else at it.
 * Runs before the upload pipeline (and so before scrambling): each piece is a new file that the
 * page grid shows as its own tile and that is then processed like any dropped page.
 */
import { JPEG_QUALITY, MAX_PAGE_WIDTH } from "@vt/shared/constants";
import { gifSize } from "@vt/shared/image-sniff";
import { planStripSplitRgba, TALL_STRIP_DEFAULT_MAX_HEIGHT } from "@vt/shared/tall-strip";
import { readHead } from "../image-file";
import { createCanvas, decode, drawScaled, encode, enter, type OpContext, release } from "./canvas-ops";
import { baseName, fitWidth } from "./format";

export type SplitPageOptions = { maxHeight?: number };

/** One piece of a split page: a JPEG at the final width (1500 px, or narrower when the source is). */
export type SplitPiece = { blob: Blob; name: string; width: number; height: number };

/** The pieces of a tall page, top to bottom; empty when the page stays whole (short enough, or a GIF). */
export type SplitResult = { pieces: SplitPiece[] };

/** "ch1/05.png", 2 -> "05_2.jpg": the pieces sort right after one another and keep the stem. */
export function pieceName(name: string, index: number): string {
  return `${baseName(name)}_${index + 1}.jpg`;
}

export async function splitTallPageOp(
  input: Blob,
  name: string,
  options: SplitPageOptions = {},
  ctx: OpContext = {},
): Promise<SplitResult> {
  const maxHeight = options.maxHeight ?? TALL_STRIP_DEFAULT_MAX_HEIGHT;
  enter(ctx, "decode");
  if (gifSize(await readHead(input))) return { pieces: [] };
  const src = await decode(input);
  let scaled: ReturnType<typeof drawScaled>;
  try {
    const target = fitWidth(src.width, src.height, MAX_PAGE_WIDTH);
    if (target.height <= maxHeight) return { pieces: [] };
    enter(ctx, "draw");
    scaled = drawScaled(src, target.width, target.height);
  } finally {
    src.close();
  }
  try {
    const { width, height } = scaled.canvas;
    const rgba = scaled.ctx.getImageData(0, 0, width, height);
    const plan = planStripSplitRgba({ width, height, data: rgba.data }, { maxHeight });
    enter(ctx, "encode");
    const pieces: SplitPiece[] = [];
    for (const [index, piece] of plan.entries()) {
      ctx.checkAborted?.();
      const out = createCanvas(width, piece.height);
      try {
        out.ctx.drawImage(scaled.canvas, 0, piece.y, width, piece.height, 0, 0, width, piece.height);
        const blob = await encode(out.canvas, "image/jpeg", JPEG_QUALITY);
        pieces.push({ blob, name: pieceName(name, index), width, height: piece.height });
      } finally {
        release(out.canvas);
      }
    }
    enter(ctx, "done");
    return { pieces };
  } finally {
    release(scaled.canvas);
  }
}
