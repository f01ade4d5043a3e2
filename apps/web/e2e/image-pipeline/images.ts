/**
 * Test images generated in Node with sharp: smooth content (so JPEG error stays small) whose every
 * horizontal band differs (red follows y), so a strip in the wrong place shows as a large difference.
 */
import sharp from "sharp";

/** Raw RGB pixels: red = vertical gradient, green = horizontal gradient, blue = soft waves (+ seed). */
export function gradientRgb(width: number, height: number, seed = 0): Buffer {
  const buf = Buffer.alloc(width * height * 3);
  const fx = (2 * Math.PI) / 300;
  const fy = (2 * Math.PI) / 500;
  let p = 0;
  for (let y = 0; y < height; y++) {
    const r = Math.round((255 * y) / (height - 1));
    const wy = Math.sin(fy * y + seed);
    for (let x = 0; x < width; x++) {
      buf[p++] = r;
      buf[p++] = Math.round((255 * x) / (width - 1));
      buf[p++] = Math.round(128 + 100 * Math.sin(fx * x + seed) * wy);
    }
  }
  return buf;
}

export function gradientImage(width: number, height: number, seed = 0) {
  return sharp(gradientRgb(width, height, seed), { raw: { width, height, channels: 3 } });
}

export async function gradientPng(width: number, height: number, seed = 0): Promise<Buffer> {
  return gradientImage(width, height, seed).png({ compressionLevel: 1 }).toBuffer();
}

export async function gradientJpeg(width: number, height: number, seed = 0, quality = 90): Promise<Buffer> {
  return gradientImage(width, height, seed).jpeg({ quality }).toBuffer();
}

export async function gradientGif(width: number, height: number): Promise<Buffer> {
  return gradientImage(width, height).gif().toBuffer();
}

/** Decoded RGB pixels of an encoded image. */
export async function decodeRgb(data: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  const { data: px, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: px };
}

/** Mean absolute difference per channel value between rows [y0, y1) of two same-width RGB images. */
export function meanAbsDiff(
  a: { width: number; data: Uint8Array },
  b: { width: number; data: Uint8Array },
  y0 = 0,
  y1 = Math.floor(a.data.length / (a.width * 3)),
): number {
  if (a.width !== b.width) throw new Error(`Widths differ: ${a.width} vs ${b.width}`);
  const start = y0 * a.width * 3;
  const end = y1 * a.width * 3;
  let sum = 0;
  for (let i = start; i < end; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / (end - start);
}

/** RGB -> RGBA (opaque), the layout of the shared codec's pixel functions. */
export function rgbToRgba(rgb: Uint8Array, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    out[j] = rgb[i]!;
    out[j + 1] = rgb[i + 1]!;
    out[j + 2] = rgb[i + 2]!;
    out[j + 3] = 255;
  }
  return out;
}

export function rgbaToRgb(rgba: Uint8ClampedArray): Buffer {
  const out = Buffer.alloc((rgba.length / 4) * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    out[j] = rgba[i]!;
    out[j + 1] = rgba[i + 1]!;
    out[j + 2] = rgba[i + 2]!;
  }
  return out;
}
