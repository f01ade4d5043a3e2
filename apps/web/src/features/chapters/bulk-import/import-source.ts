/**
 * What bulk import reads (docs/bulk-import.md): the files of a dropped folder, or one zip holding
 * many chapters, grouped exactly as `npm run upload` groups them (`groupImportFiles`).
 *
 * A zip is read with zip.js from its central directory over the dropped File (random access: the
 * archive is never loaded whole). The directory is checked (`checkArchiveEntries`) before any entry
 * is decompressed, and an entry is stopped once it inflates past its declared size (`sizeGuard`).
 * A page is decompressed only when its chapter is uploaded; an inner chapter zip is decompressed
 * into memory first (it needs random access too) and dropped once its chapter is read.
 */
import { asArchiveRefusal, checkArchiveEntries, sizeGuard, zipEntryInfo } from "@vt/shared/archive-safety";
import {
  ARCHIVE_NAME_RE,
  groupImportFiles,
  type ImportChapterSource,
  sortChapterPages,
} from "@vt/shared/chapter-import";
import { BlobReader, type Entry, type FileEntry, ZipReader } from "@zip.js/zip.js";
import { readHead } from "@/lib/image-file";
import { withPath } from "../dropped-files";
import { filePath } from "../file-client-id";

/**
 * One file of the drop: its path (the resume id's path), its size, a way to get its bytes, and a
 * way to read only its first bytes (a zip entry is inflated no further than that).
 */
export type ImportFile = {
  path: string;
  size: number;
  file: () => Promise<File>;
  head: (bytes: number) => Promise<Uint8Array>;
};

export type ImportChapter = ImportChapterSource<ImportFile>;

export type ImportSource = {
  /** The drop's name (folder or zip) for the dialog. */
  name: string;
  chapters: ImportChapter[];
  skipped: ImportFile[];
  /** The pages of a chapter (reads an inner archive's directory on first use). */
  pagesOf: (chapter: ImportChapter) => Promise<ImportFile[]>;
  close: () => Promise<void>;
};

const ZIP_OPTIONS = { useWebWorkers: false } as const;

function isFile(entry: Entry): entry is FileEntry {
  return !entry.directory;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** Decompresses one entry into a File named by its path, refusing it past its declared size. */
async function readEntry(entry: FileEntry, path: string): Promise<File> {
  const guard = sizeGuard(zipEntryInfo(entry));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  await entry.getData(
    new WritableStream<Uint8Array>({
      write(chunk) {
        guard(chunk.byteLength);
        chunks.push(new Uint8Array(chunk));
      },
    }),
  );
  return withPath(new File(chunks, baseName(path)), path);
}

/** The first `length` bytes of an entry: inflation stops once they are in. */
async function readEntryHead(entry: FileEntry, length: number): Promise<Uint8Array> {
  const head = new Uint8Array(Math.min(length, entry.uncompressedSize));
  let got = 0;
  try {
    await entry.getData(
      new WritableStream<Uint8Array>({
        write(chunk) {
          const take = Math.min(chunk.byteLength, head.length - got);
          head.set(chunk.subarray(0, take), got);
          got += take;
          if (got >= head.length) throw new Error("enough");
        },
      }),
    );
  } catch (error) {
    if (got < head.length) throw error;
  }
  return head.subarray(0, got);
}

/** Opens a zip (a File or a Blob) and checks its directory; the caller closes the reader. */
async function openZip(
  blob: Blob,
  prefix: string,
): Promise<{ reader: ZipReader<Blob>; files: ImportFile[] }> {
  const reader = new ZipReader(new BlobReader(blob), ZIP_OPTIONS);
  try {
    const entries = await reader.getEntries();
    checkArchiveEntries(entries.map(zipEntryInfo));
    const files = entries.filter(isFile).map((e): ImportFile => {
      const path = prefix ? `${prefix}/${e.filename}` : e.filename;
      return {
        path,
        size: e.uncompressedSize,
        file: () => readEntry(e, path),
        head: (length) => readEntryHead(e, length),
      };
    });
    return { reader, files };
  } catch (error) {
    await reader.close().catch(() => {});
    throw asArchiveRefusal(error);
  }
}

/** A single dropped .zip/.cbz: the archive of chapters. */
export function isArchiveDrop(files: readonly File[]): boolean {
  return files.length === 1 && ARCHIVE_NAME_RE.test(files[0]!.name) && !files[0]!.webkitRelativePath;
}

/**
 * Opens a drop: one zip of chapters, or the files of a folder (paths from webkitRelativePath, so
 * they start with the dropped folder's name, as the command-line uploader's do).
 * Throws ArchiveRefusal for an unsafe archive.
 */
export async function openImportSource(dropped: readonly File[]): Promise<ImportSource> {
  const readers: ZipReader<Blob>[] = [];
  let files: ImportFile[];
  let name: string;
  if (isArchiveDrop(dropped)) {
    const zip = await openZip(dropped[0]!, "");
    readers.push(zip.reader);
    files = zip.files;
    name = dropped[0]!.name;
  } else {
    files = dropped.map((f) => ({
      path: filePath(f),
      size: f.size,
      file: async () => f,
      head: (length) => readHead(f, length),
    }));
    name = filePath(dropped[0] ?? new File([], "")).split("/")[0] ?? "";
  }
  const grouped = groupImportFiles(files);
  return {
    name,
    ...grouped,
    async pagesOf(chapter) {
      const archive = chapter.archive;
      if (!archive) return chapter.pages;
      // Read again on each call (preview count, then upload) rather than kept: one inner archive
      // in memory at a time per chapter being read. Inner page paths are prefixed with the
      // archive's path, so clientIds stay unique per chapter.
      const inner = await openZip(await archive.file(), archive.path);
      return sortChapterPages(inner.files);
    },
    async close() {
      for (const reader of readers.splice(0)) await reader.close().catch(() => {});
    },
  };
}
