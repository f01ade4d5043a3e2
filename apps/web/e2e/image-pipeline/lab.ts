/**
 * Fixture page for apps/web/e2e/image-pipeline.spec.ts and bench/image-pipeline.bench.ts: exposes
 * the real image modules (real module workers, built by Vite with the app's config) on
 * `window.imageLab`, with base64 in and out so that Node can check the bytes independently.
 */
import { imageErrorI18nKey } from "../../src/lib/images/errors";
import { runPipeline } from "../../src/lib/images/pipeline";
import { ImagePool } from "../../src/lib/images/pool";
import { blobSink, downloadChapterZip, writeChapterZip } from "../../src/lib/images/zip";
import type { ImageLab, LabError, LabMode, LabPipelineEvent } from "./lab-types";

declare global {
  interface Window {
    imageLab: ImageLab;
  }
}

const pools = new Map<LabMode, ImagePool>();
function pool(mode: LabMode = "worker"): ImagePool {
  let p = pools.get(mode);
  if (!p) {
    p = new ImagePool({ mode });
    pools.set(mode, p);
  }
  return p;
}

async function toB64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromB64(b64: string, type = ""): Blob {
  const s = atob(b64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return new Blob([bytes], { type });
}

async function fetchBlob(url: string): Promise<File> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  const blob = await res.blob();
  return new File([blob], url.split("/").pop() ?? "page", { type: blob.type });
}

function errorShape(error: unknown): LabError {
  const e = error as { name?: string; code?: string; message?: string };
  return {
    name: e?.name ?? "Error",
    code: e?.code,
    i18nKey: imageErrorI18nKey(error),
    message: e?.message ?? String(error),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const lab: ImageLab = {
  poolInfo(mode) {
    const p = pool(mode);
    const { deviceMemory } = navigator as Navigator & { deviceMemory?: number };
    return { mode: p.mode, size: p.size, hardwareConcurrency: navigator.hardwareConcurrency, deviceMemory };
  },

  async processUrl(url, name, mode) {
    const stages: string[] = [];
    const p = pool(mode);
    const { blob, ...out } = await p.processPage(await fetchBlob(url), {
      name,
      onProgress: (s) => stages.push(s.stage),
    });
    return { ...out, b64: await toB64(blob), stages, poolMode: p.mode };
  },

  async scrambleUrl(url, options = {}) {
    const p = pool(options.mode);
    const { blob, ...out } = await p.scramblePage(await fetchBlob(url), { permutation: options.permutation });
    return { ...out, b64: await toB64(blob), poolMode: p.mode };
  },

  async fingerprintUrl(url, mode) {
    const p = pool(mode);
    const { thumb: _, ...out } = await p.fingerprintPage(await fetchBlob(url));
    return { ...out, poolMode: p.mode };
  },

  async unscrambleB64(b64, key, mode) {
    const { blob, ...out } = await pool(mode).unscramblePage(fromB64(b64, "image/jpeg"), key);
    return { ...out, b64: await toB64(blob) };
  },

  async errorOf(op, b64, key = "", mode) {
    const input = fromB64(b64);
    try {
      if (op === "process") await pool(mode).processPage(input);
      else if (op === "scramble") await pool(mode).scramblePage(input);
      else await pool(mode).unscramblePage(input, key);
      return null;
    } catch (error) {
      return errorShape(error);
    }
  },

  async cancelAfter(url, afterMs) {
    const file = await fetchBlob(url);
    const stages: string[] = [];
    const controller = new AbortController();
    const job = pool().processPage(file, {
      signal: controller.signal,
      onProgress: (s) => stages.push(s.stage),
    });
    await sleep(afterMs);
    controller.abort();
    try {
      await job;
      return { error: null, stages };
    } catch (error) {
      return { error: errorShape(error), stages };
    }
  },

  async zipB64(pages) {
    const progress: { pagesDone: number; total: number; bytes: number }[] = [];
    const sink = blobSink("application/zip");
    await writeChapterZip(pages, sink.writable, {
      pool: pool(),
      onProgress: (p) => progress.push({ pagesDone: p.pagesDone, total: p.total, bytes: p.bytes }),
    });
    return { b64: await toB64(await sink.blob), progress };
  },

  async downloadZip(name, pages, saveAs = "blob") {
    const r = await downloadChapterZip({ name, pages }, { pool: pool(), saveAs });
    return { fileName: r.fileName, bytes: r.bytes, method: r.method };
  },

  async zipTo(method, pages) {
    const t0 = performance.now();
    if (method === "blob" || method === "stream") {
      const r = await downloadChapterZip({ name: "Chapter", pages }, { pool: pool(), saveAs: method });
      return { bytes: r.bytes, ms: performance.now() - t0 };
    }
    // What downloadChapterZip does with the picked file, on a file of the origin-private file system.
    const dir = await navigator.storage.getDirectory();
    const handle = await dir.getFileHandle("chapter.zip", { create: true });
    await writeChapterZip(pages, await handle.createWritable(), { pool: pool() });
    const bytes = (await handle.getFile()).size;
    await dir.removeEntry("chapter.zip");
    return { bytes, ms: performance.now() - t0 };
  },

  async emptyZipError() {
    try {
      await downloadChapterZip({ name: "Empty", pages: [] }, { saveAs: "blob" });
      return null;
    } catch (error) {
      return errorShape(error);
    }
  },

  async pipeline(urls, options) {
    const files = await Promise.all(urls.map(fetchBlob));
    const t0 = performance.now();
    const events: LabPipelineEvent[] = [];
    const failed = new Set<number>();
    const run = runPipeline(files, {
      pool: pool(),
      scramble: options.scramble,
      uploadConcurrency: 2,
      onFileChange: (f) => events.push({ t: performance.now() - t0, index: f.index, state: f.state }),
      upload: async (page, index, signal, onProgress) => {
        onProgress(0.5);
        await sleep(options.uploadMs);
        if (signal.aborted) throw new DOMException("aborted", "AbortError");
        if (index === options.failUploadOnce && !failed.has(index)) {
          failed.add(index);
          throw new Error("network down");
        }
        onProgress(1);
        return { bytes: page.blob.size };
      },
    });
    const iterated: number[] = [];
    for await (const f of run) iterated.push(f.index);
    await run.done;
    if (options.failUploadOnce !== undefined) await run.retry(options.failUploadOnce);
    const final = run.progress();
    return {
      events,
      iterated,
      finalPercent: final.percent,
      files: run.files().map((f) => ({
        index: f.index,
        state: f.state,
        name: f.page?.name,
        key: f.page?.key,
        attempts: f.attempts,
        uploadedBytes: (f.result as { bytes: number } | undefined)?.bytes,
      })),
    };
  },

  async bench(urls, options = {}) {
    const files: Blob[] = [];
    for (const url of urls) files.push(await fetchBlob(url));
    const p = pool();
    const runOp = async (f: Blob) => {
      if (options.op === "fingerprint") return (await p.fingerprintPage(f)).thumb;
      return (options.op === "scramble" ? await p.scramblePage(f) : await p.processPage(f)).blob;
    };
    // Warm up: start every worker once with the same operation (module load, first decode) outside the timing.
    await Promise.all(files.slice(0, p.size).map(runOp));
    const t0 = performance.now();
    const outs = await Promise.all(files.map(runOp));
    const ms = performance.now() - t0;
    return {
      ms,
      pages: files.length,
      poolSize: p.size,
      poolMode: p.mode,
      outBytes: outs.reduce((s, o) => s + o.size, 0),
    };
  },
};

window.imageLab = lab;
document.getElementById("status")!.textContent = "ready";
