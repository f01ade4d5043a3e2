/**
 * /api/chapters: list, read, create, update (page order + publish), delete, page uploads, quick
 * volume update — success, validation (422 naming the field), signed out (401), another team
 * (404, no data), a collaborating team (allowed), transactions (an injected failure part-way
 * changes nothing), storage objects removed only after the commit, never half-published.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { encodeKey } from "@vt/shared/scramble";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  call,
  createTeam,
  createUser,
  multipart,
  png,
  type TestUser,
  type UploadFile,
} from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";
import { auditLog } from "../../db/schema/audit";
import { chapterPages, chapters } from "../../db/schema/chapters";

let t: TestApp;
let owner: TestUser;
let uploader: TestUser;
let collabUser: TestUser;
let outsider: TestUser;
let teamA: number;
let teamC: number;
let comicId: number;

type Page = { id: number; url: string; key?: string; src: string; clientId: string | null; staged: boolean };
type Chapter = {
  id: number;
  comicId: number;
  order: number;
  name: string;
  volume: number | null;
  publishedAt: number | null;
  publishAt: number | null;
  status: string;
  state: string;
  hidden: boolean;
  team: { id: number; name: string };
  pageCount: number;
  pages: Page[];
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Chủ Nhóm A" });
  uploader = await createUser(t);
  collabUser = await createUser(t);
  outsider = await createUser(t);
  teamA = await createTeam(t, owner, [{ user: uploader, role: "uploader" }], "Nhóm A");
  teamC = await createTeam(t, collabUser, [], "Nhóm Cộng Tác");
  await createTeam(t, outsider, [], "Nhóm Ngoài");
  comicId = (await createComic(t, uploader, teamA)).id;
  const res = await call(t, owner, "POST", "/api/comics/collab", {
    payload: { comicId, teamId: teamC, action: "add" },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t?.close());

// ── Helpers ──────────────────────────────────────────────────────────────────

let orderSeq = 100;
async function newChapter(user: TestUser, fields: Record<string, unknown> = {}): Promise<Chapter> {
  const res = await call(t, user, "POST", "/api/chapters", {
    payload: { comicId, order: orderSeq++, ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`create chapter failed: ${res.statusCode} ${res.body}`);
  return res.json() as Chapter;
}

async function pageFiles(n: number, field = "files"): Promise<UploadFile[]> {
  const files: UploadFile[] = [];
  for (let i = 0; i < n; i++) {
    files.push({ field, filename: `${i + 1}.png`, contentType: "image/png", bytes: await png(20 + i, 30) });
  }
  return files;
}

function uploadPages(
  user: TestUser | null,
  chapterId: number,
  files: UploadFile[],
  fields: Record<string, string> = {},
) {
  const body = multipart(files, fields);
  return call(t, user, "POST", `/api/chapters/${chapterId}/pages`, {
    payload: body.payload,
    headers: body.headers,
  });
}

async function addPages(user: TestUser, chapterId: number, n: number, fields: Record<string, string> = {}) {
  const res = await uploadPages(user, chapterId, await pageFiles(n), fields);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { pages: (Page & { duplicate: boolean })[] }).pages;
}

async function getChapter(user: TestUser, id: number): Promise<Chapter> {
  const res = await call(t, user, "GET", `/api/chapters/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Chapter;
}

/** The whole editor form of a chapter as the web sends it back. */
function form(c: Chapter, extra: Record<string, unknown> = {}) {
  return { id: c.id, name: c.name, order: c.order, volume: c.volume, hidden: c.hidden, ...extra };
}

async function put(user: TestUser | null, c: Chapter, extra: Record<string, unknown> = {}) {
  return call(t, user, "PUT", `/api/chapters/${c.id}`, { payload: form(c, extra) });
}

async function listIds(user: TestUser, query = ""): Promise<number[]> {
  const res = await call(t, user, "GET", `/api/chapters/comic/${comicId}${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Chapter[]).map((c) => c.id);
}

async function auditActions(chapterId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "chapter"), eq(auditLog.entityId, chapterId)))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

function storedFiles(): string[] {
  const root = join(t.config.storageDir, "comics");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

function expectNoData(body: string) {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(json).every((k) => ["message", "code", "errors"].includes(k))).toBe(true);
}

/** Makes the next matching row change fail inside the database (a failure part-way through a statement). */
async function injectFailure(table: "chapters" | "chapter_pages", event: "update" | "delete", rowId: number) {
  await t.database.db.execute(
    sql.raw(`create or replace function vt_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`),
  );
  await t.database.db.execute(
    sql.raw(
      `create trigger vt_test_fail before ${event} on ${table} for each row when (old.id = ${Math.trunc(rowId)}) execute function vt_test_fail()`,
    ),
  );
  return async () => {
    await t.database.db.execute(sql.raw(`drop trigger vt_test_fail on ${table}`));
  };
}

// ── Create ───────────────────────────────────────────────────────────────────

describe("POST /api/chapters", () => {
  it("creates a DRAFT in the platform shape with a decimal order, and audits it", async () => {
    const res = await call(t, uploader, "POST", "/api/chapters", {
      payload: {
        comicId,
        order: 12.5,
        name: "  Ngoại truyện  ",
        volume: 2,
        status: "published",
        publishedAt: 1,
      },
    });
    expect(res.statusCode).toBe(201);
    const c = res.json() as Chapter;
    expect(c).toMatchObject({
      comicId,
      order: 12.5,
      name: "Ngoại truyện",
      volume: 2,
      status: "draft",
      state: "draft",
      publishedAt: null,
      team: { id: teamA, name: "Nhóm A" },
      pageCount: 0,
      pages: [],
    });
    expect(typeof (c as unknown as { lastUpdated: number }).lastUpdated).toBe("number");
    expect((await getChapter(uploader, c.id)).order).toBe(12.5);
    expect(await auditActions(c.id)).toEqual(["create"]);
  });

  it("stores a oneshot (-1) with '' as the name when none is given", async () => {
    const c = await newChapter(uploader, { order: -1 });
    expect(c).toMatchObject({ order: -1, name: "", volume: null });
  });

  it.each([
    ["order -2", { order: -2 }, "order", "Số thứ tự chương không hợp lệ"],
    [
      "hideOrder without a name",
      { order: 1, hideOrder: true },
      "name",
      "Hãy nhập tên chương hoặc bỏ ẩn số thứ tự chương",
    ],
    [
      "a schedule in the past",
      { order: 1, publishAt: Date.now() - 60_000 },
      "publishAt",
      "Thời gian hẹn đăng phải sau thời điểm hiện tại",
    ],
    ["no comic", { order: 1, comicId: undefined }, "comicId", "Vui lòng chọn truyện"],
  ])("refuses %s with 422 naming the field", async (_label, fields, field, text) => {
    const res = await call(t, uploader, "POST", "/api/chapters", { payload: { comicId, ...fields } });
    expect(res.statusCode).toBe(422);
    const errors = (res.json() as { errors: string[] }).errors;
    expect(errors).toEqual([`${field}: ${text}`]);
  });

  it("answers 409 when the team already has that order in the comic", async () => {
    await newChapter(uploader, { order: 77 });
    const res = await call(t, uploader, "POST", "/api/chapters", { payload: { comicId, order: 77 } });
    expect(res.statusCode).toBe(409);
  });

  it("is 401 signed out and 404 (no data) for another team's comic", async () => {
    const anon = await call(t, null, "POST", "/api/chapters", { payload: { comicId, order: 1 } });
    expect(anon.statusCode).toBe(401);
    const foreign = await call(t, outsider, "POST", "/api/chapters", { payload: { comicId, order: 1 } });
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body);
  });

  it("lets an uploader of a collaborating team create a chapter for their team", async () => {
    const c = await newChapter(collabUser);
    expect(c.team).toEqual({ id: teamC, name: "Nhóm Cộng Tác" });
    const wrongTeam = await call(t, collabUser, "POST", "/api/chapters", {
      payload: { comicId, order: 5000, teamId: teamA },
    });
    expect(wrongTeam.statusCode).toBe(422);
    expect(wrongTeam.json().errors[0]).toMatch(/^teamId: /);
  });
});

// ── List / read ──────────────────────────────────────────────────────────────

describe("GET /api/chapters/comic/:comicId and GET /api/chapters/:id", () => {
  it("lists by order ascending by default and descending on request, oneshot first", async () => {
    const res = await call(t, uploader, "GET", `/api/chapters/comic/${comicId}`);
    expect(res.statusCode).toBe(200);
    const orders = (res.json() as Chapter[]).map((c) => c.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(orders[0]).toBe(-1);
    expect(orders).toContain(12.5);
    const desc = (
      (await call(t, uploader, "GET", `/api/chapters/comic/${comicId}?sort=desc`)).json() as Chapter[]
    ).map((c) => c.order);
    expect(desc).toEqual([...orders].reverse());
    const bad = await call(t, uploader, "GET", `/api/chapters/comic/${comicId}?sort=up`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatch(/^sort: /);
  });

  it("is 401 signed out and 404 with no data for another team", async () => {
    const c = await newChapter(uploader, { name: "Bí mật" });
    for (const url of [`/api/chapters/comic/${comicId}`, `/api/chapters/${c.id}`]) {
      expect((await call(t, null, "GET", url)).statusCode).toBe(401);
      const res = await call(t, outsider, "GET", url);
      expect(res.statusCode).toBe(404);
      expectNoData(res.body);
      expect(res.body).not.toContain("Bí mật");
    }
    expect((await call(t, uploader, "GET", "/api/chapters/999999")).statusCode).toBe(404);
  });
});

// ── Pages and publishing ─────────────────────────────────────────────────────

describe("page uploads, page order and publishing", () => {
  it("stores uploads as staged pages in upload order, resumes by clientId, then saves order and publishes", async () => {
    const c = await newChapter(uploader, { name: "Chương mới" });
    const key = encodeKey([3, 7, 1, 9, 0, 5, 2, 8, 6, 4], "xY9_");
    const first = await addPages(uploader, c.id, 3, {
      clientIds: JSON.stringify(["a", "b", "c"]),
      keys: JSON.stringify([null, key, null]),
    });
    expect(first.map((p) => p.clientId)).toEqual(["a", "b", "c"]);
    expect(first.every((p) => p.staged && !p.duplicate && /^comics\//.test(p.url))).toBe(true);
    expect(first[1]!.key).toBe(key);
    expect(first[0]).not.toHaveProperty("key");
    for (const p of first) expect(await t.storage.exists(p.url)).toBe(true);

    // A dropped connection: the draft lists what is stored; re-sending "b" does not store it twice.
    const draft = await getChapter(uploader, c.id);
    expect(draft.pages.map((p) => p.clientId)).toEqual(["a", "b", "c"]);
    expect(draft.pageCount).toBe(0);
    const before = storedFiles().length;
    const again = await addPages(uploader, c.id, 2, { clientIds: JSON.stringify(["b", "d"]) });
    expect(again.map((p) => [p.id, p.duplicate])).toEqual([
      [first[1]!.id, true],
      [again[1]!.id, false],
    ]);
    expect(storedFiles().length).toBe(before + 1);

    // Invisible to readers until published.
    expect(await listIds(uploader, "?visible=1")).not.toContain(c.id);

    // Save d, a, b (c left out) and publish in one call.
    const [a, b, cc] = first;
    const d = again[1]!;
    const res = await put(uploader, c, {
      pages: [{ id: d.id }, { id: a!.id }, { id: b!.id }],
      publish: true,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as Chapter;
    expect(saved.pages.map((p) => p.id)).toEqual([d.id, a!.id, b!.id]);
    expect(saved.pages.every((p) => !p.staged)).toBe(true);
    expect(saved).toMatchObject({ status: "published", state: "visible", pageCount: 3, publishAt: null });
    expect(saved.publishedAt).toBeLessThanOrEqual(Date.now());
    expect(await t.storage.exists(cc!.url)).toBe(false);
    expect(await listIds(uploader, "?visible=1")).toContain(c.id);
    expect(await auditActions(c.id)).toEqual([
      "create",
      "upload_pages",
      "upload_pages",
      "update",
      "reorder_pages",
      "publish",
    ]);

    // Reorder only.
    const re = await put(uploader, saved, { pages: [{ id: b!.id }, { id: d.id }, { id: a!.id }] });
    expect((re.json() as Chapter).pages.map((p) => p.id)).toEqual([b!.id, d.id, a!.id]);
    expect((re.json() as Chapter).status).toBe("published");
  });

  it("refuses to publish with no pages (422 on pages) and keeps the draft", async () => {
    const c = await newChapter(uploader);
    const res = await put(uploader, c, { pages: [], publish: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["pages: Phải tải lên ít nhất 1 trang"]);
    const noList = await put(uploader, c, { publish: true });
    expect(noList.statusCode).toBe(422);
    expect(noList.json().errors[0]).toMatch(/^pages: /);
    expect((await getChapter(uploader, c.id)).status).toBe("draft");
  });

  it("does not publish while a listed page's object is missing from storage (never half-published)", async () => {
    const c = await newChapter(uploader);
    const pages = await addPages(uploader, c.id, 2);
    await t.storage.delete(pages[1]!.url);
    const res = await put(uploader, c, { pages: pages.map((p) => ({ id: p.id })), publish: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/pageNotStored|chưa được tải lên/);
    const after = await getChapter(uploader, c.id);
    expect(after).toMatchObject({ status: "draft", state: "draft" });
    expect(after.pages.every((p) => p.staged)).toBe(true);
    expect(await listIds(uploader, "?visible=1")).not.toContain(c.id);

    // Replacing the broken page, then publishing, works.
    const body = multipart(await pageFiles(1, "file"), { pageId: String(pages[1]!.id) });
    const replaced = await call(t, uploader, "POST", `/api/chapters/${c.id}/page`, {
      payload: body.payload,
      headers: body.headers,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: pages[1]!.id });
    expect(replaced.json().url).not.toBe(pages[1]!.url);
    const ok = await put(uploader, c, { pages: pages.map((p) => ({ id: p.id })), publish: true });
    expect(ok.statusCode).toBe(200);
    expect(await listIds(uploader, "?visible=1")).toContain(c.id);
  });

  it("keeps a scheduled chapter and a hidden chapter out of the readers' view", async () => {
    const at = Date.now() + 3_600_000;
    const s = await newChapter(uploader);
    const sp = await addPages(uploader, s.id, 1);
    const scheduled = await put(uploader, s, { pages: [{ id: sp[0]!.id }], publish: true, publishAt: at });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: "published",
      state: "scheduled",
      publishAt: at,
      publishedAt: at,
    });

    const h = await newChapter(uploader);
    const hp = await addPages(uploader, h.id, 1);
    const hidden = await put(uploader, h, { pages: [{ id: hp[0]!.id }], publish: true, hidden: true });
    expect(hidden.json()).toMatchObject({ status: "published", state: "hidden" });

    const visible = await listIds(uploader, "?visible=1");
    expect(visible).not.toContain(s.id);
    expect(visible).not.toContain(h.id);
    const all = await listIds(uploader);
    expect(all).toEqual(expect.arrayContaining([s.id, h.id]));

    const past = await put(uploader, s, { publishAt: Date.now() - 1000 });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors[0]).toMatch(/^publishAt: /);
  });

  it("validates uploads: scramble keys, image content, size, and a page id from another chapter", async () => {
    const c = await newChapter(uploader);
    const before = storedFiles().length;
    const badKey = await uploadPages(uploader, c.id, await pageFiles(2), {
      keys: JSON.stringify(["aB3xH7sKzy", null]),
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors[0]).toMatch(/^keys\.0: /);
    const notImage = await uploadPages(uploader, c.id, [
      ...(await pageFiles(1)),
      { field: "files", filename: "x.png", contentType: "image/png", bytes: Buffer.from("<svg/>") },
    ]);
    expect(notImage.statusCode).toBe(415);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(7 * 1024 * 1024)]);
    const tooBig = await uploadPages(uploader, c.id, [{ field: "files", filename: "big.png", bytes: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(storedFiles().length).toBe(before);
    expect((await getChapter(uploader, c.id)).pages).toEqual([]);

    const other = await newChapter(uploader);
    const [foreignPage] = await addPages(uploader, other.id, 1);
    const res = await put(uploader, c, { pages: [{ id: foreignPage!.id }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/^pages: /);
  });

  it("refuses a batch whose damaged page comes after pages already stored, keeping no file of it", async () => {
    const c = await newChapter(uploader);
    const before = storedFiles().length;
    const good = await pageFiles(6);
    const cut = (await png(40, 40)).subarray(0, 60);
    const res = await uploadPages(uploader, c.id, [
      ...good.slice(0, 5),
      { field: "files", filename: "6.png", contentType: "image/png", bytes: cut },
      good[5]!,
    ]);
    expect(res.statusCode).toBe(422);
    expect(storedFiles().length).toBe(before);
    expect((await getChapter(uploader, c.id)).pages).toEqual([]);
  });

  it("is 401 signed out and 404 for another team on both upload routes, storing nothing", async () => {
    const c = await newChapter(uploader);
    const before = storedFiles().length;
    expect((await uploadPages(null, c.id, await pageFiles(1))).statusCode).toBe(401);
    const foreign = await uploadPages(outsider, c.id, await pageFiles(1));
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body);
    const body = multipart(await pageFiles(1, "file"), { pageId: "1" });
    const single = await call(t, outsider, "POST", `/api/chapters/${c.id}/page`, {
      payload: body.payload,
      headers: body.headers,
    });
    expect(single.statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
  });

  it("lets a collaborating team's uploader upload to and publish a chapter of the comic", async () => {
    const c = await newChapter(uploader);
    const pages = await addPages(collabUser, c.id, 2);
    const res = await put(collabUser, c, { pages: pages.map((p) => ({ id: p.id })), publish: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe("visible");
  });
});

// ── Update ───────────────────────────────────────────────────────────────────

describe("PUT /api/chapters/:id", () => {
  it("saves the editor fields and audits the change", async () => {
    const c = await newChapter(uploader);
    const res = await put(uploader, c, {
      name: "Tên mới",
      order: 3.25,
      hideOrder: true,
      volume: 4,
      donateTeamIds: [teamA],
      creditTeamIds: [teamA, teamC],
      hideDonate: true,
      collaboratingTeamIds: [teamC],
      config: { rtl: true, note: "x" },
      scrambled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Tên mới",
      order: 3.25,
      hideOrder: true,
      volume: 4,
      donateTeamIds: [teamA],
      creditTeamIds: [teamA, teamC],
      hideDonate: true,
      hideCredit: false,
      collaboratingTeams: [{ id: teamC, name: "Nhóm Cộng Tác" }],
      config: { rtl: true, note: "x" },
      scrambled: true,
    });
    expect(await auditActions(c.id)).toEqual(["create", "update"]);
  });

  it("answers 422 naming the field, 401 signed out and 404 for another team (nothing changed)", async () => {
    const c = await newChapter(uploader, { name: "Giữ nguyên" });
    const bad = await put(uploader, c, { order: -2 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatch(/^order: /);
    const hide = await put(uploader, c, { name: "", hideOrder: true });
    expect(hide.json().errors[0]).toMatch(/^name: /);
    const team = await put(uploader, c, { collaboratingTeamIds: [999999] });
    expect(team.statusCode).toBe(422);
    expect(team.json().errors[0]).toMatch(/^collaboratingTeamIds: /);
    expect((await put(null, c, { name: "x" })).statusCode).toBe(401);
    const foreign = await put(outsider, c, { name: "Đổi" });
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body);
    expect((await getChapter(uploader, c.id)).name).toBe("Giữ nguyên");
  });

  it("changes nothing when a failure happens in the middle of a reorder", async () => {
    const c = await newChapter(uploader);
    const pages = await addPages(uploader, c.id, 4);
    const first = await put(uploader, c, { pages: pages.map((p) => ({ id: p.id })) });
    expect(first.statusCode).toBe(200);
    const restore = await injectFailure("chapter_pages", "update", pages[2]!.id);
    try {
      const res = await put(uploader, c, {
        name: "Không lưu",
        pages: [{ id: pages[3]!.id }, { id: pages[2]!.id }, { id: pages[1]!.id }],
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain("injected");
    } finally {
      await restore();
    }
    const after = await getChapter(uploader, c.id);
    expect(after.name).toBe("");
    expect(after.pages.map((p) => p.id)).toEqual(pages.map((p) => p.id));
    // The page left out was neither deleted nor removed from storage.
    expect(await t.storage.exists(pages[0]!.url)).toBe(true);
    const rows = await t.database.db.select().from(chapterPages).where(eq(chapterPages.chapterId, c.id));
    expect(rows).toHaveLength(4);
    expect(await auditActions(c.id)).toEqual(["create", "upload_pages", "reorder_pages"]);
  });
});

// ── Delete ───────────────────────────────────────────────────────────────────

describe("DELETE /api/chapters/:id", () => {
  it("moves the chapter to the trash: gone at once, pages and files kept for a restore", async () => {
    const c = await newChapter(uploader);
    const pages = await addPages(uploader, c.id, 2);
    const res = await call(t, uploader, "DELETE", `/api/chapters/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Xóa thành công");
    const [row] = await t.database.db.select().from(chapters).where(eq(chapters.id, c.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    for (const p of pages) expect(await t.storage.exists(p.url)).toBe(true);
    expect((await call(t, uploader, "GET", `/api/chapters/${c.id}`)).statusCode).toBe(404);
    expect(await auditActions(c.id)).toContain("delete");
  });

  it("keeps the chapter when the database change fails", async () => {
    const c = await newChapter(uploader);
    const pages = await addPages(uploader, c.id, 2);
    const restore = await injectFailure("chapters", "update", c.id);
    try {
      const res = await call(t, uploader, "DELETE", `/api/chapters/${c.id}`);
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    for (const p of pages) expect(await t.storage.exists(p.url)).toBe(true);
    expect((await getChapter(uploader, c.id)).pages).toHaveLength(2);
  });

  it("is 401 signed out and 404 for another team, deleting nothing", async () => {
    const c = await newChapter(uploader);
    expect((await call(t, null, "DELETE", `/api/chapters/${c.id}`)).statusCode).toBe(401);
    const res = await call(t, outsider, "DELETE", `/api/chapters/${c.id}`);
    expect(res.statusCode).toBe(404);
    expectNoData(res.body);
    await getChapter(uploader, c.id);
  });
});

// ── Quick volume update ──────────────────────────────────────────────────────

describe("POST /api/chapters/quick-update-volume", () => {
  let qComic: number;
  let qChapters: { id: number; order: number }[];

  beforeAll(async () => {
    qComic = (await createComic(t, uploader, teamA)).id;
    qChapters = [];
    for (const order of [1, 2, 2.5, 3, 10]) {
      const res = await call(t, uploader, "POST", "/api/chapters", { payload: { comicId: qComic, order } });
      qChapters.push(res.json() as { id: number; order: number });
    }
  });

  async function volumes(): Promise<(number | null)[]> {
    const res = await call(t, uploader, "GET", `/api/chapters/comic/${qComic}`);
    return (res.json() as Chapter[]).map((c) => c.volume);
  }

  it("sets the volume on the order range in one call and answers the count", async () => {
    const res = await call(t, uploader, "POST", "/api/chapters/quick-update-volume", {
      payload: { comicId: qComic, volume: 1, fromChapterOrder: 2, toChapterOrder: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(3);
    expect(await volumes()).toEqual([null, 1, 1, 1, null]);
    const audit = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "chapters_quick_update_volume"), eq(auditLog.entityId, qComic)));
    expect(audit).toHaveLength(1);
  });

  it("changes nothing when a failure happens part-way", async () => {
    const restore = await injectFailure("chapters", "update", qChapters[2]!.id);
    try {
      const res = await call(t, uploader, "POST", "/api/chapters/quick-update-volume", {
        payload: { comicId: qComic, volume: 9, fromChapterOrder: 0, toChapterOrder: 100 },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await volumes()).toEqual([null, 1, 1, 1, null]);
  });

  it("answers 422 naming the field, 401 signed out, 404 for another team", async () => {
    const bad = await call(t, uploader, "POST", "/api/chapters/quick-update-volume", {
      payload: { comicId: qComic, volume: 1, fromChapterOrder: 5, toChapterOrder: 2 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatch(/^toChapterOrder: /);
    const order = await call(t, uploader, "POST", "/api/chapters/quick-update-volume", {
      payload: { comicId: qComic, volume: 1, fromChapterOrder: -2, toChapterOrder: 2 },
    });
    expect(order.json().errors[0]).toMatch(/^fromChapterOrder: /);
    const payload = { comicId: qComic, volume: 7, fromChapterOrder: 0, toChapterOrder: 100 };
    expect((await call(t, null, "POST", "/api/chapters/quick-update-volume", { payload })).statusCode).toBe(
      401,
    );
    const foreign = await call(t, outsider, "POST", "/api/chapters/quick-update-volume", { payload });
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body);
    expect(await volumes()).toEqual([null, 1, 1, 1, null]);
  });
});
