/**
 * The fingerprint of a page (docs/page-checks.md, "The fingerprint of a page"): a 64-bit difference
 * hash (dHash) of a 9x8 grey thumbnail, the mean and standard deviation of its brightness (0-255),
 * computed from one 72x64 grey thumbnail (the image flattened on white, stretched, first frame
 * only). Pure maths, the same everywhere: the API's image gate and the CLI make the thumbnail with
 * sharp (apps/api/src/lib/page-fingerprint.ts), the dashboard's image workers from a decoded
 * canvas (`greyThumbnailOfRgba`, apps/web/src/lib/images/fingerprint-ops.ts).
 */

export const GREY_WIDTH = 72;
export const GREY_HEIGHT = 64;
/** The hash is 4 bands of 16 bits; `dhashBands` indexes them (see bandProbes). */
export const BANDS = 4;

export interface PageFingerprint {
  /** 16 hex digits: bit i set when cell (x, y) of the 9x8 thumbnail is brighter than its right neighbour. */
  dhash: string;
  /** Mean brightness 0-255 (255 = white). */
  mean: number;
  /** Standard deviation of brightness (0 = one flat colour). */
  std: number;
}

/**
 * The fingerprint of a grey thumbnail's raw bytes (`channels` per pixel, the first is grey; frames
 * of an animation are stacked below the first, which alone is used).
 */
export function fingerprintOfGrey(raw: ArrayLike<number>, channels: number): PageFingerprint {
  const cells = new Float64Array(9 * 8);
  const cw = GREY_WIDTH / 9;
  const ch = GREY_HEIGHT / 8;
  let sum = 0;
  let sumSq = 0;
  const n = GREY_WIDTH * GREY_HEIGHT;
  for (let y = 0; y < GREY_HEIGHT; y++) {
    for (let x = 0; x < GREY_WIDTH; x++) {
      const v = raw[(y * GREY_WIDTH + x) * channels] ?? 0;
      sum += v;
      sumSq += v * v;
      cells[Math.floor(y / ch) * 9 + Math.floor(x / cw)]! += v;
    }
  }
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits <<= 1n;
      if (cells[y * 9 + x]! > cells[y * 9 + x + 1]!) bits |= 1n;
    }
  }
  const mean = sum / n;
  const std = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
  return { dhash: bits.toString(16).padStart(16, "0"), mean: round1(mean), std: round1(std) };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

// sRGB <-> linear light: grey is luminance in linear light, encoded back (as libvips converts to grey).
const toLinear = Float64Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
function toSrgb(l: number): number {
  const c = l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, c * 255));
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
 * The 72x64 grey thumbnail of decoded RGBA pixels (unpremultiplied, as `getImageData` gives them),
 * made the way the API's sharp pipeline makes it (`greyThumbnail`): each pixel over white, grey as
 * luminance, then stretched to 72x64 with libvips' resize. One byte per pixel. The dashboard's
 * workers pass the page drawn on a canvas a few times the thumbnail's size.
 */
export function greyThumbnailOfRgba(rgba: ArrayLike<number>, width: number, height: number): Uint8Array {
  const grey = new Float64Array(width * height);
  for (let p = 0; p < grey.length; p++) {
    const i = p * 4;
    const a = (rgba[i + 3] ?? 255) / 255;
    const r = toLinear[rgba[i] ?? 0]! * a + (1 - a);
    const g = toLinear[rgba[i + 1] ?? 0]! * a + (1 - a);
    const b = toLinear[rgba[i + 2] ?? 0]! * a + (1 - a);
    grey[p] = toSrgb(0.2126 * r + 0.7152 * g + 0.0722 * b);
  }
  const across = resizeRowsTransposed(grey, width, height, GREY_WIDTH);
  const down = resizeRowsTransposed(across, height, GREY_WIDTH, GREY_HEIGHT);
  return Uint8Array.from(down, (v) => Math.max(0, Math.min(255, Math.round(v))));
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
