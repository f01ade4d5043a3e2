import { describe, expect, it } from "vitest";
import {
  aspectRatioFromFileName,
  aspectRatioToken,
  decodeKey,
  encodeKey,
  GAP_RGBA,
  permutationToLehmer,
  type RgbaImage,
  randomPermutation,
  ScrambleError,
  scrambledHeight,
  scramblePlan,
  scrambleRgba,
  stripHeights,
  unscramblePlan,
  unscrambleRgba,
} from "./scramble";

const IDENTITY = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function sameBytes(a: Uint8ClampedArray, b: Uint8ClampedArray): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function expectScrambleError(fn: () => unknown, code: string, message: string) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ScrambleError);
    expect((e as ScrambleError).code).toBe(code);
    expect((e as ScrambleError).message).toBe(message);
    return;
  }
  throw new Error(`expected ScrambleError ${code}`);
}

describe("pixels", () => {
  function gradient(width: number, height: number): RgbaImage {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = (y * width + x) * 4;
        data[p] = y & 255;
        data[p + 1] = (y >> 8) & 255;
        data[p + 2] = x & 255;
        data[p + 3] = 200 + (x % 50);
      }
    }
    return { width, height, data };
  }
  const row = (img: RgbaImage, y: number) => img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4);

  it("scrambles a 1300x1957 gradient strip by strip and restores it pixel-exactly", () => {
    const original = gradient(1300, 1957);
    const perm = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
    const scrambled = scrambleRgba(original, perm);
    expect(scrambled.width).toBe(1300);
    expect(scrambled.height).toBe(1993);

    // Independent check of the layout from the platform rule, without the plan helpers.
    const heights = [196, 196, 196, 196, 196, 196, 196, 195, 195, 195];
    const starts = heights.map((_, j) => heights.slice(0, j).reduce((a, b) => a + b, 0));
    let y = 0;
    for (let i = 0; i < 10; i++) {
      const j = perm[i]!;
      let mismatched = 0;
      for (let k = 0; k < heights[j]!; k++)
        if (!sameBytes(row(scrambled, y + k), row(original, starts[j]! + k))) mismatched++;
      expect(mismatched).toBe(0);
      y += heights[j]!;
      if (i < 9) {
        const gap = scrambled.data.subarray(y * 1300 * 4, (y + 4) * 1300 * 4);
        expect(gap.every((v) => v === 255)).toBe(true);
        expect([...GAP_RGBA]).toEqual([255, 255, 255, 255]);
        y += 4;
      }
    }
    expect(y).toBe(1993);

    const restored = unscrambleRgba(scrambled, perm);
    expect(restored.width).toBe(1300);
    expect(restored.height).toBe(1957);
    expect(sameBytes(restored.data, original.data)).toBe(true);
  });

  it("does not restore the image with the wrong permutation", () => {
    const original = gradient(8, 37);
    const scrambled = scrambleRgba(original, [1, 0, 2, 3, 4, 5, 6, 7, 8, 9]);
    const wrong = unscrambleRgba(scrambled, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sameBytes(wrong.data, original.data)).toBe(false);
    const right = unscrambleRgba(scrambled, [1, 0, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sameBytes(right.data, original.data)).toBe(true);
  });

  it("round-trips random permutations on small odd heights", () => {
    for (const h of [10, 11, 19, 101]) {
      const original = gradient(3, h);
      for (let k = 0; k < 20; k++) {
        const perm = randomPermutation();
        const back = unscrambleRgba(scrambleRgba(original, perm), perm);
        expect(sameBytes(back.data, original.data)).toBe(true);
      }
    }
  });

  it("rejects a scrambled buffer that is too short and a mismatched buffer", () => {
    const tiny = { width: 2, height: 40, data: new Uint8ClampedArray(2 * 40 * 4) };
    expectScrambleError(
      () => unscrambleRgba(tiny, IDENTITY),
      "invalidScrambledHeight",
      "Invalid scrambled image height",
    );
    expect(() => scrambleRgba({ width: 2, height: 20, data: new Uint8ClampedArray(10) }, IDENTITY)).toThrow(
      RangeError,
    );
  });
});

describe("docs/scramble-format.md vectors", () => {
  it.each([
    ["aB3x", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 0, "aB3xH11"],
    ["Qm7-", [0, 1, 2, 3, 4, 5, 6, 7, 9, 8], 1, "Qm7-H22"],
    ["aB3x", [1, 0, 2, 3, 4, 5, 6, 7, 8, 9], 362880, "aB3xH2rsZZ"],
    ["aB3x", [2, 0, 1, 3, 4, 5, 6, 7, 8, 9], 725760, "aB3xH4ik77"],
    ["xY9_", [3, 7, 1, 9, 0, 5, 2, 8, 6, 4], 1339973, "xY9_H7sKzz"],
    ["k_2Z", [5, 2, 8, 0, 9, 1, 7, 3, 6, 4], 1925899, "k_2ZHAsWAA"],
    ["aB3x", [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], 3628799, "aB3xHKbiWW"],
  ])("prefix %s, permutation %j -> n %i -> %s", (prefix, perm, n, key) => {
    expect(permutationToLehmer(perm)).toBe(n);
    expect(encodeKey(perm, prefix)).toBe(key);
    expect(decodeKey(key)).toEqual(perm);
  });

  it.each([
    ["aB3xH1", "invalidKeyCode"],
    ["aB3xG7sKzz", "invalidKeyCode"],
    ["aB3xH7sK0z", "invalidBase58Character"],
    ["aB3xH7sKzy", "checksumMismatch"],
    ["aB3xHKbiXX", "invalidKeyCode"],
  ])("rejects %s with %s", (key, code) => {
    expect(() => decodeKey(key)).toThrow(expect.objectContaining({ code }));
  });

  it("strip heights", () => {
    expect(stripHeights(100)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    expect(scrambledHeight(100)).toBe(136);
  });

  it("draw plan for h = 19, reversed permutation", () => {
    const plan = scramblePlan(19, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(plan.copies.map((c) => [c.srcY, c.dstY, c.height])).toEqual([
      [18, 0, 1],
      [16, 5, 2],
      [14, 11, 2],
      [12, 17, 2],
      [10, 23, 2],
      [8, 29, 2],
      [6, 35, 2],
      [4, 41, 2],
      [2, 47, 2],
      [0, 53, 2],
    ]);
    expect(unscramblePlan(55, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]).copies.map((c) => [c.srcY, c.dstY])).toEqual(
      plan.copies.map((c) => [c.dstY, c.srcY]),
    );
  });

  it("ratio tokens", () => {
    expect(aspectRatioToken(1300, 1733)).toBe("0L7501");
    expect(aspectRatioFromFileName("Xk3_9aPq-Z_0L6643.jpg")).toBe(0.6643);
  });
});
