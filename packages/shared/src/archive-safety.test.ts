import { describe, expect, it } from "vitest";
import {
  ARCHIVE_LIMITS,
  ArchiveRefusal,
  asArchiveRefusal,
  checkArchiveEntries,
  isUnsafeEntryName,
  sizeGuard,
} from "./archive-safety";

const MB = 1024 * 1024;
const entry = (name: string, compressedSize = 200_000, uncompressedSize = 210_000) => ({
  name,
  compressedSize,
  uncompressedSize,
});

function refusal(fn: () => void): ArchiveRefusal {
  try {
    fn();
  } catch (e) {
    if (e instanceof ArchiveRefusal) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("checkArchiveEntries", () => {
  it("accepts an ordinary archive of chapter folders", () => {
    expect(() =>
      checkArchiveEntries([
        { name: "Chapter 1/", compressedSize: 0, uncompressedSize: 0, directory: true },
        entry("Chapter 1/01.jpg"),
        entry("Chapter 2.zip"),
        entry("readme.txt", 10, 900),
      ]),
    ).not.toThrow();
  });

  it("refuses traversal names: ../, a .. segment deep inside, backslashes", () => {
    for (const name of ["../evil.jpg", "ch1/../../etc/passwd", "ch1\\..\\..\\x.jpg"]) {
      const r = refusal(() => checkArchiveEntries([entry("ok.jpg"), entry(name)]));
      expect(r.code).toBe("unsafeName");
      expect(r.i18nKey).toBe("import.refusal.unsafeName");
      expect(r.params.name).toBe(name);
    }
  });

  it("refuses absolute names and control characters", () => {
    for (const name of ["/etc/passwd", "C:\\Windows\\x.jpg", "a\u0000.jpg"]) {
      expect(refusal(() => checkArchiveEntries([entry(name)])).code).toBe("unsafeName");
    }
    expect(isUnsafeEntryName("Chương 1/..hidden.jpg")).toBe(false);
  });

  it("refuses an absurd entry count", () => {
    const many = Array.from({ length: ARCHIVE_LIMITS.maxEntries + 1 }, (_, i) => entry(`p/${i}.jpg`, 1, 1));
    const r = refusal(() => checkArchiveEntries(many));
    expect(r.code).toBe("tooManyEntries");
    expect(r.params).toEqual({ count: ARCHIVE_LIMITS.maxEntries + 1, max: ARCHIVE_LIMITS.maxEntries });
  });

  it("refuses an entry whose expansion ratio is a zip bomb's", () => {
    const r = refusal(() => checkArchiveEntries([entry("bomb.jpg", 10_000, 500 * MB)]));
    expect(r.code).toBe("expansionRatio");
    expect(r.params).toEqual({ name: "bomb.jpg", max: 100 });
  });

  it("refuses a whole archive whose total ratio is a bomb's though each entry stays under the floor", () => {
    const small = Array.from({ length: 2000 }, (_, i) => entry(`x/${i}.txt`, 1000, MB - 1));
    expect(refusal(() => checkArchiveEntries(small)).params.name).toBe("*");
  });

  it("refuses an entry or an archive too large", () => {
    expect(refusal(() => checkArchiveEntries([entry("huge.jpg", 1500 * MB, 1500 * MB)])).code).toBe(
      "entryTooLarge",
    );
    const big = Array.from({ length: 20 }, (_, i) => entry(`${i}.zip`, 1000 * MB, 1000 * MB));
    expect(refusal(() => checkArchiveEntries(big)).code).toBe("tooLarge");
  });

  it("sizeGuard stops an entry that inflates past its declared size", () => {
    const guard = sizeGuard(entry("liar.jpg", 100, 1000));
    guard(600);
    guard(400);
    expect(refusal(() => guard(1)).code).toBe("sizeMismatch");
  });
});

describe("zip.js's own refusal", () => {
  it("becomes the translated unsafeName refusal", () => {
    const zipError = Object.assign(new Error("Unsafe filename"), { filename: "../x.png" });
    const r = asArchiveRefusal(zipError);
    expect(r).toBeInstanceOf(ArchiveRefusal);
    expect((r as ArchiveRefusal).params).toEqual({ name: "../x.png" });
    const other = new Error("boom");
    expect(asArchiveRefusal(other)).toBe(other);
  });
});
