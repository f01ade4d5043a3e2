import { describe, expect, it } from "vitest";
import { jpegInfo, keptOriginalSize } from "./jpeg-header";

const u16 = (v: number) => [v >> 8, v & 255];
const segment = (marker: number, body: number[]) => [0xff, marker, ...u16(body.length + 2), ...body];
const app0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const frame = (w: number, h: number, { marker = 0xc0, precision = 8, components = 3 } = {}) =>
  segment(marker, [precision, ...u16(h), ...u16(w), components, ...Array(components * 3).fill(1)]);
const scan = [...segment(0xda, [1, 1, 0, 0, 63, 0]), 0x12, 0x34, 0x56, 0xff, 0xd9];
const jpeg = (...parts: number[][]) => new Uint8Array([0xff, 0xd8, ...parts.flat(), ...scan]);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe("jpegInfo", () => {
  it("reads frame type, precision, components and whether metadata segments come first", () => {
    expect(jpegInfo(jpeg(app0, frame(800, 1200, { marker: 0xc2 })))).toEqual({
      width: 800,
      height: 1200,
      orientation: 1,
      frame: 0xc2,
      precision: 8,
      components: 3,
      metadata: false,
    });
    expect(jpegInfo(jpeg(segment(0xfe, ascii("hi")), frame(8, 8)))?.metadata).toBe(true);
  });
});

describe("keptOriginalSize: the pages both upload tools keep byte for byte", () => {
  it("keeps a plain 8-bit colour or grey JPEG at most 1500 px wide, baseline or progressive", () => {
    expect(keptOriginalSize(jpeg(app0, frame(1500, 9000)))).toEqual({ width: 1500, height: 9000 });
    expect(keptOriginalSize(jpeg(frame(800, 1200, { marker: 0xc2, components: 1 })))).toEqual({
      width: 800,
      height: 1200,
    });
  });

  it("re-encodes anything else: too wide, too big, not a JPEG, metadata, odd frames, markup", () => {
    expect(keptOriginalSize(jpeg(app0, frame(1501, 2000)))).toBeNull();
    expect(keptOriginalSize(jpeg(app0, frame(800, 1200)), { maxBytes: 10 })).toBeNull();
    expect(keptOriginalSize(jpeg(app0, frame(1200, 1200)), { maxWidth: 1000 })).toBeNull();
    expect(keptOriginalSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    const exif = segment(0xe1, [...ascii("Exif"), 0, 0, 0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 0]);
    expect(keptOriginalSize(jpeg(exif, frame(800, 1200)))).toBeNull();
    expect(keptOriginalSize(jpeg(segment(0xfe, ascii("scanned")), frame(800, 1200)))).toBeNull();
    expect(keptOriginalSize(jpeg(frame(800, 1200, { components: 4 })))).toBeNull();
    expect(keptOriginalSize(jpeg(frame(800, 1200, { precision: 12 })))).toBeNull();
    expect(keptOriginalSize(jpeg(frame(800, 1200, { marker: 0xc9 })))).toBeNull();
    const polyglot = new Uint8Array([...jpeg(app0, frame(800, 1200)), ...ascii("<script>")]);
    expect(keptOriginalSize(polyglot)).toBeNull();
  });
});
