/**
 * Browser image pipeline (spec §9): worker pool, page processing and scrambling, upload pipeline,
 * streamed chapter zip download. See each module's header for details.
 */
export type {
  JobProgress,
  JobStage,
  ProcessedPage,
  ProcessPageOptions,
  ScrambledPage,
  ScramblePageOptions,
  UnscrambledPage,
  UnscramblePageOptions,
} from "./canvas-ops";
export {
  abortError,
  ChapterNoPagesError,
  type ImageErrorCode,
  ImageProcessingError,
  imageErrorI18nKey,
  isAbortError,
} from "./errors";
export {
  baseName,
  chapterZipName,
  fitWidth,
  gifSize,
  isGif,
  pageExtension,
  type SniffedImageType,
  sanitizeFileName,
  scrambleSize,
  sniffImageType,
  zipEntryName,
} from "./format";
export {
  type PageInfo,
  type PipelineFile,
  type PipelineOptions,
  type PipelineProgress,
  type PipelineRun,
  type PreparedPage,
  runPipeline,
  type UploadFn,
} from "./pipeline";
export {
  canUseWorkers,
  defaultPoolSize,
  getImagePool,
  ImagePool,
  type ImagePoolOptions,
  type JobOptions,
  type PoolMode,
  processPage,
  scramblePage,
  unscramblePage,
} from "./pool";
export { type AggregateProgress, aggregateProgress, type PageState, type ZipProgress } from "./progress";
export type { ImageInput } from "./protocol";
export {
  type ChapterPageRef,
  type ChapterZipOptions,
  chapterZipEntries,
  createChapterZipStream,
  type DownloadChapterZipOptions,
  type DownloadChapterZipResult,
  downloadChapterZip,
  saveBlob,
} from "./zip";
