import { describe, expect, it } from "vitest";
import {
  groupImportFiles,
  importWarnings,
  parseChapterName,
  sortChapterPages,
  staggeredSchedule,
} from "./chapter-import";

describe("parseChapterName: the documented patterns (docs/bulk-import.md)", () => {
  it("plain number: 12, 012, 12.5, 12 - Title", () => {
    expect(parseChapterName("12")).toEqual({ order: 12, volume: null, title: "", pattern: "plain" });
    expect(parseChapterName("012").order).toBe(12);
    expect(parseChapterName("12.5")).toMatchObject({ order: 12.5, title: "" });
    expect(parseChapterName("12 - Đêm trăng")).toMatchObject({
      order: 12,
      title: "Đêm trăng",
      pattern: "plain",
    });
  });

  it("Chapter 12 - Title, Ch.12.5, Chap 7", () => {
    expect(parseChapterName("Chapter 12 - The Return")).toEqual({
      order: 12,
      volume: null,
      title: "The Return",
      pattern: "chapter",
    });
    expect(parseChapterName("Ch.12.5")).toMatchObject({ order: 12.5, title: "", pattern: "chapter" });
    expect(parseChapterName("chap 7: Side story")).toMatchObject({ order: 7, title: "Side story" });
  });

  it("Chương 12 (with or without the accents), with a title", () => {
    expect(parseChapterName("Chương 12")).toMatchObject({ order: 12, title: "", pattern: "chapter" });
    expect(parseChapterName("CHƯƠNG 3: Gặp lại")).toMatchObject({ order: 3, title: "Gặp lại" });
    expect(parseChapterName("Chuong 4.5")).toMatchObject({ order: 4.5 });
    // Decomposed accents (macOS file names) read the same.
    expect(parseChapterName("Chương 9".normalize("NFD"))).toMatchObject({ order: 9 });
  });

  it("c012.5 (v03) (Title)", () => {
    expect(parseChapterName("c012.5 (v03) (Extra)")).toEqual({
      order: 12.5,
      volume: 3,
      title: "Extra",
      pattern: "mupl",
    });
    expect(parseChapterName("c001")).toMatchObject({ order: 1, volume: null, title: "" });
  });

  it("Vol.3 Ch.12, Vol 3 - Chapter 12.5: Title, Tập 2 Chương 7", () => {
    expect(parseChapterName("Vol.3 Ch.12")).toEqual({
      order: 12,
      volume: 3,
      title: "",
      pattern: "volumeChapter",
    });
    expect(parseChapterName("Vol 3 - Chapter 12.5: Finale")).toMatchObject({
      order: 12.5,
      volume: 3,
      title: "Finale",
    });
    expect(parseChapterName("Tập 2 Chương 7")).toMatchObject({ order: 7, volume: 2 });
    expect(parseChapterName("Vol_03_Ch_012")).toMatchObject({ order: 12, volume: 3 });
  });

  it("mupl: Title [vi] - c012.5 (v03) (Extra title) [Group]", () => {
    expect(parseChapterName("Vườn Xuân [vi] - c012.5 (v03) (Extra (bonus) title) [Nhóm Mây]")).toEqual({
      order: 12.5,
      volume: 3,
      title: "Extra (bonus) title",
      pattern: "mupl",
      language: "vi",
      group: "Nhóm Mây",
    });
    expect(parseChapterName("Some Title - c100 [Group]")).toMatchObject({
      order: 100,
      volume: null,
      title: "",
      group: "Group",
    });
  });

  it("oneshot: Oneshot, One-shot - Title", () => {
    expect(parseChapterName("Oneshot")).toEqual({ order: -1, volume: null, title: "", pattern: "oneshot" });
    expect(parseChapterName("One-shot - Mùa hè")).toMatchObject({ order: -1, title: "Mùa hè" });
  });

  it("a chapter word anywhere as a last resort; archives lose their extension", () => {
    expect(parseChapterName("Naruto Chapter 12 - Title.zip")).toMatchObject({
      order: 12,
      title: "Title",
      pattern: "keyword",
    });
    expect(parseChapterName("[Group] Vol.2 Ch.5.cbz")).toMatchObject({ order: 5, volume: 2 });
  });

  it("a name without an order gives null and keeps the name as the title", () => {
    expect(parseChapterName("Extras")).toEqual({ order: null, volume: null, title: "Extras", pattern: null });
  });
});

describe("groupImportFiles", () => {
  const f = (path: string) => ({ path });

  it("one chapter per sub-folder below a shared root, pages in natural order, chapters by order", () => {
    const { chapters, skipped } = groupImportFiles([
      f("Series/Chapter 10/10.jpg"),
      f("Series/Chapter 10/2.jpg"),
      f("Series/Chapter 10/1.jpg"),
      f("Series/Chương 2/a/01.png"),
      f("Series/Vol.1 Ch.1/001.webp"),
      f("Series/Vol.1 Ch.1/notes.txt"),
      f("Series/__MACOSX/Chapter 10/._1.jpg"),
      f("Series/c003 (v01).zip"),
      f("Series/cover.jpg"),
    ]);
    expect(chapters.map((c) => [c.sourceName, c.parsed.order])).toEqual([
      ["Vol.1 Ch.1", 1],
      ["Chương 2", 2],
      ["c003 (v01).zip", 3],
      ["Chapter 10", 10],
    ]);
    expect(chapters[3]!.pages.map((p) => p.path)).toEqual([
      "Series/Chapter 10/1.jpg",
      "Series/Chapter 10/2.jpg",
      "Series/Chapter 10/10.jpg",
    ]);
    expect(chapters[2]!.archive?.path).toBe("Series/c003 (v01).zip");
    expect(skipped.map((s) => s.path)).toEqual(["Series/Vol.1 Ch.1/notes.txt", "Series/cover.jpg"]);
  });

  it("sortChapterPages keeps images only, naturally sorted", () => {
    expect(
      sortChapterPages([f("10.jpg"), f("info.txt"), f("9.png"), f("__MACOSX/._9.png")]).map((p) => p.path),
    ).toEqual(["9.png", "10.jpg"]);
  });
});

describe("importWarnings", () => {
  it("flags no order, duplicates, existing chapters, drafts to resume and empty chapters; skipped rows count for nothing", () => {
    const w = importWarnings(
      [
        { order: 1, pageCount: 3 },
        { order: 2, pageCount: 3 },
        { order: 2, pageCount: 0 },
        { order: null, pageCount: 1 },
        { order: 5, pageCount: 2 },
        { order: 5, pageCount: 2, skip: true },
        { order: 7, pageCount: 2 },
      ],
      [
        { order: 1, draft: false },
        { order: 7, draft: true },
      ],
    );
    expect(w).toEqual([
      ["existingChapter"],
      ["duplicateOrder"],
      ["duplicateOrder", "noPages"],
      ["noOrder"],
      [],
      [],
      ["resumeDraft"],
    ]);
  });

  it("staggeredSchedule spaces dates by the interval", () => {
    expect(staggeredSchedule(3, 1000, 3_600_000)).toEqual([1000, 3_601_000, 7_201_000]);
  });
});
