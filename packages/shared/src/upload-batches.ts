/**
 * How the dashboard groups chapter pages into upload requests: one request carries
 * several pages, up to a page count and a byte budget, and a few requests are in flight at once.
 * The web upload (apps/web/src/features/chapters/upload-batcher.ts) and the upload bench
 * (bench/chapter-upload.bench.ts) both cut batches with `takeBatch`, so the bench measures what the
 * dashboard sends.
 */
import { MAX_PAGES_PER_UPLOAD } from "./constants";

const MB = 1024 * 1024;

export type UploadBatchLimits = {
  /** Most pages in one request (the server takes up to MAX_PAGES_PER_UPLOAD). */
  maxPages: number;
  /** Byte budget of one request; a single larger page still goes alone. */
  maxBytes: number;
  /** Requests in flight at once. */
  requestsAtOnce: number;
};

/**
 * Eight pages of ~1 MB (a processed 1500 px JPEG q0.95) per request: per-request costs (session,
 * access check, transaction) are spread over many pages while a failed request only has a few
 * pages to send again; two requests at once keep the network busy while the server checks a batch.
 */
export const UPLOAD_BATCH: UploadBatchLimits = {
  maxPages: Math.min(8, MAX_PAGES_PER_UPLOAD),
  maxBytes: 12 * MB,
  requestsAtOnce: 2,
};

/**
 * Removes and returns the next batch from the front of `queue`: at least one item, then more while
 * the batch stays within `limits.maxPages` and `limits.maxBytes`.
 */
export function takeBatch<T>(
  queue: T[],
  sizeOf: (item: T) => number,
  limits: Pick<UploadBatchLimits, "maxPages" | "maxBytes"> = UPLOAD_BATCH,
): T[] {
  if (queue.length === 0) return [];
  let bytes = sizeOf(queue[0]!);
  let n = 1;
  while (n < queue.length && n < limits.maxPages) {
    const next = sizeOf(queue[n]!);
    if (bytes + next > limits.maxBytes) break;
    bytes += next;
    n++;
  }
  return queue.splice(0, n);
}
