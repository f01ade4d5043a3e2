/**
 * Tall-strip splitting in `npm run upload --split-tall` (docs/bulk-import.md, "Tall strips"), the
 * browser's (apps/web/src/lib/images/split-ops.ts) done with sharp: a page taller than the limit
 * once resized to 1500 px wide (EXIF orientation applied, over white) becomes consecutive JPEG q95
 * pages named `{stem}_1.jpg`, `{stem}_2.jpg`, ..., cut where the shared planner
 * (`planStripSplitRgba`, @vt/shared/tall-strip) says: on a quiet row near the limit, else at it.
 * Runs before `preparePage` (and so before any scramble). GIFs and short pages stay whole.
 * Deterministic: the same source gives the same pieces, so a rerun finds them stored.
 */
import { JPEG_QUALITY } from "@vt/shared/constants";
import { gifSize } from "@vt/shared/image-sniff";
import { fitWidth } from "@vt/shared/page-size";
import { planStripSplitRgba, TALL_STRIP_DEFAULT_MAX_HEIGHT } from "@vt/shared/tall-strip";
import sharp from "sharp";
import { stem, uprightSize } from "./upload-pages";

/** One piece: its bytes and its path (the source's folder, the piece's name). */
export type StripPieceFile = { bytes: Buffer; path: string; width: number; height: number };

/** "ch1/05.png", 2 -> "ch1/05_3.jpg" (the browser's `pieceName`, kept in the source's folder). */
export function piecePath(sourcePath: string, index: number): string {
  const slash = Math.max(sourcePath.lastIndexOf("/"), sourcePath.lastIndexOf("\\"));
  return `${sourcePath.slice(0, slash + 1)}${stem(sourcePath)}_${index + 1}.jpg`;
}

/** The pieces of a tall page, top to bottom; empty when the page stays whole (short, or a GIF). */
export async function splitTallPage(
  bytes: Buffer,
  sourcePath: string,
  options: { maxHeight?: number } = {},
): Promise<StripPieceFile[]> {
  const maxHeight = options.maxHeight ?? TALL_STRIP_DEFAULT_MAX_HEIGHT;
  if (gifSize(bytes.subarray(0, 16))) return [];
  const size = await uprightSize(bytes);
  const target = fitWidth(size.width, size.height);
  if (target.height <= maxHeight) return [];
  const scaled = await sharp(bytes)
    .rotate()
    .resize(target.width, target.height, { fit: "fill" })
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = scaled.info;
  const plan = planStripSplitRgba(
    {
      width,
      height,
      data: new Uint8ClampedArray(scaled.data.buffer, scaled.data.byteOffset, scaled.data.length),
    },
    { maxHeight },
  );
  if (plan.length < 2) return [];
  const raw = { raw: { width, height, channels: 4 as const } };
  const pieces: StripPieceFile[] = [];
  for (const [index, piece] of plan.entries()) {
    const out = await sharp(scaled.data, raw)
      .extract({ left: 0, top: piece.y, width, height: piece.height })
      .removeAlpha()
      .jpeg({ quality: Math.round(JPEG_QUALITY * 100) })
      .toBuffer();
    pieces.push({ bytes: out, path: piecePath(sourcePath, index), width, height: piece.height });
  }
  return pieces;
}
