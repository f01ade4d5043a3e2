/**
 * The gate may be cheaper than a full-size decode on one condition: it still reads every compressed
 * byte (docs/operations.md, "The image gate", step 4). The gate's decode of a page is a 64 px
 * thumbnail, so libjpeg decodes a JPEG at 1/8 scale (DCT scaling through sharp's shrink-on-load)
 * yet still entropy-decodes every scan; PNG, WebP and GIF still inflate every byte. This corpus
 * shows it refuses everything a full-size decode refuses: more than 300 damaged copies of valid
 * pages (seeded, so the same files every run): truncated at random offsets, bits flipped in the
 * compressed data, markers and chunk headers broken, spans zeroed.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { checkImage } from "./image-gate";

/** mulberry32: a small seeded generator, so the corpus is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A page of seeded pixels (a gradient with grain), so the valid sources are the same every run. */
function page(width: number, height: number, rand: () => number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = Math.floor(rand() * 64);
      pixels[i] = (x * 255) / width + grain;
      pixels[i + 1] = (y * 255) / height + grain;
      pixels[i + 2] = 128 + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** Where the compressed data starts: after the first SOS (JPEG), the first IDAT (PNG), VP8 (WebP). */
function dataStart(bytes: Buffer, mime: string): number {
  const at = (marker: Buffer) => bytes.indexOf(marker);
  if (mime === "jpeg") return at(Buffer.from([0xff, 0xda])) + 12;
  if (mime === "png") return at(Buffer.from("IDAT")) + 8;
  if (mime === "webp") return at(Buffer.from("VP8")) + 12;
  return at(Buffer.from([0x2c])) + 12; // GIF image descriptor
}

/** Offsets of the structure: JPEG markers, PNG chunk types, WebP/GIF block starts. */
function markers(bytes: Buffer, mime: string): number[] {
  const out: number[] = [];
  if (mime === "jpeg") {
    for (let i = 2; i < bytes.length - 1; i++) {
      if (bytes[i] === 0xff && bytes[i + 1] !== 0 && bytes[i + 1] !== 0xff) out.push(i + 1);
    }
  } else if (mime === "png") {
    for (let i = 8; i + 8 <= bytes.length; ) {
      const length = bytes.readUInt32BE(i);
      out.push(i + 4, i + 8 + length); // chunk type, CRC
      i += 12 + length;
    }
  } else {
    for (let i = 0; i < Math.min(bytes.length, 64); i++) out.push(i);
  }
  return out;
}

interface Damaged {
  label: string;
  bytes: Buffer;
}

function damage(name: string, mime: string, good: Buffer, rand: () => number, each: number): Damaged[] {
  const out: Damaged[] = [];
  const start = dataStart(good, mime);
  const pick = (from: number, to: number) => from + Math.floor(rand() * (to - from));
  for (let i = 0; i < each; i++) {
    const cut = pick(1, good.length - 1);
    out.push({ label: `${name} cut at ${cut}`, bytes: good.subarray(0, cut) });
  }
  for (let i = 0; i < each; i++) {
    const bytes = Buffer.from(good);
    const flips = 1 + Math.floor(rand() * 8);
    for (let f = 0; f < flips; f++) {
      const at = pick(start, bytes.length - 2);
      bytes[at]! ^= 1 << Math.floor(rand() * 8);
    }
    out.push({ label: `${name} ${flips} bit flips`, bytes });
  }
  const structure = markers(good, mime);
  for (let i = 0; i < each; i++) {
    const bytes = Buffer.from(good);
    const at = structure[Math.floor(rand() * structure.length)]!;
    bytes[at] = Math.floor(rand() * 256);
    out.push({ label: `${name} marker at ${at}`, bytes });
  }
  for (let i = 0; i < each; i++) {
    const bytes = Buffer.from(good);
    const at = pick(start, good.length - 2);
    const length = pick(16, 4096);
    bytes.fill(0, at, Math.min(bytes.length - 2, at + length));
    out.push({ label: `${name} zeroed ${length} at ${at}`, bytes });
  }
  return out;
}

/** A decode at full size that reads every byte: the reference the gate must match. */
async function fullDecodeRefuses(bytes: Buffer): Promise<boolean> {
  try {
    await sharp(bytes, { failOn: "error", animated: true, limitInputPixels: 50_000_000 }).raw().toBuffer();
    return false;
  } catch {
    return true;
  }
}

async function gateRefuses(bytes: Buffer): Promise<boolean> {
  try {
    await checkImage(bytes, { maxBytes: 7 * 1024 * 1024, page: true });
    return false;
  } catch {
    return true;
  }
}

describe("the page gate's reduced-scale decode refuses what a full decode refuses", () => {
  let corpus: Damaged[];

  beforeAll(async () => {
    const rand = random(31_34);
    const sources: [string, string, Buffer][] = [
      ["jpeg baseline", "jpeg", await page(800, 1200, rand).jpeg({ quality: 88 }).toBuffer()],
      [
        "jpeg progressive",
        "jpeg",
        await page(800, 1200, rand).jpeg({ quality: 88, progressive: true }).toBuffer(),
      ],
      [
        "jpeg 4:4:4",
        "jpeg",
        await page(640, 960, rand).jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toBuffer(),
      ],
      ["png", "png", await page(400, 600, rand).png().toBuffer()],
      ["webp", "webp", await page(400, 600, rand).webp({ quality: 85 }).toBuffer()],
    ];
    corpus = sources.flatMap(([name, mime, good]) => damage(name, mime, good, rand, 16));
  }, 60_000);

  it("every one of more than 300 damaged pages the full decode refuses, the gate refuses too", async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    const missed: string[] = [];
    let fullRefused = 0;
    let gateRefused = 0;
    for (const file of corpus) {
      const full = await fullDecodeRefuses(file.bytes);
      const gate = await gateRefuses(file.bytes);
      if (full) fullRefused += 1;
      if (gate) gateRefused += 1;
      if (full && !gate) missed.push(file.label);
    }
    console.info(
      `image-gate corpus: ${corpus.length} damaged pages, full decode refused ${fullRefused}, gate refused ${gateRefused}`,
    );
    expect(missed).toEqual([]);
    // The corpus is not trivially valid: many of its files are refused.
    expect(fullRefused).toBeGreaterThan(corpus.length / 4);
  }, 300_000);
});
