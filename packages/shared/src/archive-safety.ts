/**
 * Refusals for archives dropped into bulk import (docs/bulk-import.md, "Archive safety"), checked on
 * the archive's directory before a single entry is decompressed: names that escape the folder
 * (traversal, absolute paths), absurd entry counts, expansion ratios of a zip bomb, and sizes no
 * comic needs. The browser reader and the command-line uploader both call `checkArchiveEntries`,
 * and both also stop an entry whose real decompressed size exceeds what the directory declared.
 */

export type ArchiveEntryInfo = {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  directory?: boolean;
};

/** The ArchiveEntryInfo of a zip.js directory entry (the browser and the command line both read zips with zip.js). */
export function zipEntryInfo(entry: {
  filename: string;
  compressedSize: number;
  uncompressedSize: number;
  directory?: boolean;
}): ArchiveEntryInfo {
  return {
    name: entry.filename,
    compressedSize: entry.compressedSize,
    uncompressedSize: entry.uncompressedSize,
    directory: entry.directory,
  };
}

export type ArchiveLimits = {
  /** Files and folders in one archive. */
  maxEntries: number;
  /** Largest decompressed size of one entry, bytes. */
  maxEntryBytes: number;
  /** Largest decompressed size of the whole archive, bytes. */
  maxTotalBytes: number;
  /** Largest uncompressed / compressed ratio of an entry bigger than `ratioFloorBytes`, and of the whole archive. */
  maxRatio: number;
  ratioFloorBytes: number;
};

const MB = 1024 * 1024;
export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 20_000,
  maxEntryBytes: 1024 * MB,
  maxTotalBytes: 16 * 1024 * MB,
  maxRatio: 100,
  ratioFloorBytes: MB,
};

export type ArchiveRefusalCode =
  | "unsafeName"
  | "tooManyEntries"
  | "expansionRatio"
  | "entryTooLarge"
  | "tooLarge"
  | "sizeMismatch";

/** Why an archive is refused; `code` maps to the i18n key `import.refusal.<code>` (with `params`). */
export class ArchiveRefusal extends Error {
  readonly code: ArchiveRefusalCode;
  readonly params: Record<string, string | number>;

  constructor(code: ArchiveRefusalCode, params: Record<string, string | number> = {}) {
    super(`Archive refused: ${code} ${JSON.stringify(params)}`);
    this.name = "ArchiveRefusal";
    this.code = code;
    this.params = params;
  }

  get i18nKey(): string {
    return `import.refusal.${this.code}`;
  }
}

/** A name that would land outside the folder it is extracted to, or that no file system accepts. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 1024) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f]/.test(name)) return true;
  const slashed = name.replace(/\\/g, "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) return true;
  return slashed.split("/").some((part) => part === "..");
}

/** Throws ArchiveRefusal on the first reason to refuse the archive's directory. */
export function checkArchiveEntries(
  entries: readonly ArchiveEntryInfo[],
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): void {
  if (entries.length > limits.maxEntries) {
    throw new ArchiveRefusal("tooManyEntries", { count: entries.length, max: limits.maxEntries });
  }
  let total = 0;
  let compressed = 0;
  for (const e of entries) {
    if (isUnsafeEntryName(e.name)) throw new ArchiveRefusal("unsafeName", { name: e.name.slice(0, 200) });
    if (e.directory) continue;
    if (e.uncompressedSize > limits.maxEntryBytes) {
      throw new ArchiveRefusal("entryTooLarge", { name: e.name, max: Math.round(limits.maxEntryBytes / MB) });
    }
    if (
      e.uncompressedSize > limits.ratioFloorBytes &&
      e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize)
    ) {
      throw new ArchiveRefusal("expansionRatio", { name: e.name, max: limits.maxRatio });
    }
    total += e.uncompressedSize;
    compressed += e.compressedSize;
  }
  if (total > limits.maxTotalBytes)
    throw new ArchiveRefusal("tooLarge", { max: Math.round(limits.maxTotalBytes / MB) });
  if (total > limits.ratioFloorBytes && total > limits.maxRatio * Math.max(1, compressed)) {
    throw new ArchiveRefusal("expansionRatio", { name: "*", max: limits.maxRatio });
  }
}

/**
 * Counts decompressed bytes of one entry and refuses once they pass what the directory declared
 * (a lying directory is how a zip bomb slips past `checkArchiveEntries`).
 */
export function sizeGuard(entry: ArchiveEntryInfo): (chunkBytes: number) => void {
  let seen = 0;
  return (chunkBytes) => {
    seen += chunkBytes;
    if (seen > entry.uncompressedSize) throw new ArchiveRefusal("sizeMismatch", { name: entry.name });
  };
}

/**
 * zip.js refuses some unsafe names itself while reading the directory (an Error "Unsafe filename"
 * with the entry's `filename`): the same refusal as `checkArchiveEntries`, so it is translated too.
 */
export function asArchiveRefusal(error: unknown): unknown {
  if (error instanceof Error && error.message === "Unsafe filename") {
    const name = (error as Error & { filename?: unknown }).filename;
    return new ArchiveRefusal("unsafeName", { name: String(name ?? "").slice(0, 200) });
  }
  return error;
}
