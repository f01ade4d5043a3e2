/**
 * Groups the pages the pipeline hands over, one by one, into multi-page upload requests (one
 * page per request cost ~2.5x the time). A page waits while every request slot is busy; when a
 * slot frees, the pages waiting go together, cut by the shared `takeBatch` (page count and byte
 * budget of UPLOAD_BATCH). So the first pages go at once, and batches fill up whenever pages are
 * ready faster than they upload, which is when upload time matters.
 *
 * Each page keeps its own promise, signal and progress: the request's upload progress is shared out
 * over its pages by their byte ranges (`batchProgress`). A page cancelled alone leaves the request
 * running for the others (its answer is dropped); the request is aborted once all its pages are.
 * `send` is the one upload function (features/chapters/api/upload-pages.ts), whatever it sends to.
 */
import { takeBatch, UPLOAD_BATCH, type UploadBatchLimits } from "@vt/shared/upload-batches";
import { abortError } from "@/lib/images/errors";

export type SendBatch<P, R> = (
  pages: readonly P[],
  signal: AbortSignal,
  onProgress: (loaded: number, total: number | undefined) => void,
) => Promise<readonly R[]>;

type Waiting<P, R> = {
  page: P;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
};

/**
 * The fraction (0..1) of each part sent when `loaded` of `total` request bytes are: parts are sent in
 * order, and the form's own bytes (fields, part headers) are spread over them in proportion.
 */
export function batchProgress(sizes: readonly number[], loaded: number, total: number | undefined): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  const sent = total && total > 0 ? (Math.min(loaded, total) / total) * sum : Math.min(loaded, sum);
  let start = 0;
  return sizes.map((size) => {
    const fraction = size > 0 ? Math.min(1, Math.max(0, (sent - start) / size)) : sent >= start ? 1 : 0;
    start += size;
    return fraction;
  });
}

export type UploadBatcher<P, R> = (
  page: P,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
) => Promise<R>;

export function createUploadBatcher<P, R>(
  send: SendBatch<P, R>,
  sizeOf: (page: P) => number,
  limits: UploadBatchLimits = UPLOAD_BATCH,
): UploadBatcher<P, R> {
  const queue: Waiting<P, R>[] = [];
  let busy = 0;

  async function run(batch: Waiting<P, R>[]) {
    const controller = new AbortController();
    const live = () => batch.filter((w) => !w.signal.aborted);
    const onAbort = () => {
      for (const w of batch) if (w.signal.aborted) w.reject(abortError(w.signal.reason));
      if (live().length === 0) controller.abort();
    };
    for (const w of batch) w.signal.addEventListener("abort", onAbort, { once: true });
    const sizes = batch.map((w) => sizeOf(w.page));
    try {
      const results = await send(
        batch.map((w) => w.page),
        controller.signal,
        (loaded, total) => {
          const fractions = batchProgress(sizes, loaded, total);
          batch.forEach((w, i) => {
            if (!w.signal.aborted) w.onProgress(fractions[i]!);
          });
        },
      );
      batch.forEach((w, i) => {
        const result = results[i];
        if (w.signal.aborted) w.reject(abortError(w.signal.reason));
        else if (result === undefined) w.reject(new Error("Upload answered no page"));
        else w.resolve(result);
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      for (const w of batch) w.signal.removeEventListener("abort", onAbort);
    }
  }

  function pump() {
    while (busy < limits.requestsAtOnce) {
      // Pages cancelled while waiting are not sent.
      for (let i = queue.length - 1; i >= 0; i--) {
        const w = queue[i]!;
        if (w.signal.aborted) {
          queue.splice(i, 1);
          w.reject(abortError(w.signal.reason));
        }
      }
      if (queue.length === 0) return;
      const batch = takeBatch(queue, (w) => sizeOf(w.page), limits);
      busy++;
      void run(batch).finally(() => {
        busy--;
        pump();
      });
    }
  }

  return (page, signal, onProgress) =>
    new Promise<R>((resolve, reject) => {
      if (signal.aborted) return reject(abortError(signal.reason));
      queue.push({ page, signal, onProgress, resolve, reject });
      pump();
    });
}
