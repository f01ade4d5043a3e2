import { thumbnailOfRgba } from "@vt/shared/page-fingerprint";
import { encodeKey } from "@vt/shared/scramble";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { comicPage, type PageStyle, scrambledPage } from "../../test/fixtures/pages";
import { DUPLICATE_DISTANCE } from "../modules/chapters/page-checks";
import {
  bandProbes,
  dhashBands,
  fingerprintImage,
  fingerprintOfThumbnail,
  fingerprintScrambled,
  hamming,
} from "./page-fingerprint";

/** Strip orders of the scrambled pages (docs/scramble-format.md vectors). */
const PERMS = [
  [3, 7, 1, 9, 0, 5, 2, 8, 6, 4],
  [5, 2, 8, 0, 9, 1, 7, 3, 6, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const STYLES: PageStyle[] = ["shapes", "panels", "text", "screentone", "photo"];
const PER_STYLE = 6;

/** What an uploader's tools do to the same page: re-encode, resize, crop a few px. */
const VARIANTS: Record<string, (b: Buffer) => Promise<Buffer>> = {
  "jpeg q70": (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  "jpeg q95": (b) => sharp(b).jpeg({ quality: 95 }).toBuffer(),
  "webp q75": (b) => sharp(b).webp({ quality: 75 }).toBuffer(),
  "resize 690w": (b) => sharp(b).resize({ width: 690 }).jpeg({ quality: 85 }).toBuffer(),
  "resize 400w": (b) => sharp(b).resize({ width: 400 }).png().toBuffer(),
  "crop 4px all sides": (b) =>
    sharp(b).extract({ left: 4, top: 4, width: 792, height: 1192 }).png().toBuffer(),
  "crop 10px top": (b) => sharp(b).extract({ left: 0, top: 10, width: 800, height: 1190 }).png().toBuffer(),
};

describe("page fingerprint", () => {
  it("counts bits and finds every hash within the distance through the band probes", () => {
    expect(hamming("0000000000000000", "ffffffffffffffff")).toBe(64);
    expect(hamming("00f0000000000001", "0000000000000000")).toBe(5);
    const a = "0123456789abcdef";
    // 7 flipped bits spread over the 4 bands: some band differs in at most one bit.
    const b = (BigInt(`0x${a}`) ^ 0x8001_0003_0800_0401n).toString(16).padStart(16, "0");
    expect(hamming(a, b)).toBe(7);
    const probes = new Set(bandProbes(a, 7));
    expect(dhashBands(b).some((band) => probes.has(band))).toBe(true);
  });

  it(`matches re-encoded, resized and cropped copies and tells different pages apart at distance ${DUPLICATE_DISTANCE}`, async () => {
    const originals: { style: PageStyle; hash: string }[] = [];
    // Distances of each variant to its original, by style.
    const same: Record<string, Partial<Record<PageStyle, number[]>>> = {};
    for (const style of STYLES) {
      for (let i = 0; i < PER_STYLE; i++) {
        const bytes = await comicPage(5000 + i, { style });
        const { dhash } = await fingerprintImage(bytes);
        originals.push({ style, hash: dhash });
        for (const [name, make] of Object.entries(VARIANTS)) {
          const copy = await fingerprintImage(await make(bytes));
          same[name] = {
            ...same[name],
            [style]: [...(same[name]?.[style] ?? []), hamming(dhash, copy.dhash)],
          };
        }
      }
    }
    const different: Record<string, number[]> = {};
    for (let i = 0; i < originals.length; i++) {
      for (let j = i + 1; j < originals.length; j++) {
        const a = originals[i]!;
        const b = originals[j]!;
        const label = a.style === b.style ? `different ${a.style} pages` : "different styles";
        different[label] = [...(different[label] ?? []), hamming(a.hash, b.hash)];
      }
    }
    const matched = (d: number[]) => d.filter((x) => x <= DUPLICATE_DISTANCE).length;
    console.table(
      Object.entries(same).map(([name, byStyle]) => {
        const all = Object.values(byStyle).flat();
        const maxes = Object.fromEntries(STYLES.map((st) => [`max ${st}`, Math.max(...byStyle[st]!)]));
        return { pair: `same page, ${name}`, n: all.length, ...maxes, matched: matched(all) };
      }),
    );
    console.table(
      Object.entries(different).map(([name, d]) => ({
        pair: name,
        n: d.length,
        min: Math.min(...d),
        matched: matched(d),
      })),
    );
    // No two different pages match (also same layout, mostly white).
    for (const d of Object.values(different)) expect(matched(d)).toBe(0);
    // Every copy matches but one: a screentone page re-encoded as WebP q0.75 is 9 bits from its
    // original (WebP's filtering smears the dots; docs/page-checks.md, "Measurement of the hash").
    const missed = Object.entries(same).flatMap(([name, byStyle]) =>
      Object.entries(byStyle).flatMap(([style, d]) =>
        d.filter((x) => x > DUPLICATE_DISTANCE).map((x) => `${name} ${style} ${x}`),
      ),
    );
    expect(missed).toEqual(["webp q75 screentone 9"]);
  }, 300_000);

  it("gives a flat page a tiny spread and a drawn page a large one", async () => {
    const flat = await fingerprintImage(
      await sharp({ create: { width: 800, height: 1200, channels: 3, background: "#ffffff" } })
        .png()
        .toBuffer(),
    );
    expect(flat).toMatchObject({ mean: 255, std: 0 });
    expect((await fingerprintImage(await comicPage(1, { style: "text" }))).std).toBeGreaterThan(30);
  });

  it("the dashboard's way (decoded RGBA drawn small, then the shared thumbnail) gives the server's hash", async () => {
    // The workers (apps/web/src/lib/images/fingerprint-ops.ts) draw the decoded page stretched on a
    // canvas of at most 288x256 and pass its RGBA to thumbnailOfRgba. Chromium's canvas resize is
    // not run here: sharp's resize of the RGBA stands for it (one resize more than the gate's
    // pipeline, as in the browser); the full-size RGBA is tried too. In Chromium itself:
    // apps/web/e2e/image-pipeline.spec.ts. Measured: docs/page-checks.md.
    const browserWay = async (bytes: Buffer, size: { width: number; height: number } | null) => {
      let image = sharp(bytes).ensureAlpha();
      if (size) image = image.resize({ ...size, fit: "fill" });
      const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
      return fingerprintOfThumbnail(thumbnailOfRgba(data, info.width, info.height), 3);
    };
    const distances: Record<string, number[]> = {};
    const stds: number[] = [];
    for (const style of STYLES) {
      for (let i = 0; i < PER_STYLE; i++) {
        const bytes = await comicPage(5000 + i, { style });
        const server = await fingerprintImage(bytes);
        for (const [name, size] of [
          ["canvas 288x256", { width: 288, height: 256 }],
          ["full size", null],
        ] as const) {
          const mine = await browserWay(bytes, size);
          distances[name] = [...(distances[name] ?? []), hamming(server.dhash, mine.dhash)];
          stds.push(Math.abs(server.std - mine.std), Math.abs(server.mean - mine.mean));
        }
      }
    }
    console.table(Object.entries(distances).map(([way, d]) => ({ way, n: d.length, max: Math.max(...d) })));
    for (const d of Object.values(distances)) expect(Math.max(...d)).toBeLessThanOrEqual(DUPLICATE_DISTANCE);
    // Brightness within 3 levels of 255, so a blank page is blank on both sides.
    expect(Math.max(...stds)).toBeLessThanOrEqual(3);
  }, 300_000);

  it("fingerprints a scrambled page as its plain picture (PNG: within 1 bit; JPEG q85: within the distance)", async () => {
    const distances: Record<string, number[]> = { png: [], "jpeg q85": [], "other page": [] };
    for (const style of STYLES) {
      for (let i = 0; i < 3; i++) {
        const plain = await comicPage(7000 + i, { style, height: 1200 + 37 * i });
        const perm = PERMS[i]!;
        const key = encodeKey(perm);
        const want = await fingerprintImage(plain);
        const png = await fingerprintScrambled(await scrambledPage(plain, perm), key);
        const jpeg = await fingerprintScrambled(await scrambledPage(plain, perm, 85), key);
        const plainJpeg = await fingerprintImage(await sharp(plain).jpeg({ quality: 85 }).toBuffer());
        distances.png!.push(hamming(png.dhash, want.dhash));
        distances["jpeg q85"]!.push(hamming(jpeg.dhash, plainJpeg.dhash));
        // The scrambled file read as a plain page is another picture.
        distances["other page"]!.push(
          hamming((await fingerprintImage(await scrambledPage(plain, perm))).dhash, want.dhash),
        );
        expect(Math.abs(png.std - want.std)).toBeLessThan(1);
      }
    }
    console.log("scrambled vs plain, distances:", JSON.stringify(distances));
    expect(Math.max(...distances.png!)).toBeLessThanOrEqual(1);
    expect(Math.max(...distances["jpeg q85"]!)).toBeLessThanOrEqual(DUPLICATE_DISTANCE);
    expect(Math.min(...distances["other page"]!)).toBeGreaterThan(DUPLICATE_DISTANCE);
  }, 300_000);
});
