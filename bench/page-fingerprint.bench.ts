/**
 * What the page fingerprint adds to the image gate's decode of a page (docs/page-checks.md, "Cost
 * of the fingerprint"). Baseline: the gate's decode as it would be without fingerprints (the
 * whole image decoded, JPEG at 1/8 scale through shrink-on-load, to a small thumbnail thrown
 * away, `resize 64x64 inside` as before fingerprints existed). Measured: the gate's decode as it is (the thumbnail is the grey 72x64 one) plus
 * `fingerprintOfGrey`. Pages: 1300 px wide JPEG q85 (the browser pipeline's output) and PNG,
 * interleaved, medians of many runs. A scrambled page costs one more decode (fingerprintScrambled),
 * timed too. `npm run bench -- page-fingerprint`
 */
import { encodeKey } from "@vt/shared/scramble";
import sharp from "sharp";
import { fingerprintOf, fingerprintScrambled } from "../apps/api/src/lib/page-fingerprint";
import { comicPage, scrambledPage } from "../apps/api/test/fixtures/pages";
import { median, type Row, ratio } from "./lib";

const ROUNDS = 40;
const TARGET = 0.05;

const open = (bytes: Buffer) =>
  sharp(bytes, { failOn: "error", animated: true, limitInputPixels: 50_000_000, sequentialRead: true });

async function plainDecode(bytes: Buffer) {
  await open(bytes).resize({ width: 64, height: 64, fit: "inside" }).raw().toBuffer();
}

async function gateDecode(bytes: Buffer) {
  await fingerprintOf(open(bytes));
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function run() {
  const perm = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
  const rows: Row[] = [];
  const out: Record<string, unknown> = {};
  for (const format of ["jpeg", "png"] as const) {
    const pages: Buffer[] = [];
    for (let i = 0; i < 4; i++) {
      const png = await comicPage(9000 + i, { width: 1300, height: 1950, style: i % 2 ? "text" : "shapes" });
      pages.push(format === "jpeg" ? await sharp(png).jpeg({ quality: 85 }).toBuffer() : png);
    }
    const scrambled = await scrambledPage(pages[0]!, perm, format === "jpeg" ? 85 : undefined);
    const key = encodeKey(perm);
    const base: number[] = [];
    const gate: number[] = [];
    const extra: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const p of pages) {
        base.push(await time(() => plainDecode(p)));
        gate.push(await time(() => gateDecode(p)));
      }
      if (r % 4 === 0) extra.push(await time(() => fingerprintScrambled(scrambled, key)));
    }
    const b = median(base);
    const g = median(gate);
    out[format] = { baselineMs: b, gateMs: g, scrambledExtraMs: median(extra) };
    rows.push({
      metric: `page gate decode with fingerprint, 1300 px ${format} page (p50)`,
      baseline: `${b.toFixed(2)} ms (decode without fingerprint)`,
      measured: `${g.toFixed(2)} ms (+${(((g - b) / b) * 100).toFixed(1)}%; scrambled page: +${median(extra).toFixed(1)} ms more)`,
      ratio: `${ratio(g, b)}x`,
      target: `<= ${1 + TARGET}x`,
      ok: g <= b * (1 + TARGET),
    });
  }
  return { ...out, rows };
}
