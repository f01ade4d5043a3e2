/**
 * The trash: deleted chapters, comics and teams disappear from every list and reader call at
 * once, are restorable by whoever could delete them (admins: everything) for 30 days, then the
 * purge removes rows and files.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, png, type TestUser } from "../../../test/fixtures/api";
import { createComic, uploadWith } from "../../../test/fixtures/comics";
import { chapterPages, chapters } from "../../db/schema/chapters";
import { comics } from "../../db/schema/comics";
import { teams } from "../../db/schema/teams";
import { purgeTrash } from "./trash.service";

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let uploader: TestUser;
let stranger: TestUser;
let admin: TestUser;
let teamA: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  manager = await createUser(t);
  uploader = await createUser(t);
  stranger = await createUser(t);
  admin = await createUser(t, { admin: true });
  teamA = await createTeam(t, owner, [
    { user: manager, role: "manager" },
    { user: uploader, role: "uploader" },
  ]);
  await createTeam(t, stranger);
});
afterAll(() => t?.close());

async function chapterWithPage(comicId: number, order = 1) {
  const res = await call(t, owner, "POST", "/api/chapters", {
    payload: { comicId, order, name: `Chương ${order}` },
  });
  expect(res.statusCode).toBe(201);
  const chapterId = res.json().id as number;
  const up = await uploadWith(t, owner, `/api/chapters/${chapterId}/pages`, [
    { field: "files", filename: "p.png", contentType: "image/png", bytes: await png(8, 8) },
  ]);
  expect(up.statusCode).toBe(201);
  const [page] = await t.database.db.select().from(chapterPages).where(eq(chapterPages.chapterId, chapterId));
  return { chapterId, pageKey: page!.url };
}

const trashOf = async (user: TestUser, query = "") =>
  (await call(t, user, "GET", `/api/trash${query}`)).json() as {
    items: { type: string; id: number; name: string; deletedBy: { id: number } | null; purgeAt: string }[];
    total: number;
  };

describe("chapters", () => {
  it("a deleted chapter is gone from lists and reader calls, in the trash of its teams, restorable by them", async () => {
    const comic = await createComic(t, owner, teamA);
    const { chapterId, pageKey } = await chapterWithPage(comic.id);
    expect((await call(t, uploader, "DELETE", `/api/chapters/${chapterId}`)).statusCode).toBe(200);

    expect((await call(t, owner, "GET", `/api/chapters/${chapterId}`)).statusCode).toBe(404);
    const list = (await call(t, owner, "GET", `/api/chapters/comic/${comic.id}`)).json();
    expect(JSON.stringify(list)).not.toContain(`"id":${chapterId}`);
    const reader = (await call(t, owner, "GET", `/api/chapters/comic/${comic.id}?visible=1`)).json();
    expect(JSON.stringify(reader)).not.toContain(`"id":${chapterId}`);
    expect((await call(t, owner, "GET", `/api/comics/${comic.id}`)).json().chapterCount).toBe(0);
    // The files stay until the purge.
    expect(await t.storage.exists(pageKey)).toBe(true);

    const trash = await trashOf(manager, "?type=chapter");
    expect(trash.items.find((i) => i.id === chapterId)).toMatchObject({
      type: "chapter",
      name: "Chương 1",
      deletedBy: { id: uploader.id },
    });
    expect((await trashOf(stranger)).items.map((i) => i.id)).not.toContain(chapterId);
    expect((await call(t, stranger, "POST", `/api/trash/chapter/${chapterId}/restore`)).statusCode).toBe(404);
    expect((await call(t, null, "POST", `/api/trash/chapter/${chapterId}/restore`)).statusCode).toBe(401);

    const restored = await call(t, uploader, "POST", `/api/trash/chapter/${chapterId}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await call(t, owner, "GET", `/api/chapters/${chapterId}`)).statusCode).toBe(200);
    expect((await call(t, owner, "POST", `/api/trash/chapter/${chapterId}/restore`)).statusCode).toBe(404);
  });

  it("restoring a chapter whose order was taken meanwhile is 409 and changes nothing", async () => {
    const comic = await createComic(t, owner, teamA);
    const { chapterId } = await chapterWithPage(comic.id, 3);
    await call(t, owner, "DELETE", `/api/chapters/${chapterId}`);
    await chapterWithPage(comic.id, 3);
    const res = await call(t, owner, "POST", `/api/trash/chapter/${chapterId}/restore`);
    expect(res.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(chapters).where(eq(chapters.id, chapterId));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });
});

describe("comics", () => {
  it("a deleted comic is gone from every list; only admins see and restore it", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Truyện Thùng Rác" });
    expect((await call(t, admin, "DELETE", `/api/comics/${comic.id}`)).statusCode).toBe(200);
    for (const scope of ["mine", "all"]) {
      const list = (await call(t, owner, "GET", `/api/comics?scope=${scope}&search=Thùng%20Rác`)).json();
      expect(list.comics.map((c: { id: number }) => c.id)).not.toContain(comic.id);
    }
    expect((await call(t, owner, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(404);
    expect((await trashOf(owner)).items.filter((i) => i.type === "comic")).toEqual([]);
    expect((await call(t, owner, "POST", `/api/trash/comic/${comic.id}/restore`)).statusCode).toBe(404);

    const adminTrash = await trashOf(admin, `?type=comic&search=${encodeURIComponent("thung rac")}`);
    expect(adminTrash.items.map((i) => i.id)).toEqual([comic.id]);
    expect((await call(t, admin, "POST", `/api/trash/comic/${comic.id}/restore`)).statusCode).toBe(200);
    const list = (await call(t, owner, "GET", "/api/comics?scope=mine&search=Thùng%20Rác")).json();
    expect(list.comics.map((c: { id: number }) => c.id)).toContain(comic.id);
  });

  it("a comic merged away is not in the trash", async () => {
    const a = await createComic(t, owner, teamA);
    const b = await createComic(t, owner, teamA);
    await call(t, admin, "POST", "/api/comics/merge", { payload: { comicId: a.id, targetComicId: b.id } });
    expect((await trashOf(admin, "?type=comic&limit=100")).items.map((i) => i.id)).not.toContain(a.id);
    expect((await call(t, admin, "POST", `/api/trash/comic/${a.id}/restore`)).statusCode).toBe(404);
  });
});

describe("teams", () => {
  it("the owner (and admins) restore a deleted team; a manager may not", async () => {
    const teamId = await createTeam(t, owner, [{ user: manager, role: "manager" }], "Nhóm Tạm Xóa");
    expect((await call(t, owner, "DELETE", `/api/teams/${teamId}`)).statusCode).toBe(204);
    expect((await call(t, owner, "GET", `/api/teams/${teamId}`)).statusCode).toBe(404);
    expect((await trashOf(owner, "?type=team")).items.map((i) => i.id)).toContain(teamId);
    expect((await call(t, manager, "POST", `/api/trash/team/${teamId}/restore`)).statusCode).toBe(404);
    expect((await call(t, owner, "POST", `/api/trash/team/${teamId}/restore`)).statusCode).toBe(200);
    expect((await call(t, manager, "GET", `/api/teams/${teamId}`)).statusCode).toBe(200);
  });
});

describe("purge", () => {
  it("removes rows and files older than 30 days, keeps newer ones, and old items can no longer be restored", async () => {
    const comic = await createComic(t, owner, teamA);
    const old = await chapterWithPage(comic.id, 7);
    const fresh = await chapterWithPage(comic.id, 8);
    const oldComic = await createComic(t, owner, teamA);
    const oldComicChapter = await chapterWithPage(oldComic.id, 1);
    await call(t, owner, "DELETE", `/api/chapters/${old.chapterId}`);
    await call(t, owner, "DELETE", `/api/chapters/${fresh.chapterId}`);
    await call(t, admin, "DELETE", `/api/comics/${oldComic.id}`);
    const emptyTeam = await createTeam(t, owner);
    await call(t, owner, "DELETE", `/api/teams/${emptyTeam}`);
    const longAgo = sql`now() - interval '31 days'`;
    const db = t.database.db;
    await db.update(chapters).set({ deletedAt: longAgo }).where(eq(chapters.id, old.chapterId));
    await db.update(comics).set({ deletedAt: longAgo }).where(eq(comics.id, oldComic.id));
    await db.update(teams).set({ deletedAt: longAgo }).where(eq(teams.id, emptyTeam));

    expect((await call(t, owner, "POST", `/api/trash/chapter/${old.chapterId}/restore`)).statusCode).toBe(
      404,
    );
    expect((await trashOf(admin, "?limit=100")).items.map((i) => `${i.type}:${i.id}`)).not.toContain(
      `chapter:${old.chapterId}`,
    );

    const counts = await purgeTrash({ db, storage: t.storage, log: t.app.log });
    expect(counts).toMatchObject({ chapters: 1, comics: 1, teams: 1 });
    expect(await db.select().from(chapters).where(eq(chapters.id, old.chapterId))).toEqual([]);
    expect(await db.select().from(chapters).where(eq(chapters.id, oldComicChapter.chapterId))).toEqual([]);
    expect(await db.select().from(comics).where(eq(comics.id, oldComic.id))).toEqual([]);
    expect(await db.select().from(teams).where(eq(teams.id, emptyTeam))).toEqual([]);
    expect(await t.storage.exists(old.pageKey)).toBe(false);
    expect(await t.storage.exists(oldComicChapter.pageKey)).toBe(false);
    expect(await t.storage.exists(oldComic.thumbnail)).toBe(false);
    // The one deleted today stays, with its files.
    expect(await t.storage.exists(fresh.pageKey)).toBe(true);
    expect((await call(t, owner, "POST", `/api/trash/chapter/${fresh.chapterId}/restore`)).statusCode).toBe(
      200,
    );
    // Running it again removes nothing more.
    expect(await purgeTrash({ db, storage: t.storage, log: t.app.log })).toMatchObject({
      chapters: 0,
      comics: 0,
      teams: 0,
    });
  });
});
