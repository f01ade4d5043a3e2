/**
 * An image's size from its first bytes (the header), without decoding: JPEG (as displayed, EXIF
 * orientation applied), PNG, GIF and WebP (lossy, lossless, extended). Used to count the pages a
 * tall strip will become before anything is decoded (bulk import's preview).
 */
import { gifSize, sniffImageType } from "./image-sniff";
import { jpegInfo } from "./jpeg-header";
import { type SplitOptions, stripPieceCount } from "./tall-strip";

/** Enough bytes for every header but a JPEG's with large EXIF/ICC segments (then JPEG_HEADER_BYTES). */
export const IMAGE_HEADER_BYTES = 64 * 1024;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** Width and height as displayed, or null when `head` is no supported image or too short. */
export function imageHeaderSize(head: Uint8Array): { width: number; height: number } | null {
  const type = sniffImageType(head);
  const le16 = (i: number) => head[i]! | (head[i + 1]! << 8);
  const le24 = (i: number) => le16(i) | (head[i + 2]! << 16);
  const be32 = (i: number) =>
    ((head[i]! << 24) >>> 0) + (head[i + 1]! << 16) + (head[i + 2]! << 8) + head[i + 3]!;
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  switch (type) {
    case "image/jpeg": {
      const info = jpegInfo(head);
      if (!info) return null;
      return info.orientation >= 5
        ? { width: info.height, height: info.width }
        : size(info.width, info.height);
    }
    case "image/png":
      return head.length >= 24 && ascii(head, 12, 4) === "IHDR" ? size(be32(16), be32(20)) : null;
    case "image/gif":
      return gifSize(head);
    case "image/webp": {
      const chunk = ascii(head, 12, 4);
      if (chunk === "VP8 " && head.length >= 30) return size(le16(26) & 0x3fff, le16(28) & 0x3fff);
      if (chunk === "VP8L" && head.length >= 25) {
        const [b0, b1, b2, b3] = [head[21]!, head[22]!, head[23]!, head[24]!];
        return size(
          1 + (((b1 & 0x3f) << 8) | b0),
          1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
        );
      }
      if (chunk === "VP8X" && head.length >= 30) return size(1 + le24(24), 1 + le24(27));
      return null;
    }
    default:
      return null;
  }
}

/**
 * The pages one file becomes with tall-strip splitting on, from its header (`stripPieceCount`: a
 * lower bound). A GIF is never split, and a file whose size cannot be read stays whole: 1.
 */
export function splitPageCount(head: Uint8Array, options: SplitOptions = {}): number {
  if (sniffImageType(head) === "image/gif") return 1;
  const size = imageHeaderSize(head);
  return size ? stripPieceCount(size.width, size.height, options) : 1;
}
