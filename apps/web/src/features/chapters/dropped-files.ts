/**
 * Files of a drop or a folder pick, with their path in the dropped folder (`webkitRelativePath`,
 * set by hand where the browser leaves it empty): the chapter editor's page drop and bulk import.
 */
/** Every file of a drop, folders walked recursively (their relative path kept for sorting). */
export async function filesFromDataTransfer(dt: DataTransfer): Promise<File[]> {
  const entries = [...dt.items]
    .filter((item) => item.kind === "file")
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return [...dt.files];
  const out: File[] = [];
  for (const entry of entries) await walk(entry, "", out);
  return out;
}

async function walk(entry: FileSystemEntry, prefix: string, out: File[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    const path = `${prefix}${file.name}`;
    // Keep the folder path for natural sorting and resume ids (webkitRelativePath is read-only).
    out.push(prefix ? withPath(file, path) : file);
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) break;
    children.push(...batch);
  }
  for (const child of children) await walk(child, `${prefix}${entry.name}/`, out);
}

export function withPath(file: File, path: string): File {
  Object.defineProperty(file, "webkitRelativePath", { value: path, configurable: true });
  return file;
}
