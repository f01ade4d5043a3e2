/**
 * Bulk import of many chapters (docs/bulk-import.md): reading a chapter's order, volume and title
 * from a folder or zip name, grouping the files of a dropped folder or archive into chapters, and
 * the warnings of the preview table. Used by the dashboard's bulk import and the command-line
 * uploader, so both read the same names the same way.
 *
 * Pure TypeScript: no DOM, no Node APIs.
 */
import { CHAPTER_ORDER_ONESHOT } from "./constants";
import { naturalCompare, naturalSort } from "./natural-sort";

/** Which documented pattern matched a name (docs/bulk-import.md, "Chapter names"). */
export type ChapterNamePattern = "mupl" | "volumeChapter" | "chapter" | "plain" | "oneshot" | "keyword";

export type ParsedChapterName = {
  /** Chapter order (12, 12.5; -1 for a oneshot), or null when the name holds none. */
  order: number | null;
  volume: number | null;
  /** Chapter title, "" when none. */
  title: string;
  pattern: ChapterNamePattern | null;
  /** mupl names only: the language tag ("vi") and the group ("[Group]"). */
  language?: string;
  group?: string;
};

const NUM = String.raw`(\d+(?:\.\d+)?)`;
/** Separators between the number and the title: "12 - Title", "12: Title", "12. Title", "12 Title". */
const SEP = String.raw`(?:\s*[-:–—.]\s*|\s+)`;
const CHAPTER_WORD = "(?:chapter|chap|ch|chương|chuong|c)";
const VOLUME_WORD = "(?:volume|vol|tập|tap|v)";

const PATTERNS: {
  pattern: ChapterNamePattern;
  re: RegExp;
  pick: (m: RegExpExecArray) => ParsedChapterName;
}[] = [
  {
    // mupl: "Title [vi] - c012.5 (v03) (Extra title) [Group]"; also bare "c012.5 (v03) (Title)".
    pattern: "mupl",
    re: new RegExp(
      String.raw`^(?:(.*?)\s*(?:\[([a-z]{2,3}(?:-[a-z]{2,4})?)\])?\s+-\s+)?c${NUM}(?:\s*\(v(\d+)\))?(?:\s*\((.*)\))?(?:\s*\[([^\]]*)\])?$`,
      "iu",
    ),
    pick: (m) => ({
      order: Number(m[3]),
      volume: m[4] === undefined ? null : Number(m[4]),
      title: m[5] ?? "",
      pattern: "mupl",
      ...(m[2] ? { language: m[2].toLowerCase() } : {}),
      ...(m[6] ? { group: m[6].trim() } : {}),
    }),
  },
  {
    // "Vol.3 Ch.12", "Vol 3 - Chapter 12.5: Title", "Tập 3 Chương 12"
    pattern: "volumeChapter",
    re: new RegExp(
      String.raw`^${VOLUME_WORD}\.?\s*(\d+)\s*[-,.:]?\s*${CHAPTER_WORD}\.?\s*${NUM}(?:${SEP}(.*))?$`,
      "iu",
    ),
    pick: (m) => ({ order: Number(m[2]), volume: Number(m[1]), title: m[3] ?? "", pattern: "volumeChapter" }),
  },
  {
    // "Chapter 12 - Title", "Ch.12.5", "Chương 12: Title", "Chap 7"
    pattern: "chapter",
    re: new RegExp(String.raw`^${CHAPTER_WORD}\.?\s*${NUM}(?:${SEP}(.*))?$`, "iu"),
    pick: (m) => ({ order: Number(m[1]), volume: null, title: m[2] ?? "", pattern: "chapter" }),
  },
  {
    // "12", "012", "12.5", "12 - Title"
    pattern: "plain",
    re: new RegExp(`^${NUM}(?:${SEP}(.*))?$`, "u"),
    pick: (m) => ({ order: Number(m[1]), volume: null, title: m[2] ?? "", pattern: "plain" }),
  },
  {
    // "Oneshot", "One-shot - Title", "one shot"
    pattern: "oneshot",
    re: new RegExp(String.raw`^one[\s-]?shot(?:${SEP}(.*))?$`, "iu"),
    pick: (m) => ({ order: CHAPTER_ORDER_ONESHOT, volume: null, title: m[1] ?? "", pattern: "oneshot" }),
  },
  {
    // Last resort: a chapter word anywhere ("Naruto Chapter 12 - Title", "[Group] Vol.2 Ch.5").
    pattern: "keyword",
    re: new RegExp(
      String.raw`(?:^|[\s\[(\-])(?:${VOLUME_WORD}\.?\s*(\d+)\s*[-,.:]?\s*)?(?:chapter|chap|ch|chương|chuong)\.?\s*${NUM}(?:${SEP}(.*))?$`,
      "iu",
    ),
    pick: (m) => ({
      order: Number(m[2]),
      volume: m[1] === undefined ? null : Number(m[1]),
      title: m[3] ?? "",
      pattern: "keyword",
    }),
  },
];

/** Archive extensions dropped from a chapter name before parsing. */
const ARCHIVE_EXT = /\.(zip|cbz)$/i;

function cleanTitle(title: string): string {
  return title
    .replace(/^[\s\-:–—.]+|[\s\-:–—]+$/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Reads order, volume and title from one chapter folder or archive name. Patterns are tried in the
 * order of docs/bulk-import.md; underscores count as spaces (except inside mupl's brackets).
 */
export function parseChapterName(rawName: string): ParsedChapterName {
  const base = rawName.normalize("NFC").replace(ARCHIVE_EXT, "").trim();
  for (const candidate of [base, base.replace(/_/g, " ").replace(/\s+/g, " ").trim()]) {
    for (const { re, pick } of PATTERNS) {
      const m = re.exec(candidate);
      if (!m) continue;
      const parsed = pick(m);
      if (parsed.order === null || !Number.isFinite(parsed.order)) continue;
      return { ...parsed, title: cleanTitle(parsed.title) };
    }
  }
  return { order: null, volume: null, title: cleanTitle(base.replace(/_/g, " ")), pattern: null };
}

// ── Grouping files into chapters ─────────────────────────────────────────────

export const IMAGE_NAME_RE = /\.(jpe?g|png|webp|gif)$/i;
export const ARCHIVE_NAME_RE = /\.(zip|cbz)$/i;
/** Files every OS drops next to real content; silently skipped. */
const JUNK_RE = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$|\._)/i;

export type ImportFileRef = { path: string };

export type ImportChapterSource<F extends ImportFileRef> = {
  /** Folder or archive name the chapter was read from. */
  sourceName: string;
  parsed: ParsedChapterName;
  /** An inner archive holding the chapter's pages (read later), or null for a folder. */
  archive: F | null;
  /** Page files in natural order (empty for an inner archive until it is read). */
  pages: F[];
};

export type GroupedImport<F extends ImportFileRef> = {
  chapters: ImportChapterSource<F>[];
  /** Files that belong to no chapter (loose images at the top, other types). */
  skipped: F[];
};

function splitPath(path: string): string[] {
  return path.split(/[\\/]+/).filter((s) => s !== "" && s !== ".");
}

/**
 * Groups the files of a dropped folder or archive into chapters: one sub-folder or inner archive per
 * chapter, below the single wrapping folder if every file shares one ("Series/Chapter 1/01.jpg").
 * Images inside a chapter folder (sub-folders included) are its pages, in natural order. Chapters
 * come back sorted by parsed order (unparsed names last, by name).
 */
export function groupImportFiles<F extends ImportFileRef>(files: readonly F[]): GroupedImport<F> {
  const kept = files.filter((f) => !JUNK_RE.test(f.path.replace(/\\/g, "/")));
  const parts = kept.map((f) => splitPath(f.path));
  // Drop the wrapping folders every file shares, as long as something is still below them.
  let depth = 0;
  for (;;) {
    const first = parts[0]?.[depth];
    if (first === undefined) break;
    if (!parts.every((p) => p.length > depth + 1 && p[depth] === first)) break;
    depth++;
  }
  const byFolder = new Map<string, F[]>();
  const archives: F[] = [];
  const skipped: F[] = [];
  kept.forEach((f, i) => {
    const rest = parts[i]!.slice(depth);
    if (rest.length === 1) {
      if (ARCHIVE_NAME_RE.test(rest[0]!)) archives.push(f);
      else skipped.push(f);
      return;
    }
    if (!IMAGE_NAME_RE.test(rest[rest.length - 1]!)) {
      skipped.push(f);
      return;
    }
    const folder = rest[0]!;
    const list = byFolder.get(folder) ?? [];
    list.push(f);
    byFolder.set(folder, list);
  });
  const chapters: ImportChapterSource<F>[] = [];
  for (const [folder, pages] of byFolder) {
    chapters.push({
      sourceName: folder,
      parsed: parseChapterName(folder),
      archive: null,
      pages: naturalSort(pages, (f) =>
        splitPath(f.path)
          .slice(depth + 1)
          .join("/"),
      ),
    });
  }
  for (const archive of archives) {
    const name = splitPath(archive.path).at(-1)!;
    chapters.push({ sourceName: name, parsed: parseChapterName(name), archive, pages: [] });
  }
  chapters.sort(compareImportChapters);
  return { chapters, skipped };
}

function compareImportChapters(
  a: { parsed: ParsedChapterName; sourceName: string },
  b: { parsed: ParsedChapterName; sourceName: string },
): number {
  const ao = a.parsed.order;
  const bo = b.parsed.order;
  if (ao !== null && bo !== null && ao !== bo) return ao - bo;
  if ((ao === null) !== (bo === null)) return ao === null ? 1 : -1;
  return naturalCompare(a.sourceName, b.sourceName);
}

/** Page files of one chapter read from an inner archive: images only, natural order. */
export function sortChapterPages<F extends ImportFileRef>(files: readonly F[]): F[] {
  return naturalSort(
    files.filter((f) => IMAGE_NAME_RE.test(f.path) && !JUNK_RE.test(f.path.replace(/\\/g, "/"))),
    (f) => f.path,
  );
}

// ── Preview table warnings ───────────────────────────────────────────────────

export type ImportWarning = "noOrder" | "duplicateOrder" | "existingChapter" | "resumeDraft" | "noPages";

export type ImportRowInput = { order: number | null; pageCount: number; skip?: boolean };
/** A chapter the comic already has (of the importing team): published or scheduled, or still a draft. */
export type ExistingChapterRef = { order: number; draft: boolean };

/**
 * Warnings of each row of the preview table: no order read from the name, the same order twice in
 * the import, an order the comic already has as a published chapter (the server refuses a second
 * one), an order held by a draft (the import continues it: stored pages are skipped), no pages.
 * Skipped rows get none and count for nothing.
 */
export function importWarnings(
  rows: readonly ImportRowInput[],
  existing: Iterable<ExistingChapterRef>,
): ImportWarning[][] {
  const byOrder = new Map<number, ExistingChapterRef>();
  for (const e of existing) byOrder.set(e.order, e);
  const counts = new Map<number, number>();
  for (const r of rows) if (!r.skip && r.order !== null) counts.set(r.order, (counts.get(r.order) ?? 0) + 1);
  return rows.map((r) => {
    if (r.skip) return [];
    const w: ImportWarning[] = [];
    if (r.order === null) w.push("noOrder");
    else {
      if ((counts.get(r.order) ?? 0) > 1) w.push("duplicateOrder");
      const found = byOrder.get(r.order);
      if (found) w.push(found.draft ? "resumeDraft" : "existingChapter");
    }
    if (r.pageCount === 0) w.push("noPages");
    return w;
  });
}

/** Warnings that stop the import from starting until the row is changed or skipped ("resumeDraft" is a notice). */
export const BLOCKING_IMPORT_WARNINGS: readonly ImportWarning[] = [
  "noOrder",
  "duplicateOrder",
  "existingChapter",
  "noPages",
];

/** Scheduled publication dates a fixed interval apart, from `start`, in the rows' order (epoch ms). */
export function staggeredSchedule(count: number, startMs: number, intervalMs: number): number[] {
  return Array.from({ length: count }, (_, i) => startMs + i * Math.max(0, intervalMs));
}
