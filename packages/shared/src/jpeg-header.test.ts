import { describe, expect, it } from "vitest";
import { jpegInfo } from "./jpeg-header";

describe("jpegInfo", () => {
  const sof = (w: number, h: number) => [
    0xff,
    0xc0,
    0,
    17,
    8,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    3,
    ...Array(9).fill(0),
  ];
  const exif = (orientation: number, le: boolean) => {
    const u16 = (v: number) => (le ? [v & 255, v >> 8] : [v >> 8, v & 255]);
    const u32 = (v: number) => (le ? [v & 255, 0, 0, 0] : [0, 0, 0, v & 255]);
    const tiff = [
      ...(le ? [0x49, 0x49] : [0x4d, 0x4d]),
      ...u16(42),
      ...u32(8),
      ...u16(1),
      ...u16(0x0112),
      ...u16(3),
      ...u32(1),
      ...u16(orientation),
      0,
      0,
      ...u32(0),
    ];
    const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    return [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255, ...body];
  };
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];

  it("reads the size from the frame header, past other segments, orientation 1 without EXIF", () => {
    expect(jpegInfo(new Uint8Array([0xff, 0xd8, ...app0, ...sof(3000, 4500)]))).toEqual({
      width: 3000,
      height: 4500,
      orientation: 1,
    });
  });

  it("reads the EXIF orientation in both byte orders", () => {
    expect(jpegInfo(new Uint8Array([0xff, 0xd8, ...exif(6, true), ...sof(640, 480)]))?.orientation).toBe(6);
    expect(jpegInfo(new Uint8Array([0xff, 0xd8, ...exif(3, false), ...sof(640, 480)]))?.orientation).toBe(3);
  });

  it("answers null for a PNG, a cut header or scan data before any frame header", () => {
    expect(jpegInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).toBeNull();
    expect(jpegInfo(new Uint8Array([0xff, 0xd8, ...app0.slice(0, 10)]))).toBeNull();
    expect(jpegInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, ...sof(10, 10)]))).toBeNull();
  });
});
