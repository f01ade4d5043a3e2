/**
 * The scramble codec: key format, strip geometry, file names and pixel
 * (un)scrambling for scrambled page images. The format is fixed by the
 * platform's existing readers (docs/platform.md) and is documented,
 * with test vectors, in docs/scramble-format.md. Keep the two in sync.
 *
 * Pure TypeScript: the pixel functions work on plain RGBA buffers (the shape
 * of ImageData) and the plans give browser workers the exact rectangles to
 * pass to `drawImage`, so geometry is derived in one place only.
 */
import { RANDOM_ID_LENGTH, SCRAMBLE_GAP, SCRAMBLE_KEY_PREFIX_LENGTH, SCRAMBLE_STRIPS } from "./constants";

/** The Bitcoin base-58 alphabet (no 0, O, I, l). */
export const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** Alphabet of random ids and key prefixes: 64 URL- and file-name-safe characters. */
export const RANDOM_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
export const KEY_MARKER = "H";

/** A permutation of 0..9: position i of the scrambled image holds original strip perm[i]. */
export type Permutation = readonly number[];

export type ScrambleErrorCode =
  | "invalidKeyCode"
  | "checksumMismatch"
  | "invalidBase58Character"
  | "invalidScrambledHeight";

const SCRAMBLE_ERROR_MESSAGES: Record<ScrambleErrorCode, string> = {
  invalidKeyCode: "Invalid key code",
  checksumMismatch: "Checksum mismatch",
  invalidBase58Character: "Invalid base58 character",
  invalidScrambledHeight: "Invalid scrambled image height",
};

/** Rejection of a key or image. `code` maps to the i18n key `errors.image.<code>`. */
export class ScrambleError extends Error {
  readonly code: ScrambleErrorCode;

  constructor(code: ScrambleErrorCode) {
    super(SCRAMBLE_ERROR_MESSAGES[code]);
    this.name = "ScrambleError";
    this.code = code;
  }

  get i18nKey(): string {
    return `errors.image.${this.code}`;
  }
}

// ── Permutations and the Lehmer code ─────────────────────────────────────────

const FACTORIALS: readonly number[] = (() => {
  const f = [1];
  for (let i = 1; i <= SCRAMBLE_STRIPS; i++) f.push(f[i - 1]! * i);
  return f;
})();
/** Number of permutations of the strips (10! = 3 628 800); Lehmer integers are below it. */
export const PERMUTATION_COUNT = FACTORIALS[SCRAMBLE_STRIPS]!;

export function isPermutation(perm: readonly unknown[], size = SCRAMBLE_STRIPS): perm is number[] {
  if (perm.length !== size) return false;
  const seen = new Set<number>();
  for (const v of perm) {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= size || seen.has(v)) return false;
    seen.add(v);
  }
  return true;
}

function assertPermutation(perm: readonly unknown[]): asserts perm is number[] {
  if (!isPermutation(perm)) {
    throw new RangeError(`Expected a permutation of 0..${SCRAMBLE_STRIPS - 1}, got [${perm.join(",")}]`);
  }
}

/** Lehmer code of `perm` read as one integer: sum of d_i * (9 - i)!. */
export function permutationToLehmer(perm: Permutation): number {
  assertPermutation(perm);
  const unused = Array.from({ length: SCRAMBLE_STRIPS }, (_, i) => i);
  let n = 0;
  for (let i = 0; i < SCRAMBLE_STRIPS; i++) {
    const d = unused.indexOf(perm[i]!);
    unused.splice(d, 1);
    n += d * FACTORIALS[SCRAMBLE_STRIPS - 1 - i]!;
  }
  return n;
}

/** Inverse of permutationToLehmer, for 0 <= n < 10!. */
export function lehmerToPermutation(n: number): number[] {
  if (!Number.isInteger(n) || n < 0 || n >= PERMUTATION_COUNT) throw new ScrambleError("invalidKeyCode");
  const unused = Array.from({ length: SCRAMBLE_STRIPS }, (_, i) => i);
  const perm: number[] = [];
  let rest = n;
  for (let i = 0; i < SCRAMBLE_STRIPS; i++) {
    const f = FACTORIALS[SCRAMBLE_STRIPS - 1 - i]!;
    const d = Math.floor(rest / f);
    rest %= f;
    perm.push(unused.splice(d, 1)[0]!);
  }
  return perm;
}

/** inverse[j] = the scrambled position i holding original strip j (perm[i] = j). */
export function invertPermutation(perm: Permutation): number[] {
  assertPermutation(perm);
  const inverse = new Array<number>(perm.length);
  perm.forEach((j, i) => {
    inverse[j] = i;
  });
  return inverse;
}

export function isIdentityPermutation(perm: Permutation): boolean {
  return perm.every((v, i) => v === i);
}

// ── Randomness ───────────────────────────────────────────────────────────────

type RandomSource = { getRandomValues<T extends ArrayBufferView>(array: T): T };

function randomSource(): RandomSource {
  const c = (globalThis as unknown as { crypto?: RandomSource }).crypto;
  if (!c?.getRandomValues) throw new Error("globalThis.crypto.getRandomValues is not available");
  return c;
}

/** Uniform integer in [0, bound), by rejection sampling (no modulo bias). */
function randomBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buf = new Uint32Array(1);
  for (;;) {
    randomSource().getRandomValues(buf);
    const v = buf[0]!;
    if (v < limit) return v % bound;
  }
}

/** A random string over RANDOM_ID_ALPHABET (64 characters, 6 bits each). */
export function randomId(length = RANDOM_ID_LENGTH): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError("randomId length must be a whole number");
  const bytes = randomSource().getRandomValues(new Uint8Array(length));
  let out = "";
  // 256 is a multiple of 64, so masking keeps every character equally likely.
  for (const b of bytes) out += RANDOM_ID_ALPHABET[b & 63];
  return out;
}

/** A uniformly random permutation of 0..9 other than the identity (which would not scramble anything). */
export function randomPermutation(): number[] {
  for (;;) {
    const perm = Array.from({ length: SCRAMBLE_STRIPS }, (_, i) => i);
    for (let i = perm.length - 1; i > 0; i--) {
      const j = randomBelow(i + 1);
      [perm[i], perm[j]] = [perm[j]!, perm[i]!];
    }
    if (!isIdentityPermutation(perm)) return perm;
  }
}

// ── Keys ─────────────────────────────────────────────────────────────────────

export function base58Encode(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError("base58Encode expects a non-negative integer");
  let out = "";
  let rest = n;
  do {
    out = BASE58_ALPHABET[rest % 58] + out;
    rest = Math.floor(rest / 58);
  } while (rest > 0);
  return out;
}

export function base58Decode(s: string): number {
  if (s.length === 0) throw new ScrambleError("invalidKeyCode");
  let n = 0;
  for (const ch of s) {
    const v = BASE58_ALPHABET.indexOf(ch);
    if (v < 0) throw new ScrambleError("invalidBase58Character");
    n = n * 58 + v;
  }
  return n;
}

/** Base-58 digits needed for the largest Lehmer integer, 10! - 1 = "KbiW": 4. */
const MAX_BODY_LENGTH = base58Encode(PERMUTATION_COUNT - 1).length;
/** Shortest key: prefix + "H" + one digit + checksum. */
export const KEY_MIN_LENGTH = SCRAMBLE_KEY_PREFIX_LENGTH + 1 + 1 + 1;
export const KEY_MAX_LENGTH = SCRAMBLE_KEY_PREFIX_LENGTH + 1 + MAX_BODY_LENGTH + 1;

/**
 * Encodes a permutation as a page key: prefix (4 characters, random by
 * default) + "H" + base58(Lehmer integer) + checksum (alphabet[integer mod 58]).
 */
export function encodeKey(perm: Permutation, prefix: string = randomId(SCRAMBLE_KEY_PREFIX_LENGTH)): string {
  if (prefix.length !== SCRAMBLE_KEY_PREFIX_LENGTH) {
    throw new RangeError(`Key prefix must be ${SCRAMBLE_KEY_PREFIX_LENGTH} characters`);
  }
  const n = permutationToLehmer(perm);
  return `${prefix}${KEY_MARKER}${base58Encode(n)}${BASE58_ALPHABET[n % 58]}`;
}

/**
 * Decodes a page key to its permutation. Rejections, checked in this order:
 * - invalidKeyCode: not a string, length outside 7..10, or no "H" after the 4-character prefix;
 * - invalidBase58Character: a character of the number or checksum outside the alphabet;
 * - checksumMismatch: the last character is not alphabet[integer mod 58];
 * - invalidKeyCode: the integer is not below 10!, so it is not a permutation of 10 strips.
 */
export function decodeKey(key: string): number[] {
  if (typeof key !== "string" || key.length < KEY_MIN_LENGTH || key.length > KEY_MAX_LENGTH) {
    throw new ScrambleError("invalidKeyCode");
  }
  if (key[SCRAMBLE_KEY_PREFIX_LENGTH] !== KEY_MARKER) throw new ScrambleError("invalidKeyCode");
  const body = key.slice(SCRAMBLE_KEY_PREFIX_LENGTH + 1, -1);
  const checksum = key.slice(-1);
  if (!BASE58_ALPHABET.includes(checksum)) throw new ScrambleError("invalidBase58Character");
  const n = base58Decode(body);
  if (BASE58_ALPHABET[n % 58] !== checksum) throw new ScrambleError("checksumMismatch");
  return lehmerToPermutation(n);
}

// ── File names ───────────────────────────────────────────────────────────────

/**
 * The aspect ratio part of a scrambled file name: width / height rounded to
 * 4 decimals, printed without trailing zeros, with "." written "L"
 * (1300x1957 -> "0L6643", 1300x1300 -> "1", 1300x650 -> "2").
 */
export function aspectRatioToken(width: number, height: number): string {
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new RangeError("Image width and height must be positive numbers");
  }
  const ratio = Math.round((width / height) * 10_000) / 10_000;
  return String(ratio).replace(".", "L");
}

/** `{10 characters of the 64-character id alphabet}_{ratio token}`, the name of a scrambled page. */
const SCRAMBLED_NAME = /^([A-Za-z0-9_-]{10}_\d+(?:L\d+)?)(?:\.[A-Za-z0-9]+)?$/;

/**
 * The name of a scrambled page file (docs/scramble-format.md) without its extension
 * ("aB3_x-9QzP_0L6643.jpg" -> "aB3_x-9QzP_0L6643"), or null when the name is anything else. Storage
 * keeps it as the key's last path segment so the platform's readers find the aspect-ratio token.
 */
export function scrambledNameOf(fileName: string): string | null {
  return SCRAMBLED_NAME.exec(fileName)?.[1] ?? null;
}

/** Parses the ratio back from a scrambled file name ("abc_0L6643.jpg" -> 0.6643), or null. */
export function aspectRatioFromFileName(fileName: string): number | null {
  const m = /_(\d+(?:L\d+)?)(?:\.[A-Za-z0-9]+)?$/.exec(fileName);
  if (!m) return null;
  const ratio = Number(m[1]!.replace("L", "."));
  return ratio > 0 ? ratio : null;
}

/**
 * `{10-character random id}_{ratio token}`, without extension (the uploader adds ".jpg").
 * Pass the page's size before scrambling (1300 x h), not the scrambled h + 36.
 */
export function scrambledFileName(width: number, height: number): string {
  return `${randomId(RANDOM_ID_LENGTH)}_${aspectRatioToken(width, height)}`;
}

// ── Geometry ─────────────────────────────────────────────────────────────────

const TOTAL_GAP = (SCRAMBLE_STRIPS - 1) * SCRAMBLE_GAP;

function assertOriginalHeight(h: number): void {
  if (!Number.isInteger(h) || h < SCRAMBLE_STRIPS) {
    throw new RangeError(`Image height must be a whole number of at least ${SCRAMBLE_STRIPS} px, got ${h}`);
  }
}

/** Heights of the 10 original strips: floor(h / 10) each, the first h mod 10 one pixel taller. */
export function stripHeights(h: number): number[] {
  assertOriginalHeight(h);
  const base = Math.floor(h / SCRAMBLE_STRIPS);
  const extra = h % SCRAMBLE_STRIPS;
  return Array.from({ length: SCRAMBLE_STRIPS }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Top y of each original strip in the original image. */
export function stripOffsets(h: number): number[] {
  const heights = stripHeights(h);
  const offsets: number[] = [];
  let y = 0;
  for (const sh of heights) {
    offsets.push(y);
    y += sh;
  }
  return offsets;
}

/** Height of the scrambled image: the page height plus 9 gaps of 4 px. */
export function scrambledHeight(h: number): number {
  assertOriginalHeight(h);
  return h + TOTAL_GAP;
}

/** The original page height of a scrambled image; rejects images too short to hold 10 strips and 9 gaps. */
export function originalHeightFromScrambled(scrambledH: number): number {
  if (!Number.isInteger(scrambledH) || scrambledH - TOTAL_GAP < SCRAMBLE_STRIPS) {
    throw new ScrambleError("invalidScrambledHeight");
  }
  return scrambledH - TOTAL_GAP;
}

/** One band to copy: `height` rows from `srcY` in the source image to `dstY` in the target, full width. */
export type StripCopy = { srcY: number; dstY: number; height: number };

export type StripPlan = {
  originalHeight: number;
  scrambledHeight: number;
  /** Copies in scrambled-position order (copies[i] concerns scrambled position i). */
  copies: StripCopy[];
  /** The 9 gap bands of the scrambled image (y, height), top to bottom. */
  gaps: { y: number; height: number }[];
};

function buildPlan(h: number, perm: Permutation, direction: "scramble" | "unscramble"): StripPlan {
  assertPermutation(perm);
  const heights = stripHeights(h);
  const offsets = stripOffsets(h);
  const copies: StripCopy[] = [];
  const gaps: { y: number; height: number }[] = [];
  let y = 0;
  for (let i = 0; i < SCRAMBLE_STRIPS; i++) {
    const j = perm[i]!;
    const height = heights[j]!;
    copies.push(
      direction === "scramble"
        ? { srcY: offsets[j]!, dstY: y, height }
        : { srcY: y, dstY: offsets[j]!, height },
    );
    y += height;
    if (i < SCRAMBLE_STRIPS - 1) {
      gaps.push({ y, height: SCRAMBLE_GAP });
      y += SCRAMBLE_GAP;
    }
  }
  return { originalHeight: h, scrambledHeight: y, copies, gaps };
}

/**
 * How to draw a scrambled image from an original of height `h`: for each copy,
 * `ctx.drawImage(original, 0, srcY, w, height, 0, dstY, w, height)` on a canvas
 * of `scrambledHeight` rows (fill the gaps first if the canvas is transparent).
 */
export function scramblePlan(h: number, perm: Permutation): StripPlan {
  return buildPlan(h, perm, "scramble");
}

/**
 * How to rebuild the original from a scrambled image of height `scrambledH`:
 * for each copy, `ctx.drawImage(scrambled, 0, srcY, w, height, 0, dstY, w, height)`
 * on a canvas of `originalHeight` rows. Rejects heights too small.
 */
export function unscramblePlan(scrambledH: number, perm: Permutation): StripPlan {
  return buildPlan(originalHeightFromScrambled(scrambledH), perm, "unscramble");
}

// ── Pixels ───────────────────────────────────────────────────────────────────

/** An RGBA image in the layout of ImageData: 4 bytes per pixel, rows top to bottom. */
export type RgbaImage = { width: number; height: number; data: Uint8ClampedArray };
/** Results own a fresh ArrayBuffer, so `new ImageData(out.data, out.width, out.height)` type-checks. */
export type OwnedRgbaImage = { width: number; height: number; data: Uint8ClampedArray<ArrayBuffer> };

/**
 * Colour of the gap rows: opaque white. Readers skip the gaps, so the colour never shows; white keeps
 * the scrambled JPEG free of transparent (then black) bands and matches most pages' margins.
 */
export const GAP_RGBA = [255, 255, 255, 255] as const;

function assertRgba(img: RgbaImage): void {
  if (!Number.isInteger(img.width) || img.width <= 0)
    throw new RangeError("Image width must be a positive integer");
  if (img.data.length !== img.width * img.height * 4) {
    throw new RangeError("RGBA buffer length does not match width * height * 4");
  }
}

function applyPlan(src: RgbaImage, plan: StripPlan, targetHeight: number, fillGaps: boolean): OwnedRgbaImage {
  const rowBytes = src.width * 4;
  const data = new Uint8ClampedArray(rowBytes * targetHeight);
  if (fillGaps) {
    for (const gap of plan.gaps) {
      for (let p = gap.y * rowBytes; p < (gap.y + gap.height) * rowBytes; p += 4) data.set(GAP_RGBA, p);
    }
  }
  for (const c of plan.copies) {
    data.set(src.data.subarray(c.srcY * rowBytes, (c.srcY + c.height) * rowBytes), c.dstY * rowBytes);
  }
  return { width: src.width, height: targetHeight, data };
}

/** Scrambles an RGBA image: output height = h + 36, gap rows opaque white. */
export function scrambleRgba(img: RgbaImage, perm: Permutation): OwnedRgbaImage {
  assertRgba(img);
  const plan = scramblePlan(img.height, perm);
  return applyPlan(img, plan, plan.scrambledHeight, true);
}

/** Rebuilds the original RGBA image from a scrambled one (gap rows are dropped). */
export function unscrambleRgba(img: RgbaImage, perm: Permutation): OwnedRgbaImage {
  assertRgba(img);
  const plan = unscramblePlan(img.height, perm);
  return applyPlan(img, plan, plan.originalHeight, false);
}
