import type { TDirectUploadTicket } from "@vt/shared/contracts/images";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../test/fixtures/api";
import { createComic } from "../../test/fixtures/comics";
import { putToBucket, startBucket, type TestBucket } from "../../test/fixtures/s3";
import { chapterPages } from "../db/schema/chapters";
import { uploadUsage } from "../db/schema/uploads";
import type { S3Storage } from "../storage/s3";
import { translate } from "./messages";
import { metrics } from "./metrics";

const BUCKET = "vt-direct";

let bucket: TestBucket;
let storage: S3Storage;
let t: TestApp;
let uploader: TestUser;
let outsider: TestUser;
let chapterId: number;
let otherChapterId: number;
let outsiderChapterId: number;

const noisy = (width = 300, height = 400) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 120, sigma: 50 },
    },
  });

async function newChapter(user: TestUser, teamId: number): Promise<number> {
  const comic = await createComic(t, user, teamId);
  const res = await call(t, user, "POST", "/api/chapters", { payload: { comicId: comic.id, order: 1 } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function presign(
  user: TestUser,
  chapter: number,
  files: { name: string; size: number; type: string }[],
) {
  return call(t, user, "POST", `/api/chapters/${chapter}/pages/presign`, { payload: { files } });
}

async function ticketsFor(
  user: TestUser,
  chapter: number,
  files: { name: string; bytes: Buffer; type: string }[],
) {
  const res = await presign(
    user,
    chapter,
    files.map((f) => ({ name: f.name, size: f.bytes.length, type: f.type })),
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { uploads: TDirectUploadTicket[] }).uploads;
}

function confirm(user: TestUser, chapter: number, body: Record<string, unknown>) {
  return call(t, user, "POST", `/api/chapters/${chapter}/pages/direct`, { payload: body });
}

const rejections = async (reason: string) =>
  (await metrics.gateRejections.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
const uploadedBytes = async () => (await metrics.uploadBytes.get()).values[0]?.value ?? 0;

beforeAll(async () => {
  bucket = await startBucket(BUCKET);
  storage = bucket.storage;
  t = await createTestApp({ storage });
  uploader = await createUser(t);
  outsider = await createUser(t);
  const team = await createTeam(t, uploader, [], "Nhóm Tải Thẳng");
  const otherTeam = await createTeam(t, outsider, [], "Nhóm Khác");
  chapterId = await newChapter(uploader, team);
  otherChapterId = await newChapter(uploader, team);
  outsiderChapterId = await newChapter(outsider, otherTeam);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await bucket?.close();
});

describe("direct page uploads on S3", () => {
  it("presign -> PUT to the bucket -> confirm records the pages, counts quota and upload bytes", async () => {
    const files = [
      { name: "001.jpg", bytes: await noisy().jpeg().toBuffer(), type: "image/jpeg" },
      { name: "002.png", bytes: await noisy(200, 300).png().toBuffer(), type: "image/png" },
    ];
    const [usageBefore] = await t.database.db
      .select({ files: uploadUsage.files })
      .from(uploadUsage)
      .where(eq(uploadUsage.userId, uploader.id));
    const tickets = await ticketsFor(uploader, chapterId, files);
    expect(tickets).toHaveLength(2);
    for (const ticket of tickets) {
      // The browser writes under tmp/ only: never a key that is served.
      expect(ticket.key).toMatch(/^tmp\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.(jpg|png)$/);
      expect(ticket.headers["content-type"]).toMatch(/^image\//);
      expect(new Date(ticket.expiresAt).getTime()).toBeGreaterThan(Date.now());
    }
    // The quota counts the files when the URLs are handed out (the bucket takes them without the API).
    const [usageAfter] = await t.database.db
      .select({ files: uploadUsage.files })
      .from(uploadUsage)
      .where(eq(uploadUsage.userId, uploader.id));
    expect(usageAfter!.files - (usageBefore?.files ?? 0)).toBe(2);

    for (const [i, ticket] of tickets.entries()) expect(await putToBucket(ticket, files[i]!.bytes)).toBe(200);
    const bytesBefore = await uploadedBytes();
    const res = await confirm(uploader, chapterId, {
      files: tickets.map((ticket, i) => ({ key: ticket.key, token: ticket.token, filename: files[i]!.name })),
      clientIds: ["c-1", "c-2"],
    });
    expect(res.statusCode, res.body).toBe(201);
    const pages = (res.json() as { pages: { id: number; url: string; duplicate: boolean }[] }).pages;
    const keys = pages.map((p) => p.url);
    for (const [i, key] of keys.entries()) {
      expect(key).toMatch(/^comics\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.(jpg|png)$/);
      expect(key.slice(-4)).toBe(tickets[i]!.key.slice(-4));
    }
    expect(pages.every((p) => !p.duplicate)).toBe(true);
    expect((await uploadedBytes()) - bytesBefore).toBe(files[0]!.bytes.length + files[1]!.bytes.length);

    const rows = await t.database.db
      .select({ url: chapterPages.url, width: chapterPages.width, mime: chapterPages.mime })
      .from(chapterPages)
      .where(eq(chapterPages.chapterId, chapterId));
    expect(rows.map((r) => [r.url, r.width, r.mime])).toEqual([
      [keys[0], 300, "image/jpeg"],
      [keys[1], 200, "image/png"],
    ]);
    // The pages were copied out of the browser's reach, byte for byte; the staged objects are gone.
    expect((await storage.get(keys[0]!))!.equals(files[0]!.bytes)).toBe(true);
    expect((await storage.get(keys[1]!))!.equals(files[1]!.bytes)).toBe(true);
    for (const ticket of tickets) expect(await storage.exists(ticket.key)).toBe(false);
    const detail = await call(t, uploader, "GET", `/api/chapters/${chapterId}`);
    expect((detail.json() as { pages: { url: string }[] }).pages.map((p) => p.url)).toEqual(keys);
  });

  it("refuses declared oversize and non-image types before signing anything", async () => {
    const tooLargeBefore = await rejections("too_large");
    const typeBefore = await rejections("type");
    const big = await presign(uploader, chapterId, [
      { name: "a.jpg", size: 7 * 1024 * 1024 + 1, type: "image/jpeg" },
    ]);
    expect([big.statusCode, big.json().code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const svg = await presign(uploader, chapterId, [{ name: "a.svg", size: 100, type: "image/svg+xml" }]);
    expect(svg.statusCode).toBe(415);
    expect(await rejections("too_large")).toBe(tooLargeBefore + 1);
    expect(await rejections("type")).toBe(typeBefore + 1);
  });

  it("refuses an object of another size, another type or cut short, deleting it and the request's others", async () => {
    const good = await noisy().jpeg().toBuffer();
    const cases: {
      name: string;
      declared: Buffer;
      type: string;
      sent: Buffer;
      status: number;
      reason: string;
    }[] = [
      // Larger than signed (a store that ignores the signed length let it in).
      {
        name: "bigger",
        declared: good.subarray(0, 1000),
        type: "image/jpeg",
        sent: good,
        status: 422,
        reason: "damaged",
      },
      // Signed as PNG, JPEG bytes inside.
      { name: "wrong type", declared: good, type: "image/png", sent: good, status: 415, reason: "type" },
      // Not an image at all.
      {
        name: "text",
        declared: Buffer.from("<html>hi</html>".padEnd(good.length, " ")),
        type: "image/jpeg",
        sent: Buffer.from("<html>hi</html>".padEnd(good.length, " ")),
        status: 415,
        reason: "not_image",
      },
      // Cut short (the declared size is the cut size: the upload of a damaged file).
      {
        name: "truncated",
        declared: good.subarray(0, Math.floor(good.length * 0.6)),
        type: "image/jpeg",
        sent: good.subarray(0, Math.floor(good.length * 0.6)),
        status: 422,
        reason: "damaged",
      },
    ];
    for (const c of cases) {
      const before = await rejections(c.reason);
      const tickets = await ticketsFor(uploader, otherChapterId, [
        { name: "ok.jpg", bytes: good, type: "image/jpeg" },
        { name: `${c.name}.jpg`, bytes: c.declared, type: c.type },
      ]);
      expect(await putToBucket(tickets[0]!, good)).toBe(200);
      expect(await putToBucket(tickets[1]!, c.sent)).toBe(200);
      expect(await storage.exists(tickets[1]!.key)).toBe(true);
      const res = await confirm(uploader, otherChapterId, {
        files: tickets.map((ticket) => ({ key: ticket.key, token: ticket.token, filename: "x.jpg" })),
      });
      expect([c.name, res.statusCode]).toEqual([c.name, c.status]);
      expect(await rejections(c.reason), c.name).toBe(before + 1);
      for (const ticket of tickets)
        expect(await storage.exists(ticket.key), `${c.name} ${ticket.key}`).toBe(false);
    }
    const rows = await t.database.db
      .select()
      .from(chapterPages)
      .where(eq(chapterPages.chapterId, otherChapterId));
    expect(rows).toEqual([]);
  });

  it("answers 422 for a ticket whose object never reached the bucket", async () => {
    const good = await noisy().jpeg().toBuffer();
    const [ticket] = await ticketsFor(uploader, otherChapterId, [
      { name: "a.jpg", bytes: good, type: "image/jpeg" },
    ]);
    const res = await confirm(uploader, otherChapterId, {
      files: [{ key: ticket!.key, token: ticket!.token, filename: "a.jpg" }],
    });
    expect([res.statusCode, res.json().message]).toEqual([
      422,
      "Tệp chưa tới được kho lưu trữ, vui lòng tải lên lại",
    ]);
  });

  it("refuses another team's key, a ticket of another chapter and a forged token, touching nothing", async () => {
    const good = await noisy().jpeg().toBuffer();
    // The outsider's own upload, to their own chapter.
    const [theirs] = await ticketsFor(outsider, outsiderChapterId, [
      { name: "a.jpg", bytes: good, type: "image/jpeg" },
    ]);
    expect(await putToBucket(theirs!, good)).toBe(200);
    const stolen = await confirm(uploader, chapterId, {
      files: [{ key: theirs!.key, token: theirs!.token, filename: "a.jpg" }],
    });
    expect([stolen.statusCode, stolen.json().code]).toEqual([403, "FORBIDDEN"]);
    expect(await storage.exists(theirs!.key)).toBe(true);

    // The uploader's ticket for one chapter is not valid for another.
    const [mine] = await ticketsFor(uploader, otherChapterId, [
      { name: "b.jpg", bytes: good, type: "image/jpeg" },
    ]);
    expect(await putToBucket(mine!, good)).toBe(200);
    const moved = await confirm(uploader, chapterId, {
      files: [{ key: mine!.key, token: mine!.token, filename: "b.jpg" }],
    });
    expect(moved.statusCode).toBe(403);
    // A forged token for a key the uploader picked.
    const forged = await confirm(uploader, chapterId, {
      files: [
        {
          key: theirs!.key,
          token: `${good.length}.image/jpeg.9999999999.${"A".repeat(43)}`,
          filename: "a.jpg",
        },
      ],
    });
    expect(forged.statusCode).toBe(403);
    expect(await storage.exists(theirs!.key)).toBe(true);
    expect(await storage.exists(mine!.key)).toBe(true);

    // Nor may anyone presign for a chapter of a team they are not in (404, as every chapter route).
    const foreign = await presign(uploader, outsiderChapterId, [
      { name: "a.jpg", size: 10, type: "image/jpeg" },
    ]);
    expect(foreign.statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(chapterPages)
      .where(eq(chapterPages.chapterId, outsiderChapterId));
    expect(rows).toEqual([]);
  });
});

describe("an object cannot change after its check", () => {
  const pageRows = async (chapter: number) =>
    t.database.db
      .select({ url: chapterPages.url })
      .from(chapterPages)
      .where(eq(chapterPages.chapterId, chapter));

  it("HTML PUT again to the same presigned URL after the confirm never reaches the served page", async () => {
    const chapter = await newChapter(uploader, await createTeam(t, uploader, [], "Nhóm Ghi Đè"));
    const good = await noisy().jpeg().toBuffer();
    const [ticket] = await ticketsFor(uploader, chapter, [
      { name: "001.jpg", bytes: good, type: "image/jpeg" },
    ]);
    expect(await putToBucket(ticket!, good)).toBe(200);
    const res = await confirm(uploader, chapter, {
      files: [{ key: ticket!.key, token: ticket!.token, filename: "001.jpg" }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const served = (res.json() as { pages: { url: string }[] }).pages[0]!.url;
    expect(served).not.toBe(ticket!.key);

    // The URL is still valid (10 minutes): the bucket takes the HTML, under the staged key only.
    const html = Buffer.from("<html><script>alert(document.cookie)</script></html>".padEnd(good.length, " "));
    expect(await putToBucket(ticket!, html)).toBe(200);
    const publicRead = await fetch(storage.publicUrl(served));
    expect(publicRead.status).toBe(200);
    expect(Buffer.from(await publicRead.arrayBuffer()).equals(good)).toBe(true);
    expect((await storage.get(served))!.equals(good)).toBe(true);
    expect((await pageRows(chapter)).map((r) => r.url)).toEqual([served]);
  });

  it("a ticket confirms once: a replay is 409 (translated), one at a time or two at once, one page row each", async () => {
    const chapter = await newChapter(uploader, await createTeam(t, uploader, [], "Nhóm Xác Nhận Hai Lần"));
    const good = await noisy().jpeg().toBuffer();
    const [ticket] = await ticketsFor(uploader, chapter, [
      { name: "001.jpg", bytes: good, type: "image/jpeg" },
    ]);
    expect(await putToBucket(ticket!, good)).toBe(200);
    const body = { files: [{ key: ticket!.key, token: ticket!.token, filename: "001.jpg" }] };
    expect((await confirm(uploader, chapter, body)).statusCode).toBe(201);
    // Even with the object PUT again (the URL still works), the ticket is spent.
    expect(await putToBucket(ticket!, good)).toBe(200);
    const replay = await confirm(uploader, chapter, body);
    const replayEn = await call(t, uploader, "POST", `/api/chapters/${chapter}/pages/direct`, {
      payload: body,
      headers: { "x-custom-lang": "en" },
    });
    expect([replay.statusCode, replay.json()]).toEqual([
      409,
      { message: translate("vi", "upload.ticketUsed"), code: "CONFLICT" },
    ]);
    expect(replayEn.json().message).toBe(translate("en", "upload.ticketUsed"));
    expect(replayEn.json().message).not.toBe(replay.json().message);
    expect(await pageRows(chapter)).toHaveLength(1);

    // Two confirms of one fresh ticket at once: one 201, one 409, one row.
    const [raced] = await ticketsFor(uploader, chapter, [
      { name: "002.jpg", bytes: good, type: "image/jpeg" },
    ]);
    expect(await putToBucket(raced!, good)).toBe(200);
    const racedBody = { files: [{ key: raced!.key, token: raced!.token, filename: "002.jpg" }] };
    const both = await Promise.all([
      confirm(uploader, chapter, racedBody),
      confirm(uploader, chapter, racedBody),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await pageRows(chapter)).toHaveLength(2);
    const urls = (await pageRows(chapter)).map((r) => r.url);
    expect(new Set(urls).size).toBe(2);
    for (const url of urls) expect((await storage.get(url))!.equals(good)).toBe(true);
  });
});

describe("direct cover uploads on S3", () => {
  async function coverTickets(user: TestUser, bytes: Buffer) {
    const res = await call(t, user, "POST", "/api/comics/covers/presign", {
      payload: { files: [{ name: "cover.jpg", size: bytes.length, type: "image/jpeg" }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { uploads: TDirectUploadTicket[] }).uploads;
  }

  it("a cover PUT to the bucket and confirmed is kept for the caller's next comic; a wrong shape is deleted", async () => {
    const cover = await noisy(600, 800).jpeg().toBuffer();
    const [ticket] = await coverTickets(uploader, cover);
    expect(ticket!.key).toMatch(/^tmp\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+_cover\.jpg$/);
    expect(await putToBucket(ticket!, cover)).toBe(200);
    // Only its own user may record it.
    const stolen = await call(t, outsider, "POST", "/api/comics/covers/direct", {
      payload: { files: [{ key: ticket!.key, token: ticket!.token, filename: "cover.jpg" }] },
    });
    expect(stolen.statusCode).toBe(403);
    const res = await call(t, uploader, "POST", "/api/comics/covers/direct", {
      payload: { files: [{ key: ticket!.key, token: ticket!.token, filename: "cover.jpg" }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 600, height: 800 });
    const coverKey = (res.json() as { key: string }).key;
    expect(coverKey).toMatch(/^comics\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+_cover\.jpg$/);
    const team = await createTeam(t, uploader, [], "Nhóm Bìa Thẳng");
    const comic = await call(t, uploader, "POST", "/api/comics", {
      payload: { teamId: team, title: "Bìa Lên Thẳng Kho", thumbnail: coverKey },
    });
    expect(comic.statusCode, comic.body).toBe(201);

    // A landscape image passes the image gate but not the cover rule: refused and deleted.
    const wide = await noisy(800, 600).jpeg().toBuffer();
    const [wideTicket] = await coverTickets(uploader, wide);
    expect(await putToBucket(wideTicket!, wide)).toBe(200);
    const refused = await call(t, uploader, "POST", "/api/comics/covers/direct", {
      payload: { files: [{ key: wideTicket!.key, token: wideTicket!.token, filename: "wide.jpg" }] },
    });
    expect(refused.statusCode).toBe(422);
    expect(await storage.exists(wideTicket!.key)).toBe(false);
  });
});

describe("direct uploads on local storage", () => {
  it("answers 409 upload.directUnavailable: local storage keeps the multipart path", {
    timeout: 180_000,
  }, async () => {
    const local = await createTestApp();
    try {
      const user = await createUser(local);
      const res = await local.app.inject({
        method: "POST",
        url: "/api/chapters/1/pages/presign",
        headers: { ...local.headers, cookie: user.cookie, "content-type": "application/json" },
        payload: JSON.stringify({ files: [{ name: "a.jpg", size: 10, type: "image/jpeg" }] }),
      });
      // Not reachable (no such chapter) is answered first; with a chapter it is the 409.
      expect(res.statusCode).toBe(404);
      const team = await createTeam(local, user);
      const comic = await createComic(local, user, team);
      const chapter = await local.app.inject({
        method: "POST",
        url: "/api/chapters",
        headers: { ...local.headers, cookie: user.cookie, "content-type": "application/json" },
        payload: JSON.stringify({ comicId: comic.id, order: 1 }),
      });
      const id = (chapter.json() as { id: number }).id;
      const presigned = await local.app.inject({
        method: "POST",
        url: `/api/chapters/${id}/pages/presign`,
        headers: { ...local.headers, cookie: user.cookie, "content-type": "application/json" },
        payload: JSON.stringify({ files: [{ name: "a.jpg", size: 10, type: "image/jpeg" }] }),
      });
      expect([presigned.statusCode, presigned.json().code]).toEqual([409, "CONFLICT"]);
    } finally {
      await local.close();
    }
  });
});
