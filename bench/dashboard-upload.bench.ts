/**
 * A chapter dropped in the real dashboard, over a throttled uplink: the time a new user waits.
 *
 * The API serves the built dashboard (on-disk PGlite, local files) behind the bench's own
 * throttling proxy (./throttle-proxy.ts: the browser's uplink at RATES megabits per second, answers
 * unthrottled). In Debian's Chromium a user signs up, makes a team and a comic (through the API, as
 * the chapter e2e spec does), opens "new chapter", names it and drops PAGES generated 3000x4500 JPEG
 * pages (image-pipeline.bench.ts' pages, written once to a cache folder under the temp dir and handed
 * to the file input by path). Timed from the drop to the "published" toast: the pages processed in
 * the image workers, uploaded in batches, "Đã lưu N/N trang", the click on "Đăng chương".
 *
 * The baseline, same run: max(wire time, sharp), where the wire time is the bytes the browser sent
 * through the proxy in that time at the link's rate, and sharp is the same resize (1500 px) and
 * q95 encode of the same pages in Node with the same thread count as the browser's image pool
 * (pool-size.ts for the browser's cores and memory: that many pages at once, one libvips thread
 * each). Also: the bytes the browser sent (every request: headers, forms) over the bytes of the
 * pages stored, and a profile of each run: CPU per thread of Chromium and of this process (the
 * server), the uplink's busy time and idle gaps, when the first page request started and the last
 * one ended, and how many requests were in flight.
 * Environment: BENCH_DASHBOARD_RATES (default "20,100"), BENCH_DASHBOARD_PAGES (default 50),
 * CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { buildApp } from "../apps/api/src/app";
import { createLocalStorage } from "../apps/api/src/storage/local";
import { poolSizeFor } from "../apps/web/src/lib/images/pool-size";
import { makeInput, sharpPass } from "./image-pipeline.bench";
import {
  benchConfig,
  cpuDelta,
  descendantPids,
  freePort,
  openBenchDatabase,
  type Row,
  ratio,
  threadCpuMs,
} from "./lib";
import { startThrottleProxy } from "./throttle-proxy";
import { CHROMIUM_ARGS } from "./web.bench";

const root = fileURLToPath(new URL("..", import.meta.url));
const PAGES = Number(process.env.BENCH_DASHBOARD_PAGES ?? 50);
const RATES = (process.env.BENCH_DASHBOARD_RATES ?? "20,100").split(",").map(Number);
const TARGET: Record<number, number> = { 20: 1.1, 100: 1.25 };
const BYTES_TARGET = 1.02;
const now = () => performance.timeOrigin + performance.now();
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The bench's pages as files (generated once per machine: ~1 min; kept under the temp dir). */
export async function cachedPages(n: number): Promise<string[]> {
  const dir = join(tmpdir(), "vt-bench-pages-3000x4500-q90-v1");
  mkdirSync(dir, { recursive: true });
  const paths = Array.from({ length: n }, (_, i) => join(dir, `${String(i + 1).padStart(3, "0")}.jpg`));
  for (const [i, path] of paths.entries()) {
    if (existsSync(path)) continue;
    writeFileSync(`${path}.part`, await makeInput(i));
    renameSync(`${path}.part`, path);
  }
  return paths;
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** The functions of a DevTools CPU profile with the most self time (ms), "name file:line". */
function topFunctions(profile: CpuProfile, n = 20): Record<string, number> {
  const self = new Map<number, number>();
  for (const [i, id] of (profile.samples ?? []).entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
  }
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}`;
    byName.set(key, (byName.get(key) ?? 0) + us / 1000);
  }
  return Object.fromEntries(
    [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round(v)]),
  );
}

export async function run() {
  const build = spawnSync(process.execPath, ["scripts/web-build.mjs"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("web build failed");
  const files = await cachedPages(PAGES);
  const inputs = files.map((f) => readFileSync(f));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { dataDir, config } = benchConfig("dashboard", { PUBLIC_URL: baseUrl, AUTH_RATE_LIMIT: "1000" });
  const database = await openBenchDatabase("pglite-disk", dataDir);
  const storage = await createLocalStorage({ root: config.storageDir, publicBaseUrl: "/files" });
  const app = await buildApp({ config, database, storage, logger: false });
  const appAddress = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
  const proxy = await startThrottleProxy(
    { host: "127.0.0.1", port: Number(appAddress.port) },
    RATES[0]!,
    port,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, locale: "vi-VN" });
    const headers = { "x-app-origin": baseUrl };
    const signUp = await context.request.post("/auth/sign-up/email", {
      headers: { origin: baseUrl },
      data: { name: "Lan Anh", email: `lan.anh.${Date.now()}@vuon-truyen.vn`, password: "hoa-mai-no-ro" },
    });
    if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForURL((u) => u.pathname === "/");
    const team = await context.request.post("/api/teams", { headers, data: { name: "Nhóm Lan" } });
    if (!team.ok()) throw new Error(`team: ${await team.text()}`);
    const cover = await context.request.post("/api/comics/covers", {
      headers,
      multipart: {
        file: {
          name: "cover.jpg",
          mimeType: "image/jpeg",
          buffer: await sharp(inputs[0]).resize(600, 800).jpeg().toBuffer(),
        },
      },
    });
    if (!cover.ok()) throw new Error(`cover: ${await cover.text()}`);
    const comic = await context.request.post("/api/comics", {
      headers,
      data: {
        teamId: (await team.json()).id,
        title: "Hoa Lan Trong Gió",
        thumbnail: (await cover.json()).key,
      },
    });
    if (!comic.ok()) throw new Error(`comic: ${await comic.text()}`);
    const comicId = (await comic.json()).id as number;
    const nav = await page.evaluate<{ cores?: number; memory?: number }>(
      "({ cores: navigator.hardwareConcurrency, memory: navigator.deviceMemory })",
    );
    const poolSize = poolSizeFor(nav.cores, nav.memory);

    // Page requests seen by the browser: when each started and ended (requests in flight).
    const requests: { start: number; end?: number }[] = [];
    const open = new Map<object, { start: number; end?: number }>();
    page.on("request", (r) => {
      if (r.method() !== "POST" || !/\/api\/chapters\/\d+\/pages$/.test(r.url())) return;
      const entry = { start: now() };
      open.set(r, entry);
      requests.push(entry);
    });
    const ended = (r: object) => {
      const e = open.get(r);
      if (e) e.end = now();
    };
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);

    const sharpMs: number[] = [];
    const sharpRun = async () => sharpMs.push((await sharpPass(inputs, poolSize, 1)).ms);
    await sharpPass(inputs.slice(0, 2), 2, 1); // warm-up
    await sharpRun();

    const cases = [];
    for (const [i, mbps] of RATES.entries()) {
      await proxy.setRate(mbps);
      await page.goto(`/comics/${comicId}/chapters/new`);
      await page.getByLabel("Tên chương").fill(`Chương ${i + 1}`);
      requests.length = 0;
      await proxy.reset();
      const chromePids = await descendantPids(process.pid, /chrom/i);
      const cpu0 = { chrome: threadCpuMs(chromePids), server: threadCpuMs([process.pid], "bench") };
      // BENCH_DASHBOARD_PROFILE=1: a JavaScript CPU profile of the page's main thread over the run.
      const cdp = process.env.BENCH_DASHBOARD_PROFILE ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
        await cdp.send("Profiler.start");
      }
      const t0 = now();
      // The tiles' states every 250 ms (data-state of each page tile): when the checks ended (the
      // first tile shown), the first page was processing, uploading, stored.
      const firstSeen: Record<string, number> = {};
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const states = await page
            .evaluate<string[]>(
              "[...document.querySelectorAll('li[data-page-uid]')].map((e) => e.getAttribute('data-state'))",
            )
            .catch(() => [] as string[]);
          for (const st of states) firstSeen[st] ??= Math.round(now() - t0);
          if (states.length > 0) firstSeen.tiles ??= Math.round(now() - t0);
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      await page.getByTestId("page-files-input").setInputFiles(files);
      await page.waitForURL(/\/chapters\/\d+$/);
      const chapterId = Number(/\/chapters\/(\d+)$/.exec(page.url())?.[1]);
      await page.getByText(`Đã lưu ${PAGES}/${PAGES} trang`).waitFor({ timeout: 600_000 });
      const tSaved = now();
      await page.getByRole("button", { name: "Đăng chương" }).click();
      await page.locator("[data-sonner-toast]").filter({ hasText: "Đã đăng chương" }).first().waitFor();
      const t1 = now();
      sampling = false;
      await sampler;
      const jsProfile = cdp ? topFunctions((await cdp.send("Profiler.stop")).profile) : undefined;
      await cdp?.detach();
      const link = await proxy.record();
      const cpu = {
        chrome: cpuDelta(cpu0.chrome, threadCpuMs(chromePids)),
        server: cpuDelta(cpu0.server, threadCpuMs([process.pid], "bench")),
      };
      const chapter = await context.request.get(`/api/chapters/${chapterId}`);
      const detail = (await chapter.json()) as { status: string; pages: { url: string }[] };
      if (detail.status !== "published" || detail.pages.length !== PAGES) {
        throw new Error(`chapter ${chapterId}: ${detail.status}, ${detail.pages.length} pages`);
      }
      const storedBytes = detail.pages.reduce(
        (n, p) =>
          n +
          statSync(join(config.storageDir, new URL(p.url, baseUrl).pathname.replace(/^\/files\//, ""))).size,
        0,
      );
      const wallMs = t1 - t0;
      const wireMs = (link.bytesUp * 8) / (mbps * 1000);
      // Requests in flight over the upload: the time-weighted mean, from the first start to the last end.
      const first = Math.min(...requests.map((r) => r.start));
      const last = Math.max(...requests.map((r) => r.end ?? t1));
      const inFlightMean = requests.reduce((n, r) => n + ((r.end ?? t1) - r.start), 0) / (last - first);
      cases.push({
        mbps,
        chapterId,
        wallMs: Math.round(wallMs),
        wireMs: Math.round(wireMs),
        bytesUp: link.bytesUp,
        storedBytes,
        bytesRatio: ratio(link.bytesUp, storedBytes),
        profile: {
          /** When the tiles first showed each state, ms after the drop (sampled every 250 ms). */
          firstSeen,
          dropToFirstPageRequestMs: Math.round(first - t0),
          lastPageRequestEndToSavedMs: Math.round(tSaved - last),
          savedToPublishedMs: Math.round(t1 - tSaved),
          pageRequests: requests.length,
          inFlightMean: Math.round(inFlightMean * 100) / 100,
          uplinkBusyMs: Math.round(link.busyMs),
          uplinkFirstToLastMs: link.firstAt && link.lastAt ? Math.round(link.lastAt - link.firstAt) : null,
          uplinkIdleGaps: link.gaps.map(([at, ms]) => [Math.round(at - t0), ms]),
          connections: link.connections,
          cpuMs: cpu,
          mainThreadJs: jsProfile,
        },
      });
    }
    await sharpRun();
    const sharpBest = Math.min(...sharpMs);
    const rows: Row[] = [];
    for (const c of cases) {
      const baseline = Math.max(c.wireMs, sharpBest);
      const r = ratio(c.wallMs, baseline);
      const target = TARGET[c.mbps];
      rows.push({
        metric: `Dashboard in Chromium, uplink ${c.mbps} Mbit/s (bench proxy): ${PAGES} pages 3000x4500 JPEG, drop to published`,
        baseline: `max(wire ${s(c.wireMs)}, sharp ${s(sharpBest)} at ${poolSize} threads)`,
        measured: s(c.wallMs),
        ratio: `${r}x`,
        target: target ? `<= ${target}x` : "(reported)",
        ok: target ? r <= target : undefined,
      });
    }
    for (const c of cases) {
      rows.push({
        metric: `Bytes the browser sent (every request) vs the ${PAGES} stored pages, ${c.mbps} Mbit/s run`,
        baseline: `stored ${(c.storedBytes / 1e6).toFixed(2)} MB`,
        measured: `${(c.bytesUp / 1e6).toFixed(2)} MB`,
        ratio: `${c.bytesRatio}x`,
        target: `<= ${BYTES_TARGET}x`,
        ok: c.bytesRatio <= BYTES_TARGET,
      });
    }
    return {
      name: "A chapter dropped in the dashboard (Chromium) over a throttled uplink, vs max(wire, sharp)",
      pages: PAGES,
      sourceMB: Math.round(inputs.reduce((n, b) => n + b.length, 0) / 1e5) / 10,
      browser: { ...nav, poolSize },
      sharpMs: sharpMs.map(Math.round),
      cases,
      rows,
    };
  } finally {
    await browser.close();
    await proxy.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
