/**
 * `npm run upload --split-tall`: a tall strip becomes 1500 x 3000 JPEG pieces named like the
 * browser's (`{stem}_1.jpg`, ...), cut on a quiet row near the limit when there is one, the same
 * bytes on every run (so a rerun finds them stored); short pages and GIFs stay whole.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { splitTallPage } from "./upload-split";

/** A gradient with no uniform row, except the white stripes asked for (source rows). */
async function strip(width: number, height: number, quiet: [number, number][] = []): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const white = quiet.some(([from, to]) => y >= from && y < to);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = white ? 255 : Math.floor((x / width) * 255);
      data[i + 1] = white ? 255 : Math.floor((y / height) * 255);
      data[i + 2] = white ? 255 : 128;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe("splitTallPage", () => {
  it("cuts a 1500 x 9000 gradient strip at the limit into three 1500 x 3000 pieces", async () => {
    const pieces = await splitTallPage(await strip(1500, 9000), "Series/c1/strip.png");
    expect(pieces.map((p) => p.path)).toEqual([
      "Series/c1/strip_1.jpg",
      "Series/c1/strip_2.jpg",
      "Series/c1/strip_3.jpg",
    ]);
    for (const piece of pieces) {
      const meta = await sharp(piece.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1500, 3000]);
    }
    // Deterministic: a rerun gives the same bytes (the same clientIds).
    const again = await splitTallPage(await strip(1500, 9000), "Series/c1/strip.png");
    expect(again.map((p, i) => p.bytes.equals(pieces[i]!.bytes))).toEqual([true, true, true]);
  }, 60_000);

  it("cuts on a quiet row near the limit, measured after the resize to 1500 px wide", async () => {
    // 3000 x 12000 -> 1500 x 6000; white rows 5400..5420 of the source are rows 2700..2710 there.
    const pieces = await splitTallPage(await strip(3000, 12000, [[5400, 5420]]), "strip.png");
    expect(pieces.map((p) => [p.path, p.width, p.height])).toEqual([
      ["strip_1.jpg", 1500, 2709],
      ["strip_2.jpg", 1500, 3000],
      ["strip_3.jpg", 1500, 291],
    ]);
  }, 60_000);

  it("keeps short pages and GIFs whole", async () => {
    expect(await splitTallPage(await strip(3000, 6000), "wide.png")).toEqual([]);
    const gif = await sharp(await strip(100, 9000))
      .gif()
      .toBuffer();
    expect(await splitTallPage(gif, "anim.gif")).toEqual([]);
  }, 60_000);
});
