/**
 * The one image sniffer, shared by the server's image gate (apps/api/src/lib/image-gate.ts) and
 * every browser check before an upload: the type of a file is judged by its first bytes (magic
 * numbers), never by its name or declared type. Pure TypeScript: callers read the bytes.
 *
 *   const head = await readHead(file);                 // web: lib/images/read-head.ts
 *   const problem = imageHeadProblem(head, file, maxBytes); // null when it may be uploaded
 */
import { IMAGE_MIME_TYPES, IMAGE_TYPES_LABEL, type ImageMimeType } from "./constants";
import type { ValidationProblem } from "./validation";

/** Bytes `sniffImageType`, `isOtherImage` and `gifSize` need from the start of a file. */
export const SNIFF_BYTES = 16;

/** Extension each stored type is saved and downloaded under. */
export const IMAGE_EXTENSIONS: Record<ImageMimeType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** The stored image type of `bytes` (the first SNIFF_BYTES are enough) by its signature, or null. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

const OTHER_IMAGE_BRANDS = ["heic", "heix", "hevc", "mif1", "msf1", "avif", "avis"];

/**
 * A raster image of a kind the platform does not store (TIFF, BMP, ICO, HEIC/AVIF, JPEG XL), told
 * apart so the user hears which kinds are accepted. SVG is not one: it is markup, "not an image".
 */
export function isOtherImage(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return true;
  if (startsWith(bytes, ascii("BM")) && bytes.length >= 14) return true;
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return true;
  if (startsWith(bytes, [0xff, 0x0a]) || startsWith(bytes, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20]))
    return true;
  if (startsWith(bytes, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    return OTHER_IMAGE_BRANDS.includes(brand);
  }
  return false;
}

export function isGif(bytes: Uint8Array): boolean {
  return sniffImageType(bytes) === "image/gif";
}

/** Logical screen size from a GIF header (little-endian at bytes 6..9), or null for a non-GIF. */
export function gifSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!isGif(bytes) || bytes.length < 10) return null;
  return { width: bytes[6]! | (bytes[7]! << 8), height: bytes[8]! | (bytes[9]! << 8) };
}

/** A byte limit in MB as messages show it (5, 7, 0.5 ...). */
export function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

/** Why a file with this head cannot be stored as an image, by content only; null when it can. */
export function imageTypeProblem(
  head: Uint8Array,
  types: readonly ImageMimeType[] = IMAGE_MIME_TYPES,
): ValidationProblem | null {
  const type = sniffImageType(head);
  if (type && types.includes(type)) return null;
  if (type || isOtherImage(head)) {
    const label =
      types === IMAGE_MIME_TYPES
        ? IMAGE_TYPES_LABEL
        : types.map((t) => IMAGE_EXTENSIONS[t].toUpperCase()).join(", ");
    return { key: "validation.fileTypeInvalid", params: { types: label } };
  }
  return { key: "validation.notAnImage" };
}

/**
 * The browser's check of a picked file before upload, from its head (first SNIFF_BYTES) and
 * size: not an image, an unsupported type, or over `maxBytes`; null when it may be uploaded. An
 * unrecognised file that declares an image type we do not store (image/svg+xml, image/bmp...) is
 * told the accepted types; bytes that merely claim to be a PNG or JPEG are "not an image".
 */
export function imageHeadProblem(
  head: Uint8Array,
  file: { type: string; size: number },
  maxBytes: number,
): ValidationProblem | null {
  let problem = imageTypeProblem(head);
  if (
    problem?.key === "validation.notAnImage" &&
    file.type.startsWith("image/") &&
    !(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)
  ) {
    problem = { key: "validation.fileTypeInvalid", params: { types: IMAGE_TYPES_LABEL } };
  }
  if (problem) return problem;
  if (file.size > maxBytes) return { key: "validation.fileTooLarge", params: { max: megabytes(maxBytes) } };
  return null;
}
