/**
 * The fingerprint of a page (issue 29): a 64-bit difference hash (dHash) of a 9x8 grey thumbnail,
 * the mean and standard deviation of its brightness (0-255), computed from one 72x64 grey
 * thumbnail (the image flattened on white, first frame only). The image gate makes that thumbnail
 * while it decodes every upload anyway (`greyThumbnail`), so the fingerprint costs no second
 * decode; the CLI and the measurements use `fingerprintImage`. What the checks do with it:
 * modules/chapters/page-checks.ts and docs/page-checks.md.
 */
import { decodeKey, unscrambleRgba } from "@vt/shared/scramble";
import sharp, { type Sharp } from "sharp";

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

/** The grey 72x64 thumbnail step of a sharp pipeline (stretched: aspect ratio is ignored). */
export function greyThumbnail(image: Sharp): Sharp {
  return image
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize({ width: GREY_WIDTH, height: GREY_HEIGHT, fit: "fill" })
    .raw();
}

/**
 * The fingerprint of a grey thumbnail's raw bytes (`channels` per pixel, the first is grey; frames
 * of an animation are stacked below the first, which alone is used).
 */
export function fingerprintOfGrey(raw: Buffer, channels: number): PageFingerprint {
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

/** The fingerprint of encoded image bytes (one decode). */
export async function fingerprintImage(bytes: Buffer): Promise<PageFingerprint> {
  const { data, info } = await greyThumbnail(
    sharp(bytes, { failOn: "none", limitInputPixels: false }),
  ).toBuffer({ resolveWithObject: true });
  return fingerprintOfGrey(data, info.channels);
}

/**
 * The fingerprint of a scrambled page (docs/scramble-format.md) as of its unscrambled picture, so
 * it matches the plain page's: one decode of the scrambled bytes to grey rows only GREY_WIDTH wide
 * (every row kept, so the strips are still whole rows), the strips put back in order with the
 * shared codec, then the same 72x64 thumbnail. The key must be valid (checkScrambleKey).
 */
export async function fingerprintScrambled(bytes: Buffer, key: string): Promise<PageFingerprint> {
  const perm = decodeKey(key);
  const meta = await sharp(bytes, { failOn: "none", limitInputPixels: false }).metadata();
  const height = meta.pageHeight ?? meta.height ?? 0;
  const rows = await sharp(bytes, { failOn: "none", limitInputPixels: false })
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize({ width: GREY_WIDTH, height, fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  // One grey byte per pixel and GREY_WIDTH divisible by 4: each row is GREY_WIDTH / 4 "RGBA"
  // pixels to the codec, which only moves whole rows.
  const plain = unscrambleRgba(
    { width: GREY_WIDTH / 4, height, data: new Uint8ClampedArray(rows.buffer, rows.byteOffset, rows.length) },
    perm,
  );
  const { data, info } = await sharp(Buffer.from(plain.data.buffer), {
    raw: { width: GREY_WIDTH, height: plain.height, channels: 1 },
  })
    .resize({ width: GREY_WIDTH, height: GREY_HEIGHT, fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fingerprintOfGrey(data, info.channels);
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
