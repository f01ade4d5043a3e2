/**
 * `images.thumbnail`: uploads queue it (through the engine), it stores a 320 px WebP beside each
 * plain page and cover, records it, and the API answers `thumbSrc` / `thumbnailSmallUrl`; scrambled
 * pages get none; reruns change nothing; the sweep keeps referenced thumbnails, replacing or
 * deleting a page (and the trash purge) removes its thumbnail.
 */
import { encodeKey } from "@vt/shared/scramble";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { call, createTeam, createUser, multipart, type TestUser } from "../../test/fixtures/api";
import { createComic } from "../../test/fixtures/comics";
import { runBackfillThumbnails } from "../cli/admin";
import { chapterPages } from "../db/schema/chapters";
import { comics } from "../db/schema/comics";
import { purgeTrash } from "../modules/trash/trash.service";
import { thumbKeyOf } from "../storage/keys";
import type { JobContext } from "./engine";
import { imagesThumbnail, THUMB_WIDTH } from "./images-thumbnail.job";
import { referencedKeys, storageSweep } from "./storage-sweep.job";

let t: TestApp;
let me: TestUser;
let comicId: number;
let ctx: JobContext;

type Page = { id: number; url: string; key?: string; src: string; thumbSrc?: string };

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  me = await createUser(t);
  const team = await createTeam(t, me);
  comicId = (await createComic(t, me, team)).id;
  ctx = { db: t.database.db, database: t.database, storage: t.storage, config: t.config, log: t.app.log };
});
afterAll(() => t?.close());

async function tallPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 160, b: 30 } } })
    .png()
    .toBuffer();
}

async function newChapter(): Promise<number> {
  const res = await call(t, me, "POST", "/api/chapters", {
    payload: { comicId, order: Math.floor(Math.random() * 1e6) },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

async function uploadPages(chapterId: number, keys: (string | null)[]): Promise<Page[]> {
  const files = await Promise.all(
    keys.map(async (_, i) => ({
      field: "files",
      filename: `${i + 1}.png`,
      contentType: "image/png",
      bytes: await tallPng(800 + i, 1200),
    })),
  );
  const body = multipart(files, { keys: JSON.stringify(keys) });
  const res = await call(t, me, "POST", `/api/chapters/${chapterId}/pages`, body);
  expect(res.statusCode).toBe(201);
  return (res.json() as { pages: Page[] }).pages;
}

async function pagesOf(chapterId: number): Promise<Page[]> {
  const res = await call(t, me, "GET", `/api/chapters/${chapterId}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { pages: Page[] }).pages;
}

/** Waits for the queued thumbnail jobs to finish (the engine runs them in this process). */
async function drain(): Promise<void> {
  const { rows } = await t.database.db.execute<{ id: string }>(
    sql`select id::text from pgboss.job where name = 'images.thumbnail'`,
  );
  for (const { id } of rows) {
    const run = await t.app.jobs!.waitFor(imagesThumbnail, id);
    expect(run.state).toBe("completed");
  }
}

const scrambleKey = encodeKey([3, 7, 1, 9, 0, 5, 2, 8, 6, 4], "xY9_");

describe("images.thumbnail", () => {
  it("an upload queues it; plain pages get a 320 px WebP beside them, scrambled pages none", async () => {
    const chapterId = await newChapter();
    const uploaded = await uploadPages(chapterId, [null, scrambleKey]);
    expect(uploaded.every((p) => p.thumbSrc === undefined)).toBe(true);
    await drain();

    const [plain, scrambled] = await pagesOf(chapterId);
    expect(plain!.thumbSrc).toBe(t.storage.publicUrl(thumbKeyOf(plain!.url)));
    const bytes = await t.storage.get(thumbKeyOf(plain!.url));
    const meta = await sharp(bytes!).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(THUMB_WIDTH);
    expect(meta.height).toBe(Math.round((1200 * THUMB_WIDTH) / 800));

    expect(scrambled!.key).toBe(scrambleKey);
    expect(scrambled!.thumbSrc).toBeUndefined();
    expect(await t.storage.exists(thumbKeyOf(scrambled!.url))).toBe(false);
    // Even asked for directly, a scrambled page gets no thumbnail.
    expect(await imagesThumbnail.run({ pageIds: [scrambled!.id] }, ctx)).toEqual({
      made: 0,
      kept: 0,
      skipped: 1,
      failed: 0,
    });
  });

  it("is idempotent: a rerun keeps the stored thumbnail, one lost is made again", async () => {
    const chapterId = await newChapter();
    const [page] = await uploadPages(chapterId, [null]);
    await drain();
    expect(await imagesThumbnail.run({ pageIds: [page!.id] }, ctx)).toEqual({
      made: 0,
      kept: 1,
      skipped: 0,
      failed: 0,
    });
    await t.storage.delete(thumbKeyOf(page!.url));
    expect(await imagesThumbnail.run({ pageIds: [page!.id] }, ctx)).toEqual({
      made: 1,
      kept: 0,
      skipped: 0,
      failed: 0,
    });
    expect(await t.storage.exists(thumbKeyOf(page!.url))).toBe(true);
    const [row] = await t.database.db.select().from(chapterPages).where(eq(chapterPages.id, page!.id));
    expect(row!.thumb).toBe(thumbKeyOf(page!.url));
  });

  it("the daily backfill makes missing thumbnails; an unreadable image is counted, not fatal", async () => {
    const chapterId = await newChapter();
    const [a, b] = await uploadPages(chapterId, [null, null]);
    await drain();
    // A page stored before thumbnails existed: no column value, no object.
    await t.database.db.update(chapterPages).set({ thumb: null }).where(eq(chapterPages.id, a!.id));
    await t.storage.delete(thumbKeyOf(a!.url));
    // A page whose stored bytes are not an image.
    const broken = await t.storage.put(Buffer.from("not an image"), {
      prefix: "comics",
      ext: "png",
      contentType: "image/png",
    });
    await t.database.db
      .update(chapterPages)
      .set({ url: broken, thumb: null })
      .where(eq(chapterPages.id, b!.id));
    expect(imagesThumbnail.cron).toBeTruthy();
    const result = await imagesThumbnail.run({}, ctx);
    expect(result).toMatchObject({ made: 1, failed: 1 });
    const [row] = await t.database.db.select().from(chapterPages).where(eq(chapterPages.id, a!.id));
    expect(row!.thumb).toBe(thumbKeyOf(a!.url));
    expect(await t.storage.exists(thumbKeyOf(broken))).toBe(false);
    await t.database.db.delete(chapterPages).where(eq(chapterPages.id, b!.id));
  });

  it("npm run admin -- backfill-thumbnails makes every missing one now, with progress, and says which failed", async () => {
    const chapterId = await newChapter();
    const pages = await uploadPages(chapterId, [null, null, null, scrambleKey]);
    await drain();
    const [a, b, c] = pages;
    // Pages stored before thumbnails existed (no column value, no object), and one unreadable image.
    for (const page of [a!, b!]) {
      await t.database.db.update(chapterPages).set({ thumb: null }).where(eq(chapterPages.id, page.id));
      await t.storage.delete(thumbKeyOf(page.url));
    }
    const broken = await t.storage.put(Buffer.from("not an image"), {
      prefix: "comics",
      ext: "png",
      contentType: "image/png",
    });
    await t.database.db
      .update(chapterPages)
      .set({ url: broken, thumb: null })
      .where(eq(chapterPages.id, c!.id));

    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    // One page per batch, so each batch reports.
    const code = await runBackfillThumbnails(
      t.database,
      { config: t.config, storage: t.storage, batch: 1 },
      io,
    );
    expect(code).toBe(1);
    expect(out).toEqual([
      "3 pages and covers have no thumbnail yet.",
      "1/3 done: 1 made, 0 failed, 0 left as they are",
      "2/3 done: 2 made, 0 failed, 0 left as they are",
      "3/3 done: 2 made, 1 failed, 0 left as they are",
      "Thumbnails made: 2. 1 could not be made (listed above); the nightly images.thumbnail run tries them again.",
    ]);
    expect(err).toEqual([expect.stringContaining(broken)]);
    for (const page of [a!, b!]) {
      const [row] = await t.database.db.select().from(chapterPages).where(eq(chapterPages.id, page.id));
      expect(row!.thumb).toBe(thumbKeyOf(page.url));
      expect(await t.storage.exists(thumbKeyOf(page.url))).toBe(true);
    }

    // The broken page gone, a second run finds nothing left (the scrambled page never counts).
    await t.database.db.delete(chapterPages).where(eq(chapterPages.id, c!.id));
    const again: string[] = [];
    expect(
      await runBackfillThumbnails(
        t.database,
        { config: t.config, storage: t.storage },
        { out: (l) => again.push(l), err: (l) => again.push(l) },
      ),
    ).toBe(0);
    expect(again).toEqual([
      "Every page and cover already has its thumbnail (scrambled pages never get one).",
    ]);
  });

  it("covers: the comic answers thumbnailSmallUrl once made, lists too", async () => {
    await drain();
    const res = await call(t, me, "GET", `/api/comics/${comicId}`);
    const comic = res.json() as { thumbnail: string; thumbnailSmallUrl?: string };
    expect(comic.thumbnailSmallUrl).toBe(t.storage.publicUrl(thumbKeyOf(comic.thumbnail)));
    const meta = await sharp((await t.storage.get(thumbKeyOf(comic.thumbnail)))!).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", THUMB_WIDTH]);
    const list = (await call(t, me, "GET", "/api/comics?scope=mine")).json() as {
      comics: { id: number; thumbnailSmallUrl?: string }[];
    };
    expect(list.comics.find((c) => c.id === comicId)?.thumbnailSmallUrl).toBe(comic.thumbnailSmallUrl);
  });

  it("the sweep keeps referenced thumbnails; replacing or dropping a page removes its thumbnail", async () => {
    const chapterId = await newChapter();
    const [a, b] = await uploadPages(chapterId, [null, null]);
    await drain();
    expect((await referencedKeys(t.database.db)).has(thumbKeyOf(a!.url))).toBe(true);

    // Saving the list without b deletes b and its thumbnail.
    const chapter = (await call(t, me, "GET", `/api/chapters/${chapterId}`)).json() as Record<
      string,
      unknown
    >;
    const saved = await call(t, me, "PUT", `/api/chapters/${chapterId}`, {
      payload: {
        id: chapterId,
        name: chapter.name,
        order: chapter.order,
        volume: null,
        hidden: false,
        pages: [{ id: a!.id }],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await t.storage.exists(b!.url)).toBe(false);
    expect(await t.storage.exists(thumbKeyOf(b!.url))).toBe(false);

    // The sweep (everything past its grace period) keeps a's referenced thumbnail and removes a
    // thumbnail no row references.
    const orphan = thumbKeyOf(b!.url);
    await t.storage.put(Buffer.from("x"), {
      prefix: "comics",
      ext: "webp",
      contentType: "image/webp",
      key: orphan,
    });
    await storageSweep.run({}, { ...ctx, config: { ...t.config, storageSweepGraceHours: -1 } });
    expect(await t.storage.exists(thumbKeyOf(a!.url))).toBe(true);
    expect(await t.storage.exists(a!.url)).toBe(true);
    expect(await t.storage.exists(orphan)).toBe(false);

    // Replacing a's image drops the old thumbnail and the new image gets its own.
    const body = multipart(
      [{ filename: "new.png", contentType: "image/png", bytes: await tallPng(640, 960) }],
      { pageId: String(a!.id) },
    );
    const replaced = await call(t, me, "POST", `/api/chapters/${chapterId}/page`, body);
    expect(replaced.statusCode).toBe(200);
    expect((replaced.json() as Page).thumbSrc).toBeUndefined();
    expect(await t.storage.exists(thumbKeyOf(a!.url))).toBe(false);
    await drain();
    const [now] = await pagesOf(chapterId);
    expect(now!.url).not.toBe(a!.url);
    expect(now!.thumbSrc).toBe(t.storage.publicUrl(thumbKeyOf(now!.url)));
  });

  it("a page replaced while its thumbnail is made keeps none of the old image", async () => {
    const chapterId = await newChapter();
    const [page] = await uploadPages(chapterId, [null]);
    await drain();
    await t.storage.delete(thumbKeyOf(page!.url));
    await t.database.db.update(chapterPages).set({ thumb: null }).where(eq(chapterPages.id, page!.id));
    // The row moves on to another image while the job writes the thumbnail of the old one.
    const racing = {
      ...t.storage,
      async put(...args: Parameters<typeof t.storage.put>) {
        const key = await t.storage.put(...args);
        await t.database.db
          .update(chapterPages)
          .set({ url: "comics/2020/01/other.png" })
          .where(eq(chapterPages.id, page!.id));
        return key;
      },
    };
    expect(await imagesThumbnail.run({ pageIds: [page!.id] }, { ...ctx, storage: racing })).toEqual({
      made: 0,
      kept: 0,
      skipped: 1,
      failed: 0,
    });
    expect(await t.storage.exists(thumbKeyOf(page!.url))).toBe(false);
    const [row] = await t.database.db.select().from(chapterPages).where(eq(chapterPages.id, page!.id));
    expect(row!.thumb).toBeNull();
  });

  it("the trash purge deletes thumbnails with their pages and cover", async () => {
    const team = await createTeam(t, me);
    const comic = await createComic(t, me, team);
    const res = await call(t, me, "POST", "/api/chapters", { payload: { comicId: comic.id, order: 1 } });
    const chapterId = (res.json() as { id: number }).id;
    const body = multipart([
      { field: "files", filename: "1.png", contentType: "image/png", bytes: await tallPng(700, 900) },
    ]);
    const [page] = (
      (await call(t, me, "POST", `/api/chapters/${chapterId}/pages`, body)).json() as { pages: Page[] }
    ).pages;
    await drain();
    const [row] = await t.database.db.select().from(comics).where(eq(comics.id, comic.id));
    expect(row!.thumbnailSmall).toBe(thumbKeyOf(comic.thumbnail));
    await t.database.db.execute(
      sql`update comics set deleted_at = now() - interval '31 days' where id = ${comic.id}`,
    );
    await purgeTrash({ db: t.database.db, storage: t.storage, log: t.app.log });
    for (const key of [page!.url, thumbKeyOf(page!.url), comic.thumbnail, thumbKeyOf(comic.thumbnail)]) {
      expect(await t.storage.exists(key)).toBe(false);
    }
  });
});
