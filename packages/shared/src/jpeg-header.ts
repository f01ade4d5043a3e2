/**
 * JPEG header reading and the "keep the original" rule of page uploads, shared by the browser's
 * image workers (apps/web/src/lib/images/canvas-ops.ts) and the command-line uploader
 * (apps/api/src/cli/upload-pages.ts), so both decide the same way which pages they upload byte for
 * byte and which they re-encode (docs/bulk-import.md, "Which pages are uploaded byte for byte").
 */
import { MAX_PAGE_WIDTH, PAGE_MAX_BYTES } from "./constants";
import { containsMarkup, sniffImageType } from "./image-sniff";

/** How many leading bytes jpegInfo reads: enough for the EXIF and ICC segments before the frame header. */
export const JPEG_HEADER_BYTES = 256 * 1024;

export type JpegInfo = {
  width: number;
  height: number;
  /** EXIF orientation, 1 when absent. */
  orientation: number;
  /** The frame marker's low byte: 0xc0 baseline, 0xc1 extended, 0xc2 progressive, others rarer. */
  frame: number;
  /** Bits per sample (8 almost always, 12 in some medical/scientific files). */
  precision: number;
  /** Colour components: 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK. */
  components: number;
  /** An APP1 (EXIF or XMP: orientation, camera, location) or COM (comment) segment is present. */
  metadata: boolean;
};

/**
 * Size, EXIF orientation and frame details of a JPEG, read from its marker segments up to the
 * frame header; null when `bytes` is no JPEG or the frame header is not within them.
 */
export function jpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const u16 = (i: number) => (bytes[i]! << 8) | bytes[i + 1]!;
  let orientation = 1;
  let metadata = false;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16(i + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 10 > bytes.length) return null;
      const height = u16(i + 5);
      const width = u16(i + 7);
      if (width <= 0 || height <= 0) return null;
      return {
        width,
        height,
        orientation,
        frame: marker,
        precision: bytes[i + 4]!,
        components: bytes[i + 9]!,
        metadata,
      };
    }
    if (marker === 0xe1 || marker === 0xfe) metadata = true;
    if (
      marker === 0xe1 &&
      i + 18 <= bytes.length &&
      String.fromCharCode(...bytes.subarray(i + 4, i + 8)) === "Exif"
    ) {
      orientation = exifOrientation(bytes, i + 10, Math.min(bytes.length, i + 2 + length)) ?? orientation;
    }
    i += 2 + length;
  }
  return null;
}

/** The Orientation tag (0x0112) of IFD0 in the TIFF block at [start, end), if present. */
function exifOrientation(bytes: Uint8Array, start: number, end: number): number | null {
  const le = bytes[start] === 0x49;
  const u16 = (i: number) => (le ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!);
  const u32 = (i: number) => (le ? u16(i) + u16(i + 2) * 0x10000 : u16(i) * 0x10000 + u16(i + 2));
  if (start + 8 > end) return null;
  const ifd = start + u32(start + 4);
  if (ifd + 2 > end) return null;
  const count = u16(ifd);
  for (let k = 0; k < count; k++) {
    const e = ifd + 2 + k * 12;
    if (e + 12 > end) return null;
    if (u16(e) === 0x0112) return u16(e + 8);
  }
  return null;
}

/** Frames every browser and sharp decode alike: baseline, extended and progressive Huffman. */
const PLAIN_FRAMES = new Set([0xc0, 0xc1, 0xc2]);

/**
 * The page's size when an unscrambled page already meets the upload rule (spec §9: JPEG, at most 1500 px
 * wide) and is uploaded as it is, byte for byte, instead of being decoded and encoded again (which
 * only costs quality and time): a JPEG of at most `maxBytes` (the page limit), at most `maxWidth`
 * wide, 8-bit grey or colour in a baseline/progressive frame, without EXIF/XMP or comment segments
 * (a re-encode drops those: orientation, camera and location data) and without markup anywhere
 * (which the server refuses); null when the page is re-encoded. `bytes` is the whole file. Scrambled pages are always re-encoded
 * (their pixels move), and a tall page that is split is re-encoded as its pieces: callers decide
 * those before asking.
 */
export function keptOriginalSize(
  bytes: Uint8Array,
  options: { maxWidth?: number; maxBytes?: number } = {},
): { width: number; height: number } | null {
  if (bytes.length > (options.maxBytes ?? PAGE_MAX_BYTES)) return null;
  if (sniffImageType(bytes) !== "image/jpeg") return null;
  const info = jpegInfo(bytes.subarray(0, JPEG_HEADER_BYTES));
  if (!info || info.metadata || info.orientation !== 1) return null;
  if (!PLAIN_FRAMES.has(info.frame) || info.precision !== 8) return null;
  if (info.components !== 1 && info.components !== 3) return null;
  if (info.width > (options.maxWidth ?? MAX_PAGE_WIDTH)) return null;
  return containsMarkup(bytes) ? null : { width: info.width, height: info.height };
}
