/**
 * Process many pages with the image pool and upload each as soon as it is ready, while later pages
 * are still processing. Every file has a state (queued -> processing -> uploading -> done | error),
 * progress, and can be retried alone; a failed upload keeps its processed image so the retry only
 * uploads again.
 * The chapter editor drives it from features/chapters/pages-session.ts.
 */

import { gifSize } from "@vt/shared/image-sniff";
import { readHead } from "../image-file";
import type { JobProgress, ProcessedPage } from "./canvas-ops";
import { abortError, isAbortError, throwIfAborted } from "./errors";
import { getImagePool, type ImagePool } from "./pool";
import { type AggregateProgress, aggregateProgress, type PageState } from "./progress";
import type { ScrambledPage } from "./scramble-ops";

/** What is uploaded for one page. */
export type PreparedPage = {
  blob: Blob;
  /** Upload file name: "{stem}.jpg", "{stem}.gif", or the scrambled `{id}_{ratio}.jpg`. */
  name: string;
  /** MIME type of blob. */
  type: string;
  width: number;
  height: number;
  /** The page key (scrambled pages only): store it next to the page url. */
  key?: string;
  scrambled: boolean;
  /** GIF passed through unchanged. */
  unchanged: boolean;
};

/** A page's description without its bytes. */
export type PageInfo = Omit<PreparedPage, "blob"> & { bytes: number };

export type UploadFn<T> = (
  page: PreparedPage,
  index: number,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
) => Promise<T>;

export type PipelineOptions<T> = {
  upload: UploadFn<T>;
  /** Scrambled upload for this chapter. */
  scramble?: boolean;
  /** Scramble GIFs too (their first frame, as JPEG). Default false: GIFs are kept unchanged. */
  scrambleGifs?: boolean;
  /** Pages processed at once; default the pool's concurrency. */
  concurrency?: number;
  /** Uploads at once; default 3. */
  uploadConcurrency?: number;
  /** Processed pages held in memory (processing + waiting + uploading); default concurrency + uploads. */
  maxInFlight?: number;
  onProgress?: (progress: PipelineProgress<T>) => void;
  /** Each time one file changes state. */
  onFileChange?: (file: PipelineFile<T>) => void;
  signal?: AbortSignal;
  pool?: ImagePool;
};

export type PipelineFile<T> = {
  index: number;
  /** The original file name. */
  sourceName: string;
  bytes: number;
  state: PageState;
  processProgress: number;
  uploadProgress: number;
  /** Which processing stage is running (decode, draw, encode). */
  stage?: JobProgress["stage"];
  /** Set once processed (kept on upload failure). */
  page?: PageInfo;
  /** What `upload` returned. */
  result?: T;
  error?: unknown;
  /** True when the error is a cancellation. */
  cancelled: boolean;
  attempts: number;
};

export type PipelineProgress<T> = AggregateProgress & { files: readonly PipelineFile<T>[] };

export type PipelineRun<T> = AsyncIterable<PipelineFile<T>> & {
  /** Settles when every file of the first pass is done or failed (never rejects). */
  readonly done: Promise<readonly PipelineFile<T>[]>;
  /** Current snapshot of every file. */
  files(): readonly PipelineFile<T>[];
  progress(): PipelineProgress<T>;
  /** Runs a failed (or cancelled) file again; resolves with its final snapshot. */
  retry(index: number): Promise<PipelineFile<T>>;
  /** Cancels one file, or everything when no index is given. */
  cancel(index?: number): void;
  /** Settles when nothing is running (first pass and retries). */
  idle(): Promise<readonly PipelineFile<T>[]>;
};

/** FIFO counting semaphore. */
export class Semaphore {
  private available: number;
  private readonly waiters: { grant: () => void; signal?: AbortSignal; onAbort?: () => void }[] = [];

  constructor(count: number) {
    this.available = Math.max(1, Math.floor(count));
  }

  acquire(signal?: AbortSignal): Promise<() => void> {
    throwIfAborted(signal);
    return new Promise((resolve, reject) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.release();
      };
      if (this.available > 0 && this.waiters.length === 0) {
        this.available--;
        return resolve(release);
      }
      const waiter: { grant: () => void; signal?: AbortSignal; onAbort?: () => void } = {
        grant: () => {
          if (waiter.onAbort) signal?.removeEventListener("abort", waiter.onAbort);
          resolve(release);
        },
        signal,
      };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(abortError(signal.reason));
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiters.shift();
    if (next) next.grant();
    else this.available++;
  }
}

/** Settles with `promise`, or rejects with an AbortError as soon as `signal` aborts (an upload that ignores it cannot hang the run). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal.reason));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

type Entry<T> = {
  file: Blob;
  snapshot: PipelineFile<T>;
  prepared?: PreparedPage;
  controller?: AbortController;
  running?: Promise<void>;
};

function fileName(file: Blob, index: number): string {
  return typeof File !== "undefined" && file instanceof File ? file.name : `${index + 1}`;
}

function infoOf(page: PreparedPage): PageInfo {
  const { blob, ...rest } = page;
  return { ...rest, bytes: blob.size };
}

function fromProcessed(p: ProcessedPage): PreparedPage {
  return { ...p, scrambled: false };
}

function fromScrambled(p: ScrambledPage): PreparedPage {
  return {
    blob: p.blob,
    name: p.fileName,
    type: p.type,
    width: p.width,
    height: p.height,
    key: p.key,
    scrambled: true,
    unchanged: false,
  };
}

/** Starts processing and uploading `files` (in their order) and returns a handle on the run. */
export function runPipeline<T>(files: readonly Blob[], options: PipelineOptions<T>): PipelineRun<T> {
  const pool = options.pool ?? getImagePool();
  const concurrency = Math.max(1, options.concurrency ?? pool.concurrency);
  const uploadConcurrency = Math.max(1, options.uploadConcurrency ?? 3);
  const processing = new Semaphore(concurrency);
  const uploads = new Semaphore(uploadConcurrency);
  const inFlight = new Semaphore(
    Math.max(concurrency, options.maxInFlight ?? concurrency + uploadConcurrency),
  );
  const runController = new AbortController();
  const outerSignal = options.signal;
  const onOuterAbort = () => runController.abort(outerSignal?.reason);
  if (outerSignal?.aborted) onOuterAbort();
  else outerSignal?.addEventListener("abort", onOuterAbort, { once: true });

  const entries: Entry<T>[] = files.map((file, index) => ({
    file,
    snapshot: {
      index,
      sourceName: fileName(file, index),
      bytes: file.size,
      state: "queued",
      processProgress: 0,
      uploadProgress: 0,
      cancelled: false,
      attempts: 0,
    },
  }));

  // Async iteration: files are pushed when they settle; the iterator ends when nothing runs.
  const settledQueue: PipelineFile<T>[] = [];
  const wakers: (() => void)[] = [];
  const wake = () => {
    for (const w of wakers.splice(0)) w();
  };

  const files_ = () => entries.map((e) => e.snapshot);
  const progress = (): PipelineProgress<T> => ({ ...aggregateProgress(files_()), files: files_() });
  const activeCount = () => entries.filter((e) => e.running).length;

  const update = (entry: Entry<T>, patch: Partial<PipelineFile<T>>, fileChanged = true) => {
    entry.snapshot = { ...entry.snapshot, ...patch };
    if (fileChanged) options.onFileChange?.(entry.snapshot);
    options.onProgress?.(progress());
  };

  async function prepare(entry: Entry<T>, signal: AbortSignal): Promise<PreparedPage> {
    const onProgress = (p: JobProgress) =>
      update(entry, { processProgress: p.fraction, stage: p.stage }, false);
    let scramble = options.scramble === true;
    if (scramble && !options.scrambleGifs && gifSize(await readHead(entry.file))) scramble = false;
    if (scramble) return fromScrambled(await pool.scramblePage(entry.file, { signal, onProgress }));
    return fromProcessed(
      await pool.processPage(entry.file, { signal, onProgress, name: entry.snapshot.sourceName }),
    );
  }

  async function runEntry(entry: Entry<T>): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    const onRunAbort = () => controller.abort(runController.signal.reason);
    if (runController.signal.aborted) onRunAbort();
    else runController.signal.addEventListener("abort", onRunAbort, { once: true });
    const { signal } = controller;
    update(entry, {
      state: "queued",
      error: undefined,
      cancelled: false,
      attempts: entry.snapshot.attempts + 1,
      uploadProgress: 0,
      processProgress: entry.prepared ? 1 : 0,
    });
    let releaseSlot: (() => void) | undefined;
    try {
      releaseSlot = await inFlight.acquire(signal);
      if (!entry.prepared) {
        const releaseProcessing = await processing.acquire(signal);
        try {
          update(entry, { state: "processing", processProgress: 0 });
          entry.prepared = await prepare(entry, signal);
        } finally {
          releaseProcessing();
        }
        update(entry, { processProgress: 1, page: infoOf(entry.prepared) }, false);
      }
      throwIfAborted(signal);
      const releaseUpload = await uploads.acquire(signal);
      try {
        update(entry, { state: "uploading", uploadProgress: 0 });
        const result = await raceAbort(
          options.upload(entry.prepared, entry.snapshot.index, signal, (fraction) =>
            update(entry, { uploadProgress: fraction }, false),
          ),
          signal,
        );
        throwIfAborted(signal);
        entry.prepared = undefined; // uploaded: free the bytes
        update(entry, { state: "done", uploadProgress: 1, result });
      } finally {
        releaseUpload();
      }
    } catch (error) {
      update(entry, { state: "error", error, cancelled: isAbortError(error) || signal.aborted });
    } finally {
      releaseSlot?.();
      runController.signal.removeEventListener("abort", onRunAbort);
      entry.controller = undefined;
    }
  }

  function start(entry: Entry<T>): Promise<void> {
    const running = runEntry(entry).finally(() => {
      entry.running = undefined;
      settledQueue.push(entry.snapshot);
      wake();
    });
    entry.running = running;
    return running;
  }

  const idle = async (): Promise<readonly PipelineFile<T>[]> => {
    for (;;) {
      const running = entries.map((e) => e.running).filter((p): p is Promise<void> => p !== undefined);
      if (running.length === 0) return files_();
      await Promise.all(running);
    }
  };

  options.onProgress?.(progress());
  const firstPass = Promise.all(entries.map((e) => start(e))).then(() => {
    outerSignal?.removeEventListener("abort", onOuterAbort);
    return files_();
  });

  return {
    done: firstPass,
    files: files_,
    progress,
    idle,
    retry(index: number) {
      const entry = entries[index];
      if (!entry) return Promise.reject(new RangeError(`No file at index ${index}`));
      if (entry.running || entry.snapshot.state === "done")
        return entry.running?.then(() => entry.snapshot) ?? Promise.resolve(entry.snapshot);
      if (runController.signal.aborted) return Promise.reject(abortError(runController.signal.reason));
      return start(entry).then(() => entry.snapshot);
    },
    cancel(index?: number) {
      if (index === undefined) runController.abort();
      else entries[index]?.controller?.abort();
    },
    [Symbol.asyncIterator](): AsyncIterator<PipelineFile<T>> {
      let read = 0;
      return {
        async next(): Promise<IteratorResult<PipelineFile<T>>> {
          for (;;) {
            if (read < settledQueue.length) return { value: settledQueue[read++]!, done: false };
            if (activeCount() === 0) return { value: undefined, done: true };
            await new Promise<void>((resolve) => wakers.push(resolve));
          }
        },
      };
    },
  };
}
