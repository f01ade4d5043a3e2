/**
 * Browser memory while a 300-page chapter downloads as a zip (apps/web/src/lib/images/zip.ts) in
 * headless Chromium: the peak growth of the browser's proportional set size (the sum over every
 * Chromium process: browser, renderer, network and storage services, GPU; sampled every 50 ms from
 * /proc) over its size just before, on the streaming path (File System Access: a writable file
 * stream, here on the origin-private file system, which is what the save picker hands out), on the
 * service-worker path (browsers without that API: the download service worker streams the zip to
 * the browser's downloads, saved to the profile's download folder; the first download of the
 * browser, so starting the worker counts) and on the Blob path (where no
 * service worker can run), next to the chapter's own size. Pages are ~1.6 MB JPEGs
 * served on loopback by the image-pipeline fixture server. Each method runs in its own browser with
 * a profile on disk, as a user's browser is: an incognito-like context keeps its origin-private
 * files (and its Blob store) in memory, which would count the written zip itself. The browser is
 * driven over a bare DevTools pipe (openBareTab), not Playwright: Playwright turns on DevTools'
 * network tracking, which keeps a copy of every response body in the renderer (~200 MB here).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { startImageLab } from "../apps/web/e2e/image-pipeline/fixture-server";
import { imageLabDir, openBareTab, type Row, ratio, treePssMb } from "./lib";
import { CHROMIUM_ARGS } from "./web.bench";

const PAGES = 300;
const TARGET_MB = 100;

async function pageJpeg(): Promise<Buffer> {
  const { data, info } = await sharp({
    create: {
      width: 500,
      height: 750,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info }).resize(1500, 2250).jpeg({ quality: 92 }).toBuffer();
}

export async function run() {
  const body = await pageJpeg();
  const lab = await startImageLab(await imageLabDir());
  try {
    const pages = Array.from({ length: PAGES }, (_, i) => {
      lab.files.set(`zip/${i + 1}.jpg`, { body, type: "image/jpeg" });
      return { url: `${lab.url}/files/zip/${i + 1}.jpg` };
    });
    const chapterMb = Math.round(((body.length * PAGES) / 1024 / 1024) * 10) / 10;
    const measureOne = async (method: "file-system" | "stream" | "blob") => {
      // A fresh browser per method: nothing left over from the other one.
      const profile = mkdtempSync(join(tmpdir(), "vt-bench-zip-profile-"));
      const tab = await openBareTab(lab.url, CHROMIUM_ARGS, profile);
      // The service-worker and Blob paths end with a download: saved in the profile, removed with it.
      await tab.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: join(profile, "dl") });
      while ((await tab.evaluate<string>("document.querySelector('#status')?.textContent")) !== "ready")
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 500));
      const before = await treePssMb(process.pid, /chrom/i);
      let peak = before;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await treePssMb(process.pid, /chrom/i));
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const r = await tab.evaluate<{ bytes: number; ms: number }>(
        `imageLab.zipTo(${JSON.stringify(method)}, ${JSON.stringify(pages)})`,
      );
      sampling = false;
      await sampler;
      await tab.close();
      rmSync(profile, { recursive: true, force: true });
      return {
        method,
        zipMb: Math.round((r.bytes / 1024 / 1024) * 10) / 10,
        ms: Math.round(r.ms),
        beforeMb: Math.round(before),
        growthMb: Math.round(peak - before),
      };
    };
    const streaming = await measureOne("file-system");
    const stream = await measureOne("stream");
    const blob = await measureOne("blob");
    const rows: Row[] = [
      {
        metric: `${PAGES}-page chapter zip download: browser memory growth, streaming path (file handle)`,
        baseline: `chapter ${chapterMb} MB (Blob path +${blob.growthMb} MB)`,
        measured: `+${streaming.growthMb} MB`,
        ratio: `${ratio(streaming.growthMb, chapterMb)}x of the chapter`,
        target: `< ${TARGET_MB} MB`,
        ok: streaming.growthMb < TARGET_MB,
      },
      {
        metric: `${PAGES}-page chapter zip download: browser memory growth, without File System Access (service worker)`,
        baseline: `chapter ${chapterMb} MB (Blob path +${blob.growthMb} MB)`,
        measured: `+${stream.growthMb} MB`,
        ratio: `${ratio(stream.growthMb, chapterMb)}x of the chapter`,
        target: `< ${TARGET_MB} MB`,
        ok: stream.growthMb < TARGET_MB,
      },
    ];
    return {
      name: `Browser memory while zipping a ${PAGES}-page chapter`,
      unit: "MB",
      chapterMb,
      streaming,
      stream,
      blob,
      rows,
    };
  } finally {
    await lab.close();
  }
}
