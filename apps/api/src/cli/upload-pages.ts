/**
 * The page processing of `npm run upload`, the browser's (apps/web/src/lib/images/canvas-ops.ts and
 * scramble-ops.ts) done with sharp: the same target sizes (packages/shared/src/page-size.ts), the
 * same formats and qualities, and for scrambled chapters the same strip plan, key and file name
 * (the shared scramble codec, docs/scramble-format.md):
 *
 * - GIF: uploaded unchanged (also in scrambled chapters, like the dashboard);
 * - plain: EXIF orientation applied, downscaled to 1500 px wide (never up), over white, JPEG q95,
 *   named `{stem}.jpg`;
 * - scrambled: resized to 1300 px wide exactly, the 10 strips shuffled with 4 px white gaps
 *   (`scrambleRgba`), JPEG q90, named `{id}_{ratio}.jpg`, with the page key.
 *
 * The JPEGs are sharp's (default options, no `mozjpeg: true`: the same tables, frame and scan as
 * Chromium's canvas encoder for the same pixels) with Chromium's JFIF + ICC segments after SOI
 * (`withBrowserJpegHeader`, @vt/shared/browser-jpeg), so a page both tools encode from the same
 * pixels (no downscale) is stored with the same bytes (docs/bulk-import.md, "Which pages are
 * uploaded byte for byte").
 */
import { withBrowserJpegHeader } from "@vt/shared/browser-jpeg";
import { JPEG_QUALITY, SCRAMBLE_QUALITY } from "@vt/shared/constants";
import { gifSize } from "@vt/shared/image-sniff";
import { fitWidth, scrambleSize } from "@vt/shared/page-size";
import {
  encodeKey,
  type Permutation,
  randomPermutation,
  scrambledFileName,
  scrambleRgba,
} from "@vt/shared/scramble";
import sharp, { type Sharp } from "sharp";

export type PreparedPage = { bytes: Buffer; name: string; type: string; key: string | null };

const WHITE = { r: 255, g: 255, b: 255 };

/** The pipeline's pixels as a JPEG of `quality` (0..1), with the header Chromium's encoder writes. */
async function browserJpeg(image: Sharp, quality: number): Promise<Buffer> {
  const bytes = await image.jpeg({ quality: Math.round(quality * 100) }).toBuffer();
  return Buffer.from(withBrowserJpegHeader(bytes));
}

export function stem(name: string): string {
  const file = name.split(/[\\/]/).pop() ?? "";
  const dot = file.lastIndexOf(".");
  return (dot > 0 ? file.slice(0, dot) : file) || "page";
}

/** Width and height as displayed (EXIF orientations 5-8 swap them). */
export async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new Error("unreadable image");
  return swap ? { width: height, height: width } : { width, height };
}

export async function preparePage(
  bytes: Buffer,
  name: string,
  options: { scramble: boolean; permutation?: Permutation; keyPrefix?: string },
): Promise<PreparedPage> {
  if (gifSize(bytes.subarray(0, 16)))
    return { bytes, name: `${stem(name)}.gif`, type: "image/gif", key: null };
  const size = await uprightSize(bytes);
  if (!options.scramble) {
    const target = fitWidth(size.width, size.height);
    const out = await browserJpeg(
      sharp(bytes)
        .rotate()
        .resize(target.width, target.height, { fit: "fill" })
        .flatten({ background: WHITE }),
      JPEG_QUALITY,
    );
    return { bytes: out, name: `${stem(name)}.jpg`, type: "image/jpeg", key: null };
  }
  const target = scrambleSize(size.width, size.height);
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(target.width, target.height, { fit: "fill" })
    .flatten({ background: WHITE })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const perm = options.permutation ?? randomPermutation();
  const key = options.keyPrefix === undefined ? encodeKey(perm) : encodeKey(perm, options.keyPrefix);
  const scrambled = scrambleRgba(
    {
      width: info.width,
      height: info.height,
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    },
    perm,
  );
  const out = await browserJpeg(
    sharp(Buffer.from(scrambled.data.buffer), {
      raw: { width: scrambled.width, height: scrambled.height, channels: 4 },
    }).removeAlpha(),
    SCRAMBLE_QUALITY,
  );
  return {
    bytes: out,
    name: `${scrambledFileName(target.width, target.height)}.jpg`,
    type: "image/jpeg",
    key,
  };
}
