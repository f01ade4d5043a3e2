/**
 * The time to upload and publish a 50-page chapter over loopback HTTP the way the dashboard sends
 * it (apps/web/src/features/chapters/upload-batcher.ts: pages cut into requests by the shared
 * `takeBatch` with UPLOAD_BATCH limits, each a `POST /api/chapters/:id/pages` with its
 * `keys`/`clientIds` fields, UPLOAD_BATCH.requestsAtOnce requests in flight, then the order is saved
 * and the chapter published), next to the raw transfer of the very same request bodies, sent the
 * same way, to a server that only reads them, in the same run. The dashboard's batches are full
 * whenever the browser prepares pages faster than they upload, which is when upload speed matters.
 * Runs on on-disk PGlite (as `npm start`), and on PostgreSQL too when TEST_DATABASE_URL is set.
 * Each phase also reports the CPU the process spent in it (every thread: main, libuv pool, libvips,
 * V8's GC helpers): on a 2-core machine the upload is bound by that total, and it stays comparable
 * when other work on the machine stretches the wall-clock figures.
 */

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { PAGE_MAX_BYTES } from "@vt/shared/constants";
import { checkImage } from "../apps/api/src/lib/image-gate";
import { type BenchDbKind, ratio, stats } from "./lib";
import {
  DASHBOARD,
  dashboardBodies,
  inFlight,
  onEachDatabase,
  CHAPTER_PAGES as PAGES,
  ROUNDS,
  startBenchApp,
  uploadChapter,
} from "./upload-lib";

async function runOn(kind: BenchDbKind, pages: Buffer[]) {
  const target = await startBenchApp(kind);
  // The raw baseline: a server that reads the request body and answers, nothing else.
  const raw = createServer((req, res) => {
    req.on("data", () => {});
    req.on("end", () => res.end("{}"));
  });
  await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;

  try {
    const bodies = dashboardBodies(pages);
    const totalBytes = bodies.reduce((n, b) => n + b.payload.length, 0);
    const rawTimes: number[] = [];
    const ourTimes: number[] = [];
    const gateTimes: number[] = [];
    const cpu = { raw: [] as number[], gate: [] as number[], ours: [] as number[] };
    let cpu0 = process.cpuUsage();
    /** CPU milliseconds of the whole process since the last call. */
    const cpuSince = () => {
      const used = process.cpuUsage(cpu0);
      cpu0 = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    for (let round = 0; round < ROUNDS; round++) {
      cpuSince();
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
      cpu.raw.push(cpuSince());

      // The floor: the image gate's full check of the same pages, as many at once, no HTTP or DB.
      t0 = performance.now();
      await inFlight(pages.length, DASHBOARD.requestsAtOnce, (i) =>
        checkImage(pages[i]!, { maxBytes: PAGE_MAX_BYTES }),
      );
      gateTimes.push(performance.now() - t0);
      cpu.gate.push(cpuSince());

      t0 = performance.now();
      await uploadChapter(target, round + 1, bodies);
      ourTimes.push(performance.now() - t0);
      cpu.ours.push(cpuSince());
    }
    const baseline = stats(rawTimes);
    const ours = stats(ourTimes);
    return {
      database: kind,
      requests: bodies.length,
      pagesPerRequest: Math.round((PAGES / bodies.length) * 10) / 10,
      megabytes: Math.round((totalBytes / 1024 / 1024) * 10) / 10,
      baseline,
      ours,
      ratioP50: ratio(ours.p50, baseline.p50),
      gate: stats(gateTimes),
      gateRatioP50: ratio(stats(gateTimes).p50, baseline.p50),
      /** Process CPU (all threads) per phase, p50 in ms. */
      cpuP50: { raw: stats(cpu.raw).p50, gate: stats(cpu.gate).p50, ours: stats(cpu.ours).p50 },
    };
  } finally {
    await new Promise((resolve) => raw.close(resolve));
    await target.close();
  }
}

export async function run() {
  const { cases, rows } = await onEachDatabase(PAGES, runOn, (c, kind) => [
    {
      metric: `${PAGES}-page chapter upload + publish, as the dashboard sends (${c.requests} requests of <= ${DASHBOARD.maxPages} pages, ${DASHBOARD.requestsAtOnce} at once), ${kind}`,
      baseline: `raw transfer ${Math.round(c.baseline.p50)} ms`,
      measured: `${Math.round(c.ours.p50)} ms`,
      ratio: `${c.ratioP50}x`,
      target: "<= 1.3x",
      ok: c.ratioP50 <= 1.3,
    },
    {
      metric: `floor: the image gate's check of the same ${PAGES} pages alone (${DASHBOARD.requestsAtOnce} at once, no HTTP, no database), ${kind}`,
      baseline: `raw transfer ${Math.round(c.baseline.p50)} ms`,
      measured: `${Math.round(c.gate.p50)} ms`,
      ratio: `${c.gateRatioP50}x`,
      target: "(what no upload can go below)",
      ok: true,
    },
    {
      metric: `CPU of the upload (all threads) vs the gate's check plus the raw transfer, ${kind}`,
      baseline: `gate ${Math.round(c.cpuP50.gate)} + raw ${Math.round(c.cpuP50.raw)} ms CPU`,
      measured: `${Math.round(c.cpuP50.ours)} ms CPU`,
      ratio: `${ratio(c.cpuP50.ours, c.cpuP50.gate + c.cpuP50.raw)}x`,
      target: "(what the upload adds)",
      ok: true,
    },
  ]);
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
