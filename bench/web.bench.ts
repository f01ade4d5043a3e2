/**
 * First paint, measured in headless Chromium (/usr/bin/chromium on loopback) against the real
 * product (the API serving the built dashboard, on-disk PGlite with 100k comics):
 * - the JavaScript the browser actually loads to render `/login` (signed out) and the signed-in home:
 *   every `.js` response of the page, counted at its gzip size (what scripts/precompress.mjs wrote);
 * - the largest contentful paint of `/comics`, cold (a fresh browser context: empty cache) and signed
 *   in, median of RUNS, next to the LCP of a static page with one heading served on loopback in the
 *   same browser and run (the floor of navigation + paint on this machine right now);
 * - the same for a chapter's page (the editor, with CHAPTER_PAGES pages uploaded as the dashboard
 *   sends them), reported with the scripts it loads: the page uploaders spend their time on.
 * Builds the dashboard first when apps/web/dist is missing.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app";
import { hashSessionToken, SESSION_COOKIE } from "../apps/api/src/auth/session";
import { createLocalStorage } from "../apps/api/src/storage/local";
import { seedComics } from "./comics-list.bench";
import { benchConfig, freePort, median, openBenchDatabase, type Row, ratio } from "./lib";
import { benchPage, dashboardBodies } from "./upload-lib";

const RUNS = 5;
const CHAPTER_PAGES = 10;
const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "apps/web/dist");
const LOGIN_BUDGET_KB = 120;
const HOME_BUDGET_KB = 180;
const LCP_TARGET_MS = 1000;

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-dev-shm-usage",
];

/** What the server sends for a dist file: its precompressed .gz, or a gzip of it. */
function gzSize(file: string): number {
  const full = join(dist, file);
  if (existsSync(`${full}.gz`)) return statSync(`${full}.gz`).size;
  return gzipSync(readFileSync(full), { level: 9 }).length;
}

/** Every script a fresh context loads for `url` until the network is idle, with gzip sizes. */
async function scriptsFor(browser: Browser, baseUrl: string, path: string, cookie?: string) {
  const context = await browser.newContext({ locale: "vi-VN" });
  if (cookie) await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseUrl }]);
  const page = await context.newPage();
  const files = new Set<string>();
  page.on("response", (res) => {
    const u = new URL(res.url());
    if (u.origin === baseUrl && u.pathname.endsWith(".js")) files.add(u.pathname.slice(1));
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  await context.close();
  const bytes = [...files].reduce((n, f) => n + gzSize(f), 0);
  return { files: [...files].sort(), kb: Math.round((bytes / 1024) * 10) / 10 };
}

/** LCP of `url` in a fresh context (cold cache), after the page settled; also when /api/comics started. */
async function lcp(browser: Browser, url: string, cookie?: { value: string; url: string }) {
  const context = await browser.newContext({ locale: "vi-VN" });
  if (cookie) await context.addCookies([{ name: SESSION_COOKIE, ...cookie }]);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  const out = await page.evaluate(
    () =>
      new Promise<{ lcp: number; listRequestStart: number | null; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as {
            startTime: number;
            element?: { tagName: string; className: string } | null;
          }[];
          const last = entries[entries.length - 1]!;
          const list_ = performance
            .getEntriesByType("resource")
            .find((e) => /\/api\/comics(\?|$)/.test(e.name));
          resolve({
            lcp: last.startTime,
            listRequestStart: list_ ? list_.startTime : null,
            element: last.element
              ? `${last.element.tagName.toLowerCase()}.${last.element.className}`.slice(0, 60)
              : "",
          });
        }).observe({ type: "largest-contentful-paint" as never, buffered: true });
      }),
  );
  await context.close();
  return out;
}

/**
 * A chapter of comic 100 (team 1, the bench user's) with CHAPTER_PAGES pages, uploaded the way the
 * dashboard sends them: the address of its page.
 */
async function seedChapter(baseUrl: string, token: string): Promise<string> {
  const headers = { cookie: `${SESSION_COOKIE}=${token}`, "x-app-origin": baseUrl };
  const comicId = 100;
  const created = await fetch(`${baseUrl}/api/chapters`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ comicId, order: 1 }),
  });
  if (created.status !== 201) throw new Error(`create chapter: ${created.status} ${await created.text()}`);
  const chapterId = ((await created.json()) as { id: number }).id;
  const pages = await Promise.all(Array.from({ length: CHAPTER_PAGES }, (_, i) => benchPage(i)));
  for (const body of dashboardBodies(pages)) {
    const res = await fetch(`${baseUrl}/api/chapters/${chapterId}/pages`, {
      method: "POST",
      headers: { ...headers, ...body.headers },
      body: body.payload,
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  }
  return `/comics/${comicId}/chapters/${chapterId}`;
}

export async function run() {
  if (!existsSync(join(dist, "index.html"))) {
    const r = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) throw new Error("web build failed");
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { dataDir, config } = benchConfig("web", { PUBLIC_URL: baseUrl });
  const database = await openBenchDatabase("pglite-disk", dataDir);
  await seedComics(database.db);
  const token = randomBytes(32).toString("base64url");
  await database.db.execute(
    sql`insert into sessions (id, user_id, expires_at) values (${hashSessionToken(token)}, 1, now() + interval '1 day')`,
  );
  const storage = await createLocalStorage({ root: config.storageDir, publicBaseUrl: "/files" });
  const app = await buildApp({ config, database, storage, logger: false });
  await app.listen({ port, host: "127.0.0.1" });
  // The floor: a static page with one heading, on loopback, in the same browser.
  const floor = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(
      `<!doctype html><html lang="vi"><meta charset="utf-8"><title>Truyện</title><h1>Truyện của nhóm</h1>`,
    );
  });
  await new Promise<void>((r) => floor.listen(0, "127.0.0.1", r));
  const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const chapterPath = await seedChapter(baseUrl, token);
    const login = await scriptsFor(browser, baseUrl, "/login");
    const chapterScripts = await scriptsFor(browser, baseUrl, chapterPath, token);
    const home = await scriptsFor(browser, baseUrl, "/", token);
    // Warm the server and the browser once (not counted), then alternate floor / comics.
    await lcp(browser, floorUrl);
    await lcp(browser, `${baseUrl}/comics`, { value: token, url: baseUrl });
    const floors: number[] = [];
    const comics: Awaited<ReturnType<typeof lcp>>[] = [];
    const chapters: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      floors.push((await lcp(browser, floorUrl)).lcp);
      comics.push(await lcp(browser, `${baseUrl}/comics`, { value: token, url: baseUrl }));
      chapters.push((await lcp(browser, `${baseUrl}${chapterPath}`, { value: token, url: baseUrl })).lcp);
    }
    const chapterMs = Math.round(median(chapters));
    const floorMs = Math.round(median(floors));
    const lcpMs = Math.round(median(comics.map((c) => c.lcp)));
    const listStarts = comics.map((c) => c.listRequestStart).filter((x): x is number => x !== null);
    const rows: Row[] = [
      {
        metric: "LCP of /comics, cold, signed in, 100k comics (median)",
        baseline: `static page LCP ${floorMs} ms`,
        measured: `${lcpMs} ms`,
        ratio: `${ratio(lcpMs, floorMs)}x`,
        target: `<= ${LCP_TARGET_MS} ms`,
        ok: lcpMs <= LCP_TARGET_MS,
      },
      {
        metric: `LCP of a chapter's page, cold, signed in (${CHAPTER_PAGES} pages; ${chapterScripts.files.length} scripts, ${chapterScripts.kb} KB gzip)`,
        baseline: `static page LCP ${floorMs} ms`,
        measured: `${chapterMs} ms`,
        ratio: `${ratio(chapterMs, floorMs)}x`,
        target: "(reported)",
        ok: true,
      },
      {
        metric: `JS to render /login (every script Chromium loads, gzip; ${login.files.length} files)`,
        baseline: `budget ${LOGIN_BUDGET_KB} KB`,
        measured: `${login.kb} KB`,
        ratio: `${ratio(login.kb, LOGIN_BUDGET_KB)}x`,
        target: `<= ${LOGIN_BUDGET_KB} KB`,
        ok: login.kb <= LOGIN_BUDGET_KB,
      },
      {
        metric: `JS to render the signed-in home (gzip; ${home.files.length} files)`,
        baseline: `budget ${HOME_BUDGET_KB} KB`,
        measured: `${home.kb} KB`,
        ratio: `${ratio(home.kb, HOME_BUDGET_KB)}x`,
        target: `<= ${HOME_BUDGET_KB} KB`,
        ok: home.kb <= HOME_BUDGET_KB,
      },
    ];
    return {
      name: "First paint in headless Chromium on loopback",
      login,
      home,
      lcp: {
        runs: comics.map((c) => Math.round(c.lcp)),
        medianMs: lcpMs,
        element: comics[0]?.element,
        listRequestStartMedianMs: listStarts.length ? Math.round(median(listStarts)) : null,
        chapterRuns: chapters.map(Math.round),
        chapterScripts,
        floorRuns: floors.map(Math.round),
        floorMedianMs: floorMs,
      },
      rows,
    };
  } finally {
    await browser.close();
    await app.close();
    await new Promise((r) => floor.close(r));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
