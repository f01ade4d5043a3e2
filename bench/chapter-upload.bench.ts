/**
 * The time to upload and publish a 50-page chapter over loopback HTTP the way the dashboard sends
 * it (apps/web/src/features/chapters/upload-batcher.ts: pages cut into requests by the shared
 * `takeBatch` with UPLOAD_BATCH limits, each a `POST /api/chapters/:id/pages` with its
 * `keys`/`clientIds` fields, UPLOAD_BATCH.requestsAtOnce requests in flight, then the order is saved
 * and the chapter published), next to the raw transfer of the very same request bodies, sent the
 * same way, to a server that only reads them, in the same run. The dashboard's batches are full
 * whenever the browser prepares pages faster than they upload, which is when upload speed matters.
 * Runs on on-disk PGlite (as `npm start`), and on PostgreSQL too when TEST_DATABASE_URL is set.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PAGE_MAX_BYTES } from "@vt/shared/constants";
import { takeBatch, UPLOAD_BATCH } from "@vt/shared/upload-batches";
import sharp from "sharp";
import { buildApp } from "../apps/api/src/app";
import { loadConfig } from "../apps/api/src/config";
import { checkImage } from "../apps/api/src/lib/image-gate";
import { createLocalStorage } from "../apps/api/src/storage/local";
import { createTeam, createUser, multipart } from "../apps/api/test/fixtures/api";
import { createComic } from "../apps/api/test/fixtures/comics";
import { type BenchDbKind, benchDbKinds, openBenchDatabase, type Row, ratio, stats } from "./lib";

const PAGES = 50;
const ROUNDS = 3;
/** What the dashboard does (packages/shared/src/upload-batches.ts). */
export const DASHBOARD = UPLOAD_BATCH;

async function page(i: number): Promise<Buffer> {
  // A 1500 px wide page like the browser pipeline produces (JPEG q95), with varied content.
  const { data, info } = await sharp({
    create: {
      width: 150,
      height: 225,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 + i },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info }).resize(1500, 2250, { kernel: "cubic" }).jpeg({ quality: 95 }).toBuffer();
}

/** Runs `send(i)` for i in [0, n) with at most `width` in flight, like the dashboard's upload semaphore. */
async function inFlight<T>(n: number, width: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await send(i);
      }
    }),
  );
  return out;
}

async function runOn(kind: BenchDbKind, pages: Buffer[]) {
  const dataDir = mkdtempSync(join(tmpdir(), "vt-bench-upload-"));
  const origin = "http://127.0.0.1";
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: origin,
    AUTH_SECRET: "bench-secret-bench-secret-0123456789",
  });
  const database = await openBenchDatabase(kind, dataDir);
  const storage = await createLocalStorage({ root: config.storageDir, publicBaseUrl: "/files" });
  const app = await buildApp({ config, database, storage, logger: false, webDist: null });
  const headers = { "x-app-origin": origin };
  // The API test helpers only need the app, its database and the dashboard headers.
  const t = { app, database, storage, config, dataDir, headers } as unknown as Parameters<
    typeof createUser
  >[0];

  // The raw baseline: a server that reads the request body and answers, nothing else.
  const raw = createServer((req, res) => {
    req.on("data", () => {});
    req.on("end", () => res.end("{}"));
  });
  await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });

  try {
    const user = await createUser(t, { name: "Bench" });
    const teamId = await createTeam(t, user, [], "Nhóm Bench");
    const comic = await createComic(t, user, teamId);
    const bodies: ReturnType<typeof multipart>[] = [];
    const queue = [...pages];
    for (let i = 0; queue.length > 0; ) {
      const batch = takeBatch(queue, (b) => b.length);
      bodies.push(
        multipart(
          batch.map((bytes, j) => ({
            field: "files",
            filename: `${i + j + 1}.jpg`,
            contentType: "image/jpeg",
            bytes,
          })),
          {
            keys: JSON.stringify(batch.map(() => null)),
            clientIds: JSON.stringify(batch.map((b, j) => `bench/${i + j + 1}.jpg|${b.length}|r`)),
          },
        ),
      );
      i += batch.length;
    }
    const totalBytes = bodies.reduce((n, b) => n + b.payload.length, 0);
    const auth = { ...headers, cookie: user.cookie };

    const rawTimes: number[] = [];
    const ourTimes: number[] = [];
    const gateTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let t0 = performance.now();
      await inFlight(bodies.length, DASHBOARD.requestsAtOnce, async (i) => {
        const res = await fetch(`${rawUrl}/upload`, {
          method: "POST",
          headers: bodies[i]!.headers,
          body: bodies[i]!.payload,
        });
        await res.arrayBuffer();
      });
      rawTimes.push(performance.now() - t0);

      // The floor: the image gate's full check of the same pages, as many at once, no HTTP or DB.
      t0 = performance.now();
      await inFlight(pages.length, DASHBOARD.requestsAtOnce, (i) =>
        checkImage(pages[i]!, { maxBytes: PAGE_MAX_BYTES }),
      );
      gateTimes.push(performance.now() - t0);

      t0 = performance.now();
      const created = await fetch(`${appUrl}/api/chapters`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ comicId: comic.id, order: round + 1 }),
      });
      if (created.status !== 201)
        throw new Error(`create chapter: ${created.status} ${await created.text()}`);
      const chapterId = ((await created.json()) as { id: number }).id;
      const perBody = await inFlight(bodies.length, DASHBOARD.requestsAtOnce, async (i) => {
        const body = bodies[i]!;
        const res = await fetch(`${appUrl}/api/chapters/${chapterId}/pages`, {
          method: "POST",
          headers: { ...auth, ...body.headers },
          body: body.payload,
        });
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { pages: { id: number }[] }).pages.map((p) => p.id);
      });
      const saved = await fetch(`${appUrl}/api/chapters/${chapterId}`, {
        method: "PUT",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({
          order: round + 1,
          pages: perBody.flat().map((id) => ({ id })),
          publish: true,
        }),
      });
      if (saved.status !== 200) throw new Error(`publish: ${saved.status} ${await saved.text()}`);
      ourTimes.push(performance.now() - t0);
    }
    const baseline = stats(rawTimes);
    const ours = stats(ourTimes);
    const gate = stats(gateTimes);
    return {
      database: kind,
      requests: bodies.length,
      pagesPerRequest: Math.round((PAGES / bodies.length) * 10) / 10,
      megabytes: Math.round((totalBytes / 1024 / 1024) * 10) / 10,
      baseline,
      ours,
      ratioP50: ratio(ours.p50, baseline.p50),
      gate,
      gateRatioP50: ratio(gate.p50, baseline.p50),
    };
  } finally {
    await app.close();
    await new Promise((resolve) => raw.close(resolve));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const pages = await Promise.all(Array.from({ length: PAGES }, (_, i) => page(i)));
  const cases = [];
  const rows: Row[] = [];
  for (const kind of benchDbKinds()) {
    const c = await runOn(kind, pages);
    cases.push(c);
    rows.push({
      metric: `${PAGES}-page chapter upload + publish, as the dashboard sends (${c.requests} requests of <= ${DASHBOARD.maxPages} pages, ${DASHBOARD.requestsAtOnce} at once), ${kind}`,
      baseline: `raw transfer ${Math.round(c.baseline.p50)} ms`,
      measured: `${Math.round(c.ours.p50)} ms`,
      ratio: `${c.ratioP50}x`,
      target: "<= 1.3x",
      ok: c.ratioP50 <= 1.3,
    });
    rows.push({
      metric: `floor: the image gate's check of the same ${PAGES} pages alone (${DASHBOARD.requestsAtOnce} at once, no HTTP, no database), ${kind}`,
      baseline: `raw transfer ${Math.round(c.baseline.p50)} ms`,
      measured: `${Math.round(c.gate.p50)} ms`,
      ratio: `${c.gateRatioP50}x`,
      target: "(what no upload can go below)",
      ok: true,
    });
  }
  return {
    name: `upload and publish a ${PAGES}-page chapter the way the dashboard sends it vs raw transfer of the same bytes`,
    unit: "ms",
    pages: PAGES,
    rounds: ROUNDS,
    dashboard: DASHBOARD,
    cases,
    rows,
  };
}
