/**
 * /api/comics: list, create, read, update, delete, covers, volume art and collaborators — success,
 * validation (422 naming the field), signed out (401) and another team (404/403, no data).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import {
  type CreatedComic,
  coverFile,
  createComic,
  uploadCover,
  uploadWith,
} from "../../../test/fixtures/comics";
import { auditLog } from "../../db/schema/audit";
import { comics } from "../../db/schema/comics";

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let uploader: TestUser;
let outsider: TestUser;
let admin: TestUser;
let teamA: number;
let teamB: number;
const en = { "x-custom-lang": "en" };

beforeAll(async () => {
  t = await createTestApp({
    env: { SITE_URL: "https://vuontruyen.example", MATURE_SITE_URL: "https://18.example" },
  });
  owner = await createUser(t, { name: "Chủ Nhóm A" });
  manager = await createUser(t);
  uploader = await createUser(t);
  outsider = await createUser(t, { name: "Người Ngoài" });
  admin = await createUser(t, { admin: true });
  teamA = await createTeam(t, owner, [
    { user: manager, role: "manager" },
    { user: uploader, role: "uploader" },
  ]);
  teamB = await createTeam(t, outsider, [], "Nhóm Bên Kia");
});
afterAll(() => t?.close());

function expectNoData(body: string, secret: string) {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(json).every((k) => ["message", "code", "errors"].includes(k))).toBe(true);
  expect(body).not.toContain(secret);
}

async function auditActions(comicId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "comic"), eq(auditLog.entityId, comicId)))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

describe("POST /api/comics/covers", () => {
  it("stores a portrait 3:4 cover of at least 600x800 and answers its key", async () => {
    const res = await uploadWith(t, uploader, "/api/comics/covers", [await coverFile(603, 804)]);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { key: string; url: string; width: number; height: number };
    expect(body).toMatchObject({ width: 603, height: 804 });
    expect(body.key).toMatch(/^comics\/.+_cover\.jpg$/);
    expect(await t.storage.exists(body.key)).toBe(true);
  });

  it.each([
    ["too small", 300, 400],
    ["landscape", 800, 600],
    ["not 3:4 (more than 1% off)", 600, 900],
  ])("refuses a %s cover with validation.coverRatio", async (_label, w, h) => {
    const res = await uploadWith(t, uploader, "/api/comics/covers", [await coverFile(w, h)], {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join()).toContain("3:4");
  });

  it("answers validation.coverRequired on `file` when no file is sent", async () => {
    const res = await uploadWith(t, uploader, "/api/comics/covers", [], { other: "x" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["Vui lòng tải lên ảnh bìa truyện"]);
  });

  it("refuses a file that is not an image (415) and signed-out calls (401)", async () => {
    const bad = await uploadWith(t, uploader, "/api/comics/covers", [
      { filename: "x.jpg", contentType: "image/jpeg", bytes: Buffer.from("<svg></svg>") },
    ]);
    expect(bad.statusCode).toBe(415);
    const anon = await uploadWith(t, null, "/api/comics/covers", [await coverFile()]);
    expect(anon.statusCode).toBe(401);
  });
});

describe("POST /api/comics", () => {
  it("creates a comic for my team with people (new names inline), genres and couples, and audits it", async () => {
    const chars = [];
    for (const name of ["Hoa", "Lan"]) {
      const res = await call(t, uploader, "POST", "/api/characters", { payload: { name } });
      chars.push((res.json() as { id: number }).id);
    }
    const author = await call(t, uploader, "POST", "/api/authors", { payload: { name: "Tác Giả Có Sẵn" } });
    const authorId = (author.json() as { id: number }).id;
    const thumbnail = await uploadCover(t, uploader);
    const res = await call(t, uploader, "POST", "/api/comics", {
      payload: {
        teamId: teamA,
        title: "  Vườn Hoa  ",
        anotherName: "Flower Garden",
        description: "Mô tả",
        status: "completed",
        authors: [authorId, "Tác Giả Mới"],
        artists: ["Họa Sĩ"],
        genres: ["romance", "yuri", "romance"],
        isMature: true,
        isDoujinshi: true,
        couples: [[chars[0], chars[1]]],
        thumbnail,
        viewCount: 999,
      },
    });
    expect(res.statusCode).toBe(201);
    const comic = res.json();
    expect(comic).toMatchObject({
      title: "Vườn Hoa",
      anotherName: "Flower Garden",
      description: "Mô tả",
      status: "completed",
      thumbnail,
      viewCount: 0,
      isMature: true,
      isDoujinshi: true,
      genres: ["doujinshi", "romance", "yuri"],
      team: { id: teamA },
      authors: [{ id: authorId, name: "Tác Giả Có Sẵn" }, { name: "Tác Giả Mới" }],
      artists: [{ name: "Họa Sĩ" }],
      couples: [
        [
          { id: chars[0], name: "Hoa" },
          { id: chars[1], name: "Lan" },
        ],
      ],
      siteUrl: `https://18.example/comics/${comic.id}`,
      can: { upload: true, edit: true, manageCollab: false, admin: false },
    });
    expect(Number.isInteger(comic.id)).toBe(true);
    expect(await auditActions(comic.id)).toEqual(["create"]);
    // The cover key is consumed: it cannot create a second comic.
    const again = await call(t, uploader, "POST", "/api/comics", {
      payload: { teamId: teamA, title: "Khác", thumbnail },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toBe("Ảnh bìa không tồn tại hoặc đã được dùng, vui lòng tải lên lại");
  });

  it("mirrors the authors as artists when syncArtistsWithAuthors", async () => {
    const comic = await createComic(t, uploader, teamA, {
      authors: ["Đồng Bộ"],
      artists: ["Bỏ Qua"],
      syncArtistsWithAuthors: true,
    });
    const res = await call(t, uploader, "GET", `/api/comics/${comic.id}`);
    expect(res.json()).toMatchObject({ artists: [{ name: "Đồng Bộ" }], syncArtistsWithAuthors: true });
  });

  it("answers 422 naming each invalid field", async () => {
    const thumbnail = await uploadCover(t, uploader);
    const res = await call(t, uploader, "POST", "/api/comics", {
      headers: en,
      payload: { teamId: teamA, title: " ", status: "dropped", genres: ["nope"], thumbnail },
    });
    expect(res.statusCode).toBe(422);
    const errors = (res.json() as { errors: string[] }).errors.join(" | ");
    // Each field named in words, never by its property name (docs/glossary.md, "Rules the tests
    // hold").
    expect(errors).toContain("Title is required");
    expect(errors).toContain("Status: Invalid value");
    expect(errors).toMatch(/genre/i);
    expect(errors).not.toMatch(/\b(status|genres):/);
  });

  it("requires the cover (validation.coverRequired) and couples only for doujinshi", async () => {
    const noCover = await call(t, uploader, "POST", "/api/comics", {
      headers: en,
      payload: { teamId: teamA, title: "Không Bìa" },
    });
    expect(noCover.statusCode).toBe(422);
    expect(noCover.json().errors).toContain("A comic cover image must be uploaded");
    const thumbnail = await uploadCover(t, uploader);
    const couples = await call(t, uploader, "POST", "/api/comics", {
      payload: { teamId: teamA, title: "Cặp", thumbnail, couples: [[1, 2]] },
    });
    expect(couples.statusCode).toBe(422);
    expect(couples.json().errors[0]).toBe("Chỉ truyện doujinshi mới có cặp đôi");
    const unknownAuthor = await call(t, uploader, "POST", "/api/comics", {
      payload: { teamId: teamA, title: "Ai", thumbnail, authors: [999999] },
    });
    expect(unknownAuthor.statusCode).toBe(422);
    expect(unknownAuthor.json().errors[0]).not.toMatch(/authors/);
  });

  it("refuses another team (404), another user's cover (422) and signed-out calls (401)", async () => {
    const thumbnail = await uploadCover(t, outsider);
    const foreignTeam = await call(t, uploader, "POST", "/api/comics", {
      payload: { teamId: teamB, title: "Xâm Nhập", thumbnail: await uploadCover(t, uploader) },
    });
    expect(foreignTeam.statusCode).toBe(404);
    const foreignCover = await call(t, uploader, "POST", "/api/comics", {
      payload: { teamId: teamA, title: "Bìa Người Khác", thumbnail },
    });
    expect(foreignCover.statusCode).toBe(422);
    const anon = await call(t, null, "POST", "/api/comics", {
      payload: { teamId: teamA, title: "x", thumbnail },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe("GET /api/comics/:id", () => {
  let comic: CreatedComic;
  beforeAll(async () => {
    comic = await createComic(t, owner, teamA, {
      title: "Bí Mật Của Nhóm A",
      authors: ["Tác Giả A"],
      genres: ["comedy"],
    });
  });

  it("answers the platform shape plus the edit form's fields to any member of the team", async () => {
    for (const user of [owner, manager, uploader, admin]) {
      const res = await call(t, user, "GET", `/api/comics/${comic.id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: comic.id,
        title: "Bí Mật Của Nhóm A",
        description: "",
        status: "ongoing",
        thumbnail: comic.thumbnail,
        authors: [{ name: "Tác Giả A" }],
        genres: ["comedy"],
      });
    }
    const asManager = (await call(t, manager, "GET", `/api/comics/${comic.id}`)).json();
    expect(asManager.can).toMatchObject({ edit: true, manageCollab: true, admin: false });
    const asAdmin = (await call(t, admin, "GET", `/api/comics/${comic.id}`)).json();
    expect(asAdmin.can).toMatchObject({ edit: true, manageCollab: true, admin: true, teams: [] });
  });

  it("is 404 without data for another team, 404 for a missing comic, 401 signed out, 422 for a bad id", async () => {
    const foreign = await call(t, outsider, "GET", `/api/comics/${comic.id}`);
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body, "Bí Mật");
    expect((await call(t, owner, "GET", "/api/comics/999999")).statusCode).toBe(404);
    expect((await call(t, null, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(401);
    const bad = await call(t, owner, "GET", "/api/comics/abc");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toBe("Truyện: Giá trị không hợp lệ");
  });
});

describe("PUT /api/comics/:id", () => {
  it("updates the info and links as any member of the owning team, with an audit entry of the changes", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Trước", genres: ["action"] });
    const res = await call(t, uploader, "PUT", `/api/comics/${comic.id}`, {
      payload: {
        title: "Sau",
        status: "hiatus",
        genres: ["drama"],
        authors: ["Người Viết"],
        teamId: teamB,
        thumbnail: "comics/evil.jpg",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Sau",
      status: "hiatus",
      genres: ["drama"],
      authors: [{ name: "Người Viết" }],
      team: { id: teamA },
      thumbnail: comic.thumbnail,
    });
    expect(await auditActions(comic.id)).toEqual(["create", "update"]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, comic.id), eq(auditLog.action, "update")));
    expect(entry?.before).toMatchObject({ title: "Trước", status: "ongoing" });
    expect(entry?.after).toMatchObject({ title: "Sau", status: "hiatus", genres: ["drama"] });
  });

  it("is 404 for another team, 403 for a collaborating team, 422 naming the field, 401 signed out", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Không Sửa Được" });
    const payload = { title: "Đổi" };
    const foreign = await call(t, outsider, "PUT", `/api/comics/${comic.id}`, { payload });
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body, "Không Sửa Được");
    await call(t, owner, "POST", "/api/comics/collab", {
      payload: { comicId: comic.id, teamId: teamB, action: "add" },
    });
    expect((await call(t, outsider, "PUT", `/api/comics/${comic.id}`, { payload })).statusCode).toBe(403);
    const invalid = await call(t, owner, "PUT", `/api/comics/${comic.id}`, {
      payload: { title: "x".repeat(300) },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors[0]).toBe("Tiêu đề: Không được vượt quá 255 ký tự");
    expect((await call(t, null, "PUT", `/api/comics/${comic.id}`, { payload })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(comics).where(eq(comics.id, comic.id));
    expect(row?.title).toBe("Không Sửa Được");
  });
});

describe("DELETE /api/comics/:id", () => {
  it("lets platform admins move the comic to the trash, keeping its files", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Sẽ Bị Xóa" });
    for (const user of [owner, manager, uploader]) {
      expect((await call(t, user, "DELETE", `/api/comics/${comic.id}`)).statusCode).toBe(403);
    }
    const foreign = await call(t, outsider, "DELETE", `/api/comics/${comic.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call(t, null, "DELETE", `/api/comics/${comic.id}`)).statusCode).toBe(401);
    const res = await call(t, admin, "DELETE", `/api/comics/${comic.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Xóa thành công" });
    const [row] = await t.database.db.select().from(comics).where(eq(comics.id, comic.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deletedBy).toBe(admin.id);
    expect(await t.storage.exists(comic.thumbnail)).toBe(true);
    expect((await call(t, owner, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(404);
    const list = await call(t, owner, "GET", "/api/comics?limit=100");
    expect((list.json() as { comics: { id: number }[] }).comics.map((c) => c.id)).not.toContain(comic.id);
    expect(await auditActions(comic.id)).toEqual(["create", "delete"]);
  });
});

describe("POST /api/comics/:id/thumbnail", () => {
  it("replaces the cover and removes the previous object", async () => {
    const comic = await createComic(t, owner, teamA);
    const res = await uploadWith(t, uploader, `/api/comics/${comic.id}/thumbnail`, [
      await coverFile(900, 1200),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { thumbnail: string };
    expect(body.thumbnail).not.toBe(comic.thumbnail);
    expect(await t.storage.exists(body.thumbnail)).toBe(true);
    expect(await t.storage.exists(comic.thumbnail)).toBe(false);
    expect(await auditActions(comic.id)).toEqual(["create", "upload_thumbnail"]);
  });

  it("refuses a wrong ratio or size, a missing file, another team and signed-out calls", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Bìa Cũ" });
    const ratio = await uploadWith(
      t,
      owner,
      `/api/comics/${comic.id}/thumbnail`,
      [await coverFile(599, 799)],
      {},
    );
    expect(ratio.statusCode).toBe(422);
    expect(ratio.json().errors[0]).toMatch(/3:4/);
    const missing = await uploadWith(t, owner, `/api/comics/${comic.id}/thumbnail`, [], { x: "1" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual(["Vui lòng tải lên ảnh bìa truyện"]);
    const foreign = await uploadWith(t, outsider, `/api/comics/${comic.id}/thumbnail`, [await coverFile()]);
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body, "Bìa Cũ");
    expect(
      (await uploadWith(t, null, `/api/comics/${comic.id}/thumbnail`, [await coverFile()])).statusCode,
    ).toBe(401);
    const [row] = await t.database.db.select().from(comics).where(eq(comics.id, comic.id));
    expect(row?.thumbnail).toBe(comic.thumbnail);
  });
});
