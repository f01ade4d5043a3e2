/**
 * Chapter download as a zip (spec §9), streamed: pages are fetched a few at a time (page i, plus a
 * small look-ahead), scrambled ones unscrambled in the image pool and re-encoded as JPEG q0.95, and
 * each is appended to a streaming zip (client-zip, stored entries) as soon as it is ready, so a
 * 300-page chapter never sits in memory at once. Entries are numbered from 1 with the page's
 * original extension (scrambled pages: .jpg). Where the File System Access API exists the zip is
 * written straight to the file the user picks; elsewhere it is collected into a Blob and downloaded.
 *
 *   // In a click handler (the save picker needs the user's gesture):
 *   await downloadChapterZip({ name: chapterLabel, pages }, { onProgress: setZipProgress, signal });
 */
import { makeZip } from "client-zip";
import { abortError, ChapterNoPagesError, isAbortError, throwIfAborted } from "./errors";
import { chapterZipName, pageExtension, SNIFF_BYTES, zipEntryName } from "./format";
import { getImagePool, type ImagePool } from "./pool";
import { type ZipProgress, zipProgress } from "./progress";

/** A chapter page as the API returns it: `url` is a storage key or an absolute URL; `key` on scrambled pages. */
export type ChapterPageRef = { url: string; key?: string | null };

export type ChapterZipOptions = {
  pool?: ImagePool;
  signal?: AbortSignal;
  onProgress?: (progress: ZipProgress) => void;
  /** Storage key -> URL to fetch; default: absolute URLs and root paths as they are, keys under `/files/`. */
  resolveUrl?: (url: string) => string;
  /** The fetch to use (e.g. one adding headers); default globalThis.fetch with credentials. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Pages fetched and unscrambled ahead of the one being written; default 2. */
  lookahead?: number;
};

export type ZipEntry = { name: string; input: Blob; lastModified: Date };

export function defaultResolveUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("/")) return url;
  return `/files/${url.replace(/^\.?\/+/, "")}`;
}

/** The zip entries of a chapter, produced in order with a bounded look-ahead. */
export async function* chapterZipEntries(
  pages: readonly ChapterPageRef[],
  options: ChapterZipOptions = {},
): AsyncGenerator<ZipEntry> {
  if (pages.length === 0) throw new ChapterNoPagesError();
  const pool = options.pool ?? getImagePool();
  const doFetch = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const resolveUrl = options.resolveUrl ?? defaultResolveUrl;
  const lookahead = Math.max(0, options.lookahead ?? 2);
  const { signal } = options;
  const now = new Date();

  const load = async (index: number): Promise<ZipEntry> => {
    const page = pages[index]!;
    const res = await doFetch(resolveUrl(page.url), { signal, credentials: "same-origin" });
    if (!res.ok) throw new Error(`Could not download page ${index + 1} (HTTP ${res.status})`);
    const blob = await res.blob();
    throwIfAborted(signal);
    if (page.key) {
      const out = await pool.unscramblePage(blob, page.key, { signal });
      return { name: zipEntryName(index, "jpg"), input: out.blob, lastModified: now };
    }
    const head = new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
    const ext = pageExtension({
      url: page.url,
      scrambled: false,
      head,
      contentType: res.headers.get("content-type"),
    });
    return { name: zipEntryName(index, ext), input: blob, lastModified: now };
  };

  const pending = new Map<number, Promise<ZipEntry>>();
  const schedule = (index: number) => {
    if (index >= pages.length || pending.has(index)) return;
    const p = load(index);
    p.catch(() => {}); // awaited in order below; avoid an unhandled rejection meanwhile
    pending.set(index, p);
  };
  try {
    for (let i = 0; i < pages.length; i++) {
      for (let j = i; j <= i + lookahead; j++) schedule(j);
      const entry = await pending.get(i)!;
      pending.delete(i);
      throwIfAborted(signal);
      yield entry;
    }
  } finally {
    pending.clear();
  }
}

/**
 * The chapter as a zip byte stream. Throws ChapterNoPagesError at once for an empty chapter.
 * `onProgress` reports pages written and zip bytes produced.
 */
export function createChapterZipStream(
  pages: readonly ChapterPageRef[],
  options: ChapterZipOptions = {},
): ReadableStream<Uint8Array> {
  if (pages.length === 0) throw new ChapterNoPagesError();
  const total = pages.length;
  let pagesDone = 0;
  let bytes = 0;
  const report = () => options.onProgress?.(zipProgress(pagesDone, total, bytes));

  async function* counted(): AsyncGenerator<ZipEntry> {
    for await (const entry of chapterZipEntries(pages, options)) {
      yield entry;
      // client-zip asks for the next entry once it has written this one.
      pagesDone++;
      report();
    }
  }

  report();
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      controller.enqueue(chunk);
      report();
    },
  });
  return makeZip(counted(), { buffersAreUTF8: true }).pipeThrough(counter, { signal: options.signal });
}

type SaveFilePicker = (options: {
  suggestedName?: string;
  types?: { description?: string; accept: Record<string, string[]> }[];
}) => Promise<FileSystemFileHandle>;

export type SaveMethod = "file-system" | "blob";

export type DownloadChapterZipOptions = ChapterZipOptions & {
  /** "auto" (default): the File System Access API when present, else a Blob download. */
  saveAs?: "auto" | SaveMethod;
  /** Name used when the chapter name sanitizes to nothing; default "chapter". */
  fallbackName?: string;
};

export type DownloadChapterZipResult = { fileName: string; bytes: number; method: SaveMethod; blob?: Blob };

function savePicker(): SaveFilePicker | undefined {
  const w = globalThis as unknown as { showSaveFilePicker?: SaveFilePicker };
  return typeof w.showSaveFilePicker === "function" ? w.showSaveFilePicker.bind(globalThis) : undefined;
}

/** Triggers a browser download of `blob` under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a chapter as `{chapter name}.zip`. Call it from the click handler itself: the save
 * picker is opened before anything is awaited. A user who closes the picker gets an AbortError.
 */
export async function downloadChapterZip(
  chapter: { name: string; pages: readonly ChapterPageRef[] },
  options: DownloadChapterZipOptions = {},
): Promise<DownloadChapterZipResult> {
  if (chapter.pages.length === 0) throw new ChapterNoPagesError();
  throwIfAborted(options.signal);
  const fileName = chapterZipName(chapter.name, options.fallbackName);
  const picker = options.saveAs === "blob" ? undefined : savePicker();
  if (options.saveAs === "file-system" && !picker)
    throw new Error("The File System Access API is not available");
  let bytes = 0;
  const onProgress = (p: ZipProgress) => {
    bytes = p.bytes;
    options.onProgress?.(p);
  };

  if (picker) {
    let handle: FileSystemFileHandle;
    try {
      handle = await picker({
        suggestedName: fileName,
        types: [{ description: "ZIP", accept: { "application/zip": [".zip"] } }],
      });
    } catch (error) {
      throw isAbortError(error) ? error : abortError(error);
    }
    const writable = await handle.createWritable();
    try {
      await createChapterZipStream(chapter.pages, { ...options, onProgress }).pipeTo(writable, {
        signal: options.signal,
      });
    } catch (error) {
      await writable.abort(error).catch(() => {});
      throw error;
    }
    return { fileName, bytes, method: "file-system" };
  }

  const blob = await new Response(createChapterZipStream(chapter.pages, { ...options, onProgress }), {
    headers: { "content-type": "application/zip" },
  }).blob();
  throwIfAborted(options.signal);
  saveBlob(blob, fileName);
  return { fileName, bytes: blob.size, method: "blob", blob };
}
