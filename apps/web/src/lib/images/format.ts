/**
 * Pure helpers of the image pipeline: target sizes, and the names used for uploads and zip entries.
 * No DOM, no canvas. Content sniffing (magic bytes, never the extension) and the GIF header size
 * are the one sniffer's, `@vt/shared/image-sniff`; a file's first bytes are read by
 * `readHead` of `lib/image-file.ts`.
 */
import { IMAGE_EXTENSIONS as EXTENSION_OF_TYPE, sniffImageType } from "@vt/shared/image-sniff";

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
  if (Object.hasOwn(EXTENSION_OF_TYPE, m)) return EXTENSION_OF_TYPE[m as keyof typeof EXTENSION_OF_TYPE];
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
  if (sniffed) return EXTENSION_OF_TYPE[sniffed];
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
