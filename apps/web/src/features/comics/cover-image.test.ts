import { sniffImageType } from "@vt/shared/image-sniff";
import { describe, expect, it } from "vitest";
import { clampCrop, coverVerdict, croppedSize, initialCrop, zoomCrop } from "./cover-image";

describe("cover checks", () => {
  it("accepts 3:4 images of at least 600x800, crops larger ones and refuses smaller ones", () => {
    expect(coverVerdict({ width: 600, height: 800 })).toBe("ok");
    expect(coverVerdict({ width: 1125, height: 1500 })).toBe("ok");
    expect(coverVerdict({ width: 1600, height: 900 })).toBe("crop");
    expect(coverVerdict({ width: 600, height: 1200 })).toBe("crop");
    expect(coverVerdict({ width: 300, height: 400 })).toBe("too-small");
    expect(coverVerdict({ width: 2000, height: 700 })).toBe("too-small");
  });

  it("recognises images by their first bytes", () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      "image/png",
    );
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
  });
});

describe("crop window", () => {
  it("starts as the largest centred 3:4 window", () => {
    expect(initialCrop({ width: 1600, height: 900 })).toEqual({ x: 462.5, y: 0, width: 675 });
    expect(initialCrop({ width: 900, height: 1600 })).toEqual({ x: 0, y: 200, width: 900 });
  });

  it("never zooms in below 600 px wide nor leaves the picture", () => {
    const image = { width: 1600, height: 1200 };
    expect(zoomCrop(initialCrop(image), 100, image).width).toBe(600);
    expect(clampCrop({ x: -50, y: 2000, width: 900 }, image)).toEqual({ x: 0, y: 0, width: 900 });
    expect(clampCrop({ x: 1500, y: 0, width: 5000 }, image)).toEqual({ x: 700, y: 0, width: 900 });
  });

  it("produces exactly 3:4, at least 600x800 and at most 1200 wide", () => {
    expect(croppedSize(600)).toEqual({ width: 600, height: 800 });
    expect(croppedSize(675)).toEqual({ width: 675, height: 900 });
    expect(croppedSize(3000)).toEqual({ width: 1200, height: 1600 });
    expect(croppedSize(701.4)).toEqual({ width: 699, height: 932 });
  });
});
