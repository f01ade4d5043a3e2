import { describe, expect, it } from "vitest";
import { naturalCompare, naturalSort } from "./natural-sort";

describe("naturalCompare", () => {
  it("orders numbers by value, not by characters", () => {
    expect(naturalCompare("2.jpg", "10.jpg")).toBeLessThan(0);
    expect(naturalCompare("10.jpg", "2.jpg")).toBeGreaterThan(0);
    expect(naturalCompare("page 9.png", "page 10.png")).toBeLessThan(0);
  });

  it("ignores case in the primary order but still gives a total order", () => {
    expect(naturalSort(["b.jpg", "A.jpg", "c.jpg"])).toEqual(["A.jpg", "b.jpg", "c.jpg"]);
    expect(naturalCompare("a.jpg", "A.jpg")).not.toBe(0);
    expect(Math.sign(naturalCompare("a.jpg", "A.jpg"))).toBe(-Math.sign(naturalCompare("A.jpg", "a.jpg")));
  });

  it("breaks leading-zero ties deterministically (fewer zeros first)", () => {
    expect(naturalCompare("1.jpg", "001.jpg")).toBeLessThan(0);
    expect(naturalCompare("001.jpg", "1.jpg")).toBeGreaterThan(0);
    expect(naturalSort(["001.jpg", "2.jpg", "1.jpg", "01.jpg"])).toEqual([
      "1.jpg",
      "01.jpg",
      "001.jpg",
      "2.jpg",
    ]);
  });

  it("returns 0 only for identical strings", () => {
    expect(naturalCompare("x/1.png", "x/1.png")).toBe(0);
  });

  it("compares folder paths segment by segment", () => {
    const files = ["ch10/1.png", "ch2/10.png", "ch2/2.png", "ch1/2.png", "ch1/1.png"];
    expect(naturalSort(files)).toEqual(["ch1/1.png", "ch1/2.png", "ch2/2.png", "ch2/10.png", "ch10/1.png"]);
  });

  it("puts loose files before the files of sub-folders", () => {
    expect(naturalSort(["a/1.png", "z.png"])).toEqual(["z.png", "a/1.png"]);
  });

  it("treats backslashes as folder separators", () => {
    expect(naturalSort(["ch2\\1.png", "ch1\\3.png"])).toEqual(["ch1\\3.png", "ch2\\1.png"]);
  });

  it("sorts Vietnamese and other unicode names, composed or decomposed", () => {
    const decomposed = "Trang 2.jpg".normalize("NFD");
    expect(naturalSort(["Trang 10.jpg", decomposed, "Trang 1.jpg"])).toEqual([
      "Trang 1.jpg",
      decomposed,
      "Trang 10.jpg",
    ]);
    expect(naturalSort(["Đỏ 2.png", "Ánh 10.png", "Ánh 9.png"])).toEqual([
      "Ánh 9.png",
      "Ánh 10.png",
      "Đỏ 2.png",
    ]);
    expect(naturalSort(["第2話.jpg", "第10話.jpg", "第1話.jpg"])).toEqual([
      "第1話.jpg",
      "第2話.jpg",
      "第10話.jpg",
    ]);
  });
});

describe("naturalSort", () => {
  it("sorts objects by a key and leaves the input untouched", () => {
    const input = [{ name: "10.jpg" }, { name: "9.jpg" }, { name: "1.jpg" }];
    const sorted = naturalSort(input, (f) => f.name);
    expect(sorted.map((f) => f.name)).toEqual(["1.jpg", "9.jpg", "10.jpg"]);
    expect(input.map((f) => f.name)).toEqual(["10.jpg", "9.jpg", "1.jpg"]);
  });

  it("keeps items with the same name in their original order", () => {
    const input = [
      { name: "1.jpg", id: "first" },
      { name: "1.jpg", id: "second" },
    ];
    expect(naturalSort(input, (f) => f.name).map((f) => f.id)).toEqual(["first", "second"]);
  });

  it("is independent of the input order", () => {
    const names = ["3.png", "003.png", "B.png", "b.png", "a/2.png", "a/10.png", "10.png", "1.png"];
    const expected = naturalSort(names);
    expect(expected).toEqual([
      "1.png",
      "3.png",
      "003.png",
      "10.png",
      "B.png",
      "b.png",
      "a/2.png",
      "a/10.png",
    ]);
    for (let shift = 0; shift < names.length; shift++) {
      const rotated = [...names.slice(shift), ...names.slice(0, shift)];
      expect(naturalSort(rotated)).toEqual(expected);
      expect(naturalSort(rotated.reverse())).toEqual(expected);
    }
  });
});
