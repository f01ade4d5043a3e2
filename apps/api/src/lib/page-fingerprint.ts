/**
 * The fingerprint of a page (issue 29): a 64-bit difference hash (dHash) of a 9x8 grey thumbnail,
 * the mean and standard deviation of its brightness (0-255), computed from one 72x64 grey
 * thumbnail (the image flattened on white, first frame only). The image gate makes that thumbnail
 * while it decodes every upload anyway (`greyThumbnail`), so the fingerprint costs no second
 * decode; the CLI and the measurements use `fingerprintImage`. The maths from the thumbnail on
 * (hash, bands, brightness) are shared with the dashboard: packages/shared/src/page-fingerprint.ts. What the checks do with it:
 * modules/chapters/page-checks.ts and docs/page-checks.md.
 */
import {
  fingerprintOfGrey,
  GREY_HEIGHT,
  GREY_WIDTH,
  type PageFingerprint,
} from "@vt/shared/page-fingerprint";
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
