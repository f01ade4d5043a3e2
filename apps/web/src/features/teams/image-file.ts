/**
 * Browser-side checks of a picked image before it is uploaded (spec §5 messages). The type is read
 * from the file's first bytes, as the server does, so a renamed PDF is "not an image" whatever its
 * extension says; then the size. The server checks again (content, size, pixel count).
 */
import { IMAGE_MIME_TYPES, IMAGE_TYPES_LABEL, type ImageMimeType } from "@vt/shared/constants";
import type { ValidationProblem } from "@vt/shared/validation";

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes are, judged by their signature (magic bytes); null when none matches. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

async function readHead(file: Blob, length = 16): Promise<Uint8Array> {
  const head = file.slice(0, length);
  // jsdom's Blob lacks arrayBuffer(); Response reads any Blob.
  const buffer =
    typeof head.arrayBuffer === "function"
      ? await head.arrayBuffer()
      : await new Response(head).arrayBuffer();
  return new Uint8Array(buffer);
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * The problem with an image file, or null when it may be uploaded: not an image at all, an image
 * of a type the platform does not store (SVG, BMP, HEIC…), or larger than `maxBytes`.
 */
export async function imageProblem(
  file: Pick<File, "type" | "size"> & Blob,
  maxBytes: number,
): Promise<ValidationProblem | null> {
  const type = sniffImageType(await readHead(file));
  if (!type) {
    // An image of a kind we do not store (SVG, BMP, HEIC…) is told which kinds we do; anything
    // else, including bytes that merely claim to be a PNG or JPEG, is not an image.
    const otherImageType =
      file.type.startsWith("image/") && !(IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
    return otherImageType
      ? { key: "validation.fileTypeInvalid", params: { types: IMAGE_TYPES_LABEL } }
      : { key: "validation.notAnImage" };
  }
  if (file.size > maxBytes) return { key: "validation.fileTooLarge", params: { max: megabytes(maxBytes) } };
  return null;
}
