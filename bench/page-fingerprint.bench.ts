/**
 * What the page fingerprint costs per page, against the pipeline's own cost, in one run
 * (docs/page-checks.md, "Cost of the fingerprint"). Every figure is CPU time (all threads), which
 * the other work on a shared machine does not stretch the way it stretches wall-clock time.
 *
 * Server. The fingerprint is made by the image gate's decode of each page (lib/image-gate.ts): what
 * it adds is that decode as it is (`fingerprintOf`: a 72x64 colour thumbnail, then the shared maths)
 * minus the decode as it was before fingerprints (the same decode to a 64x64 thumbnail thrown away),
 * interleaved page by page and paired per round. That difference is set against
 *   (a) the gate's whole check of a page (`checkImage`, `page: true`: sniff, markup scan, header,
 *       the decode), and
 *   (b) the whole server pipeline of a page: the dashboard's upload requests through the real app on
 *       on-disk PGlite (HTTP, multipart, gate, quota, storage, database, publish), plus the
 *       `images.thumbnail` job's 320 px WebP of the page.
 * Pages: 1500x2250, the browser pipeline's output (JPEG q0.95; every dashboard upload), and the same
 * drawings as PNG (no shrink-on-load: the worst case). A scrambled page (1300 px, JPEG q0.9) costs
 * one more decode (`fingerprintScrambled`), set against its gate check.
 *
 * Browser. The bulk import's "Check pages" fingerprints the uploader's own files in the image
 * workers before anything is uploaded (apps/web/src/lib/images/fingerprint-ops.ts): a pass of its
 * own, set against the worker's processing of the same file for the upload (decode, resize to 1500
 * px, JPEG q0.95), both through the real worker pool in headless Chromium, CPU of the Chromium
 * processes. Files: 2000x3000 JPEG q0.9 and PNG.
 *
 * `npm run bench -- page-fingerprint`. Environment: CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { availableParallelism, loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { PAGE_MAX_BYTES } from "@vt/shared/constants";
import { encodeKey } from "@vt/shared/scramble";
import sharp from "sharp";
import { makeThumbnail } from "../apps/api/src/jobs/images-thumbnail.job";
import { checkImage } from "../apps/api/src/lib/image-gate";
import {
  fingerprintOf,
  fingerprintOfThumbnail,
  fingerprintScrambled,
  fingerprintThumbnail,
} from "../apps/api/src/lib/page-fingerprint";
import { multipart } from "../apps/api/test/fixtures/api";
import { comicPage, type PageStyle, scrambledPage } from "../apps/api/test/fixtures/pages";
import { startImageLab } from "../apps/web/e2e/image-pipeline/fixture-server";
import type { ImageLab } from "../apps/web/e2e/image-pipeline/lab-types";
import { imageLabDir, median, type Row, ratio, treeCpuMs } from "./lib";
import { dashboardBodies, startBenchApp, uploadChapter } from "./upload-lib";

const TARGET = 1.05;
const STYLES: PageStyle[] = ["shapes", "panels", "text", "screentone", "photo", "shapes"];
/** Rounds of the interleaved decodes (each round: every page once each way). */
const ROUNDS = 30;
/** Chapters uploaded through the app per format. */
const UPLOADS = 3;

/** CPU milliseconds (user + system, every thread of this process) that `fn` takes. */
async function cpuOf(fn: () => Promise<unknown>): Promise<number> {
  const c0 = process.cpuUsage();
  await fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

const open = (bytes: Buffer) =>
  sharp(bytes, { failOn: "error", animated: true, limitInputPixels: 50_000_000, sequentialRead: true });

/** The gate's decode of a page before fingerprints: every byte decoded to a thumbnail thrown away. */
const decodeBefore = (bytes: Buffer) =>
  open(bytes).resize({ width: 64, height: 64, fit: "inside" }).raw().toBuffer();
/** The gate's decode now: the same decode to the fingerprint's thumbnail, and the fingerprint. */
const decodeNow = (bytes: Buffer) => fingerprintOf(open(bytes));

async function each(pages: Buffer[], fn: (p: Buffer) => Promise<unknown>) {
  for (const p of pages) await fn(p);
}

const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

async function serverCosts(format: "jpeg" | "png", pages: Buffer[]) {
  const n = pages.length;
  // Warm-up (libvips caches, JIT).
  await each(pages, decodeBefore);
  await each(pages, decodeNow);
  const added: number[] = [];
  const before: number[] = [];
  const gate: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const b = await cpuOf(() => each(pages, decodeBefore));
    const a = await cpuOf(() => each(pages, decodeNow));
    before.push(b / n);
    added.push((a - b) / n);
    gate.push(
      (await cpuOf(() => each(pages, (p) => checkImage(p, { maxBytes: PAGE_MAX_BYTES, page: true })))) / n,
    );
  }
  // The shared maths alone (over white, grey, hash, brightness), timed over many calls.
  const { data, info } = await fingerprintThumbnail(open(pages[0]!)).toBuffer({ resolveWithObject: true });
  const calls = 2000;
  const maths =
    (await cpuOf(async () => {
      for (let i = 0; i < calls; i++) fingerprintOfThumbnail(data, info.channels);
    })) / calls;

  // The whole pipeline: the dashboard's requests through the app, then the thumbnail job's work.
  const app = await startBenchApp("pglite-disk");
  const upload: number[] = [];
  try {
    const bodies = dashboardBodies(pages);
    await uploadChapter(app, 1, bodies); // warm-up
    for (let r = 0; r < UPLOADS; r++) upload.push((await cpuOf(() => uploadChapter(app, r + 2, bodies))) / n);
  } finally {
    await app.close();
  }
  const thumbs: number[] = [];
  for (let r = 0; r < UPLOADS; r++) thumbs.push((await cpuOf(() => each(pages, makeThumbnail))) / n);
  return {
    format,
    pages: n,
    /** CPU ms per page, medians. */
    decodeBeforeMs: median(before),
    fingerprintAddsMs: median(added),
    mathsMs: maths,
    gateMs: median(gate),
    uploadMs: median(upload),
    thumbnailMs: median(thumbs),
    pipelineMs: median(upload) + median(thumbs),
  };
}

async function scrambledCost() {
  const perm = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
  const key = encodeKey(perm);
  const pages: Buffer[] = [];
  for (const [i, style] of STYLES.slice(0, 5).entries()) {
    pages.push(
      await scrambledPage(await comicPage(9100 + i, { width: 1300, height: 1950, style }), perm, 90),
    );
  }
  await each(pages, (p) => fingerprintScrambled(p, key));
  const extra: number[] = [];
  const gate: number[] = [];
  for (let r = 0; r < 8; r++) {
    extra.push((await cpuOf(() => each(pages, (p) => fingerprintScrambled(p, key)))) / pages.length);
    gate.push(
      (await cpuOf(() => each(pages, (p) => checkImage(p, { maxBytes: PAGE_MAX_BYTES, page: true })))) /
        pages.length,
    );
  }
  // The pipeline of a scrambled page: its upload (the fingerprint included); no thumbnail is made.
  const app = await startBenchApp("pglite-disk");
  const upload: number[] = [];
  try {
    const body = multipart(
      pages.map((bytes, i) => ({
        field: "files",
        filename: `${i + 1}.jpg`,
        contentType: "image/jpeg",
        bytes,
      })),
      { keys: JSON.stringify(pages.map(() => key)) },
    );
    await uploadChapter(app, 1, [body]);
    for (let r = 0; r < UPLOADS; r++)
      upload.push((await cpuOf(() => uploadChapter(app, r + 2, [body]))) / pages.length);
  } finally {
    await app.close();
  }
  return { extraMs: median(extra), gateMs: median(gate), uploadMs: median(upload) };
}

async function browserCosts(files: { jpeg: Buffer[]; png: Buffer[] }) {
  const lab = await startImageLab(await imageLabDir());
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(lab.url);
    await page.locator("#status").getByText("ready").waitFor();
    const out: Record<string, { processMs: number; fingerprintMs: number; poolSize: number }> = {};
    for (const format of ["jpeg", "png"] as const) {
      const urls = files[format].map((body, i) => {
        lab.files.set(`bench/${i}.${format}`, { body, type: `image/${format}` });
        return `${lab.url}/files/bench/${i}.${format}`;
      });
      /** Chromium's CPU per page for one pass of `op` over the files (fetching and warm-up spread out). */
      const pass = async (op: "process" | "fingerprint") => {
        const cpu0 = await treeCpuMs(process.pid, /chrom/i);
        const r = await page.evaluate(
          ([u, o]) => (globalThis as unknown as { imageLab: ImageLab }).imageLab.bench(u, { op: o }),
          [urls, op] as const,
        );
        const cpu = (await treeCpuMs(process.pid, /chrom/i)) - cpu0;
        return { cpuPerPage: cpu / (urls.length + r.poolSize), poolSize: r.poolSize };
      };
      const runs = { process: [] as number[], fingerprint: [] as number[] };
      let poolSize = 0;
      for (let i = 0; i < 2; i++) {
        for (const op of ["process", "fingerprint"] as const) {
          const r = await pass(op);
          runs[op].push(r.cpuPerPage);
          poolSize = r.poolSize;
        }
      }
      out[format] = {
        processMs: Math.min(...runs.process),
        fingerprintMs: Math.min(...runs.fingerprint),
        poolSize,
      };
    }
    return out;
  } finally {
    await browser.close();
    await lab.close();
  }
}

export async function run() {
  const load = loadavg()[0]!.toFixed(1);
  const pictures = await Promise.all(
    STYLES.map((style, i) => comicPage(9000 + i, { width: 1500, height: 2250, style })),
  );
  const jpeg = await Promise.all(pictures.map((p) => sharp(p).jpeg({ quality: 95 }).toBuffer()));
  // A photo's grain makes its PNG larger than a page may be (7 MB): the PNGs are the drawings.
  const png = pictures.filter((_, i) => STYLES[i] !== "photo");
  const server = [await serverCosts("jpeg", jpeg), await serverCosts("png", png)];
  const scrambled = await scrambledCost();
  const originals = await Promise.all(
    [...STYLES.slice(0, 5), ...STYLES.slice(0, 5)].map((style, i) =>
      comicPage(9200 + i, { width: 2000, height: 3000, style }),
    ),
  );
  const browser = await browserCosts({
    jpeg: await Promise.all(originals.map((p) => sharp(p).jpeg({ quality: 90 }).toBuffer())),
    png: originals,
  });

  const rows: Row[] = [];
  for (const s of server) {
    const adds = s.fingerprintAddsMs;
    const what = `1500x2250 ${s.format === "jpeg" ? "JPEG q0.95" : "PNG"} page`;
    rows.push(
      {
        metric: `server: the gate's check of a ${what} with its fingerprint (adds ${ms(adds)} CPU; maths alone ${(s.mathsMs * 1000).toFixed(0)} µs)`,
        baseline: `${ms(s.gateMs - adds)} CPU (without)`,
        measured: `${ms(s.gateMs)} CPU`,
        ratio: `${ratio(s.gateMs, s.gateMs - adds)}x`,
        target: `<= ${TARGET}x`,
        ok: s.gateMs <= (s.gateMs - adds) * TARGET,
      },
      {
        metric: `server: the whole pipeline of a ${what} (upload through the app on PGlite ${ms(s.uploadMs)} + thumbnail job ${ms(s.thumbnailMs)}) with its fingerprint`,
        baseline: `${ms(s.pipelineMs - adds)} CPU (without)`,
        measured: `${ms(s.pipelineMs)} CPU`,
        ratio: `${ratio(s.pipelineMs, s.pipelineMs - adds)}x`,
        target: `<= ${TARGET}x`,
        ok: s.pipelineMs <= (s.pipelineMs - adds) * TARGET,
      },
    );
  }
  rows.push(
    {
      metric: `server: a scrambled page (1300 px JPEG q0.9): the gate's check plus its second decode (fingerprintScrambled, ${ms(scrambled.extraMs)} CPU)`,
      baseline: `${ms(scrambled.gateMs)} CPU (gate)`,
      measured: `${ms(scrambled.gateMs + scrambled.extraMs)} CPU`,
      ratio: `${ratio(scrambled.gateMs + scrambled.extraMs, scrambled.gateMs)}x`,
      target: `<= ${TARGET}x`,
      ok: scrambled.extraMs <= scrambled.gateMs * (TARGET - 1),
    },
    {
      metric:
        "server: the whole pipeline of a scrambled page (its upload through the app on PGlite; no thumbnail) with its fingerprint",
      baseline: `${ms(scrambled.uploadMs - scrambled.extraMs)} CPU (without)`,
      measured: `${ms(scrambled.uploadMs)} CPU`,
      ratio: `${ratio(scrambled.uploadMs, scrambled.uploadMs - scrambled.extraMs)}x`,
      target: `<= ${TARGET}x`,
      ok: scrambled.uploadMs <= (scrambled.uploadMs - scrambled.extraMs) * TARGET,
    },
  );
  for (const [format, b] of Object.entries(browser)) {
    rows.push({
      metric: `browser: "Check pages" fingerprint of a 2000x3000 ${format === "jpeg" ? "JPEG q0.9" : "PNG"} file plus its processing for the upload (${b.poolSize} workers, Chromium CPU)`,
      baseline: `${ms(b.processMs)} CPU (processing alone)`,
      measured: `${ms(b.processMs + b.fingerprintMs)} CPU`,
      ratio: `${ratio(b.processMs + b.fingerprintMs, b.processMs)}x`,
      target: `<= ${TARGET}x`,
      ok: b.fingerprintMs <= b.processMs * (TARGET - 1),
    });
  }
  return {
    name: "page fingerprint cost per page against the pipeline's own cost (CPU)",
    unit: "ms CPU per page",
    loadAverage: Number(load),
    cpus: availableParallelism(),
    server,
    scrambled,
    browser,
    rows,
  };
}
