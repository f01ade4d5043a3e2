/** The uploader's terminal output: the parsed chapter table and the progress bar. */
import type { ImportChapterSource, ImportWarning } from "@vt/shared/chapter-import";
import { CHAPTER_ORDER_ONESHOT } from "@vt/shared/constants";
import type { SourceFile } from "./upload-source";

type Out = { out: (line: string) => void };

const orderText = (order: number | null) =>
  order === null ? "?" : order === CHAPTER_ORDER_ONESHOT ? "oneshot" : String(order);

export function printTable(
  io: Out,
  rows: { chapter: ImportChapterSource<SourceFile>; pages: number; warnings: ImportWarning[] }[],
) {
  const lines = [["order", "volume", "title", "pages", "warnings", "source"]];
  for (const r of rows) {
    lines.push([
      orderText(r.chapter.parsed.order),
      r.chapter.parsed.volume === null ? "" : String(r.chapter.parsed.volume),
      r.chapter.parsed.title,
      String(r.pages),
      r.warnings.join(","),
      r.chapter.sourceName,
    ]);
  }
  const widths = lines[0]!.map((_, c) => Math.max(...lines.map((l) => [...l[c]!].length)));
  for (const l of lines)
    io.out(
      l
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join("  ")
        .trimEnd(),
    );
}

export function bar(done: number, total: number, width = 24): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
}
