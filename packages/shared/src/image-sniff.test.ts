import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "./contracts/users";
import { gifSize, imageHeadProblem, isGif, sniffImageType } from "./image-sniff";

const bytes = (...b: (number | string)[]) =>
  new Uint8Array(b.flatMap((x) => (typeof x === "string" ? Array.from(x, (c) => c.charCodeAt(0)) : [x])));
const PNG = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);

describe("sniffImageType / isGif / gifSize: the one sniffer (magic bytes, not names)", () => {
  it("recognises JPEG, PNG, GIF87a/89a and WebP", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))).toBe("image/jpeg");
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(bytes("GIF89a", 1, 0, 1, 0))).toBe("image/gif");
    expect(sniffImageType(bytes("GIF87a", 1, 0, 1, 0))).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
  });

  it("rejects look-alikes and short buffers", () => {
    expect(sniffImageType(bytes("GIF90a"))).toBeNull();
    expect(sniffImageType(bytes("GIF8"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(sniffImageType(bytes("<svg xmlns"))).toBeNull();
    expect(sniffImageType(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(isGif(bytes(0xff, 0xd8, 0xff))).toBe(false);
    expect(isGif(bytes("GIF89a"))).toBe(true);
  });

  it("reads a GIF's logical screen size, little-endian", () => {
    expect(gifSize(bytes("GIF89a", 0x40, 0x01, 0xe0, 0x01))).toEqual({ width: 320, height: 480 });
    expect(gifSize(bytes("GIF89a", 0x40))).toBeNull();
    expect(gifSize(PNG)).toBeNull();
  });
});

describe("imageHeadProblem: the browser's one check of a picked image, with one set of messages", () => {
  const limit = 7 * 1024 * 1024;
  const notAnImage = { key: "validation.notAnImage" };
  const typeInvalid = { key: "validation.fileTypeInvalid", params: { types: "JPEG, PNG, WebP, GIF" } };

  it("accepts the four stored types within the limit, whatever the file claims to be", () => {
    expect(imageHeadProblem(PNG, { type: "image/png", size: 100 }, limit)).toBeNull();
    expect(imageHeadProblem(PNG, { type: "text/plain", size: 100 }, limit)).toBeNull();
    expect(imageHeadProblem(bytes("GIF89a", 1, 0, 1, 0), { type: "", size: 100 }, limit)).toBeNull();
  });

  it("says 'not an image' for other content, even named or typed as a PNG", () => {
    expect(imageHeadProblem(bytes("%PDF-1.7"), { type: "application/pdf", size: 100 }, limit)).toEqual(
      notAnImage,
    );
    expect(imageHeadProblem(bytes("%PDF-1.7"), { type: "image/png", size: 100 }, limit)).toEqual(notAnImage);
  });

  it("names the accepted types for an image the platform does not store (SVG, BMP, TIFF)", () => {
    expect(imageHeadProblem(bytes("<svg xmlns='x'/>"), { type: "image/svg+xml", size: 10 }, limit)).toEqual(
      typeInvalid,
    );
    // Told by content too: a BMP with no declared type.
    expect(imageHeadProblem(bytes("BM", ...new Array(14).fill(0)), { type: "", size: 30 }, limit)).toEqual(
      typeInvalid,
    );
    expect(imageHeadProblem(bytes(0x49, 0x49, 0x2a, 0), { type: "image/tiff", size: 30 }, limit)).toEqual(
      typeInvalid,
    );
  });

  it("gives the limit in MB for a file over it (pages 7 MB, avatars 2 MB)", () => {
    expect(imageHeadProblem(PNG, { type: "image/png", size: limit + 1 }, limit)).toEqual({
      key: "validation.fileTooLarge",
      params: { max: 7 },
    });
    expect(
      imageHeadProblem(PNG, { type: "image/png", size: AVATAR_MAX_BYTES + 1 }, AVATAR_MAX_BYTES),
    ).toEqual({
      key: "validation.fileTooLarge",
      params: { max: 2 },
    });
  });
});
