/**
 * `pages.fingerprint`: fingerprints the chapter pages stored before the page checks existed
 * (`chapter_pages.dhash` null; docs/page-checks.md), so the checks compare them too. Daily, and
 * now with `npm run admin -- fingerprint-pages`; the admin page shows its progress
 * (`GET /api/admin/page-fingerprints`).
 *
 * - In batches of FINGERPRINT_BATCH pages, oldest first; each page is written as soon as it is
 *   made, so a run that is stopped (a restart, a crash) loses nothing and the next one goes on
 *   with the pages still without a fingerprint.
 * - Only our own stored pages (`comics/` keys): absolute URLs are never fetched. A scrambled page
 *   is fingerprinted as its unscrambled picture (fingerprintScrambled).
 * - A page that cannot be read (missing object, damaged file) is logged and counted, never stops
 *   the others, and is tried again by the next run.
 * - The row is written only while it still has no fingerprint and the same image: a page replaced
 *   meanwhile keeps the fingerprint its upload made.
 */
import { and, count, eq, gt, isNotNull, isNull, like, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { chapterPages } from "../db/schema/chapters";
import { fingerprintImage, fingerprintScrambled, type PageFingerprint } from "../lib/page-fingerprint";
import { defineJob, type JobContext } from "./engine";
import { queueRunState } from "./runs";

/** Pages read per batch. */
export const FINGERPRINT_BATCH = 200;

export interface FingerprintResult {
  made: number;
  /** Could not be read: logged, tried again next run. */
  failed: number;
}

export interface FingerprintProgress extends FingerprintResult {
  /** Pages without a fingerprint when the run began. */
  total: number;
  /** Of those, how many it has been through. */
  done: number;
}

const ownPage = like(chapterPages.url, "comics/%");
const missing = and(isNull(chapterPages.dhash), ownPage);

async function fingerprintOf(bytes: Buffer, scrambleKey: string | null): Promise<PageFingerprint> {
  return scrambleKey ? fingerprintScrambled(bytes, scrambleKey) : fingerprintImage(bytes);
}

/**
 * Fingerprints every page still without one, `batch` at a time, calling `onProgress` after each
 * batch. A page that fails is counted once per run, so the run always ends.
 */
export async function fingerprintPages(
  { db, storage, log }: Pick<JobContext, "db" | "storage" | "log">,
  onProgress: (progress: FingerprintProgress) => void = () => {},
  batch = FINGERPRINT_BATCH,
): Promise<FingerprintProgress> {
  const [row] = await db.select({ n: count() }).from(chapterPages).where(missing);
  const progress: FingerprintProgress = { total: Number(row?.n ?? 0), done: 0, made: 0, failed: 0 };
  let after = 0;
  for (;;) {
    const pages = await db
      .select({ id: chapterPages.id, url: chapterPages.url, scrambleKey: chapterPages.scrambleKey })
      .from(chapterPages)
      .where(and(missing, gt(chapterPages.id, after)))
      .orderBy(chapterPages.id)
      .limit(batch);
    if (!pages.length) break;
    for (const page of pages) {
      try {
        const bytes = await storage.get(page.url);
        if (!bytes) throw new Error("the stored object is missing");
        const f = await fingerprintOf(bytes, page.scrambleKey);
        await db
          .update(chapterPages)
          .set({ dhash: f.dhash, brightnessMean: f.mean, brightnessStd: f.std })
          .where(
            and(
              eq(chapterPages.id, page.id),
              eq(chapterPages.url, page.url),
              isNull(chapterPages.dhash),
              page.scrambleKey === null
                ? isNull(chapterPages.scrambleKey)
                : eq(chapterPages.scrambleKey, page.scrambleKey),
            ),
          );
        progress.made++;
      } catch (error) {
        log.warn({ err: error, key: page.url }, "pages.fingerprint could not fingerprint a page");
        progress.failed++;
      }
      progress.done++;
    }
    after = pages.at(-1)!.id;
    onProgress({ ...progress });
  }
  return progress;
}

export const pagesFingerprint = defineJob<Record<string, never>, FingerprintResult>({
  name: "pages.fingerprint",
  cron: "53 4 * * *",
  // A first run after an upgrade may go through every stored page; it resumes where it stopped.
  expireInSeconds: 4 * 3600,
  async run(_data, ctx) {
    const { made, failed } = await fingerprintPages(ctx);
    return { made, failed };
  },
});

export interface FingerprintStatus {
  /** Our own stored pages (absolute URLs are not fingerprinted). */
  total: number;
  /** Of those, fingerprinted. */
  fingerprinted: number;
  /** A `pages.fingerprint` run is active now. */
  running: boolean;
  /** When the last run finished, and how (null before the first). */
  lastFinishedAt: Date | null;
  lastState: "completed" | "failed" | "cancelled" | null;
}

/** What the admin page shows of the backfill. */
export async function fingerprintStatus(db: Db): Promise<FingerprintStatus> {
  const [counts] = await db
    .select({
      total: count(),
      fingerprinted: sql<number>`count(*) filter (where ${isNotNull(chapterPages.dhash)})`.mapWith(Number),
    })
    .from(chapterPages)
    .where(ownPage);
  const runs = await queueRunState(db, pagesFingerprint.name);
  return {
    total: Number(counts?.total ?? 0),
    fingerprinted: Number(counts?.fingerprinted ?? 0),
    running: runs.running,
    lastFinishedAt: runs.lastFinished?.completedOn ?? null,
    lastState: (runs.lastFinished?.state ?? null) as FingerprintStatus["lastState"],
  };
}
