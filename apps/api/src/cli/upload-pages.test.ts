/**
 * `npm run upload`'s page rule (docs/bulk-import.md, "Which pages are uploaded byte for byte"): a
 * GIF is uploaded unchanged; every other page is re-encoded (EXIF orientation applied, downscaled
 * to 1500 px wide at most, JPEG q95; scrambled pages at 1300 px, JPEG q90) and carries the header
 * Chromium's encoder writes (@vt/shared/browser-jpeg), so a page the dashboard encodes from the
 * same pixels gets the same bytes (apps/web/e2e/bulk-import.spec.ts checks that against Chromium).
 */
import { BROWSER_JPEG_HEADER, withBrowserJpegHeader } from "@vt/shared/browser-jpeg";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { preparePage } from "./upload-pages";

const gradient = (width: number, height: number) => {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
  return sharp(data, { raw: { width, height, channels: 3 } });
};
const startsWithBrowserHeader = (bytes: Buffer) =>
  bytes.subarray(0, 2 + BROWSER_JPEG_HEADER.length).equals(Buffer.from([0xff, 0xd8, ...BROWSER_JPEG_HEADER]));

describe("preparePage", () => {
  it("re-encodes a JPEG that is narrow enough: sharp's q95 with Chromium's header, a valid JPEG", async () => {
    const jpeg = await gradient(800, 1200).jpeg({ quality: 80 }).toBuffer();
    const page = await preparePage(jpeg, "c1/01.jpeg", { scramble: false });
    expect(page).toMatchObject({ name: "01.jpg", type: "image/jpeg", key: null });
    expect(page.bytes.equals(jpeg)).toBe(false);
    const plain = await sharp(jpeg).jpeg({ quality: 95 }).toBuffer();
    expect(page.bytes.equals(Buffer.from(withBrowserJpegHeader(plain)))).toBe(true);
    // The header is only inserted: sharp reads the page, decodes the same pixels as without it.
    expect(startsWithBrowserHeader(page.bytes)).toBe(true);
    const meta = await sharp(page.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasProfile]).toEqual(["jpeg", 800, 1200, true]);
    const raw = (b: Buffer) => sharp(b).raw().toBuffer();
    expect((await raw(page.bytes)).equals(await raw(plain))).toBe(true);
  });

  it("keeps a GIF, re-encodes a wider JPEG, one with EXIF and a PNG, scrambles with a key", async () => {
    const gif = await gradient(40, 60).gif().toBuffer();
    const kept = await preparePage(gif, "c1/02.gif", { scramble: true });
    expect(kept).toMatchObject({ name: "02.gif", type: "image/gif", key: null });
    expect(kept.bytes.equals(gif)).toBe(true);
    const wide = await gradient(1600, 800).jpeg().toBuffer();
    const exif = await gradient(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const png = await gradient(800, 600).png().toBuffer();
    const widths = [];
    for (const bytes of [wide, exif, png]) {
      const page = await preparePage(bytes, "p.jpg", { scramble: false });
      expect(startsWithBrowserHeader(page.bytes)).toBe(true);
      const meta = await sharp(page.bytes).metadata();
      expect([meta.format, meta.orientation]).toEqual(["jpeg", undefined]);
      widths.push(meta.width);
    }
    expect(widths).toEqual([1500, 600, 800]);
    const scrambled = await preparePage(await gradient(800, 1200).jpeg().toBuffer(), "p.jpg", {
      scramble: true,
    });
    expect(scrambled.key).toBeTruthy();
    expect(startsWithBrowserHeader(scrambled.bytes)).toBe(true);
    expect((await sharp(scrambled.bytes).metadata()).width).toBe(1300);
  });
});
