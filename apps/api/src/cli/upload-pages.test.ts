/**
 * `npm run upload`'s page rule: a JPEG that already meets the target (the shared
 * `keptOriginalSize`) is uploaded byte for byte, like the dashboard does; anything else is
 * re-encoded (downscaled, EXIF orientation applied and dropped, scrambled).
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { preparePage } from "./upload-pages";

const gradient = (width: number, height: number) => {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
  return sharp(data, { raw: { width, height, channels: 3 } });
};

describe("preparePage", () => {
  it("keeps a JPEG that meets the target byte for byte, renamed {stem}.jpg", async () => {
    const jpeg = await gradient(800, 1200).jpeg({ quality: 80 }).toBuffer();
    const page = await preparePage(jpeg, "c1/01.jpeg", { scramble: false });
    expect(page).toMatchObject({ name: "01.jpg", type: "image/jpeg", key: null });
    expect(page.bytes.equals(jpeg)).toBe(true);
  });

  it("re-encodes a wider JPEG, one with EXIF, a PNG, and every page of a scrambled chapter", async () => {
    const wide = await gradient(1600, 800).jpeg().toBuffer();
    const exif = await gradient(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const png = await gradient(800, 600).png().toBuffer();
    for (const bytes of [wide, exif, png]) {
      const page = await preparePage(bytes, "p.jpg", { scramble: false });
      expect(page.bytes.equals(bytes)).toBe(false);
      expect((await sharp(page.bytes).metadata()).format).toBe("jpeg");
    }
    expect(
      (await sharp((await preparePage(exif, "p.jpg", { scramble: false })).bytes).metadata()).width,
    ).toBe(600);
    const plain = await gradient(800, 1200).jpeg().toBuffer();
    const scrambled = await preparePage(plain, "p.jpg", { scramble: true });
    expect(scrambled.key).toBeTruthy();
    expect(scrambled.bytes.equals(plain)).toBe(false);
  });
});
