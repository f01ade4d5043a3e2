import { describe, expect, it } from "vitest";
import { chapterLabel, formatChapterOrder, isOneshot } from "./chapter-label";
import { translate } from "./i18n/messages";

// A recording translator proves which key and params each branch uses.
const keyT = (key: string, params?: Record<string, unknown>) =>
  `${key}${params ? JSON.stringify(params) : ""}`;
const vi = (key: string, params?: Record<string, unknown>) => translate("vi", key, params);
const en = (key: string, params?: Record<string, unknown>) => translate("en", key, params);

describe("chapterLabel", () => {
  it("shows the name only when the order is hidden", () => {
    expect(chapterLabel({ name: "Ngoại truyện", order: 3, hideOrder: true }, keyT)).toBe("Ngoại truyện");
    expect(chapterLabel({ name: "  Extra  ", order: -1, hideOrder: true }, en)).toBe("Extra");
  });

  it("falls back to the numbered label when the order is hidden but there is no name", () => {
    expect(chapterLabel({ name: "  ", order: 3, hideOrder: true }, keyT)).toBe(
      'chapter.label.numbered{"order":"3"}',
    );
  });

  it("labels a oneshot with and without a name", () => {
    expect(chapterLabel({ name: "Hoa nở", order: -1 }, keyT)).toBe(
      'chapter.label.oneshotNamed{"name":"Hoa nở"}',
    );
    expect(chapterLabel({ name: "Hoa nở", order: -1 }, en)).toBe("Oneshot - Hoa nở");
    expect(chapterLabel({ name: null, order: -1 }, keyT)).toBe("chapter.label.oneshot");
    expect(chapterLabel({ order: -1 }, vi)).toBe("Oneshot");
  });

  it("labels a numbered chapter with and without a name", () => {
    expect(chapterLabel({ name: "Khởi đầu", order: 1 }, keyT)).toBe(
      'chapter.label.numberedNamed{"order":"1","name":"Khởi đầu"}',
    );
    expect(chapterLabel({ name: "Khởi đầu", order: 1 }, vi)).toBe("Chương 1 - Khởi đầu");
    expect(chapterLabel({ name: "The start", order: 1 }, en)).toBe("Chapter 1 - The start");
    expect(chapterLabel({ name: "", order: 0 }, en)).toBe("Chapter 0");
    expect(chapterLabel({ order: 7 }, vi)).toBe("Chương 7");
  });

  it("treats a whitespace-only name as no name and trims real names", () => {
    expect(chapterLabel({ name: " \t\n ", order: 2 }, keyT)).toBe('chapter.label.numbered{"order":"2"}');
    expect(chapterLabel({ name: "   ", order: -1 }, keyT)).toBe("chapter.label.oneshot");
    expect(chapterLabel({ name: "  Tên  ", order: 2 }, vi)).toBe("Chương 2 - Tên");
  });

  it("prints decimal orders as written", () => {
    expect(chapterLabel({ order: 12.5 }, en)).toBe("Chapter 12.5");
    expect(chapterLabel({ name: "Extra", order: 12.5 }, vi)).toBe("Chương 12.5 - Extra");
  });

  it("ignores hideOrder=false", () => {
    expect(chapterLabel({ name: "A", order: 4, hideOrder: false }, en)).toBe("Chapter 4 - A");
  });
});

describe("formatChapterOrder", () => {
  it("prints integers and decimals without trailing zeros or exponents", () => {
    expect(formatChapterOrder(12)).toBe("12");
    expect(formatChapterOrder(12.5)).toBe("12.5");
    expect(formatChapterOrder(0.1 + 0.2)).toBe("0.3");
    expect(formatChapterOrder(1000000)).toBe("1000000");
    expect(formatChapterOrder(12.25)).toBe("12.25");
  });

  it("recognises the oneshot order", () => {
    expect(isOneshot(-1)).toBe(true);
    expect(isOneshot(0)).toBe(false);
  });
});
