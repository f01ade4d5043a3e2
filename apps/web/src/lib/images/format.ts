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
