import { describe, expect, it } from "vitest";
import {
  baseName,
  chapterZipName,
  extensionFromMime,
  extensionFromUrl,
  fitWidth,
  pageExtension,
  renameWithExtension,
  sanitizeFileName,
  scrambleSize,
  zipEntryName,
} from "./format";

const bytes = (...b: (number | string)[]) =>
  new Uint8Array(b.flatMap((x) => (typeof x === "string" ? Array.from(x, (c) => c.charCodeAt(0)) : [x])));

describe("target sizes", () => {
  it("downscales to max width 1500 keeping the aspect ratio, never upscales", () => {
    expect(fitWidth(3000, 4500)).toEqual({ width: 1500, height: 2250 });
    expect(fitWidth(1501, 3001)).toEqual({ width: 1500, height: 2999 });
    expect(fitWidth(1500, 9000)).toEqual({ width: 1500, height: 9000 });
    expect(fitWidth(800, 1200)).toEqual({ width: 800, height: 1200 });
    expect(fitWidth(30000, 10)).toEqual({ width: 1500, height: 1 });
  });

  it("scrambled pages are exactly 1300 wide, up or down, and at least 10 high", () => {
    expect(scrambleSize(2600, 3914)).toEqual({ width: 1300, height: 1957 });
    expect(scrambleSize(650, 1000)).toEqual({ width: 1300, height: 2000 });
    expect(scrambleSize(1300, 1957)).toEqual({ width: 1300, height: 1957 });
    expect(scrambleSize(5000, 20)).toEqual({ width: 1300, height: 10 });
  });
});

describe("names and extensions", () => {
  it("renames a processed page with its new extension", () => {
    expect(baseName("folder/007.png")).toBe("007");
    expect(baseName("C:\\scans\\a.b.jpeg")).toBe("a.b");
    expect(baseName(".hidden")).toBe(".hidden");
    expect(baseName("")).toBe("page");
    expect(renameWithExtension("01.PNG", "jpg")).toBe("01.jpg");
    expect(renameWithExtension("noext", "jpg")).toBe("noext.jpg");
  });

  it("numbers zip entries from 1", () => {
    expect(zipEntryName(0, "png")).toBe("1.png");
    expect(zipEntryName(9, "jpg")).toBe("10.jpg");
    expect(zipEntryName(299, "gif")).toBe("300.gif");
  });

  it("takes the original extension from the URL, else the bytes, else the Content-Type", () => {
    expect(extensionFromUrl("comics/1/abc.PNG")).toBe("png");
    expect(extensionFromUrl("https://cdn.example/x/y.jpeg?w=1#f")).toBe("jpeg");
    expect(extensionFromUrl("comics/1.5/abc")).toBeNull();
    expect(extensionFromUrl("comics/1/abc.php")).toBeNull();
    expect(extensionFromMime("image/webp; charset=binary")).toBe("webp");
    expect(extensionFromMime("image/jpg")).toBe("jpg");
    expect(extensionFromMime("text/html")).toBeNull();

    const png = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a);
    expect(pageExtension({ url: "a/b.gif", scrambled: false, head: png })).toBe("gif");
    expect(pageExtension({ url: "a/b", scrambled: false, head: png, contentType: "image/jpeg" })).toBe("png");
    expect(pageExtension({ url: "a/b", scrambled: false, contentType: "image/webp" })).toBe("webp");
    expect(pageExtension({ url: "a/b", scrambled: false })).toBe("jpg");
  });

  it("saves scrambled pages as .jpg whatever their URL says", () => {
    expect(pageExtension({ url: "comics/1/Ab_0L6643.png", scrambled: true })).toBe("jpg");
  });
});

describe("sanitizeFileName / chapterZipName", () => {
  it("keeps Vietnamese letters and strips characters file systems refuse", () => {
    expect(sanitizeFileName('Chương 1: Mở đầu / "Bắt đầu"?')).toBe("Chương 1 Mở đầu Bắt đầu");
    expect(sanitizeFileName("a<b>c|d*e\\f\u0000g\u001fh")).toBe("a b c d e f g h");
    expect(sanitizeFileName("  ..hidden trail..  ")).toBe("hidden trail");
  });

  it("normalises to NFC so the same title gives the same name", () => {
    expect(sanitizeFileName("Chu\u0301o\u031bng")).toBe("Chúơng".normalize("NFC"));
  });

  it("falls back for empty or reserved names and limits the length", () => {
    expect(sanitizeFileName("???")).toBe("chapter");
    expect(sanitizeFileName("", "Chapter 12")).toBe("Chapter 12");
    expect(sanitizeFileName("CON")).toBe("chapter");
    expect(sanitizeFileName("x".repeat(300))).toHaveLength(120);
    expect(chapterZipName("Oneshot - Hoa/Lá")).toBe("Oneshot - Hoa Lá.zip");
    expect(chapterZipName("", "Chapter 3")).toBe("Chapter 3.zip");
  });
});
