/**
 * Throughput of the browser image pipeline (apps/web/src/lib/images): pages per second for the
 * 1500 px upload rule (decode, downscale to width 1500, JPEG q0.95) on 50 generated 3000x4500
 * pages, in headless Chromium through the real worker pool, next to `sharp` doing the same resize
 * and JPEG q95 encode in Node on the same bytes in the same run. Also the scrambled-upload job
 * (width 1300, 10 strips, JPEG q0.9) for reference.
 *
 * sharp's baseline is its best of two schedules in each pass: one page per core (each on
 * `sharp.concurrency()` libvips threads), like the browser's pool (pool-size.ts), and every page at
 * once (libuv's 4 threads: faster on a quiet machine, but on a busy one it takes a bigger share of
 * the CPU rather than doing the job faster). Next to the pages per second,
 * the CPU time per page of each (the Chromium processes' or this Node process'), which the other
 * work on the machine does not change. A second baseline gives sharp the browser's thread count (as
 * many pages at once as the pool has workers, one libvips thread each); its row names the host's
 * CPU model, since the browser's codecs and libvips do not gain alike from every CPU.
 *
 * Inputs are JPEG q90 (like most scans): a gradient with ink lines, panel borders and grain, each
 * page different. Every figure is the best of `PASSES` timed passes after a warm-up.
 * Environment: BENCH_IMAGES (default 50), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { startImageLab } from "../apps/web/e2e/image-pipeline/fixture-server";
import type { ImageLab, LabBenchResult } from "../apps/web/e2e/image-pipeline/lab-types";
import { imageLabDir, type Row, ratio, treeCpuMs } from "./lib";

const WIDTH = 3000;
const HEIGHT = 4500;
const PASSES = 2;

/** A comic-like page: paper gradient, panel borders, hatching ink lines and grain; `seed` varies it. */
function pageRgb(seed: number): Buffer {
  const buf = Buffer.alloc(WIDTH * HEIGHT * 3);
  let rng = (seed * 2654435761) >>> 0 || 1;
  const panelH = 900 + ((seed * 37) % 300);
  let p = 0;
  for (let y = 0; y < HEIGHT; y++) {
    const base = 235 - Math.round((20 * y) / HEIGHT);
    const panelEdge = y % panelH < 8;
    for (let x = 0; x < WIDTH; x++) {
      rng ^= rng << 13;
      rng ^= rng >>> 17;
      rng ^= rng << 5;
      const grain = (rng & 3) - 2;
      const hatched = ((x >> 8) + (y >> 8) + seed) % 4 === 0;
      const ink = panelEdge || x % 1450 < 8 || (hatched && (x * 3 + y * 5 + seed * 11) % 41 < 3);
      const v = ink ? 20 + grain : base + grain;
      buf[p++] = v;
      buf[p++] = v - 4;
      buf[p++] = ink ? v : v - 12 + ((x >> 6) & 7);
    }
  }
  return buf;
}

/** `n` distinct 3000x4500 comic-like pages, JPEG q90 (like most scans). */
async function makeInputs(n: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < n; i++) out.push(await makeInput(i));
  return out;
}

/** Page `i` of `makeInputs` (the same bytes for the same `i`). */
export function makeInput(i: number): Promise<Buffer> {
  return sharp(pageRgb(i + 1), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Pages sharp works on at once: one per core, each on sharp.concurrency() threads. */
const sharpPagesAtOnce = () => Math.max(1, Math.floor(availableParallelism() / sharp.concurrency()));

type Pass = { ms: number; outBytes: number; cpuMs: number };

/**
 * sharp: the same job in Node, `atOnce` pages at a time; with `threads`, each page on that many
 * libvips threads (sharp.concurrency, restored after), so `atOnce` x `threads` matches another
 * pipeline's thread count.
 */
export async function sharpPass(
  inputs: Buffer[],
  atOnce: number,
  threads?: number,
): Promise<Pass & { atOnce: number }> {
  const before = sharp.concurrency();
  if (threads !== undefined) sharp.concurrency(threads);
  try {
    return await sharpPassAt(inputs, atOnce);
  } finally {
    sharp.concurrency(before);
  }
}

async function sharpPassAt(inputs: Buffer[], atOnce: number): Promise<Pass & { atOnce: number }> {
  const outs: Buffer[] = [];
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      for (let i = next++; i < inputs.length; i = next++) {
        outs[i] = await sharp(inputs[i])
          .resize({ width: 1500, withoutEnlargement: true })
          .jpeg({ quality: 95 })
          .toBuffer();
      }
    }),
  );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { ms, outBytes: outs.reduce((s, o) => s + o.length, 0), cpuMs, atOnce };
}

/** The CPU model the host reports (/proc/cpuinfo), for rows whose ratio depends on it. */
function cpuModel(): string {
  try {
    return /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? "unknown CPU";
  } catch {
    return "unknown CPU";
  }
}

const pps = (pages: number, ms: number) => Math.round((pages / (ms / 1000)) * 100) / 100;
const best = <T extends { ms: number }>(runs: T[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

export async function run() {
  const n = Number(process.env.BENCH_IMAGES ?? 50);
  const inputs = await makeInputs(n);
  const inputBytes = inputs.reduce((s, b) => s + b.length, 0);
  const lab = await startImageLab(await imageLabDir());
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  try {
    const urls = inputs.map((body, i) => {
      lab.files.set(`bench/${i + 1}.jpg`, { body, type: "image/jpeg" });
      return `${lab.url}/files/bench/${i + 1}.jpg`;
    });
    const page = await browser.newPage();
    await page.goto(lab.url);
    await page.locator("#status").getByText("ready").waitFor();
    const benchInPage = async (op: "process" | "scramble"): Promise<LabBenchResult & { cpuMs: number }> => {
      const cpu0 = await treeCpuMs(process.pid, /chrom/i);
      const r = await page.evaluate(
        ([u, o]) =>
          (globalThis as unknown as { imageLab: ImageLab }).imageLab.bench(u, {
            op: o as "process" | "scramble",
          }),
        [urls, op] as const,
      );
      // Also counts fetching the pages and the warm-up (one page per worker), spread over the pages.
      return { ...r, cpuMs: (((await treeCpuMs(process.pid, /chrom/i)) - cpu0) * n) / (n + r.poolSize) };
    };

    const browserRuns: (LabBenchResult & { cpuMs: number })[] = [];
    const sharpRuns: (Pass & { atOnce: number })[] = [];
    const sameThreadRuns: (Pass & { atOnce: number })[] = [];
    await sharpPass(inputs.slice(0, 4), 4); // warm-up
    for (let i = 0; i < PASSES; i++) {
      browserRuns.push(await benchInPage("process"));
      // sharp's best of two schedules: one page per core, and every page at once (libuv's 4 threads).
      for (const atOnce of [sharpPagesAtOnce(), n]) sharpRuns.push(await sharpPass(inputs, atOnce));
      // The same thread count as the browser's pool: one page per worker, one libvips thread each.
      sameThreadRuns.push(await sharpPass(inputs, browserRuns.at(-1)!.poolSize, 1));
    }
    const scrambleRuns: LabBenchResult[] = [await benchInPage("scramble")];
    const b = best(browserRuns);
    const s = best(sharpRuns);
    const sc = best(scrambleRuns);
    const browserPps = pps(n, b.ms);
    const sharpPps = pps(n, s.ms);
    const perPage = (runs: { cpuMs: number }[]) => Math.round(Math.min(...runs.map((r) => r.cpuMs)) / n);
    const browserCpu = perPage(browserRuns);
    const sharpCpu = perPage(sharpRuns);
    const same = best(sameThreadRuns);
    const samePps = pps(n, same.ms);
    const rows: Row[] = [
      {
        metric: `Browser pipeline vs sharp with the same thread count (${same.atOnce} pages at once, 1 thread each), ${n} pages ${WIDTH}x${HEIGHT}, ${cpuModel()}`,
        baseline: `sharp ${samePps} pages/s`,
        measured: `${browserPps} pages/s`,
        ratio: `${ratio(browserPps, samePps)}x`,
        target: ">= 0.8x",
        ok: browserPps >= 0.8 * samePps,
      },
      {
        metric: `Browser pipeline (1500 px, q0.95, ${b.poolSize} workers, ${b.poolMode}) vs sharp at its best (${s.atOnce} pages at once), ${n} pages`,
        baseline: `sharp ${sharpPps} pages/s`,
        measured: `${browserPps} pages/s`,
        ratio: `${ratio(browserPps, sharpPps)}x`,
        target: ">= 1.0x",
        ok: browserPps >= sharpPps,
      },
      {
        metric: "CPU time per page, browser vs sharp (ratio: sharp's / the browser's)",
        baseline: `sharp ${sharpCpu} ms`,
        measured: `${browserCpu} ms`,
        ratio: `${ratio(sharpCpu, browserCpu)}x`,
        target: "(info)",
      },
    ];
    return {
      name: "Browser image pipeline (1500 px, JPEG q0.95) vs sharp in Node",
      unit: "pages/s",
      images: {
        count: n,
        width: WIDTH,
        height: HEIGHT,
        format: "jpeg q90",
        meanBytes: Math.round(inputBytes / n),
      },
      cpus: availableParallelism(),
      browser: {
        pagesPerSecond: browserPps,
        ms: Math.round(b.ms),
        passesMs: browserRuns.map((r) => Math.round(r.ms)),
        poolSize: b.poolSize,
        poolMode: b.poolMode,
        meanOutBytes: Math.round(b.outBytes / n),
        cpuMsPerPage: browserCpu,
      },
      sharp: {
        pagesPerSecond: sharpPps,
        ms: Math.round(s.ms),
        passesMs: sharpRuns.map((r) => Math.round(r.ms)),
        concurrency: sharp.concurrency(),
        pagesAtOnce: s.atOnce,
        meanOutBytes: Math.round(s.outBytes / n),
        cpuMsPerPage: sharpCpu,
      },
      /** Browser throughput as a fraction of sharp's (1 = as fast as sharp). */
      ratio: ratio(browserPps, sharpPps),
      browserScramble: {
        pagesPerSecond: pps(n, sc.ms),
        ms: Math.round(sc.ms),
        meanOutBytes: Math.round(sc.outBytes / n),
      },
      rows,
    };
  } finally {
    await browser.close();
    await lab.close();
  }
}
