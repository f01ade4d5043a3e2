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

/** One marker segment of a JPEG: its marker byte, where its payload starts and where it ends. */
export type JpegSegment = {
  /** The marker (0xc0 SOF0, 0xda SOS, 0xe1 APP1...), or null for the rest of the file: the bytes after EOI, or from where the marker structure breaks. */
  marker: number | null;
  /** First byte of the payload (after the marker and its length). */
  start: number;
  /** End of the segment as its length declares it (may lie past the end of `bytes` when they are cut). */
  end: number;
};

/**
 * The marker segments of a JPEG in file order, skipping the entropy-coded (compressed pixel) data
 * after each SOS, and last a `null` segment for what follows EOI (or where the structure breaks).
 * Reads headers only: the image is not decoded.
 */
export function* jpegSegments(bytes: Uint8Array): Generator<JpegSegment> {
  if (bytes.length < 2 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return;
  let i = 2;
  while (i + 2 <= bytes.length) {
    if (bytes[i] !== 0xff) break;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xd9) {
      yield { marker, start: i + 2, end: i + 2 };
      i += 2;
      break;
    }
    if (i + 4 > bytes.length) break;
    const end = i + 2 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
    yield { marker, start: i + 4, end };
    i = end;
    if (marker === 0xda) i = entropyEnd(bytes, i);
  }
  yield { marker: null, start: Math.min(i, bytes.length), end: bytes.length };
}

/** Where the entropy-coded data starting at `i` ends: the next marker other than a stuffed 0xff00 or RSTn. */
function entropyEnd(bytes: Uint8Array, i: number): number {
  for (let j = bytes.indexOf(0xff, i); j !== -1; j = bytes.indexOf(0xff, j + 1)) {
    const next = bytes[j + 1];
    if (next === undefined) return bytes.length;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return j;
  }
  return bytes.length;
}

/**
 * Size and EXIF orientation of a JPEG, read from its marker segments up to the
 * frame header; null when `bytes` is no JPEG or the frame header is not within them.
 */
export function jpegInfo(bytes: Uint8Array): JpegInfo | null {
  const u16 = (i: number) => (bytes[i]! << 8) | bytes[i + 1]!;
  let orientation = 1;
  for (const { marker, start, end } of jpegSegments(bytes)) {
    if (marker === null || marker === 0xda || marker === 0xd9) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (start + 5 > bytes.length) return null;
      const height = u16(start + 1);
      const width = u16(start + 3);
      return width > 0 && height > 0 ? { width, height, orientation } : null;
    }
    if (
      marker === 0xe1 &&
      start + 14 <= bytes.length &&
      String.fromCharCode(...bytes.subarray(start, start + 4)) === "Exif"
    ) {
      orientation = exifOrientation(bytes, start + 6, Math.min(bytes.length, end)) ?? orientation;
    }
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
