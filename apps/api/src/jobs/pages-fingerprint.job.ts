/**
 * `pages.fingerprint`: fingerprints the chapter pages stored before the page checks existed
 * (`chapter_pages.dhash` null), and again the pages whose fingerprint an older definition made
 * (`fingerprint_version` below FINGERPRINT_VERSION; docs/page-checks.md), so the checks compare
 * like with like. Daily, and now with `npm run admin -- fingerprint-pages`; the admin page shows
 * its progress (`GET /api/admin/page-fingerprints`).
 *
 * - In batches of FINGERPRINT_BATCH pages, oldest first; each page is written as soon as it is
 *   made, so a run that is stopped (a restart, a crash) loses nothing and the next one goes on
 *   with the pages still due.
 * - Only our own stored pages (`comics/` keys): absolute URLs are never fetched. A scrambled page
 *   is fingerprinted as its unscrambled picture (fingerprintScrambled).
 * - A page that cannot be read (missing object, damaged file) is logged and counted, never stops
 *   the others, and is tried again by the next run (an old fingerprint it has is kept meanwhile).
 * - The row is written only while it is still due and holds the same image: a page replaced
 *   meanwhile keeps the fingerprint its upload made.
 * - A page fingerprinted again takes its keeps along (docs/page-checks.md, "Keeping a finding"):
 *   a finding kept for the page, or for the comic by this page's hash, is kept for the new hash.
 * - Then the teams' credit pages (`team_credit.pages`) whose hash is missing or has no version of
 *   the current definition (`page_hash_versions`), by team and key, the same way: each written as
 *   soon as it is made, only while the page is still in the team's list and still due.
 */
import { and, count, eq, gt, isNull, like, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Executor } from "../db/executor";
import { chapterPages, chapters, fingerprintDue, pageCheckKeeps } from "../db/schema/chapters";
import { teamCredit } from "../db/schema/teams";
import {
  FINGERPRINT_VERSION,
  fingerprintImage,
  fingerprintScrambled,
  type PageFingerprint,
} from "../lib/page-fingerprint";
import { defineJob, type JobContext, type JobEngine } from "./engine";
import { queueRunState } from "./runs";

/** Pages read per batch. */
export const FINGERPRINT_BATCH = 200;

export interface FingerprintResult {
  made: number;
  /** Could not be read: logged, tried again next run. */
  failed: number;
}

export interface FingerprintProgress extends FingerprintResult {
  /** Pages (chapter pages, then credit pages) without a fingerprint of the current version when the run began. */
  total: number;
  /** Of those, how many it has been through. */
  done: number;
}

const ownPage = like(chapterPages.url, "comics/%");
const due = and(fingerprintDue(chapterPages.fingerprintVersion), ownPage);

async function fingerprintOf(bytes: Buffer, scrambleKey: string | null): Promise<PageFingerprint> {
  return scrambleKey ? fingerprintScrambled(bytes, scrambleKey) : fingerprintImage(bytes);
}

/**
 * Fingerprints every page still without a fingerprint of the current version, `batch` at a time,
 * calling `onProgress` after each batch. A page that fails is counted once per run, so the run
 * always ends.
 */
export async function fingerprintPages(
  { db, storage, log }: Pick<JobContext, "db" | "storage" | "log">,
  onProgress: (progress: FingerprintProgress) => void = () => {},
  batch = FINGERPRINT_BATCH,
): Promise<FingerprintProgress> {
  const [row] = await db.select({ n: count() }).from(chapterPages).where(due);
  const credits = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${creditPagesDue}`);
  const progress: FingerprintProgress = {
    total: Number(row?.n ?? 0) + Number(credits.rows[0]?.n ?? 0),
    done: 0,
    made: 0,
    failed: 0,
  };
  let after = 0;
  for (;;) {
    const pages = await db
      .select({
        id: chapterPages.id,
        url: chapterPages.url,
        scrambleKey: chapterPages.scrambleKey,
        dhash: chapterPages.dhash,
      })
      .from(chapterPages)
      .where(and(due, gt(chapterPages.id, after)))
      .orderBy(chapterPages.id)
      .limit(batch);
    if (!pages.length) break;
    for (const page of pages) {
      try {
        const bytes = await storage.get(page.url);
        if (!bytes) throw new Error("the stored object is missing");
        const f = await fingerprintOf(bytes, page.scrambleKey);
        await db.transaction((tx) => writeFingerprint(tx, page, f));
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
  let afterCredit = { teamId: 0, key: "" };
  for (;;) {
    const { rows: pages } = await db.execute<{ teamId: number; key: string }>(sql`
      select team_id as "teamId", key from ${creditPagesDue}
      where (team_id, key) > (${afterCredit.teamId}, ${afterCredit.key})
      order by team_id, key limit ${batch}`);
    if (!pages.length) break;
    for (const page of pages) {
      try {
        const bytes = await storage.get(page.key);
        if (!bytes) throw new Error("the stored object is missing");
        const f = await fingerprintImage(bytes);
        await writeCreditFingerprint(db, page, f.dhash);
        progress.made++;
      } catch (error) {
        log.warn({ err: error, key: page.key }, "pages.fingerprint could not fingerprint a credit page");
        progress.failed++;
      }
      progress.done++;
    }
    afterCredit = pages.at(-1)!;
    onProgress({ ...progress });
  }
  return progress;
}

const version = sql.raw(String(FINGERPRINT_VERSION));

/** The credit pages due (`team_id`, `key`): in a team's list, without a hash of the current version. */
const creditPagesDue = sql`(
  select c.team_id, k.key from ${teamCredit} c cross join lateral jsonb_array_elements_text(c.pages) as k(key)
  where coalesce((c.page_hash_versions ->> k.key)::int, 0) < ${version}
) as due`;

/** Writes a credit page's new hash while the page is still in its team's list and still due. */
async function writeCreditFingerprint(db: Executor, page: { teamId: number; key: string }, dhash: string) {
  await db.execute(sql`
    update ${teamCredit}
    set page_hashes = page_hashes || jsonb_build_object(${page.key}::text, ${dhash}::text),
      page_hash_versions = page_hash_versions || jsonb_build_object(${page.key}::text, ${version})
    where team_id = ${page.teamId} and pages @> jsonb_build_array(${page.key}::text)
      and coalesce((page_hash_versions ->> ${page.key}::text)::int, 0) < ${version}`);
}

/**
 * Writes a page's new fingerprint while the page is still due and holds the same image, and moves
 * its keeps from the hash it had to the new one.
 */
async function writeFingerprint(
  tx: Executor,
  page: { id: number; url: string; scrambleKey: string | null; dhash: string | null },
  f: PageFingerprint,
): Promise<void> {
  const written = await tx
    .update(chapterPages)
    .set({
      dhash: f.dhash,
      brightnessMean: f.mean,
      brightnessStd: f.std,
      fingerprintVersion: FINGERPRINT_VERSION,
    })
    .where(
      and(
        eq(chapterPages.id, page.id),
        eq(chapterPages.url, page.url),
        fingerprintDue(chapterPages.fingerprintVersion),
        page.scrambleKey === null
          ? isNull(chapterPages.scrambleKey)
          : eq(chapterPages.scrambleKey, page.scrambleKey),
      ),
    )
    .returning({ chapterId: chapterPages.chapterId });
  const old = page.dhash;
  if (!written.length || old === f.dhash) return;
  // Kept for this page while its image is the one kept (with no hash, when it had none): the
  // image is the same.
  await tx
    .update(pageCheckKeeps)
    .set({ dhash: f.dhash })
    .where(
      and(
        eq(pageCheckKeeps.pageId, page.id),
        old === null ? isNull(pageCheckKeeps.dhash) : eq(pageCheckKeeps.dhash, old),
      ),
    );
  if (old === null) return;
  // Kept for the whole comic by this page's hash (one row per comic and hash: a row already
  // holding the new hash is left alone).
  const comic = sql`(select ${chapters.comicId} from ${chapters} where ${chapters.id} = ${written[0]!.chapterId})`;
  await tx.execute(sql`
    update ${pageCheckKeeps} set dhash = ${f.dhash}
    where ${pageCheckKeeps.pageId} is null and ${pageCheckKeeps.comicId} = ${comic}
      and ${pageCheckKeeps.dhash} = ${old}
      and not exists (
        select 1 from ${pageCheckKeeps} k
        where k.page_id is null and k.comic_id = ${comic} and k.dhash = ${f.dhash})`);
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

/**
 * Queues a `pages.fingerprint` run now (the admin card's "Run now") unless one is running or queued
 * already: the daily run's work, at once.
 */
export async function queueFingerprintRun(db: Db, jobs: JobEngine): Promise<void> {
  const runs = await queueRunState(db, pagesFingerprint.name);
  if (runs.running || runs.waiting) return;
  await jobs.send(pagesFingerprint, {});
}

export interface FingerprintStatus {
  /** Our own stored pages (absolute URLs are not fingerprinted). */
  total: number;
  /** Of those, fingerprinted by the current definition (FINGERPRINT_VERSION). */
  fingerprinted: number;
  /** A `pages.fingerprint` run is active now. */
  running: boolean;
  /** A run is queued and not started yet. */
  waiting: boolean;
  /** When the last run finished, and how (null before the first). */
  lastFinishedAt: Date | null;
  lastState: "completed" | "failed" | "cancelled" | null;
}

/** What the admin page shows of the backfill. */
export async function fingerprintStatus(db: Db): Promise<FingerprintStatus> {
  const [counts] = await db
    .select({
      total: count(),
      fingerprinted:
        sql<number>`count(*) filter (where not ${fingerprintDue(chapterPages.fingerprintVersion)})`.mapWith(
          Number,
        ),
    })
    .from(chapterPages)
    .where(ownPage);
  const runs = await queueRunState(db, pagesFingerprint.name);
  return {
    total: Number(counts?.total ?? 0),
    fingerprinted: Number(counts?.fingerprinted ?? 0),
    running: runs.running,
    waiting: runs.waiting,
    lastFinishedAt: runs.lastFinished?.completedOn ?? null,
    lastState: (runs.lastFinished?.state ?? null) as FingerprintStatus["lastState"],
  };
}
