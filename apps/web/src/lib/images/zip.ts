/**
 * Chapter download as a zip (docs/dashboard.md, "Images in the browser"), streamed: the zip is
 * written page by page to a writable stream, each page's bytes read straight from its response body
 * (scrambled pages: unscrambled in the image pool and re-encoded as JPEG q0.95) into one reused
 * buffer, counted into the entry's CRC and written before the next read, so the page is never held
 * whole and, for plain pages, nothing is left for the garbage collector (scrambled ones go to the
 * pool as a Blob). Requests for the next pages start a little ahead (their bodies wait in the
 * network's own buffers). Entries are stored, numbered from 1 with the page's original extension
 * (scrambled pages: .jpg). Where the File System Access API exists the zip is written straight to
 * the file the user picks; elsewhere it is streamed to the browser's downloads through the download
 * service worker (stream-download.ts; not in WebKit, which does not save such a download), and only
 * where that cannot start is it collected into a Blob (copied chunk by chunk into the browser's
 * blob store) and downloaded.
 *
 *   // In a click handler (the save picker needs the user's gesture):
 *   await downloadChapterZip({ name: chapterLabel, pages }, { onProgress: setZipProgress, signal });
 */

import { SNIFF_BYTES } from "@vt/shared/image-sniff";
import { abortError, ChapterNoPagesError, isAbortError, throwIfAborted } from "./errors";
import { chapterZipName, pageExtension, zipEntryName } from "./format";
import { getImagePool, type ImagePool } from "./pool";
import { type ZipProgress, zipProgress } from "./progress";
import { streamDownload } from "./stream-download";
import { zipWriter } from "./zip-writer";

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
  /** Pages requested (and scrambled ones unscrambled) ahead of the one being written; default 2. */
  lookahead?: number;
};

/** Reads a body's next bytes into `buffer` where the stream allows it, else as the stream's own chunk. */
export type BodyReader = {
  /** `chunk` is undefined at the end; `buffer` is the memory to pass to the next read. */
  read(buffer: ArrayBuffer, max?: number): Promise<{ chunk?: Uint8Array; buffer: ArrayBuffer }>;
  cancel(): Promise<void>;
};

/**
 * A page ready to be written: its entry name, the bytes already read from it (enough to tell its
 * format) and a reader for the rest.
 */
export type ZipPage = { name: string; head: Uint8Array; body: BodyReader };

/** Bytes read per step: one buffer of this size is reused for the whole chapter. */
const CHUNK_BYTES = 1 << 20;

export function defaultResolveUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("/")) return url;
  return `/files/${url.replace(/^\.?\/+/, "")}`;
}

/**
 * A reader of `body` into caller-owned buffers where the stream allows it (byte streams: fetch and
 * Blob bodies in today's browsers), so reading allocates nothing; else the stream's own chunks.
 */
function bodyReader(body: ReadableStream<Uint8Array>): BodyReader {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch {
    const reader = body.getReader();
    return {
      async read(buffer) {
        const r = await reader.read();
        return { chunk: r.value, buffer };
      },
      cancel: () => reader.cancel(),
    };
  }
  return {
    async read(buffer, max = buffer.byteLength) {
      const r = await byob.read(new Uint8Array(buffer, 0, max));
      // The view comes back on the same memory (transferred), to be reused for the next read.
      return { chunk: r.done ? undefined : r.value, buffer: (r.value?.buffer as ArrayBuffer) ?? buffer };
    },
    cancel: () => byob.cancel(),
  };
}

/** The first bytes of a body (at least SNIFF_BYTES unless it is shorter), read into their own buffer. */
async function readHead(body: BodyReader): Promise<Uint8Array> {
  let buffer = new ArrayBuffer(SNIFF_BYTES);
  let got = 0;
  const parts: Uint8Array[] = [];
  while (got < SNIFF_BYTES) {
    const r = await body.read(buffer, SNIFF_BYTES);
    buffer = r.buffer;
    if (!r.chunk) break;
    parts.push(r.chunk.slice());
    got += r.chunk.length;
  }
  const head = new Uint8Array(got);
  let at = 0;
  for (const p of parts) {
    head.set(p, at);
    at += p.length;
  }
  return head;
}

/** The chapter's pages, opened in order with a bounded look-ahead; each must be read to its end before the next. */
export async function* chapterZipPages(
  pages: readonly ChapterPageRef[],
  options: ChapterZipOptions = {},
): AsyncGenerator<ZipPage> {
  if (pages.length === 0) throw new ChapterNoPagesError();
  const pool = options.pool ?? getImagePool();
  const doFetch = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const resolveUrl = options.resolveUrl ?? defaultResolveUrl;
  const lookahead = Math.max(0, options.lookahead ?? 2);
  const { signal } = options;

  const open = async (index: number): Promise<ZipPage> => {
    const page = pages[index]!;
    const res = await doFetch(resolveUrl(page.url), { signal, credentials: "same-origin" });
    if (!res.ok) throw new Error(`Could not download page ${index + 1} (HTTP ${res.status})`);
    if (page.key) {
      const out = await pool.unscramblePage(await res.blob(), page.key, { signal });
      return {
        name: zipEntryName(index, "jpg"),
        head: new Uint8Array(0),
        body: bodyReader(out.blob.stream()),
      };
    }
    const body = bodyReader(res.body ?? new Blob().stream());
    const head = await readHead(body);
    const ext = pageExtension({
      url: page.url,
      scrambled: false,
      head,
      contentType: res.headers.get("content-type"),
    });
    return { name: zipEntryName(index, ext), head, body };
  };

  const pending = new Map<number, Promise<ZipPage>>();
  const schedule = (index: number) => {
    if (index >= pages.length || pending.has(index)) return;
    const p = open(index);
    p.catch(() => {}); // awaited in order below; avoid an unhandled rejection meanwhile
    pending.set(index, p);
  };
  try {
    for (let i = 0; i < pages.length; i++) {
      for (let j = i; j <= i + lookahead; j++) schedule(j);
      const page = await pending.get(i)!;
      pending.delete(i);
      throwIfAborted(signal);
      yield page;
    }
  } finally {
    // Pages opened ahead and never written: let go of their responses.
    for (const p of pending.values())
      p.then(
        (z) => z.body.cancel().catch(() => {}),
        () => {},
      );
    pending.clear();
  }
}

/**
 * Writes the chapter as a zip to `writable` and closes it (aborts it on failure); resolves to the
 * zip's size. Chunks are views of one reused buffer, refilled only once the writable's write has
 * resolved: the sink must be done with a chunk by then (file and Blob sinks copy it).
 * `onProgress` reports pages written and zip bytes produced.
 */
export async function writeChapterZip(
  pages: readonly ChapterPageRef[],
  writable: WritableStream<Uint8Array>,
  options: ChapterZipOptions = {},
): Promise<number> {
  if (pages.length === 0) throw new ChapterNoPagesError();
  const { signal } = options;
  const writer = writable.getWriter();
  const zip = zipWriter(new Date());
  let pagesDone = 0;
  let bytes = 0;
  const report = () => options.onProgress?.(zipProgress(pagesDone, pages.length, bytes));
  const write = async (chunk: Uint8Array) => {
    throwIfAborted(signal);
    await writer.write(chunk);
    bytes += chunk.length;
    report();
  };
  try {
    report();
    let buffer = new ArrayBuffer(CHUNK_BYTES);
    for await (const page of chapterZipPages(pages, options)) {
      await write(zip.start(page.name));
      if (page.head.length > 0) {
        zip.update(page.head);
        await write(page.head);
      }
      for (;;) {
        const r = await page.body.read(buffer);
        buffer = r.buffer;
        if (!r.chunk) break;
        zip.update(r.chunk);
        await write(r.chunk);
      }
      await write(zip.end());
      pagesDone++;
      report();
    }
    await write(zip.finish());
    await writer.close();
    return bytes;
  } catch (error) {
    await writer.abort(error).catch(() => {});
    throw error;
  }
}

type SaveFilePicker = (options: {
  suggestedName?: string;
  types?: { description?: string; accept: Record<string, string[]> }[];
}) => Promise<FileSystemFileHandle>;

export type SaveMethod = "file-system" | "stream" | "blob";

export type DownloadChapterZipOptions = ChapterZipOptions & {
  /**
   * "auto" (default): the File System Access API when present, else a download streamed through
   * the service worker, else a Blob download.
   */
  saveAs?: "auto" | SaveMethod;
  /** Name used when the chapter name sanitizes to nothing; default "chapter". */
  fallbackName?: string;
};

export type DownloadChapterZipResult = { fileName: string; bytes: number; method: SaveMethod; blob?: Blob };

function savePicker(): SaveFilePicker | undefined {
  const w = globalThis as unknown as { showSaveFilePicker?: SaveFilePicker };
  return typeof w.showSaveFilePicker === "function" ? w.showSaveFilePicker.bind(globalThis) : undefined;
}

/**
 * A writable whose bytes end up in a Blob, streamed into the browser's blob store as they come (which
 * can page a large Blob out to disk). Chunks are copied: writeChapterZip reuses the buffer behind them.
 */
export function blobSink(type: string) {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>({
    transform: (chunk, controller) => controller.enqueue(chunk.slice()),
  });
  const blob = new Response(readable, { headers: { "content-type": type } }).blob();
  blob.catch(() => {}); // a failed write rejects it; the writer reports that failure itself
  return { writable, blob };
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
  const saveAs = options.saveAs ?? "auto";
  const picker = saveAs === "auto" || saveAs === "file-system" ? savePicker() : undefined;
  if (saveAs === "file-system" && !picker) throw new Error("The File System Access API is not available");
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
    const bytes = await writeChapterZip(chapter.pages, await handle.createWritable(), options);
    return { fileName, bytes, method: "file-system" };
  }
  if (saveAs === "auto" || saveAs === "stream") {
    const sink = await streamDownload(fileName);
    if (sink) {
      const bytes = await writeChapterZip(chapter.pages, sink.writable, options);
      return { fileName, bytes, method: "stream" };
    }
    if (saveAs === "stream") throw new Error("A streamed download could not start");
  }

  const sink = blobSink("application/zip");
  await writeChapterZip(chapter.pages, sink.writable, options);
  const blob = await sink.blob;
  throwIfAborted(options.signal);
  saveBlob(blob, fileName);
  return { fileName, bytes: blob.size, method: "blob", blob };
}
