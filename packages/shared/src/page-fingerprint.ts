/**
 * The fingerprint of a page (docs/page-checks.md, "The fingerprint of a page"): a 64-bit difference
 * hash (dHash) of a 9x8 grey grid, the mean and standard deviation of its brightness (0-255), all
 * computed from one 72x64 colour thumbnail of the page (stretched, first frame only) made by
 * libvips' resize: the pixels are put over white and turned grey here, on those 4,608 pixels, not
 * on the page. Pure maths, the same everywhere: the API's image gate and the CLI make the
 * thumbnail with sharp in the decode they do anyway (apps/api/src/lib/page-fingerprint.ts), the
 * dashboard's image workers from a decoded canvas (`thumbnailOfRgba`,
 * apps/web/src/lib/images/fingerprint-ops.ts).
 */

export const FINGERPRINT_WIDTH = 72;
export const FINGERPRINT_HEIGHT = 64;
/**
 * What a stored fingerprint was computed by (`chapter_pages.fingerprint_version`). 1: the page
 * turned grey at full size, then resized; 2: resized in colour, then turned grey (this file). A
 * page fingerprinted by an older version is fingerprinted again by the `pages.fingerprint` job.
 */
export const FINGERPRINT_VERSION = 2;
/** The hash is 4 bands of 16 bits; `dhashBands` indexes them (see bandProbes). */
export const BANDS = 4;

export interface PageFingerprint {
  /** 16 hex digits: bit i set when cell (x, y) of the 9x8 grid is brighter than its right neighbour. */
  dhash: string;
  /** Mean brightness 0-255 (255 = white). */
  mean: number;
  /** Standard deviation of brightness (0 = one flat colour). */
  std: number;
}

// sRGB <-> linear light: grey is luminance in linear light, encoded back (as libvips converts to grey).
function linearOf(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
const toLinear = Float64Array.from({ length: 256 }, (_, i) => linearOf(i / 255));
/** The linear level half a step above each sRGB byte: where rounding moves to the next byte. */
const srgbRoundingBounds = Float64Array.from({ length: 255 }, (_, v) => linearOf((v + 0.5) / 255));

/**
 * The sRGB byte a linear level 0-1 encodes to, rounded (the sRGB curve's inverse and `Math.round`:
 * the same byte for every pixel colour, checked over 5.6 million), without a power per pixel: a
 * search of the 255 bounds.
 */
function srgbByte(l: number): number {
  let lo = 0;
  let hi = 255;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (l < srgbRoundingBounds[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** One channel value over white, as libvips' `flatten` on white computes it (alpha 0-255). */
function overWhite(v: number, alpha: number): number {
  return alpha === 255 ? v : Math.round((v * alpha + 255 * (255 - alpha)) / 255);
}

/**
 * The fingerprint of a 72x64 colour thumbnail's raw bytes: `channels` per pixel, unpremultiplied
 * (1 grey, 2 grey and alpha, 3 RGB, 4 RGBA, as sharp's `raw()` gives them); rows past the first
 * 64 (the other frames of an animation, stacked below the first) are not read. Each pixel is put
 * over white, and made grey as libvips converts sRGB to grey (luminance in linear light).
 */
export function fingerprintOfThumbnail(raw: ArrayLike<number>, channels: number): PageFingerprint {
  const n = FINGERPRINT_WIDTH * FINGERPRINT_HEIGHT;
  const grey = new Uint8Array(n);
  const colour = channels >= 3;
  const alpha = channels === 2 || channels === 4;
  for (let p = 0; p < n; p++) {
    const i = p * channels;
    const a = alpha ? (raw[i + channels - 1] ?? 255) : 255;
    if (!colour) {
      grey[p] = overWhite(raw[i] ?? 0, a);
      continue;
    }
    const r = overWhite(raw[i] ?? 0, a);
    const g = overWhite(raw[i + 1] ?? 0, a);
    const b = overWhite(raw[i + 2] ?? 0, a);
    // A grey pixel is its own luminance (the weights add up to 1).
    grey[p] =
      r === g && g === b
        ? r
        : srgbByte(0.2126 * toLinear[r]! + 0.7152 * toLinear[g]! + 0.0722 * toLinear[b]!);
  }
  return fingerprintOfGrey(grey);
}

/** Pixels per side of a cell of the 9x8 grid (72 / 9 = 64 / 8 = 8). */
const CELL = 8;

/** The dHash and brightness of the 72x64 grey thumbnail (one byte per pixel). */
function fingerprintOfGrey(grey: Uint8Array): PageFingerprint {
  const cells = new Float64Array(9 * 8);
  let sum = 0;
  let sumSq = 0;
  const n = FINGERPRINT_WIDTH * FINGERPRINT_HEIGHT;
  for (let y = 0; y < FINGERPRINT_HEIGHT; y++) {
    const row = ((y / CELL) | 0) * 9;
    for (let x = 0; x < FINGERPRINT_WIDTH; x++) {
      const v = grey[y * FINGERPRINT_WIDTH + x]!;
      sum += v;
      sumSq += v * v;
      cells[row + ((x / CELL) | 0)]! += v;
    }
  }
  // Bit i (from the left) of the 64: rows 0-3 are the first 32-bit word, rows 4-7 the second.
  const words = [0, 0];
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const w = y >> 2;
      words[w] = ((words[w]! << 1) | (cells[y * 9 + x]! > cells[y * 9 + x + 1]! ? 1 : 0)) >>> 0;
    }
  }
  const mean = sum / n;
  const std = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
  const hex = (w: number) => w.toString(16).padStart(8, "0");
  return { dhash: hex(words[0]!) + hex(words[1]!), mean: round1(mean), std: round1(std) };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (x <= -3 || x >= 3) return 0;
  const px = Math.PI * x;
  return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
}

/**
 * Resizes `rows` rows of `width` values to `n` values each, as libvips' resize does (what sharp's
 * `resize` runs): a box shrink by the largest integer that leaves at least twice the size
 * (libvips' `gap` of 2), then a Lanczos-3 reduce of the rest. Answers the result transposed
 * (`n` rows of `rows` values), so calling it twice resizes both directions.
 */
function resizeRowsTransposed(src: Float64Array, width: number, rows: number, n: number): Float64Array {
  const k = Math.max(1, Math.floor(width / n / 2));
  const shrunk = Math.max(1, Math.floor(width / k));
  const box = new Float64Array(shrunk * rows);
  for (let r = 0; r < rows; r++) {
    for (let x = 0; x < shrunk; x++) {
      let sum = 0;
      for (let j = 0; j < k; j++) sum += src[r * width + x * k + j]!;
      box[r * shrunk + x] = sum / k;
    }
  }
  const step = Math.max(1, shrunk / n);
  const residual = shrunk / n;
  const out = new Float64Array(n * rows);
  for (let x = 0; x < n; x++) {
    const centre = (x + 0.5) * residual - 0.5;
    const lo = Math.ceil(centre - 3 * step);
    const hi = Math.floor(centre + 3 * step);
    const weights: number[] = [];
    let total = 0;
    for (let j = lo; j <= hi; j++) {
      const w = lanczos3((j - centre) / step);
      weights.push(w);
      total += w;
    }
    for (let r = 0; r < rows; r++) {
      let sum = 0;
      for (let j = lo; j <= hi; j++)
        sum += box[r * shrunk + Math.min(shrunk - 1, Math.max(0, j))]! * weights[j - lo]!;
      out[x * rows + r] = sum / total;
    }
  }
  return out;
}

/**
 * The 72x64 colour thumbnail (3 bytes a pixel, RGB) of decoded RGBA pixels (unpremultiplied, as
 * `getImageData` gives them), made the way the API's sharp pipeline makes it
 * (`fingerprintThumbnail`): each pixel over white (which a resize leaves as it is, so before it
 * here), then each channel stretched to 72x64 with libvips' resize. For `fingerprintOfThumbnail`
 * with 3 channels. The dashboard's workers pass the page drawn on a small canvas.
 */
export function thumbnailOfRgba(rgba: ArrayLike<number>, width: number, height: number): Uint8Array {
  const out = new Uint8Array(FINGERPRINT_WIDTH * FINGERPRINT_HEIGHT * 3);
  const plane = new Float64Array(width * height);
  for (let c = 0; c < 3; c++) {
    for (let p = 0; p < plane.length; p++) plane[p] = overWhite(rgba[p * 4 + c] ?? 0, rgba[p * 4 + 3] ?? 255);
    const across = resizeRowsTransposed(plane, width, height, FINGERPRINT_WIDTH);
    const down = resizeRowsTransposed(across, height, FINGERPRINT_WIDTH, FINGERPRINT_HEIGHT);
    for (let p = 0; p < down.length; p++) out[p * 3 + c] = Math.max(0, Math.min(255, Math.round(down[p]!)));
  }
  return out;
}

/**
 * The scale (1, 2, 4 or 8) at which libvips decodes a JPEG of this size to make its 72x64
 * thumbnail (sharp's shrink-on-load: the common shrink of both sides, rounded down to a DCT scale,
 * halved when it is exactly that scale). The dashboard asks its JPEG decoder for the same scale,
 * so both resize the same decoded pixels.
 */
export function jpegShrinkOnLoad(width: number, height: number): number {
  const shrink = Math.min(width / FINGERPRINT_WIDTH, height / FINGERPRINT_HEIGHT);
  let factor = shrink >= 8 ? 8 : shrink >= 4 ? 4 : shrink >= 2 ? 2 : 1;
  if (factor > 1 && Math.floor(shrink) === factor) factor /= 2;
  return factor;
}

/** The 4 16-bit bands of a hash, each tagged with its band number (`band * 65536 + value`). */
export function dhashBands(dhash: string): number[] {
  return Array.from(
    { length: BANDS },
    (_, b) => b * 65536 + Number.parseInt(dhash.slice(b * 4, b * 4 + 4), 16),
  );
}

/**
 * The band values a hash within `distance` of `dhash` must share at least one of (pigeonhole: with
 * 4 bands, some band differs in at most floor(distance / 4) bits): each band and its variants with
 * up to that many bits flipped (distance <= 7: one flip, 17 values per band).
 */
export function bandProbes(dhash: string, distance: number): number[] {
  const flips = Math.floor(distance / BANDS);
  const out = new Set<number>();
  for (const tagged of dhashBands(dhash)) {
    const band = tagged & ~0xffff;
    const value = tagged & 0xffff;
    out.add(tagged);
    if (flips >= 1) {
      for (let i = 0; i < 16; i++) {
        const one = value ^ (1 << i);
        out.add(band | one);
        if (flips >= 2) for (let j = i + 1; j < 16; j++) out.add(band | (one ^ (1 << j)));
      }
    }
  }
  return [...out];
}

function popcount32(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** A hash as two 32-bit words, to compare many times. */
export function hashWords(h: string): [number, number] {
  return [Number.parseInt(h.slice(0, 8), 16), Number.parseInt(h.slice(8, 16), 16)];
}

/** Number of differing bits of two hashes given as words. */
export function hammingWords(a: readonly [number, number], b: readonly [number, number]): number {
  return popcount32((a[0] ^ b[0]) >>> 0) + popcount32((a[1] ^ b[1]) >>> 0);
}

/** Number of differing bits of two hashes (16 hex digits each). */
export function hamming(a: string, b: string): number {
  return hammingWords(hashWords(a), hashWords(b));
}
