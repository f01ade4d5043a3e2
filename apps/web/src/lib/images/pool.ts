/**
 * A pool of image workers (module Web Workers with OffscreenCanvas), sized by defaultPoolSize
 * (./pool-size.ts) from the cores and memory the browser reports. Jobs queue in FIFO order, report
 * per-job progress, can be cancelled with an AbortSignal, and settle with the typed results of
 * canvas-ops.ts, scramble-ops.ts and split-ops.ts. Where Web Workers or OffscreenCanvas (with a 2D
 * context) are missing, or a module worker cannot start, the same operations run on the main
 * thread, one at a time.
 *
 *   const pool = getImagePool();
 *   const page = await pool.processPage(file, { signal, onProgress });
 */

import { gifSize, SNIFF_BYTES } from "@vt/shared/image-sniff";
import { readHead } from "../image-file";
import type { JobProgress, ProcessedPage, ProcessPageOptions } from "./canvas-ops";
import { abortError, deserializeError, throwIfAborted, toImageError } from "./errors";
import type { FingerprintedPage } from "./fingerprint-ops";
import { renameWithExtension } from "./format";
import { hasOffscreen2d } from "./offscreen";
import { defaultPoolSize } from "./pool-size";
import {
  type FromWorker,
  type ImageInput,
  type JobOp,
  type JobRequest,
  type JobResultMap,
  type ToWorker,
  transferablesOf,
} from "./protocol";
import type {
  ScrambledPage,
  ScramblePageOptions,
  UnscrambledPage,
  UnscramblePageOptions,
} from "./scramble-ops";
import type { SplitPageOptions, SplitResult } from "./split-ops";

export type PoolMode = "worker" | "main-thread";

export type JobOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: JobProgress) => void;
};

export type ImagePoolOptions = {
  /** Number of workers; default defaultPoolSize(). */
  size?: number;
  /** "auto" (default) uses workers when the browser has them (and OffscreenCanvas 2D). */
  mode?: PoolMode | "auto";
  /** Worker factory (tests); default: the Vite module worker `image-worker.ts`. */
  createWorker?: () => Worker;
};

/** Whether this environment can run the worker path (Worker + OffscreenCanvas with a 2D context). */
export function canUseWorkers(): boolean {
  return typeof Worker !== "undefined" && hasOffscreen2d();
}

function createImageWorker(): Worker {
  return new Worker(new URL("./image-worker.ts", import.meta.url), { type: "module", name: "image-worker" });
}

type Job = {
  id: number;
  request: JobRequest;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
};

type Slot = { worker: Worker; job: Job | null; ready: boolean };

export class ImagePool {
  readonly size: number;
  private modeValue: PoolMode;
  private readonly createWorker: () => Worker;
  private readonly queue: Job[] = [];
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private mainThreadBusy = false;
  private terminated = false;

  constructor(options: ImagePoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
    const mode = options.mode ?? "auto";
    this.createWorker = options.createWorker ?? createImageWorker;
    this.modeValue =
      mode === "auto" ? (options.createWorker || canUseWorkers() ? "worker" : "main-thread") : mode;
  }

  /** "worker", or "main-thread" when workers are unavailable or failed to start. */
  get mode(): PoolMode {
    return this.modeValue;
  }

  /** How many jobs run at once: the pool size with workers, 1 on the main thread. */
  get concurrency(): number {
    return this.modeValue === "worker" ? this.size : 1;
  }

  get pending(): { queued: number; running: number } {
    const running = this.slots.filter((s) => s.job).length + (this.mainThreadBusy ? 1 : 0);
    return { queued: this.queue.length, running };
  }

  /**
   * The page rule (docs/dashboard.md, "Images in the browser"): a GIF (by magic bytes) is returned
   * unchanged without a round trip to a worker; anything else is decoded, downscaled to max width
   * 1500 px and encoded as JPEG q0.95.
   */
  async processPage(
    file: ImageInput,
    options: JobOptions & ProcessPageOptions & { name?: string } = {},
  ): Promise<ProcessedPage> {
    const { signal, onProgress, name: givenName, ...opOptions } = options;
    throwIfAborted(signal);
    const name = givenName ?? (typeof File !== "undefined" && file instanceof File ? file.name : "page");
    const head =
      file instanceof ArrayBuffer
        ? new Uint8Array(file, 0, Math.min(SNIFF_BYTES, file.byteLength))
        : await readHead(file);
    const size = gifSize(head);
    throwIfAborted(signal);
    if (size) {
      onProgress?.({ stage: "done", fraction: 1 });
      const gif =
        file instanceof Blob && file.type === "image/gif" ? file : new Blob([file], { type: "image/gif" });
      return { blob: gif, name: renameWithExtension(name, "gif"), ...size, type: gif.type, unchanged: true };
    }
    return this.submit({ op: "process", input: file, name, options: opOptions }, { signal, onProgress });
  }

  /** Scrambled upload: width 1300, 10 shuffled strips with 4 px gaps, JPEG q0.9, key + file name. */
  scramblePage(file: ImageInput, options: JobOptions & ScramblePageOptions = {}): Promise<ScrambledPage> {
    const { signal, onProgress, ...opOptions } = options;
    return this.submit({ op: "scramble", input: file, options: opOptions }, { signal, onProgress });
  }

  /** Rebuilds a scrambled page with its key, JPEG q0.95. */
  unscramblePage(
    blob: ImageInput,
    key: string,
    options: JobOptions & UnscramblePageOptions = {},
  ): Promise<UnscrambledPage> {
    const { signal, onProgress, ...opOptions } = options;
    return this.submit({ op: "unscramble", input: blob, key, options: opOptions }, { signal, onProgress });
  }

  /**
   * Tall-strip split (docs/bulk-import.md): the pieces of a page taller than `maxHeight` (default
   * 3000) once 1500 px wide, as JPEGs at that width; none when the page stays whole (or is a GIF).
   */
  splitPage(
    file: ImageInput,
    name: string,
    options: JobOptions & SplitPageOptions = {},
  ): Promise<SplitResult> {
    const { signal, onProgress, ...opOptions } = options;
    return this.submit({ op: "split", input: file, name, options: opOptions }, { signal, onProgress });
  }

  /** The page's fingerprint for the page checks (docs/page-checks.md), its stored size and a small thumbnail. */
  fingerprintPage(file: ImageInput, options: JobOptions = {}): Promise<FingerprintedPage> {
    const { signal, onProgress } = options;
    return this.submit({ op: "fingerprint", input: file }, { signal, onProgress });
  }

  /** Stops every worker; queued and running jobs reject with an AbortError. */
  terminate(): void {
    this.terminated = true;
    for (const job of this.queue.splice(0)) this.settle(job, "reject", abortError("Image pool terminated"));
    for (const slot of this.slots.splice(0)) {
      slot.worker.terminate();
      if (slot.job) this.settle(slot.job, "reject", abortError("Image pool terminated"));
    }
  }

  private submit<Op extends JobOp>(
    request: JobRequest & { op: Op },
    options: JobOptions,
  ): Promise<JobResultMap[Op]> {
    return new Promise<JobResultMap[Op]>((resolve, reject) => {
      if (this.terminated) return reject(abortError("Image pool terminated"));
      if (options.signal?.aborted) return reject(abortError(options.signal.reason));
      const job: Job = {
        id: this.nextId++,
        request,
        resolve: resolve as (value: never) => void,
        reject,
        onProgress: options.onProgress,
        signal: options.signal,
        settled: false,
      };
      if (job.signal) {
        job.onAbort = () => this.abort(job);
        job.signal.addEventListener("abort", job.onAbort, { once: true });
      }
      job.onProgress?.({ stage: "queued", fraction: 0 });
      this.queue.push(job);
      this.pump();
    });
  }

  private settle(job: Job, how: "resolve" | "reject", value: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (job.signal && job.onAbort) job.signal.removeEventListener("abort", job.onAbort);
    if (how === "resolve") job.resolve(value as never);
    else job.reject(value);
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s.job === job);
    // The worker finishes its current stage and answers; its slot stays busy until then.
    if (slot) this.post(slot, { type: "cancel", id: job.id });
    this.settle(job, "reject", abortError(job.signal?.reason));
  }

  private pump(): void {
    if (this.modeValue === "main-thread") {
      this.pumpMainThread();
      return;
    }
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      this.post(slot, { type: "run", id: job.id, job: job.request }, transferablesOf(job.request));
    }
  }

  private post(slot: Slot, message: ToWorker, transfer: Transferable[] = []): void {
    slot.worker.postMessage(message, transfer);
  }

  private spawn(): Slot | undefined {
    let worker: Worker;
    try {
      worker = this.createWorker();
    } catch {
      this.fallBackToMainThread();
      return undefined;
    }
    const slot: Slot = { worker, job: null, ready: false };
    worker.addEventListener("message", (e: MessageEvent<FromWorker>) => this.onMessage(slot, e.data));
    worker.addEventListener("error", (e: ErrorEvent) => this.onWorkerError(slot, e));
    worker.addEventListener("messageerror", () => {
      if (slot.job) this.finish(slot, "reject", new Error("Image worker message could not be read"));
    });
    this.slots.push(slot);
    return slot;
  }

  private onMessage(slot: Slot, msg: FromWorker): void {
    if (msg.type === "ready") {
      slot.ready = true;
      return;
    }
    const job = slot.job;
    if (!job || job.id !== msg.id) return;
    if (msg.type === "progress") {
      if (!job.settled) job.onProgress?.(msg.progress);
    } else if (msg.type === "result") this.finish(slot, "resolve", msg.result);
    else this.finish(slot, "reject", deserializeError(msg.error));
  }

  private finish(slot: Slot, how: "resolve" | "reject", value: unknown): void {
    const job = slot.job;
    slot.job = null;
    if (job) this.settle(job, how, value);
    this.pump();
  }

  private onWorkerError(slot: Slot, event: ErrorEvent): void {
    event.preventDefault?.();
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    slot.worker.terminate();
    const job = slot.job;
    slot.job = null;
    if (!slot.ready) {
      // The module worker never started (no module workers, blocked script...): go main-thread,
      // and run its job there.
      if (job && !job.settled) this.queue.unshift(job);
      this.fallBackToMainThread();
      return;
    }
    if (job) this.settle(job, "reject", new Error(event.message || "Image worker crashed"));
    this.pump();
  }

  private fallBackToMainThread(): void {
    if (this.modeValue === "main-thread") return;
    this.modeValue = "main-thread";
    for (const slot of this.slots.splice(0)) {
      slot.worker.terminate();
      if (slot.job && !slot.job.settled) this.queue.unshift(slot.job);
    }
    this.pump();
  }

  private pumpMainThread(): void {
    if (this.mainThreadBusy) return;
    const job = this.queue.shift();
    if (!job) return;
    this.mainThreadBusy = true;
    const ctx = {
      progress: (p: JobProgress) => {
        if (!job.settled) job.onProgress?.(p);
      },
      checkAborted: () => {
        if (job.settled) throw abortError();
      },
    };
    // The operations load with the first page worked on the main thread (the workers load their own).
    import("./run-job")
      .then(({ runJob }) => runJob(job.request, ctx))
      .then(
        (result) => this.settle(job, "resolve", result),
        (error: unknown) => this.settle(job, "reject", toImageError(error)),
      )
      .finally(() => {
        this.mainThreadBusy = false;
        // Yield to the event loop between pages so input and rendering stay responsive.
        setTimeout(() => this.pump(), 0);
      });
  }
}

let shared: ImagePool | undefined;

/** The app-wide pool, created on first use. */
export function getImagePool(): ImagePool {
  shared ??= new ImagePool();
  return shared;
}

/** `getImagePool().processPage(...)`: the 1500 px / JPEG q0.95 upload rule (GIFs unchanged). */
export function processPage(
  file: ImageInput,
  options?: JobOptions & ProcessPageOptions & { name?: string },
): Promise<ProcessedPage> {
  return getImagePool().processPage(file, options);
}

/** `getImagePool().scramblePage(...)`: scrambled upload (width 1300, 10 strips, JPEG q0.9, key). */
export function scramblePage(
  file: ImageInput,
  options?: JobOptions & ScramblePageOptions,
): Promise<ScrambledPage> {
  return getImagePool().scramblePage(file, options);
}

/** `getImagePool().unscramblePage(...)`: rebuilds a scrambled page (JPEG q0.95) for preview or download. */
export function unscramblePage(
  blob: ImageInput,
  key: string,
  options?: JobOptions & UnscramblePageOptions,
): Promise<UnscrambledPage> {
  return getImagePool().unscramblePage(blob, key, options);
}
