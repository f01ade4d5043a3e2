import { describe, expect, it } from "vitest";
import { planStripSplit, planStripSplitRgba, quietRows, TALL_STRIP_MIN_PIECE } from "./tall-strip";

/** A width x height image, noisy everywhere except the rows listed as white. */
function image(width: number, height: number, whiteRows: Set<number>) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const v = whiteRows.has(y) ? 255 : (x * 37 + y * 11) % 256;
      data[p] = data[p + 1] = data[p + 2] = v;
      data[p + 3] = 255;
    }
  return { width, height, data };
}

describe("planStripSplit", () => {
  it("keeps a page no taller than the limit whole", () => {
    expect(planStripSplit(3000, () => false)).toEqual([{ y: 0, height: 3000 }]);
  });

  it("cuts at the limit when no row is quiet", () => {
    expect(planStripSplit(9000, () => false)).toEqual([
      { y: 0, height: 3000 },
      { y: 3000, height: 3000 },
      { y: 6000, height: 3000 },
    ]);
  });

  it("cuts on the quiet row closest below the limit, within the search range", () => {
    const quiet = new Set([2500, 2700, 5100, 100]);
    expect(planStripSplit(7000, (y) => quiet.has(y))).toEqual([
      { y: 0, height: 2700 },
      { y: 2700, height: 2400 },
      { y: 5100, height: 1900 },
    ]);
  });

  it("ignores quiet rows farther than the search range above the limit", () => {
    expect(planStripSplit(4000, (y) => y === 1000, { maxHeight: 3000, searchRange: 600 })).toEqual([
      { y: 0, height: 3000 },
      { y: 3000, height: 1000 },
    ]);
  });

  it("never leaves a last piece shorter than the minimum", () => {
    const pieces = planStripSplit(3010, (y) => y === 3000);
    expect(pieces.at(-1)!.height).toBeGreaterThanOrEqual(TALL_STRIP_MIN_PIECE);
    expect(pieces.reduce((s, p) => s + p.height, 0)).toBe(3010);
  });
});

describe("quietRows / planStripSplitRgba", () => {
  it("flags uniform rows and splits a real RGBA strip on them", () => {
    const img = image(20, 900, new Set([350, 351, 700]));
    const flags = quietRows(img);
    expect(flags[350]).toBe(1);
    expect(flags[349]).toBe(0);
    expect(planStripSplitRgba(img, { maxHeight: 400 })).toEqual([
      { y: 0, height: 351 },
      { y: 351, height: 349 },
      { y: 700, height: 200 },
    ]);
  });
});
