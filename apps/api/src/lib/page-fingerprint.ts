/**
 * The fingerprint of a page (docs/page-checks.md): a 64-bit difference hash (dHash) of a 9x8 grey thumbnail,
 * the mean and standard deviation of its brightness (0-255), computed from one 72x64 grey
 * thumbnail (the image flattened on white, first frame only). The image gate makes that thumbnail
 * while it decodes every upload anyway (`greyThumbnail`), so the fingerprint costs no second
 * decode; the CLI and the measurements use `fingerprintImage`, scrambled pages
 * `fingerprintScrambled`. The maths from the thumbnail on (hash, bands, brightness) are shared
 * with the dashboard: packages/shared/src/page-fingerprint.ts. What the checks do with it:
 * modules/chapters/page-checks.ts and docs/page-checks.md.
 */
import {
  fingerprintOfGrey,
  GREY_HEIGHT,
  GREY_WIDTH,
  type PageFingerprint,
} from "@vt/shared/page-fingerprint";
import { decodeKey, unscrambleRgba } from "@vt/shared/scramble";
import sharp, { type Sharp } from "sharp";

// The pure maths live in packages/shared (the dashboard's workers compute the same fingerprint).
export {
  BANDS,
  bandProbes,
  dhashBands,
  fingerprintOfGrey,
  GREY_HEIGHT,
  GREY_WIDTH,
  hamming,
  hammingWords,
  hashWords,
  type PageFingerprint,
} from "@vt/shared/page-fingerprint";

/** The grey 72x64 thumbnail step of a sharp pipeline (stretched: aspect ratio is ignored). */
export function greyThumbnail(image: Sharp): Sharp {
  return image
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize({ width: GREY_WIDTH, height: GREY_HEIGHT, fit: "fill" })
    .raw();
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
