/**
 * Browser-side checks of a picked image before it is uploaded. The type is read from the file's
 * first bytes, as the server does, so a renamed PDF is "not an image" whatever its extension says;
 * then the size. The server checks again (content, size, pixel count).
 */
import { imageHeadProblem, SNIFF_BYTES } from "@vt/shared/image-sniff";
import type { ValidationProblem } from "@vt/shared/validation-rules";

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
 * The browser's one check of a picked image, used by every picker (covers, volume art, team images,
 * the avatar) and the page drop: `imageHeadProblem` of @vt/shared/image-sniff over the file's first
 * bytes and its size. Null when it may be uploaded; else not an image, an image of a type the
 * platform does not store (SVG, BMP, HEIC…), or larger than `maxBytes`, with one message each.
 */
export async function imageProblem(
  file: Pick<File, "type" | "size"> & Blob,
  maxBytes: number,
): Promise<ValidationProblem | null> {
  return imageHeadProblem(await readHead(file), file, maxBytes);
}
