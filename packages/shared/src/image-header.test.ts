import { describe, expect, it } from "vitest";
import { imageHeaderSize, splitPageCount } from "./image-header";
import { stripPieceCount } from "./tall-strip";

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const be32 = (v: number) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const le16 = (v: number) => [v & 255, (v >> 8) & 255];
const le24 = (v: number) => [v & 255, (v >> 8) & 255, (v >> 16) & 255];

const png = (w: number, h: number) =>
  new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    ...ascii("IHDR"),
    ...be32(w),
    ...be32(h),
  ]);
const riff = (chunk: string, body: number[]) =>
  new Uint8Array([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP"), ...ascii(chunk), 0, 0, 0, 0, ...body]);
const webpLossy = (w: number, h: number) => riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(w), ...le16(h)]);
const webpLossless = (w: number, h: number) => {
  const [x, y] = [w - 1, h - 1];
  return riff("VP8L", [0x2f, x & 255, ((x >> 8) & 0x3f) | ((y & 3) << 6), (y >> 2) & 255, (y >> 10) & 15]);
};
const webpExtended = (w: number, h: number) => riff("VP8X", [0, 0, 0, 0, ...le24(w - 1), ...le24(h - 1)]);
const jpeg = (w: number, h: number, orientation?: number) => {
  const exif =
    orientation === undefined
      ? []
      : (() => {
          const tiff = [
            0x4d,
            0x4d,
            0,
            42,
            0,
            0,
            0,
            8,
            0,
            1,
            0x01,
            0x12,
            0,
            3,
            0,
            0,
            0,
            1,
            0,
            orientation,
            0,
            0,
            0,
            0,
            0,
            0,
          ];
          const body = [...ascii("Exif"), 0, 0, ...tiff];
          return [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255, ...body];
        })();
  const sof = [0xff, 0xc0, 0, 17, 8, h >> 8, h & 255, w >> 8, w & 255, 3, ...Array(9).fill(1)];
  return new Uint8Array([0xff, 0xd8, ...exif, ...sof]);
};

describe("imageHeaderSize", () => {
  it("reads PNG, WebP (lossy, lossless, extended) and JPEG sizes from the header", () => {
    expect(imageHeaderSize(png(1500, 9000))).toEqual({ width: 1500, height: 9000 });
    expect(imageHeaderSize(webpLossy(800, 1200))).toEqual({ width: 800, height: 1200 });
    expect(imageHeaderSize(webpLossless(1500, 9000))).toEqual({ width: 1500, height: 9000 });
    expect(imageHeaderSize(webpExtended(3000, 20000))).toEqual({ width: 3000, height: 20000 });
    expect(imageHeaderSize(jpeg(640, 480))).toEqual({ width: 640, height: 480 });
  });

  it("gives the displayed size of a JPEG turned by EXIF (orientations 5-8 swap)", () => {
    expect(imageHeaderSize(jpeg(9000, 1500, 6))).toEqual({ width: 1500, height: 9000 });
    expect(imageHeaderSize(jpeg(1500, 9000, 3))).toEqual({ width: 1500, height: 9000 });
  });

  it("answers null for a cut header or something else", () => {
    expect(imageHeaderSize(png(10, 10).subarray(0, 20))).toBeNull();
    expect(imageHeaderSize(new Uint8Array(ascii("hello world, not an image")))).toBeNull();
  });
});

describe("splitPageCount: pages after tall-strip splitting, from the header", () => {
  it("counts the pieces of the page at 1500 px wide, cut at the limit", () => {
    expect(splitPageCount(png(1500, 3000))).toBe(1);
    expect(splitPageCount(png(1500, 9000))).toBe(3);
    expect(splitPageCount(png(1500, 9001))).toBe(4);
    // 3000 x 18000 is 1500 x 9000 once fitted.
    expect(splitPageCount(webpExtended(3000, 18000))).toBe(3);
    // Never upscaled: 750 x 6000 stays 6000 high.
    expect(splitPageCount(jpeg(750, 6000))).toBe(2);
    expect(splitPageCount(png(1500, 9000), { maxHeight: 4500 })).toBe(2);
    expect(stripPieceCount(1500, 9000)).toBe(3);
  });

  it("never splits a GIF, and keeps a file it cannot read whole", () => {
    const gif = new Uint8Array([...ascii("GIF89a"), ...le16(200), ...le16(20000), 0, 0, 0]);
    expect(splitPageCount(gif)).toBe(1);
    expect(splitPageCount(new Uint8Array([1, 2, 3]))).toBe(1);
  });
});
