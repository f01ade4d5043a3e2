/**
 * The fingerprint of a page (docs/page-checks.md): a 64-bit difference hash (dHash) of a 9x8 grey
 * grid, the mean and standard deviation of its brightness (0-255), computed from one 72x64 colour
 * thumbnail (stretched, first frame only). The image gate makes that thumbnail as the output of the
 * decode it runs on every upload anyway (`fingerprintThumbnail`: a resize and nothing else, so a
 * JPEG is still decoded at 1/8 scale and no step runs at full size), so the fingerprint costs no
 * second decode; the CLI and the measurements use `fingerprintImage`, scrambled pages
 * `fingerprintScrambled`. The maths from the thumbnail on (over white, grey, hash, bands,
 * brightness) are shared with the dashboard: packages/shared/src/page-fingerprint.ts. What the
 * checks do with it: modules/chapters/page-checks.ts and docs/page-checks.md.
 */
import {
  FINGERPRINT_HEIGHT,
  FINGERPRINT_WIDTH,
  fingerprintOfThumbnail,
  type PageFingerprint,
} from "@vt/shared/page-fingerprint";
import { decodeKey, unscrambleRgba } from "@vt/shared/scramble";
import sharp, { type Sharp } from "sharp";

// The pure maths live in packages/shared (the dashboard's workers compute the same fingerprint).
export {
  BANDS,
  bandProbes,
  dhashBands,
  FINGERPRINT_VERSION,
  fingerprintOfThumbnail,
  hamming,
  hammingWords,
  hashWords,
  type PageFingerprint,
} from "@vt/shared/page-fingerprint";

/**
 * The 72x64 colour thumbnail step of a sharp pipeline (stretched: the aspect ratio is ignored), raw
 * pixels for `fingerprintOfThumbnail`. Only a resize: flattening or greying here would run on the
 * whole image before libvips shrinks it (a PNG has no shrink-on-load), which cost more than the
 * decode itself (docs/page-checks.md, "Cost of the fingerprint").
 */
export function fingerprintThumbnail(image: Sharp): Sharp {
  return image.resize({ width: FINGERPRINT_WIDTH, height: FINGERPRINT_HEIGHT, fit: "fill" }).raw();
}

/** The fingerprint of a sharp pipeline's image (one decode). */
export async function fingerprintOf(image: Sharp): Promise<PageFingerprint> {
  const { data, info } = await fingerprintThumbnail(image).toBuffer({ resolveWithObject: true });
  return fingerprintOfThumbnail(data, info.channels);
}

/** The fingerprint of encoded image bytes (one decode). */
export function fingerprintImage(bytes: Buffer): Promise<PageFingerprint> {
  return fingerprintOf(sharp(bytes, { failOn: "none", limitInputPixels: false }));
}

/**
 * The fingerprint of a scrambled page (docs/scramble-format.md) as of its unscrambled picture, so
 * it matches the plain page's: one decode of the scrambled bytes to rows only 72 px wide (every
 * row kept, so the strips are still whole rows), the strips put back in order with the shared
 * codec, then the same 72x64 thumbnail. The key must be valid (checkScrambleKey).
 */
export async function fingerprintScrambled(bytes: Buffer, key: string): Promise<PageFingerprint> {
  const perm = decodeKey(key);
  const meta = await sharp(bytes, { failOn: "none", limitInputPixels: false }).metadata();
  const height = meta.pageHeight ?? meta.height ?? 0;
  const { data: rows, info } = await sharp(bytes, { failOn: "none", limitInputPixels: false })
    .resize({ width: FINGERPRINT_WIDTH, height, fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The codec moves whole rows of 4-byte pixels: a row of 72 pixels of `channels` bytes is
  // 72 * channels / 4 of them (72 is a multiple of 4).
  const plain = unscrambleRgba(
    {
      width: (FINGERPRINT_WIDTH * info.channels) / 4,
      height,
      data: new Uint8ClampedArray(rows.buffer, rows.byteOffset, FINGERPRINT_WIDTH * height * info.channels),
    },
    perm,
  );
  return fingerprintOf(
    sharp(Buffer.from(plain.data.buffer, plain.data.byteOffset, plain.data.byteLength), {
      raw: { width: FINGERPRINT_WIDTH, height: plain.height, channels: info.channels as 1 | 2 | 3 | 4 },
    }),
  );
}
