import { describe, expect, it } from "vitest";
import { BROWSER_JPEG_HEADER, withBrowserJpegHeader } from "./browser-jpeg";

const u16 = (v: number) => [v >> 8, v & 255];
const segment = (marker: number, body: number[]) => [0xff, marker, ...u16(body.length + 2), ...body];
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
/** Tables, frame and scan of a JPEG after its APPn segments (the part that must stay as it is). */
const rest = [
  ...segment(0xdb, [0, ...Array(64).fill(1)]),
  ...segment(0xc0, [8, ...u16(16), ...u16(8), 1, 1, 0x11, 0]),
  ...segment(0xda, [1, 1, 0, 0, 63, 0]),
  0x12,
  0x34,
  0xff,
  0xd9,
];
const jpeg = (...app: number[][]) => new Uint8Array([0xff, 0xd8, ...app.flat(), ...rest]);

describe("BROWSER_JPEG_HEADER", () => {
  it("is Chromium's JFIF APP0 then one ICC_PROFILE APP2 chunk, segment lengths matching", () => {
    const h = BROWSER_JPEG_HEADER;
    expect(h.length).toBe(492);
    expect([...h.subarray(0, 4)]).toEqual([0xff, 0xe0, 0, 16]);
    expect(String.fromCharCode(...h.subarray(4, 9))).toBe("JFIF\0");
    expect([...h.subarray(18, 22)]).toEqual([0xff, 0xe2, 0x01, 0xd8]);
    expect(String.fromCharCode(...h.subarray(22, 34))).toBe("ICC_PROFILE\0");
    expect([...h.subarray(34, 36)]).toEqual([1, 1]);
    // The ICC profile's own size field (first 4 bytes) is what is left of the segment: 456.
    const profile = h.subarray(36);
    expect(profile.length).toBe(456);
    expect(new DataView(profile.buffer, profile.byteOffset).getUint32(0)).toBe(456);
    expect(String.fromCharCode(...profile.subarray(36, 40))).toBe("acsp");
  });
});

describe("withBrowserJpegHeader", () => {
  it("inserts the header right after SOI and keeps every byte after it", () => {
    const out = withBrowserJpegHeader(jpeg());
    expect([...out]).toEqual([0xff, 0xd8, ...BROWSER_JPEG_HEADER, ...rest]);
  });

  it("replaces the APPn segments that follow SOI (JFIF, EXIF, ICC), nothing else", () => {
    const jfif = segment(0xe0, [...ascii("JFIF"), 0, 1, 1, 1, 0, 72, 0, 72, 0, 0]);
    const exif = segment(0xe1, [...ascii("Exif"), 0, 0, 0x4d, 0x4d, 0, 42, 0, 0, 0, 8]);
    const icc = segment(0xe2, [...ascii("ICC_PROFILE"), 0, 1, 1, 1, 2, 3]);
    expect([...withBrowserJpegHeader(jpeg(jfif, exif, icc))]).toEqual([
      0xff,
      0xd8,
      ...BROWSER_JPEG_HEADER,
      ...rest,
    ]);
    // Applied twice: the same bytes (its own header is replaced).
    const once = withBrowserJpegHeader(jpeg(jfif));
    expect([...withBrowserJpegHeader(once)]).toEqual([...once]);
  });

  it("refuses what is no JPEG or ends inside its header", () => {
    expect(() => withBrowserJpegHeader(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toThrow();
    expect(() => withBrowserJpegHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a]))).toThrow();
  });
});
