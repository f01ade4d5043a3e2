import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";

/** Types a browser may render inline from user uploads: raster images only (no SVG, no HTML). */
const INLINE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/apng",
  "image/bmp",
]);

/** Types we pass through by detected content but only as downloads. */
const DOWNLOAD_TYPES = new Set(["application/zip", "application/pdf", "application/gzip"]);

export interface ServedType {
  contentType: string;
  inline: boolean;
}

/**
 * Content type from the file's magic bytes, never from its name alone: anything not positively
 * identified as a safe type is sent as an application/octet-stream attachment.
 */
export async function detectServedType(head: Buffer): Promise<ServedType> {
  const detected = head.length ? await fileTypeFromBuffer(head) : undefined;
  if (detected && INLINE_TYPES.has(detected.mime)) return { contentType: detected.mime, inline: true };
  if (detected && DOWNLOAD_TYPES.has(detected.mime)) return { contentType: detected.mime, inline: false };
  return { contentType: "application/octet-stream", inline: false };
}

/** Read the first `bytes` of a stream and give back a stream that still yields everything. */
export async function peekStream(stream: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    if (head.length) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const body = Readable.from(all(), { objectMode: false });
  body.on("close", () => stream.destroy());
  return { head: head.subarray(0, bytes), body };
}
