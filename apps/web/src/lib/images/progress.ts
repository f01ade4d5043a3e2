/** Pure progress arithmetic of the pipeline and the zip download (unit-tested, no DOM). */

export type PageState = "queued" | "processing" | "uploading" | "done" | "error";

export type FileProgressInput = {
  state: PageState;
  /** 0..1 within processing (decode, resize, encode). */
  processProgress: number;
  /** 0..1 within uploading. */
  uploadProgress: number;
  /** Size of the input file in bytes. */
  bytes: number;
};

/** Share of a page's work counted for processing; the rest is the upload. */
export const PROCESS_WEIGHT = 0.5;

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** 0..1 completion of one file: processing counts for the first half, upload for the second. */
export function fileFraction(f: FileProgressInput): number {
  switch (f.state) {
    case "done":
      return 1;
    case "uploading":
      return PROCESS_WEIGHT + (1 - PROCESS_WEIGHT) * clamp01(f.uploadProgress);
    case "processing":
      return PROCESS_WEIGHT * clamp01(f.processProgress);
    default:
      return 0;
  }
}

export type AggregateProgress = Record<PageState, number> & {
  total: number;
  /** Files done or failed: nothing more will happen to them without a retry. */
  settled: number;
  /** 0..1 over all files (failed files count as 0). */
  fraction: number;
  /** Whole percent for display, 100 only when every file is done. */
  percent: number;
  bytesTotal: number;
  /** Input bytes of the files that are done. */
  bytesDone: number;
};

export function aggregateProgress(files: readonly FileProgressInput[]): AggregateProgress {
  const out: AggregateProgress = {
    total: files.length,
    queued: 0,
    processing: 0,
    uploading: 0,
    done: 0,
    error: 0,
    settled: 0,
    fraction: 0,
    percent: 0,
    bytesTotal: 0,
    bytesDone: 0,
  };
  let sum = 0;
  for (const f of files) {
    out[f.state]++;
    sum += fileFraction(f);
    out.bytesTotal += f.bytes;
    if (f.state === "done") out.bytesDone += f.bytes;
  }
  out.settled = out.done + out.error;
  out.fraction = files.length === 0 ? 1 : sum / files.length;
  out.percent = out.done === files.length ? 100 : Math.min(99, Math.floor(out.fraction * 100));
  return out;
}

export type ZipProgress = {
  /** Pages written to the zip so far. */
  pagesDone: number;
  total: number;
  /** Zip bytes produced so far. */
  bytes: number;
  /** 0..1 by pages. */
  fraction: number;
};

export function zipProgress(pagesDone: number, total: number, bytes: number): ZipProgress {
  return { pagesDone, total, bytes, fraction: total === 0 ? 1 : Math.min(1, pagesDone / total) };
}
