/**
 * The browser image pipeline (apps/web/src/lib/images) in real Chromium with real module workers:
 * a fixture page (e2e/image-pipeline/) is built with the dashboard's Vite config and served on
 * loopback; images are generated and checked in Node with sharp and the shared scramble codec, so
 * the browser's output is judged by an independent decoder and by the codec the readers follow.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { withBrowserJpegHeader } from "@vt/shared/browser-jpeg";
import { SCRAMBLE_GAP, SCRAMBLE_STRIPS } from "@vt/shared/constants";
import {
  decodeKey,
  encodeKey,
  isIdentityPermutation,
  stripOffsets,
  unscrambleRgba,
} from "@vt/shared/scramble";
import sharp from "sharp";
import { fingerprintImage, hamming } from "../../api/src/lib/page-fingerprint";
import { comicPage } from "../../api/test/fixtures/pages";
import { type ImageLabServer, startImageLab } from "./image-pipeline/fixture-server";
import {
  decodeRgb,
  gradientGif,
  gradientJpeg,
  gradientPng,
  meanAbsDiff,
  rgbaToRgb,
  rgbToRgba,
} from "./image-pipeline/images";
import type { ImageLab, LabZipPage } from "./image-pipeline/lab-types";
import { crc32, readZip } from "./image-pipeline/read-zip";

test.describe.configure({ mode: "serial" });

let lab: ImageLabServer;
let page: Page;

/** JPEG tolerance: mean absolute difference per channel value (0..255) on smooth test images. */
const JPEG_TOLERANCE = 3;
/** A strip out of place on the gradient images differs by far more than this. */
const WRONG_STRIP_MIN_DIFF = 8;
/** Most bits a page's fingerprint in Chromium may differ from the server's (docs/page-checks.md). */
const BROWSER_SERVER_BITS = 4;

function put(key: string, body: Buffer, type: string): string {
  lab.files.set(key, { body, type });
  return `${lab.url}/files/${key}`;
}

const b64 = (b: string) => Buffer.from(b, "base64");

/** Calls `window.imageLab[name](...args)` in the page. */
function call<K extends keyof ImageLab>(name: K, ...args: Parameters<ImageLab[K]>) {
  return page.evaluate(
    ([n, a]) => (window.imageLab[n] as (...x: unknown[]) => unknown)(...(a as unknown[])),
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<ImageLab[K]>>>;
}

/** Per original strip of an h-row image: mean abs diff between rebuilt and original rows. */
function stripDiffs(
  a: { width: number; data: Uint8Array },
  b: { width: number; data: Uint8Array },
  h: number,
): number[] {
  const offsets = stripOffsets(h);
  return offsets.map((y0, j) => meanAbsDiff(a, b, y0, offsets[j + 1] ?? h));
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  lab = await startImageLab();
  page = await browser.newPage();
  page.on("pageerror", (e) => console.error("page error:", e));
  await page.goto(lab.url);
  await expect(page.locator("#status")).toHaveText("ready");
});

test.afterAll(async () => {
  await page?.close();
  await lab?.close();
});

test("the pool runs module workers: one per core, at most two per GB of device memory and 8", async () => {
  const info = await call("poolInfo");
  expect(info.mode).toBe("worker");
  const byMemory = info.deviceMemory ? Math.floor(info.deviceMemory * 2) : 4;
  expect(info.size).toBe(Math.max(1, Math.min(info.hardwareConcurrency, byMemory, 8)));
});

test("a 3000x4500 PNG becomes a 1500x2250 JPEG q0.95 close to the original", async () => {
  const png = await gradientPng(3000, 4500);
  const url = put("src/big.png", png, "image/png");
  const out = await call("processUrl", url, "chapter/007.png");
  expect(out).toMatchObject({
    width: 1500,
    height: 2250,
    type: "image/jpeg",
    name: "007.jpg",
    unchanged: false,
  });
  expect(out.stages).toEqual(expect.arrayContaining(["queued", "decode", "draw", "encode", "done"]));
  const meta = await sharp(b64(out.b64)).metadata();
  expect(meta).toMatchObject({ format: "jpeg", width: 1500, height: 2250 });
  const expected = await decodeRgb(await sharp(png).resize({ width: 1500 }).png().toBuffer());
  expect(meanAbsDiff(await decodeRgb(b64(out.b64)), expected)).toBeLessThan(JPEG_TOLERANCE);
});

test("a wide JPEG (decoded at its target size where WebCodecs exists) and an EXIF-rotated one stay close to sharp", async () => {
  const jpeg = await gradientJpeg(3000, 4500, 2, 92);
  const out = await call("processUrl", put("src/big.jpg", jpeg, "image/jpeg"), "p.jpg");
  expect(out).toMatchObject({ width: 1500, height: 2250, type: "image/jpeg" });
  const expected = await decodeRgb(await sharp(jpeg).resize({ width: 1500 }).png().toBuffer());
  expect(meanAbsDiff(await decodeRgb(b64(out.b64)), expected)).toBeLessThan(JPEG_TOLERANCE);
  // Orientation 6 (rotate 90° clockwise to display): the page is upright and 1500 wide.
  const rotated = await sharp(await gradientJpeg(2000, 3000, 3))
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const upright = await call("processUrl", put("src/rotated.jpg", rotated, "image/jpeg"), "r.jpg");
  expect(upright).toMatchObject({ width: 1500, height: 1000 });
  const uprightExpected = await decodeRgb(
    await sharp(rotated).rotate().resize({ width: 1500 }).png().toBuffer(),
  );
  expect(meanAbsDiff(await decodeRgb(b64(upright.b64)), uprightExpected)).toBeLessThan(JPEG_TOLERANCE);
});

test("narrow pages are never upscaled; the main-thread fallback gives the same result", async () => {
  // The page rule (docs/dashboard.md, "Images in the browser"): a JPEG that needs no downscale is
  // re-encoded too (q0.95), and Chromium's encoder gives the bytes sharp's `jpeg({ quality: 95 })`
  // gives for the same pixels once Chromium's JFIF + ICC segments are put after SOI
  // (@vt/shared/browser-jpeg, what `npm run upload` stores); a PNG the same.
  const small = await gradientJpeg(800, 1200);
  const out = await call("processUrl", put("src/small.jpg", small, "image/jpeg"), "small.jpeg");
  expect(out).toMatchObject({
    width: 800,
    height: 1200,
    type: "image/jpeg",
    name: "small.jpg",
    unchanged: false,
  });
  const sharpQ95 = async (bytes: Buffer) =>
    Buffer.from(withBrowserJpegHeader(await sharp(bytes).jpeg({ quality: 95 }).toBuffer()));
  expect(
    b64(out.b64).equals(await sharpQ95(small)),
    "narrow JPEG: Chromium's bytes differ from sharp's",
  ).toBe(true);
  const smallPng = await gradientPng(800, 1200);
  const narrowPng = await call("processUrl", put("src/small.png", smallPng, "image/png"), "s.png");
  expect(narrowPng).toMatchObject({ width: 800, height: 1200, type: "image/jpeg", unchanged: false });
  expect(b64(narrowPng.b64).equals(await sharpQ95(smallPng)), "narrow PNG: bytes differ from sharp's").toBe(
    true,
  );
  const big = put("src/big-main.png", await gradientPng(3000, 4500, 1), "image/png");
  const main = await call("processUrl", big, "p.png", "main-thread");
  expect(main).toMatchObject({ poolMode: "main-thread", width: 1500, height: 2250, type: "image/jpeg" });
  expect(await sharp(b64(main.b64)).metadata()).toMatchObject({ format: "jpeg", width: 1500, height: 2250 });
});

test("a GIF is kept byte for byte, detected by content even under a .png name", async () => {
  const gif = await gradientGif(320, 480);
  const url = put("src/animated.png", gif, "application/octet-stream");
  const out = await call("processUrl", url, "animated.png");
  expect(out).toMatchObject({
    unchanged: true,
    type: "image/gif",
    name: "animated.gif",
    width: 320,
    height: 480,
  });
  expect(b64(out.b64).equals(gif)).toBe(true);
});

test("the bulk import's page fingerprint in Chromium is the server's within a few bits, from the same file and from the stored page", async () => {
  test.setTimeout(300_000);
  // Browser: "Check pages" fingerprints the uploader's own file (a JPEG at its DCT scale, a PNG
  // drawn small). Server: the image gate fingerprints the same bytes, or the page as the pipeline
  // stores it (1500 px wide, JPEG q0.95), which is what a later upload is compared with.
  const distances: Record<string, number[]> = {};
  const brightness: number[] = [];
  const note = (name: string, a: { dhash: string; mean: number; std: number }, b: typeof a) => {
    distances[name] = [...(distances[name] ?? []), hamming(a.dhash, b.dhash)];
    brightness.push(Math.abs(a.mean - b.mean), Math.abs(a.std - b.std));
  };
  for (const style of ["shapes", "panels", "text", "screentone", "photo"] as const) {
    for (const seed of [1, 2]) {
      const png = await comicPage(8100 + seed, { style, width: 1600, height: 2400 });
      for (const [format, bytes, type] of [
        ["jpeg", await sharp(png).jpeg({ quality: 90 }).toBuffer(), "image/jpeg"],
        ["png", png, "image/png"],
      ] as const) {
        const url = put(`src/print-${style}-${seed}.${format}`, bytes, type);
        const mine = await call("fingerprintUrl", url);
        expect(mine).toMatchObject({ poolMode: "worker", width: 1500, height: 2250 });
        note(`${format}, same file`, mine, await fingerprintImage(bytes));
        const stored = b64((await call("processUrl", url, `p.${format}`)).b64);
        note(`${format}, stored page`, mine, await fingerprintImage(stored));
      }
    }
  }
  console.log("browser vs server fingerprint, bits:", JSON.stringify(distances));
  for (const d of Object.values(distances)) expect(Math.max(...d)).toBeLessThanOrEqual(BROWSER_SERVER_BITS);
  // A blank page is blank on both sides (docs/page-checks.md: standard deviation under 6).
  expect(Math.max(...brightness)).toBeLessThanOrEqual(3);
});

test("scramble -> unscramble round trip: geometry, key, file name and every strip in place", async () => {
  const w = 1300;
  const h = 1957;
  const png = await gradientPng(w, h, 2);
  const original = await decodeRgb(png);
  const url = put("src/page.png", png, "image/png");
  const out = await call("scrambleUrl", url);

  // Geometry and naming (docs/scramble-format.md): width 1300, height h + 9 gaps of 4 px,
  // `{id}_{ratio}.jpg`.
  expect(out).toMatchObject({
    width: w,
    height: h,
    scrambledHeight: h + (SCRAMBLE_STRIPS - 1) * SCRAMBLE_GAP,
  });
  expect(out.scrambledHeight).toBe(h + 36);
  expect(await sharp(b64(out.b64)).metadata()).toMatchObject({ format: "jpeg", width: w, height: h + 36 });
  expect(out.fileName).toMatch(/^[A-Za-z0-9_-]{10}_0L6643\.jpg$/);
  const perm = decodeKey(out.key);
  expect(isIdentityPermutation(perm)).toBe(false);
  expect(out.key).toBe(encodeKey(perm, out.key.slice(0, 4)));

  // A reader following the shared codec rebuilds the page from our scrambled JPEG...
  const scrambled = await decodeRgb(b64(out.b64));
  const rebuilt = unscrambleRgba(
    { width: w, height: scrambled.height, data: rgbToRgba(scrambled.data, w, scrambled.height) },
    perm,
  );
  const readerDiffs = stripDiffs({ width: w, data: rgbaToRgb(rebuilt.data) }, original, h);
  for (const d of readerDiffs) expect(d).toBeLessThan(JPEG_TOLERANCE);

  // ...and so does our own unscramble (worker, JPEG q0.95).
  const back = await call("unscrambleB64", out.b64, out.key);
  expect(back).toMatchObject({ width: w, height: h, type: "image/jpeg" });
  const backDiffs = stripDiffs(await decodeRgb(b64(back.b64)), original, h);
  for (const d of backDiffs) expect(d).toBeLessThan(JPEG_TOLERANCE);

  // The check does catch a wrong strip order: the same image unscrambled with another key fails.
  const wrong = [...perm];
  [wrong[0], wrong[1]] = [wrong[1]!, wrong[0]!];
  const bad = await call("unscrambleB64", out.b64, encodeKey(wrong, "test"));
  const badDiffs = stripDiffs(await decodeRgb(b64(bad.b64)), original, h);
  expect(Math.max(...badDiffs)).toBeGreaterThan(WRONG_STRIP_MIN_DIFF);

  // Gap rows are white.
  let y = 0;
  const heights = stripOffsets(h).map((o, j, all) => (all[j + 1] ?? h) - o);
  for (let i = 0; i < SCRAMBLE_STRIPS - 1; i++) {
    y += heights[perm[i]!]!;
    const gapMid = { width: w, data: scrambled.data.subarray((y + 1) * w * 3, (y + 3) * w * 3) };
    const white = { width: w, data: Buffer.alloc(2 * w * 3, 255) };
    expect(meanAbsDiff(gapMid, white)).toBeLessThan(16);
    y += SCRAMBLE_GAP;
  }
});

test("scrambling resizes to width 1300 exactly, up or down, and honours a given permutation", async () => {
  const reversed = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
  const down = await call("scrambleUrl", put("src/wide.jpg", await gradientJpeg(2600, 3914), "image/jpeg"), {
    permutation: reversed,
  });
  expect(down).toMatchObject({ width: 1300, height: 1957, scrambledHeight: 1993 });
  expect(decodeKey(down.key)).toEqual(reversed);
  const up = await call("scrambleUrl", put("src/narrow.jpg", await gradientJpeg(650, 1000), "image/jpeg"));
  expect(up).toMatchObject({ width: 1300, height: 2000, scrambledHeight: 2036 });
  expect(up.fileName).toMatch(/^[A-Za-z0-9_-]{10}_0L65\.jpg$/);
  expect(await sharp(b64(up.b64)).metadata()).toMatchObject({ width: 1300, height: 2036 });
});

test("local image errors carry their codes and i18n keys", async () => {
  const jpeg = (await gradientJpeg(1300, 400)).toString("base64");
  const cases: [string, string][] = [
    ["aB3xH7sKzy", "checksumMismatch"],
    ["aB3xH7sK0z", "invalidBase58Character"],
    ["aB3xH1", "invalidKeyCode"],
    ["aB3xHKbiXX", "invalidKeyCode"],
  ];
  for (const [key, code] of cases) {
    expect(await call("errorOf", "unscramble", jpeg, key)).toMatchObject({
      name: "ImageProcessingError",
      code,
      i18nKey: `errors.image.${code}`,
    });
  }
  // 1300 x 45: 45 - 36 = 9 rows cannot hold 10 strips.
  const short = (await gradientJpeg(1300, 45)).toString("base64");
  expect(await call("errorOf", "unscramble", short, "aB3xH7sKzz")).toMatchObject({
    code: "invalidScrambledHeight",
    i18nKey: "errors.image.invalidScrambledHeight",
  });
  const garbage = Buffer.from("this is not an image at all").toString("base64");
  for (const mode of ["worker", "main-thread"] as const) {
    expect(await call("errorOf", "process", garbage, undefined, mode)).toMatchObject({
      name: "ImageProcessingError",
      code: "failedToCreateImage",
      i18nKey: "errors.image.failedToCreateImage",
    });
  }
  expect(await call("errorOf", "scramble", garbage)).toMatchObject({ code: "failedToCreateImage" });
});

test("a job can be cancelled with an AbortSignal and the pool keeps working", async () => {
  const url = put("src/cancel.png", await gradientPng(3000, 4500, 3), "image/png");
  const { error } = await call("cancelAfter", url, 30);
  expect(error).toMatchObject({ name: "AbortError" });
  const after = await call("processUrl", url, "again.png");
  expect(after).toMatchObject({ width: 1500, height: 2250 });
});

test("the pipeline uploads early pages while later ones still process, and retries one file", async () => {
  test.setTimeout(120_000);
  const urls: string[] = [];
  for (let i = 0; i < 6; i++)
    urls.push(put(`src/pipe-${i + 1}.jpg`, await gradientJpeg(2400, 3600, i), "image/jpeg"));
  const r = await call("pipeline", urls, { scramble: false, uploadMs: 150, failUploadOnce: 2 });
  const firstUpload = r.events.find((e) => e.state === "uploading")!;
  const lastProcessingStart = Math.max(...r.events.filter((e) => e.state === "processing").map((e) => e.t));
  expect(firstUpload.t).toBeLessThan(lastProcessingStart);
  expect(r.files.map((f) => f.state)).toEqual(Array(6).fill("done"));
  expect(r.files.map((f) => f.name)).toEqual(urls.map((_, i) => `pipe-${i + 1}.jpg`));
  expect(r.files[2]!.attempts).toBe(2);
  expect(r.files.filter((f) => f.index !== 2).every((f) => f.attempts === 1)).toBe(true);
  expect(r.iterated.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  expect(r.finalPercent).toBe(100);
  // Each page goes to the upload as soon as it is processed: the first pages do not wait for the last.
  expect(firstUpload.index).toBeLessThan(2);

  const scrambled = await call("pipeline", urls.slice(0, 3), { scramble: true, uploadMs: 20 });
  for (const f of scrambled.files) {
    expect(f.state).toBe("done");
    expect(f.name).toMatch(/^[A-Za-z0-9_-]{10}_0L6667\.jpg$/);
    expect(decodeKey(f.key!)).toHaveLength(10);
  }
});

test("a chapter zip: pages numbered from 1, original extensions, scrambled page unscrambled", async () => {
  test.setTimeout(90_000);
  const png = await gradientPng(900, 1300, 4);
  const jpeg = await gradientJpeg(1000, 1500, 5);
  const originalPng = await gradientPng(1300, 1957, 6);
  const scrambled = await call("scrambleUrl", put("src/zip-2.png", originalPng, "image/png"));
  put("comics/9/a1.png", png, "image/png");
  put("comics/9/s2.jpg", b64(scrambled.b64), "image/jpeg");
  // No extension in the key: the extension comes from the bytes.
  put("comics/9/p3", jpeg, "application/octet-stream");
  const pages: LabZipPage[] = [
    { url: "comics/9/a1.png" },
    { url: "comics/9/s2.jpg", key: scrambled.key },
    { url: `${lab.url}/files/comics/9/p3` },
  ];
  const { b64: zipB64, progress } = await call("zipB64", pages);
  const zip = b64(zipB64);
  const entries = readZip(zip);
  expect(entries.map((e) => e.name)).toEqual(["1.png", "2.jpg", "3.jpg"]);
  for (const e of entries) expect(crc32(e.data)).toBe(e.crc32);
  expect(entries[0]!.data.equals(png)).toBe(true);
  expect(entries[2]!.data.equals(jpeg)).toBe(true);
  const page2 = entries[1]!.data;
  expect(await sharp(page2).metadata()).toMatchObject({ format: "jpeg", width: 1300, height: 1957 });
  const diffs = stripDiffs(await decodeRgb(page2), await decodeRgb(originalPng), 1957);
  for (const d of diffs) expect(d).toBeLessThan(JPEG_TOLERANCE);

  const last = progress.at(-1)!;
  expect(last).toMatchObject({ pagesDone: 3, total: 3, bytes: zip.length });
  expect(progress.map((p) => p.pagesDone)).toEqual(
    [...progress.map((p) => p.pagesDone)].sort((a, b) => a - b),
  );

  // The download itself: a file named after the (sanitized) chapter name.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    call("downloadZip", 'Chương 1: Mở đầu / "Bắt đầu"?', pages),
  ]);
  expect(download.suggestedFilename()).toBe("Chương 1 Mở đầu Bắt đầu.zip");
  const saved = await download.path();
  const fs = await import("node:fs");
  expect(readZip(fs.readFileSync(saved)).map((e) => e.name)).toEqual(["1.png", "2.jpg", "3.jpg"]);
});

test("without File System Access, a chapter streams to the download through the service worker, byte for byte", async () => {
  test.setTimeout(90_000);
  // Noise pages of ~1.5 MB: the zip passes through the worker in ~1 MiB chunks, in buffers that go
  // back and forth between the page and the worker, so a buffer reused too early would show here.
  const pages: LabZipPage[] = [];
  const originals: Buffer[] = [];
  for (let i = 0; i < 8; i++) {
    const { data, info } = await sharp({
      create: {
        width: 500,
        height: 700,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 50 + i },
      },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const jpeg = await sharp(data, { raw: info }).resize(1200, 1700).jpeg({ quality: 92 }).toBuffer();
    originals.push(jpeg);
    pages.push({ url: put(`comics/10/${i + 1}.jpg`, jpeg, "image/jpeg") });
  }
  const [download, result] = await Promise.all([
    page.waitForEvent("download"),
    call("downloadZip", "Chương 7", pages, "stream"),
  ]);
  expect(result.method).toBe("stream");
  expect(download.suggestedFilename()).toBe("Chương 7.zip");
  expect(new URL(download.url()).pathname).toMatch(/^\/download\/[\w-]+$/);
  const fs = await import("node:fs");
  const saved = fs.readFileSync((await download.path())!);
  expect(saved.length).toBe(result.bytes);
  const entries = readZip(saved);
  expect(entries.map((e) => e.name)).toEqual(originals.map((_, i) => `${i + 1}.jpg`));
  for (const [i, e] of entries.entries()) {
    expect(crc32(e.data)).toBe(e.crc32);
    expect(e.data.equals(originals[i]!)).toBe(true);
  }
});

test("an empty chapter cannot be downloaded: 'Chapter has no pages'", async () => {
  expect(await call("emptyZipError")).toMatchObject({
    code: "chapterNoPages",
    i18nKey: "errors.chapterNoPages",
    message: "Chapter has no pages",
  });
});
