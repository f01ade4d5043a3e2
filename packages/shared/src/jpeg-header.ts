/**
 * JPEG header reading (size and EXIF orientation, without decoding): the browser's image workers
 * (apps/web/src/lib/images/canvas-ops.ts, a wide JPEG decoded at its target width) and the page
 * count of bulk import's preview (./image-header.ts, apps/web/src/features/chapters/bulk-import/split-count.ts).
 */

/** How many leading bytes jpegInfo reads: enough for the EXIF and ICC segments before the frame header. */
export const JPEG_HEADER_BYTES = 256 * 1024;

export type JpegInfo = {
  width: number;
  height: number;
  /** EXIF orientation, 1 when absent. */
  orientation: number;
};

/**
 * Size and EXIF orientation of a JPEG, read from its marker segments up to the
 * frame header; null when `bytes` is no JPEG or the frame header is not within them.
 */
export function jpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const u16 = (i: number) => (bytes[i]! << 8) | bytes[i + 1]!;
  let orientation = 1;
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
      if (i + 9 > bytes.length) return null;
      const height = u16(i + 5);
      const width = u16(i + 7);
      return width > 0 && height > 0 ? { width, height, orientation } : null;
    }
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
