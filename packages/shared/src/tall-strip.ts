/**
 * Tall-strip splitting (docs/bulk-import.md, "Tall strips"): a page taller than a limit (default
 * 3000 px, measured after the resize to 1500 px wide) becomes consecutive pages. Each cut goes on a
 * quiet row (a row of nearly uniform colour, such as the white space between panels) as close
 * below the limit as one exists within the search range, else exactly at the limit.
 *
 * Pure TypeScript, shared by the browser workers and the command-line uploader, so both cut the
 * same strip at the same rows.
 */
import { fitWidth } from "./page-size";
import type { RgbaImage } from "./scramble";

export const TALL_STRIP_DEFAULT_MAX_HEIGHT = 3000;
export const TALL_STRIP_MIN_MAX_HEIGHT = 500;
export const TALL_STRIP_MAX_MAX_HEIGHT = 20_000;
/** How far above the limit a quiet row is looked for, as a share of the limit. */
export const TALL_STRIP_SEARCH_SHARE = 0.2;
/** Largest spread of luma (0..255) across a row that still counts as "nearly uniform". */
export const TALL_STRIP_QUIET_TOLERANCE = 12;
/** Pieces shorter than this are never produced (a scrambled page needs 10 strips of 1 px at least). */
export const TALL_STRIP_MIN_PIECE = 64;

export type SplitOptions = {
  maxHeight?: number;
  /** Rows above the limit searched for a quiet row; default 20 % of maxHeight. */
  searchRange?: number;
};

/** One output page: `height` rows starting at `y` of the tall image. */
export type StripPiece = { y: number; height: number };

/**
 * Where to cut an image of `height` rows. `isQuiet(y)` says whether row y is nearly uniform.
 * Returns the pieces top to bottom (one piece when the image is not taller than the limit).
 */
export function planStripSplit(
  height: number,
  isQuiet: (y: number) => boolean,
  options: SplitOptions = {},
): StripPiece[] {
  const maxHeight = Math.max(
    TALL_STRIP_MIN_PIECE * 2,
    Math.floor(options.maxHeight ?? TALL_STRIP_DEFAULT_MAX_HEIGHT),
  );
  const range = Math.max(0, Math.floor(options.searchRange ?? maxHeight * TALL_STRIP_SEARCH_SHARE));
  const pieces: StripPiece[] = [];
  let start = 0;
  while (height - start > maxHeight) {
    const limit = start + maxHeight;
    // At worst, cut at the limit, moved up if the rest would be shorter than the minimum piece.
    let cut = Math.min(limit, height - TALL_STRIP_MIN_PIECE);
    // The piece below must keep at least TALL_STRIP_MIN_PIECE rows, and so must this one.
    const lowest = Math.max(start + TALL_STRIP_MIN_PIECE, limit - range);
    for (let y = Math.min(limit, height - TALL_STRIP_MIN_PIECE); y >= lowest; y--) {
      if (isQuiet(y)) {
        cut = y;
        break;
      }
    }
    pieces.push({ y: start, height: cut - start });
    start = cut;
  }
  pieces.push({ y: start, height: height - start });
  return pieces;
}

/**
 * How many pages a page of `width` x `height` (as displayed) becomes once split: its height at
 * 1500 px wide cut by `planStripSplit` with no quiet row, i.e. at the limit. Needs the size only
 * (read from the file's header), so it is a lower bound: a cut on a quiet row below the limit can
 * leave one page more.
 */
export function stripPieceCount(width: number, height: number, options: SplitOptions = {}): number {
  return planStripSplit(fitWidth(width, height).height, () => false, options).length;
}

/** Per-row flags (1 = quiet) of an RGBA image: the spread of luma across the row is within tolerance. */
export function quietRows(img: RgbaImage, tolerance = TALL_STRIP_QUIET_TOLERANCE): Uint8Array {
  const flags = new Uint8Array(img.height);
  const rowBytes = img.width * 4;
  for (let y = 0; y < img.height; y++) {
    let min = 255;
    let max = 0;
    const end = (y + 1) * rowBytes;
    for (let p = y * rowBytes; p < end; p += 4) {
      // Integer Rec. 601 luma; alpha is ignored (pages are drawn over white before this).
      const l = (img.data[p]! * 299 + img.data[p + 1]! * 587 + img.data[p + 2]! * 114) / 1000;
      if (l < min) min = l;
      if (l > max) max = l;
      if (max - min > tolerance) break;
    }
    flags[y] = max - min <= tolerance ? 1 : 0;
  }
  return flags;
}

/** The pieces of an RGBA image (already resized to its final width). */
export function planStripSplitRgba(img: RgbaImage, options: SplitOptions = {}): StripPiece[] {
  const maxHeight = options.maxHeight ?? TALL_STRIP_DEFAULT_MAX_HEIGHT;
  if (img.height <= maxHeight) return [{ y: 0, height: img.height }];
  const flags = quietRows(img);
  return planStripSplit(img.height, (y) => flags[y] === 1, options);
}

/** Rows of the tall image copied into one piece (a fresh buffer). */
export function cropRows(img: RgbaImage, piece: StripPiece): RgbaImage {
  const rowBytes = img.width * 4;
  return {
    width: img.width,
    height: piece.height,
    data: img.data.slice(piece.y * rowBytes, (piece.y + piece.height) * rowBytes),
  };
}
