/**
 * Browser-side checks of a picked image before it is uploaded (spec §5 messages). The type is read
 * from the file's first bytes, as the server does, so a renamed PDF is "not an image" whatever its
 * extension says; then the size. The server checks again (content, size, pixel count).
 */
import { IMAGE_MIME_TYPES, IMAGE_TYPES_LABEL } from "@vt/shared/constants";
import { megabytes, SNIFF_BYTES, sniffImageType } from "@vt/shared/image-sniff";
import type { ValidationProblem } from "@vt/shared/validation";

/** The first bytes of a file (enough to tell its type by signature). */
export async function readHead(file: Blob, length = SNIFF_BYTES): Promise<Uint8Array> {
  const head = file.slice(0, length);
  // jsdom's Blob lacks arrayBuffer(); Response reads any Blob.
  const buffer =
    typeof head.arrayBuffer === "function"
      ? await head.arrayBuffer()
      : await new Response(head).arrayBuffer();
  return new Uint8Array(buffer);
}

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
