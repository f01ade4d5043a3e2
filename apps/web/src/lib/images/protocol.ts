/**
 * The typed message protocol between the pool (main thread) and `image-worker.ts`.
 *
 * Inputs travel as Blobs (structured-cloned by reference, no copy) or ArrayBuffers (transferred);
 * results come back as Blobs. One job per worker at a time; `cancel` is cooperative: the worker
 * checks it between stages and answers `error` with an AbortError.
 */

import type { JobProgress, ProcessedPage, ProcessPageOptions } from "./canvas-ops";
import type { SerializedError } from "./errors";
import type { FingerprintedPage } from "./fingerprint-ops";
import type {
  ScrambledPage,
  ScramblePageOptions,
  UnscrambledPage,
  UnscramblePageOptions,
} from "./scramble-ops";
import type { SplitPageOptions, SplitResult } from "./split-ops";

/** An input image: a File/Blob, or raw bytes (an ArrayBuffer is transferred to the worker). */
export type ImageInput = Blob | ArrayBuffer;

export type JobRequest =
  | { op: "process"; input: ImageInput; name: string; options?: ProcessPageOptions }
  | { op: "scramble"; input: ImageInput; options?: ScramblePageOptions }
  | { op: "unscramble"; input: ImageInput; key: string; options?: UnscramblePageOptions }
  | { op: "split"; input: ImageInput; name: string; options?: SplitPageOptions }
  | { op: "fingerprint"; input: ImageInput };

export type JobOp = JobRequest["op"];

export type JobResultMap = {
  process: ProcessedPage;
  scramble: ScrambledPage;
  unscramble: UnscrambledPage;
  split: SplitResult;
  fingerprint: FingerprintedPage;
};

export type ToWorker = { type: "run"; id: number; job: JobRequest } | { type: "cancel"; id: number };

export type FromWorker =
  | { type: "ready" }
  | { type: "progress"; id: number; progress: JobProgress }
  | { type: "result"; id: number; result: JobResultMap[JobOp] }
  | { type: "error"; id: number; error: SerializedError };

export function toBlob(input: ImageInput, type = ""): Blob {
  return input instanceof Blob ? input : new Blob([input], { type });
}

/** Transfer list for a request: ArrayBuffer inputs move to the worker instead of being copied. */
export function transferablesOf(job: JobRequest): Transferable[] {
  return job.input instanceof ArrayBuffer ? [job.input] : [];
}
