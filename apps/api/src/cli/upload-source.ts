/**
 * What `npm run upload` reads: a folder or a zip holding many chapters, grouped exactly as the
 * dashboard's bulk import groups them (`groupImportFiles` in packages/shared/src/chapter-import.ts).
 *
 * Zips are read with zip.js from their central directory over a file-backed Blob (`openAsBlob`):
 * the archive is never loaded whole, and an entry is decompressed only when its page is processed.
 * The directory is checked (`checkArchiveEntries`) before any entry is decompressed, and every entry
 * is stopped once it inflates past its declared size (`sizeGuard`). An inner chapter zip is copied
 * to a temporary file first (it needs random access too), one chapter at a time.
 */
import { openAsBlob } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asArchiveRefusal, checkArchiveEntries, sizeGuard, zipEntryInfo } from "@vt/shared/archive-safety";
import {
  ARCHIVE_NAME_RE,
  groupImportFiles,
  type ImportChapterSource,
  sortChapterPages,
} from "@vt/shared/chapter-import";
import { BlobReader, type Entry, type FileEntry, ZipReader } from "@zip.js/zip.js";

/** One file of the drop: its path (as the dashboard would see it) and a way to read its bytes. */
export type SourceFile = { path: string; size: number; read: () => Promise<Buffer> };

export type ImportSource = {
  chapters: ImportChapterSource<SourceFile>[];
  skipped: SourceFile[];
  /** The pages of a chapter (reads an inner archive's directory on first use). */
  pagesOf: (chapter: ImportChapterSource<SourceFile>) => Promise<SourceFile[]>;
  close: () => Promise<void>;
};

async function walk(root: string, base: string): Promise<SourceFile[]> {
  const out: SourceFile[] = [];
  for (const dirent of await readdir(root, { withFileTypes: true })) {
    const full = path.join(root, dirent.name);
    if (dirent.isDirectory()) out.push(...(await walk(full, base)));
    else if (dirent.isFile()) {
      const { size } = await stat(full);
      const rel = path.relative(base, full).split(path.sep).join("/");
      out.push({ path: rel, size, read: () => readFile(full) });
    }
  }
  return out;
}

function isFile(entry: Entry): entry is FileEntry {
  return !entry.directory;
}

/** Reads one entry, refusing it once it inflates past its declared size. */
async function readEntry(entry: FileEntry): Promise<Buffer> {
  const guard = sizeGuard(zipEntryInfo(entry));
  const chunks: Uint8Array[] = [];
  await entry.getData(
    new WritableStream<Uint8Array>({
      write(chunk) {
        guard(chunk.byteLength);
        chunks.push(chunk);
      },
    }),
  );
  return Buffer.concat(chunks);
}

/** Opens a zip file (never loaded whole) and checks its directory; the caller closes it. */
async function openZip(file: string): Promise<{ reader: ZipReader<Blob>; files: SourceFile[] }> {
  const reader = new ZipReader(new BlobReader(await openAsBlob(file)));
  const entries = await reader.getEntries().catch((error: unknown) => {
    throw asArchiveRefusal(error);
  });
  checkArchiveEntries(entries.map(zipEntryInfo));
  const files = entries
    .filter(isFile)
    .map((e) => ({ path: e.filename, size: e.uncompressedSize, read: () => readEntry(e) }));
  return { reader, files };
}

/** Opens a folder or a zip of chapters. */
export async function openImportSource(input: string): Promise<ImportSource> {
  const info = await stat(input);
  const readers: ZipReader<Blob>[] = [];
  let tempDir: string | null = null;
  let files: SourceFile[];
  if (info.isDirectory()) {
    // Paths start with the dropped folder's name, as the browser's webkitRelativePath does.
    files = await walk(input, path.dirname(path.resolve(input)));
  } else if (ARCHIVE_NAME_RE.test(input)) {
    const zip = await openZip(input);
    readers.push(zip.reader);
    files = zip.files;
  } else {
    throw new Error(`Not a folder or a .zip/.cbz file: ${input}`);
  }
  const grouped = groupImportFiles(files);
  const innerPages = new Map<SourceFile, SourceFile[]>();
  return {
    ...grouped,
    async pagesOf(chapter) {
      if (!chapter.archive) return chapter.pages;
      const known = innerPages.get(chapter.archive);
      if (known) return known;
      tempDir ??= await mkdtemp(path.join(tmpdir(), "vt-upload-"));
      const copy = path.join(tempDir, `${innerPages.size}.zip`);
      await writeFile(copy, await chapter.archive.read());
      const inner = await openZip(copy);
      readers.push(inner.reader);
      // Inner page paths are prefixed with the archive's path, so clientIds stay unique per chapter.
      const prefix = chapter.archive.path;
      const pages = sortChapterPages(inner.files).map((f) => ({ ...f, path: `${prefix}/${f.path}` }));
      innerPages.set(chapter.archive, pages);
      return pages;
    },
    async close() {
      for (const reader of readers) await reader.close();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
    },
  };
}
