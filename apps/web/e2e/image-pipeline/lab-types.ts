/**
 * What the image-pipeline fixture page (lab.ts) puts on `window.imageLab`, shared by the Playwright
 * spec and the bench so that their `page.evaluate` calls are typed. Binary data crosses the
 * Playwright bridge as base64.
 */
export type LabMode = "worker" | "main-thread";

export type LabImage = { b64: string; width: number; height: number; type: string };

export type LabProcessed = LabImage & {
  name: string;
  unchanged: boolean;
  stages: string[];
  poolMode: string;
};
export type LabScrambled = LabImage & {
  key: string;
  fileName: string;
  scrambledHeight: number;
  poolMode: string;
};
/** A page's fingerprint as the bulk import's "Check pages" computes it (the thumbnail left out). */
export type LabFingerprint = {
  dhash: string;
  mean: number;
  std: number;
  width: number;
  height: number;
  poolMode: string;
};
export type LabError = { name: string; code?: string; i18nKey?: string; message: string };
export type LabZipPage = { url: string; key?: string };
export type LabPipelineEvent = { t: number; index: number; state: string };
export type LabPipelineResult = {
  events: LabPipelineEvent[];
  files: {
    index: number;
    state: string;
    name?: string;
    key?: string;
    attempts: number;
    uploadedBytes?: number;
  }[];
  iterated: number[];
  finalPercent: number;
};
export type LabBenchResult = {
  ms: number;
  pages: number;
  poolSize: number;
  poolMode: string;
  outBytes: number;
};

export type ImageLab = {
  poolInfo(mode?: LabMode): {
    mode: string;
    size: number;
    hardwareConcurrency: number;
    deviceMemory: number | undefined;
  };
  processUrl(url: string, name: string, mode?: LabMode): Promise<LabProcessed>;
  scrambleUrl(url: string, options?: { permutation?: number[]; mode?: LabMode }): Promise<LabScrambled>;
  fingerprintUrl(url: string, mode?: LabMode): Promise<LabFingerprint>;
  unscrambleB64(b64: string, key: string, mode?: LabMode): Promise<LabImage>;
  /** Runs one operation expected to fail and returns the error's shape. */
  errorOf(
    op: "process" | "scramble" | "unscramble",
    b64: string,
    key?: string,
    mode?: LabMode,
  ): Promise<LabError | null>;
  /** Starts a job, aborts it after `afterMs`, returns the error's shape and the progress stages seen. */
  cancelAfter(url: string, afterMs: number): Promise<{ error: LabError | null; stages: string[] }>;
  zipB64(
    pages: LabZipPage[],
  ): Promise<{ b64: string; progress: { pagesDone: number; total: number; bytes: number }[] }>;
  /** Downloads the chapter zip by `saveAs` (default "blob"). */
  downloadZip(
    name: string,
    pages: LabZipPage[],
    saveAs?: "stream" | "blob",
  ): Promise<{ fileName: string; bytes: number; method: string }>;
  /**
   * Downloads the chapter zip the way a user's browser does: "file-system" streams it into a file
   * (here of the origin-private file system: the same writable stream the save picker gives),
   * "stream" streams it to the browser's downloads through the download service worker, "blob"
   * collects it into one Blob. Drops every reference before answering.
   */
  zipTo(
    method: "file-system" | "stream" | "blob",
    pages: LabZipPage[],
  ): Promise<{ bytes: number; ms: number }>;
  emptyZipError(): Promise<LabError | null>;
  pipeline(
    urls: string[],
    options: { scramble: boolean; uploadMs: number; failUploadOnce?: number },
  ): Promise<LabPipelineResult>;
  /** Fetches the URLs into Blobs (untimed), then times one operation on all of them through the pool. */
  bench(urls: string[], options?: { op?: "process" | "scramble" | "fingerprint" }): Promise<LabBenchResult>;
};
