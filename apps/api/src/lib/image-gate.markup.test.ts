/**
 * Markup hidden in image files is refused as "not an image" wherever a reader could find it (comment
 * segments, text chunks, extensions, after the end of the image), while compressed pixel data that
 * happens to spell a tag passes (it did: about one real 1 MB page in 500 was refused).
 */
import { containsMarkup } from "@vt/shared/image-markup";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpeg } from "../../test/fixtures/api";
import { AppError } from "./app-error";
import { checkImage } from "./image-gate";

const limits = { maxBytes: 4 * 1024 * 1024 };
const SCRIPT = "<script>alert(1)</script>";

async function refusal(bytes: Buffer): Promise<unknown[]> {
  const error = await checkImage(bytes, limits).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return [(error as AppError).statusCode, (error as AppError).message];
}

const solid = (format: "png" | "gif" | "webp") =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7" } })
    [format]()
    .toBuffer();

/** A PNG chunk (CRC left zero: the gate refuses before any decoder reads it). */
function pngChunk(type: string, data: string): Buffer {
  const body = Buffer.from(data);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, Buffer.from(type), body, Buffer.alloc(4)]);
}

/** Bytes spelling a tag, as pixels: 3 channels per pixel, padded to whole pixels. */
function markupPixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3, 0x20);
  for (let at = 0; at + 40 < pixels.length; at += 97) pixels.write("<svg <html <script <body ", at);
  return pixels;
}

describe("markup in image files", () => {
  it("refuses a JPEG carrying HTML after its end or in a comment segment (415)", async () => {
    const whole = await jpeg(20, 20);
    const trailing = Buffer.concat([whole, Buffer.from(`<html>${SCRIPT}</html>`)]);
    const inComment = Buffer.concat([
      whole.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0x00, 2 + SCRIPT.length]),
      Buffer.from(SCRIPT),
      whole.subarray(2),
    ]);
    for (const bytes of [trailing, inComment])
      expect(await refusal(bytes)).toEqual([415, "validation.notAnImage"]);
  });

  it("refuses markup in a PNG text chunk or after IEND, a GIF comment or after its trailer, a WebP chunk", async () => {
    const png = await solid("png");
    const iend = png.length - 12;
    const pngText = Buffer.concat([
      png.subarray(0, iend),
      pngChunk("tEXt", `Comment\0${SCRIPT}`),
      png.subarray(iend),
    ]);
    const gif = await solid("gif");
    const gifComment = Buffer.concat([
      gif.subarray(0, gif.length - 1),
      Buffer.from([0x21, 0xfe, SCRIPT.length]),
      Buffer.from(SCRIPT),
      Buffer.from([0, 0x3b]),
    ]);
    const webp = await solid("webp");
    const xmp = Buffer.concat([
      Buffer.from("XMP "),
      Buffer.from([SCRIPT.length + 1, 0, 0, 0]),
      Buffer.from(`${SCRIPT} `),
    ]);
    const webpChunk = Buffer.concat([webp, xmp]);
    webpChunk.writeUInt32LE(webpChunk.length - 8, 4);
    const after = (bytes: Buffer) => Buffer.concat([bytes, Buffer.from(SCRIPT)]);
    for (const bytes of [pngText, after(png), gifComment, after(gif), webpChunk, after(webp)]) {
      expect(containsMarkup(bytes), bytes.subarray(0, 4).toString("latin1")).toBe(true);
      expect(await refusal(bytes)).toEqual([415, "validation.notAnImage"]);
    }
  });

  it("passes pixel data that happens to spell a tag", async () => {
    const raw = { width: 60, height: 40, channels: 3 as const };
    const pixels = markupPixels(raw.width, raw.height);
    // An uncompressed PNG carries the pixel bytes as they are, inside its IDAT chunk.
    const png = await sharp(pixels, { raw }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.includes("<svg")).toBe(true);
    expect((await checkImage(png, limits)).width).toBe(60);
    // The same bytes inside a JPEG's entropy-coded scan.
    const jpg = await jpeg(300, 300);
    const scan = jpg.lastIndexOf(Buffer.from([0xff, 0xda]));
    const patched = Buffer.from(jpg);
    patched.write("<svg", scan + 40, "latin1");
    expect(containsMarkup(patched)).toBe(false);
    const gif = await sharp(pixels, { raw }).gif().toBuffer();
    const webp = await sharp(pixels, { raw }).webp({ lossless: true }).toBuffer();
    for (const bytes of [gif, webp]) expect(containsMarkup(bytes)).toBe(false);
  });

  it("searches the rest of a file whose structure breaks", () => {
    const broken = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0x12]),
      Buffer.from(SCRIPT),
    ]);
    expect(containsMarkup(broken)).toBe(true);
  });
});
