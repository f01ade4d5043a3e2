/**
 * Direct uploads on S3 for every image route besides chapter pages and new covers
 * (direct-upload.test.ts): a comic's cover change, volume art, page replace, team cover/logo/donate
 * QR/credit pages and avatars. Each `.../presign` + `.../direct` pair on a real bucket (s3rver):
 * the happy path, who may not, hostile objects refused and deleted, the hourly quota.
 */
import type { TDirectUploadTicket } from "@vt/shared/contracts/images";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { addMember, call, createTeam, createUser, multipart, type TestUser } from "../../test/fixtures/api";
import { createComic } from "../../test/fixtures/comics";
import {
  confirmAt,
  type DirectFile,
  presignAt,
  stage,
  startBucket,
  type TestBucket,
} from "../../test/fixtures/s3";
import { metrics } from "./metrics";

let bucket: TestBucket;
let t: TestApp;
/** Owner of `teamId` (so a manager), with a comic and a chapter holding one page. */
let owner: TestUser;
/** In `teamId` as an uploader: may upload pages and art, not team images. */
let uploader: TestUser;
/** In another team only. */
let outsider: TestUser;
let teamId: number;
let comicId: number;
let chapterId: number;
let pageId: number;

const MB = 1024 * 1024;
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6" } });
const jpeg = (width = 120, height = 160) => image(width, height).jpeg().toBuffer();

interface RouteCase {
  name: string;
  base: () => string;
  /** Fields besides `files` of both bodies. */
  extra?: () => Record<string, unknown>;
  /** A valid image for the route. */
  bytes: () => Promise<Buffer>;
  status: number;
  /** Who may not, and what presign answers them. */
  denied: () => TestUser;
  deniedStatus: number;
}

const cases: RouteCase[] = [
  {
    name: "comic cover change",
    base: () => `/api/comics/${comicId}/thumbnail`,
    bytes: () => jpeg(600, 800),
    status: 200,
    denied: () => outsider,
    deniedStatus: 404,
  },
  {
    name: "volume art",
    base: () => "/api/comics/arts",
    extra: () => ({ comicId, volume: 2 }),
    bytes: () => jpeg(),
    status: 201,
    denied: () => outsider,
    deniedStatus: 404,
  },
  {
    name: "page replace",
    base: () => `/api/chapters/${chapterId}/page`,
    extra: () => ({ pageId }),
    bytes: () => jpeg(),
    status: 200,
    denied: () => outsider,
    deniedStatus: 404,
  },
  ...(["cover", "logo"] as const).map(
    (kind): RouteCase => ({
      name: `team ${kind}`,
      base: () => `/api/teams/${teamId}/${kind}`,
      bytes: () => jpeg(),
      status: 200,
      denied: () => uploader,
      deniedStatus: 403,
    }),
  ),
  {
    name: "donate QR",
    base: () => `/api/teams/${teamId}/donate/qr`,
    bytes: () => jpeg(),
    status: 200,
    denied: () => outsider,
    deniedStatus: 404,
  },
  {
    name: "credit pages",
    base: () => `/api/teams/${teamId}/credit/pages`,
    bytes: () => jpeg(),
    status: 200,
    denied: () => uploader,
    deniedStatus: 403,
  },
];

beforeAll(async () => {
  bucket = await startBucket("vt-direct-routes");
  // A small hourly quota: a declared 1.5 MB file is over it (every route takes 2 MB or more).
  t = await createTestApp({
    storage: bucket.storage,
    env: { UPLOAD_QUOTA_MB: "1", UPLOAD_QUOTA_NO_TEAM_MB: "1" },
  });
  owner = await createUser(t);
  uploader = await createUser(t);
  outsider = await createUser(t);
  teamId = await createTeam(t, owner, [], "Nhóm Ảnh Thẳng");
  await addMember(t, teamId, uploader, "uploader");
  await createTeam(t, outsider, [], "Nhóm Người Ngoài");
  comicId = (await createComic(t, owner, teamId)).id;
  const chapter = await call(t, owner, "POST", "/api/chapters", { payload: { comicId, order: 1 } });
  chapterId = (chapter.json() as { id: number }).id;
  const base = `/api/chapters/${chapterId}/pages`;
  const tickets = await stage(t, owner, base, [{ name: "001.jpg", bytes: await jpeg(), type: "image/jpeg" }]);
  const added = await confirmAt(t, owner, base, tickets);
  expect(added.statusCode, added.body).toBe(201);
  pageId = (added.json() as { pages: { id: number }[] }).pages[0]!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await bucket?.close();
});

const exists = (ticket: TDirectUploadTicket) => bucket.storage.exists(ticket.key);

describe.each(cases)("direct upload: $name", (c) => {
  const extra = () => c.extra?.() ?? {};
  const file = async (over: Partial<DirectFile> = {}): Promise<DirectFile> => ({
    name: "a.jpg",
    bytes: await c.bytes(),
    type: "image/jpeg",
    ...over,
  });

  it("presign -> PUT -> confirm records a copy of the object out of the browser's reach", async () => {
    const tickets = await stage(t, owner, c.base(), [await file()], extra());
    expect(tickets[0]!.key).toMatch(/^tmp\//);
    const res = await confirmAt(t, owner, c.base(), tickets, extra());
    expect(res.statusCode, res.body).toBe(c.status);
    expect(res.body).not.toContain(tickets[0]!.key);
    const served = /(comics|teams|users)\/\d{4}\/\d{2}\/[A-Za-z0-9_/-]+\.jpg/.exec(res.body)?.[0];
    expect(served, res.body).toBeDefined();
    expect(await bucket.storage.exists(served!)).toBe(true);
    expect(await exists(tickets[0]!)).toBe(false);
  });

  it("refuses who may not upload here, at presign and at confirm, touching nothing", async () => {
    const denied = await presignAt(
      t,
      c.denied(),
      c.base(),
      [{ name: "a.jpg", size: 100, type: "image/jpeg" }],
      extra(),
    );
    expect(denied.statusCode).toBe(c.deniedStatus);
    // The owner's own ticket, confirmed by someone else: refused, the object stays the owner's.
    const tickets = await stage(t, owner, c.base(), [await file()], extra());
    const stolen = await confirmAt(t, c.denied(), c.base(), tickets, extra());
    expect([403, 404]).toContain(stolen.statusCode);
    expect(await exists(tickets[0]!)).toBe(true);
  });

  it("refuses a truncated object and one of another type than signed, deleting them", async () => {
    const good = await c.bytes();
    const cut = good.subarray(0, Math.floor(good.length * 0.6));
    for (const [what, over, status] of [
      ["truncated", { bytes: cut }, 422],
      ["wrong type", { type: "image/png" }, 415],
      ["larger than signed", { bytes: good.subarray(0, Math.floor(good.length / 2)), sent: good }, 422],
    ] as const) {
      const tickets = await stage(t, owner, c.base(), [await file(over)], extra());
      const res = await confirmAt(t, owner, c.base(), tickets, extra());
      expect([what, res.statusCode]).toEqual([what, status]);
      expect(await exists(tickets[0]!), what).toBe(false);
    }
  });

  it("counts the hourly quota when the URL is handed out (429 over it)", async () => {
    const res = await presignAt(
      t,
      owner,
      c.base(),
      [{ name: "a.jpg", size: 1.5 * MB, type: "image/jpeg" }],
      extra(),
    );
    expect([res.statusCode, res.json().code]).toEqual([429, "RATE_LIMITED"]);
  });
});

describe("direct upload: details per route", () => {
  it("a ticket is bound to its target: another volume, another team image, another page route", async () => {
    const bytes = await jpeg();
    const art = await stage(t, owner, "/api/comics/arts", [{ name: "a.jpg", bytes, type: "image/jpeg" }], {
      comicId,
      volume: 3,
    });
    const moved = await confirmAt(t, owner, "/api/comics/arts", art, { comicId, volume: 4 });
    expect(moved.statusCode).toBe(403);
    const cover = await stage(t, owner, `/api/teams/${teamId}/cover`, [
      { name: "a.jpg", bytes, type: "image/jpeg" },
    ]);
    expect((await confirmAt(t, owner, `/api/teams/${teamId}/logo`, cover)).statusCode).toBe(403);
    const page = await stage(t, owner, `/api/chapters/${chapterId}/page`, [
      { name: "a.jpg", bytes, type: "image/jpeg" },
    ]);
    const asAdd = await confirmAt(t, owner, `/api/chapters/${chapterId}/pages`, page);
    expect(asAdd.statusCode).toBe(403);
  });

  it("a landscape image for a comic's cover passes the gate but not the cover rule: 422, deleted", async () => {
    const base = `/api/comics/${comicId}/thumbnail`;
    const tickets = await stage(t, owner, base, [
      { name: "w.jpg", bytes: await jpeg(800, 600), type: "image/jpeg" },
    ]);
    const res = await confirmAt(t, owner, base, tickets);
    expect(res.statusCode).toBe(422);
    expect(await exists(tickets[0]!)).toBe(false);
  });

  it("more credit pages than still fit are refused before anything is signed (422)", async () => {
    const base = `/api/teams/${teamId}/credit/pages`;
    const bytes = await jpeg(60, 80);
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.jpg`, bytes, type: "image/jpeg" }));
    const over = await presignAt(
      t,
      owner,
      base,
      files.map((f) => ({ name: f.name, size: f.bytes.length, type: f.type })),
    );
    expect(over.statusCode).toBe(422);
  });

  it("an avatar: any signed-in user, for themselves only; hostile objects deleted; quota", async () => {
    const base = "/api/users/avatar";
    const bytes = await jpeg(64, 64);
    const [ticket] = await stage(t, outsider, base, [{ name: "me.jpg", bytes, type: "image/jpeg" }]);
    const stolen = await confirmAt(t, owner, base, [ticket!]);
    expect(stolen.statusCode).toBe(403);
    const res = await confirmAt(t, outsider, base, [ticket!]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { url: string }).url).toMatch(/\/users\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+_avatar\.jpg$/);
    expect(ticket!.key).toMatch(/^tmp\/.*_avatar\.jpg$/);
    const [cut] = await stage(t, outsider, base, [
      { name: "c.jpg", bytes: bytes.subarray(0, 200), type: "image/jpeg" },
    ]);
    expect((await confirmAt(t, outsider, base, [cut!])).statusCode).toBe(422);
    expect(await exists(cut!)).toBe(false);
    const quota = await presignAt(t, outsider, base, [{ name: "a.jpg", size: 1.5 * MB, type: "image/jpeg" }]);
    expect(quota.statusCode).toBe(429);
    const signedOut = await call(t, null, "POST", `${base}/presign`, { payload: {} });
    expect(signedOut.statusCode).toBe(401);
  });

  it("a multipart upload sent after a failed direct PUT counts in vt_direct_upload_fallbacks_total", async () => {
    const before = (await metrics.directUploadFallbacks.get()).values[0]?.value ?? 0;
    const body = multipart([{ filename: "me.jpg", contentType: "image/jpeg", bytes: await jpeg(64, 64) }]);
    const res = await call(t, uploader, "POST", "/api/users/avatar", {
      payload: body.payload,
      headers: { ...body.headers, "x-upload-fallback": "direct" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const plain = await call(t, uploader, "POST", "/api/users/avatar", {
      payload: body.payload,
      headers: body.headers,
    });
    expect(plain.statusCode).toBe(200);
    expect((await metrics.directUploadFallbacks.get()).values[0]?.value ?? 0).toBe(before + 1);
  });
});
