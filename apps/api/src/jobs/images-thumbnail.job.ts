/**
 * `images.thumbnail`: makes the small WebP (320 px wide) of stored chapter pages and comic covers,
 * queued by the upload routes after the upload has answered (never inside it). The thumbnail is
 * stored beside its source as `<key>.thumb.webp` and recorded in `chapter_pages.thumb` /
 * `comics.thumbnail_small`; the dashboard shows it in page grids and comic lists.
 *
 * - Scrambled pages get none: a readable small copy would reveal the page the scramble hides.
 * - Absolute page URLs and credit pages (not a `comics/` key of ours) get none.
 * - Idempotent: a row whose thumbnail is recorded and stored is skipped; a rerun overwrites the
 *   same key.
 * - Self-healing: once a day (and when sent without ids) it makes the missing thumbnails of up to
 *   BACKFILL_LIMIT pages and covers; `npm run admin -- backfill-thumbnails` makes all of them now
 *   (`backfillThumbnails`) (pages stored before this job existed, a queueing that failed,
 *   an image that could not be read then). One image that fails is logged and counted, and never
 *   stops the others. The row is updated only while it still points at the same source: a page replaced
 *   or deleted meanwhile keeps no thumbnail of the old image (the object just written is removed).
 */
import { and, count, eq, gt, inArray, isNotNull, isNull, like } from "drizzle-orm";
import sharp from "sharp";
import { chapterPages } from "../db/schema/chapters";
import { comics } from "../db/schema/comics";
import { thumbKeyOf } from "../storage/keys";
import { isValidKey, type Storage } from "../storage/storage";
import { defineJob, type JobContext, type JobEngine } from "./engine";

/** Width of every thumbnail in px (narrower sources keep their width). */
export const THUMB_WIDTH = 320;
const WEBP_QUALITY = 75;
/** Pages, and covers, given a missing thumbnail per backfill run. */
export const BACKFILL_LIMIT = 500;

export interface ThumbnailJobData {
  pageIds?: number[];
  comicIds?: number[];
}

export interface ThumbnailResult {
  made: number;
  /** Already had a stored thumbnail. */
  kept: number;
  /** Scrambled, foreign or gone: no thumbnail. */
  skipped: number;
  /** Could not be made (unreadable image, storage error): logged, tried again by the backfill. */
  failed: number;
}

/** The 320 px WebP of an image (no enlargement; animation flattened to the first frame). */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { failOn: "none", limitInputPixels: false })
    .rotate()
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

function ownKey(url: string): boolean {
  return url.startsWith("comics/") && isValidKey(url);
}

type Outcome = "made" | "kept" | "skipped" | "failed";

/**
 * Stores the thumbnail of `source` and records it with `record` (which answers whether the row
 * still points at `source`); removes the object again when it does not.
 */
async function deriveOnce(
  storage: Storage,
  source: string,
  recorded: string | null,
  record: (key: string) => Promise<boolean>,
): Promise<Outcome> {
  const key = thumbKeyOf(source);
  if (recorded === key && (await storage.exists(key))) return "kept";
  const bytes = await storage.get(source);
  if (!bytes) return "skipped";
  const thumb = await makeThumbnail(bytes);
  await storage.put(thumb, { prefix: "comics", ext: "webp", contentType: "image/webp", key });
  if (await record(key)) return "made";
  await storage.delete(key);
  return "skipped";
}

async function derive(
  { storage, log }: JobContext,
  source: string,
  recorded: string | null,
  record: (key: string) => Promise<boolean>,
): Promise<Outcome> {
  try {
    return await deriveOnce(storage, source, recorded, record);
  } catch (error) {
    log.warn({ err: error, key: source }, "images.thumbnail could not make a thumbnail");
    return "failed";
  }
}

async function pageThumbnails(ids: number[], ctx: JobContext): Promise<Outcome[]> {
  const { db } = ctx;
  if (!ids.length) return [];
  const rows = await db.select().from(chapterPages).where(inArray(chapterPages.id, ids));
  const out: Outcome[] = [];
  for (const page of rows) {
    if (page.scrambleKey || !ownKey(page.url)) {
      out.push("skipped");
      continue;
    }
    out.push(
      await derive(ctx, page.url, page.thumb, async (key) => {
        const updated = await db
          .update(chapterPages)
          .set({ thumb: key })
          .where(
            and(
              eq(chapterPages.id, page.id),
              eq(chapterPages.url, page.url),
              isNull(chapterPages.scrambleKey),
            ),
          )
          .returning({ id: chapterPages.id });
        return updated.length > 0;
      }),
    );
  }
  return out;
}

async function coverThumbnails(ids: number[], ctx: JobContext): Promise<Outcome[]> {
  const { db } = ctx;
  if (!ids.length) return [];
  const rows = await db
    .select({ id: comics.id, thumbnail: comics.thumbnail, small: comics.thumbnailSmall })
    .from(comics)
    .where(inArray(comics.id, ids));
  const out: Outcome[] = [];
  for (const comic of rows) {
    const source = comic.thumbnail;
    if (!source || !ownKey(source)) {
      out.push("skipped");
      continue;
    }
    out.push(
      await derive(ctx, source, comic.small, async (key) => {
        const updated = await db
          .update(comics)
          .set({ thumbnailSmall: key })
          .where(and(eq(comics.id, comic.id), eq(comics.thumbnail, source)))
          .returning({ id: comics.id });
        return updated.length > 0;
      }),
    );
  }
  return out;
}

const pageMissing = and(
  isNull(chapterPages.thumb),
  isNull(chapterPages.scrambleKey),
  like(chapterPages.url, "comics/%"),
);
const coverMissing = and(isNull(comics.thumbnailSmall), isNotNull(comics.thumbnail));

/**
 * Ids of plain pages and covers that have no thumbnail yet (the backfill's work), up to `limit` of
 * each, oldest first, after the given ids (a run going through all of them).
 */
async function missing(
  { db }: JobContext,
  after: { pageId: number; comicId: number } = { pageId: 0, comicId: 0 },
  limit = BACKFILL_LIMIT,
): Promise<Required<ThumbnailJobData>> {
  const pages = await db
    .select({ id: chapterPages.id })
    .from(chapterPages)
    .where(and(pageMissing, gt(chapterPages.id, after.pageId)))
    .orderBy(chapterPages.id)
    .limit(limit);
  const covers = await db
    .select({ id: comics.id })
    .from(comics)
    .where(and(coverMissing, gt(comics.id, after.comicId)))
    .orderBy(comics.id)
    .limit(limit);
  return { pageIds: pages.map((p) => p.id), comicIds: covers.map((c) => c.id) };
}

function tally(outcomes: Outcome[]): ThumbnailResult {
  const of = (o: Outcome) => outcomes.filter((x) => x === o).length;
  return { made: of("made"), kept: of("kept"), skipped: of("skipped"), failed: of("failed") };
}

export interface BackfillProgress extends ThumbnailResult {
  /** Pages and covers without a thumbnail when the backfill began. */
  total: number;
  /** Of those, how many it has been through. */
  done: number;
}

/**
 * Makes every missing thumbnail now, not BACKFILL_LIMIT a night (`npm run admin -- backfill-thumbnails`
 * after an upgrade from a release without thumbnails): pages then covers, `batch` at a time,
 * calling `onProgress` after each batch. An image that fails is counted once and left to the
 * nightly backfill, so the run always ends.
 */
export async function backfillThumbnails(
  ctx: JobContext,
  onProgress: (progress: BackfillProgress) => void,
  batch = BACKFILL_LIMIT,
): Promise<BackfillProgress> {
  const [pages] = await ctx.db.select({ n: count() }).from(chapterPages).where(pageMissing);
  const [covers] = await ctx.db.select({ n: count() }).from(comics).where(coverMissing);
  const outcomes: Outcome[] = [];
  const progress = (): BackfillProgress => ({
    ...tally(outcomes),
    total: Number(pages?.n ?? 0) + Number(covers?.n ?? 0),
    done: outcomes.length,
  });
  const after = { pageId: 0, comicId: 0 };
  for (;;) {
    const next = await missing(ctx, after, batch);
    const pageIds = next.pageIds;
    const comicIds = pageIds.length ? [] : next.comicIds;
    if (!pageIds.length && !comicIds.length) break;
    outcomes.push(...(await pageThumbnails(pageIds, ctx)), ...(await coverThumbnails(comicIds, ctx)));
    after.pageId = pageIds.at(-1) ?? after.pageId;
    after.comicId = comicIds.at(-1) ?? after.comicId;
    onProgress(progress());
  }
  return progress();
}

export const imagesThumbnail = defineJob<ThumbnailJobData, ThumbnailResult>({
  name: "images.thumbnail",
  cron: "41 4 * * *",
  expireInSeconds: 1800,
  // Uploads queue one run per request: two at once keep a busy instance from falling behind.
  concurrency: 2,
  async run(data, ctx) {
    const asked = data ?? {};
    const ids = asked.pageIds?.length || asked.comicIds?.length ? asked : await missing(ctx);
    return tally([
      ...(await pageThumbnails(ids.pageIds ?? [], ctx)),
      ...(await coverThumbnails(ids.comicIds ?? [], ctx)),
    ]);
  },
});

/**
 * Queues thumbnails for pages / covers just stored. Never fails the caller: without a job engine
 * (tests that build the app without one) nothing is queued, and a queueing error is only logged
 * (the page or cover then simply has no thumbnail and the dashboard shows the original).
 */
export async function queueThumbnails(
  jobs: JobEngine | null | undefined,
  data: ThumbnailJobData,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  if (!jobs || (!data.pageIds?.length && !data.comicIds?.length)) return;
  try {
    await jobs.send(imagesThumbnail, data);
  } catch (error) {
    log.warn({ err: error, ...data }, "could not queue thumbnails");
  }
}
