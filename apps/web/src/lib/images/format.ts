/**
 * Pure helpers of the image pipeline: content sniffing (magic bytes, never the extension), GIF
 * header size, target sizes, and the names used for uploads and zip entries. No DOM, no canvas.
 */

export type SniffedImageType = "jpeg" | "png" | "gif" | "webp";

export const MIME_BY_TYPE: Record<SniffedImageType, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

export const EXTENSION_BY_TYPE: Record<SniffedImageType, string> = {
  jpeg: "jpg",
  png: "png",
  gif: "gif",
  webp: "webp",
};

/** Bytes needed by `sniffImageType` and `gifSize`. */
export const SNIFF_BYTES = 16;

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** The image type of `bytes` (the first 16 are enough) by its signature, or null. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

export function isGif(bytes: Uint8Array): boolean {
  return sniffImageType(bytes) === "gif";
}

/** Logical screen size from a GIF header (little-endian at bytes 6..9), or null for a non-GIF. */
export function gifSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!isGif(bytes) || bytes.length < 10) return null;
  return { width: bytes[6]! | (bytes[7]! << 8), height: bytes[8]! | (bytes[9]! << 8) };
}

/** Reads the first bytes of a Blob/File for sniffing. */
export async function readHead(blob: Blob, n = SNIFF_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, n).arrayBuffer());
}

// The target sizes live in packages/shared so the command-line uploader computes the same ones.
export { fitWidth, scrambleSize } from "@vt/shared/page-size";

/** "dir/01.png" -> "01"; keeps names without an extension; never empty. */
export function baseName(name: string): string {
  const file = name.split(/[\\/]/).pop() ?? "";
  const dot = file.lastIndexOf(".");
  const stem = dot > 0 ? file.slice(0, dot) : file;
  return stem || "page";
}

/** The uploaded name of a processed page: same stem, extension of its new format ("01.png" -> "01.jpg"). */
export function renameWithExtension(name: string, extension: string): string {
  return `${baseName(name)}.${extension}`;
}

const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "webp"]);

/** The image extension at the end of a URL or storage key's path ("a/b.JPEG?x=1" -> "jpeg"), or null. */
export function extensionFromUrl(url: string): string | null {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const file = path.split("/").pop() ?? "";
  const m = /\.([A-Za-z0-9]+)$/.exec(file);
  const ext = m?.[1]?.toLowerCase();
  return ext && IMAGE_EXTENSIONS.has(ext) ? ext : null;
}

export function extensionFromMime(mime: string | null | undefined): string | null {
  const m = (mime ?? "").split(";", 1)[0]!.trim().toLowerCase();
  const entry = Object.entries(MIME_BY_TYPE).find(([, v]) => v === m);
  if (entry) return EXTENSION_BY_TYPE[entry[0] as SniffedImageType];
  return m === "image/jpg" ? "jpg" : null;
}

/**
 * Extension of a downloaded page in the zip: a scrambled page is re-encoded, so "jpg"; otherwise its
 * original extension, read from the URL, else from the bytes, else from the Content-Type, else "jpg".
 */
export function pageExtension(page: {
  url: string;
  scrambled: boolean;
  head?: Uint8Array;
  contentType?: string | null;
}): string {
  if (page.scrambled) return "jpg";
  const fromUrl = extensionFromUrl(page.url);
  if (fromUrl) return fromUrl;
  const sniffed = page.head ? sniffImageType(page.head) : null;
  if (sniffed) return EXTENSION_BY_TYPE[sniffed];
  return extensionFromMime(page.contentType) ?? "jpg";
}

/** Zip entry name of page `index` (0-based): numbered from 1 ("1.png", "2.jpg", ...). */
export function zipEntryName(index: number, extension: string): string {
  return `${index + 1}.${extension}`;
}

// Windows-reserved and control characters, which no file system accepts in every OS.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip.
const UNSAFE_FILE_CHARS = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const RESERVED_WINDOWS = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A file name from a chapter name: unsafe characters become spaces, whitespace is collapsed, leading
 * and trailing dots and spaces are dropped, Vietnamese letters are kept (NFC), and the result is at
 * most `maxLength` characters. Empty or reserved results fall back to `fallback`.
 */
export function sanitizeFileName(name: string, fallback = "chapter", maxLength = 120): string {
  let s = name.normalize("NFC").replace(UNSAFE_FILE_CHARS, " ").replace(/\s+/g, " ").trim();
  s = s.replace(/^[.\s]+|[.\s]+$/g, "");
  if (s.length > maxLength) s = s.slice(0, maxLength).replace(/[.\s]+$/, "");
  if (!s || RESERVED_WINDOWS.test(s)) return fallback;
  return s;
}

/** "{sanitized chapter name}.zip". */
export function chapterZipName(chapterName: string, fallback = "chapter"): string {
  return `${sanitizeFileName(chapterName, fallback)}.zip`;
}

/** How many leading bytes jpegInfo reads: enough for the EXIF and ICC segments before the frame header. */
export const JPEG_HEADER_BYTES = 256 * 1024;

/**
 * Size and EXIF orientation (1 when absent) of a JPEG, read from its marker segments up to the
 * frame header; null when `bytes` is no JPEG or the frame header is not within them.
 */
export function jpegInfo(bytes: Uint8Array): { width: number; height: number; orientation: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const u16 = (i: number, le = false) =>
    le ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!;
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
