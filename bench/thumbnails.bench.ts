/**
 * What the thumbnail job costs an upload (docs/jobs.md, "Thumbnails"): the same 50-page chapter
 * uploaded and published the way the dashboard sends it (bench/upload-lib.ts), by an app whose job
 * engine runs (each upload request queues an `images.thumbnail` job, worked in the same process
 * while the next requests arrive, as `npm start` does) and by one without it (nothing queued), in
 * the same run, rounds interleaved so that a change in the machine's load hits both alike. The
 * figure is the upload + publish time with thumbnails on over the time with them off; the time
 * until the chapter's last thumbnail is stored is reported too. Between rounds the queue is left
 * to drain, so a round never pays for the thumbnails of the one before.
 */
import { sql } from "drizzle-orm";
import { type BenchDbKind, ratio, stats } from "./lib";
import * as upload from "./upload-lib";

/** Thumbnail jobs not finished yet. */
async function pendingThumbnails(target: upload.BenchApp): Promise<number> {
  const { rows } = await target.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'images.thumbnail' and state in ('created', 'retry', 'active')`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Pages of the chapter with their thumbnail stored. */
async function thumbnailed(target: upload.BenchApp, chapterId: number): Promise<number> {
  const { rows } = await target.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from chapter_pages where chapter_id = ${chapterId} and thumb is not null`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 300_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting for the thumbnail queue");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function runOn(kind: BenchDbKind, pages: Buffer[]) {
  const off = await upload.startBenchApp(kind, { jobs: false });
  const on = await upload.startBenchApp(kind, { jobs: true });
  try {
    const bodies = upload.dashboardBodies(pages);
    const offTimes: number[] = [];
    const onTimes: number[] = [];
    const readyTimes: number[] = [];
    for (let round = 0; round < upload.ROUNDS; round++) {
      let t0 = performance.now();
      await upload.uploadChapter(off, round + 1, bodies);
      offTimes.push(performance.now() - t0);

      t0 = performance.now();
      const chapterId = await upload.uploadChapter(on, round + 1, bodies);
      onTimes.push(performance.now() - t0);
      await waitUntil(async () => (await thumbnailed(on, chapterId)) >= upload.CHAPTER_PAGES);
      readyTimes.push(performance.now() - t0);
      await waitUntil(async () => (await pendingThumbnails(on)) === 0);
    }
    const baseline = stats(offTimes);
    const ours = stats(onTimes);
    const ready = stats(readyTimes);
    return {
      database: kind,
      requests: bodies.length,
      thumbnailsOff: baseline,
      thumbnailsOn: ours,
      lastThumbnailStored: ready,
      ratioP50: ratio(ours.p50, baseline.p50),
    };
  } finally {
    await on.close();
    await off.close();
  }
}

export async function run() {
  const { cases, rows } = await upload.onEachDatabase(upload.CHAPTER_PAGES, runOn, (c, kind) => ({
    metric: `${upload.CHAPTER_PAGES}-page chapter upload + publish with the thumbnail job working (last thumbnail stored after ${Math.round(c.lastThumbnailStored.p50)} ms), ${kind}`,
    baseline: `thumbnails off ${Math.round(c.thumbnailsOff.p50)} ms`,
    measured: `${Math.round(c.thumbnailsOn.p50)} ms`,
    ratio: `${c.ratioP50}x`,
    target: "report (no target)",
  }));
  return {
    name: `upload and publish a ${upload.CHAPTER_PAGES}-page chapter with the thumbnail job queue working vs not`,
    unit: "ms",
    pages: upload.CHAPTER_PAGES,
    rounds: upload.ROUNDS,
    dashboard: upload.DASHBOARD,
    cases,
    rows,
  };
}
