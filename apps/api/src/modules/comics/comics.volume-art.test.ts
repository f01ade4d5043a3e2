/**
 * /api/comics: list, create, read, update, delete, covers, volume art and collaborators — success,
 * validation (422 naming the field), signed out (401) and another team (404/403, no data).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, png, type TestUser } from "../../../test/fixtures/api";
import { createComic, uploadWith } from "../../../test/fixtures/comics";
import { auditLog } from "../../db/schema/audit";

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let uploader: TestUser;
let outsider: TestUser;
let teamA: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { SITE_URL: "https://vuontruyen.example", MATURE_SITE_URL: "https://18.example" },
  });
  owner = await createUser(t, { name: "Chủ Nhóm A" });
  manager = await createUser(t);
  uploader = await createUser(t);
  outsider = await createUser(t, { name: "Người Ngoài" });
  teamA = await createTeam(t, owner, [
    { user: manager, role: "manager" },
    { user: uploader, role: "uploader" },
  ]);
  await createTeam(t, outsider, [], "Nhóm Bên Kia");
});
afterAll(() => t?.close());

async function auditActions(comicId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "comic"), eq(auditLog.entityId, comicId)))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

describe("volume art: GET /api/comics/arts/:comicId, POST /api/comics/arts, DELETE /api/comics/arts/:id", () => {
  it("adds, lists (each with comicId) and deletes volume art", async () => {
    const comic = await createComic(t, owner, teamA);
    const art = { field: "file", filename: "vol1.png", contentType: "image/png", bytes: await png(40, 60) };
    const created = await uploadWith(t, uploader, "/api/comics/arts", [art], {
      comicId: String(comic.id),
      volume: "1",
    });
    expect(created.statusCode).toBe(201);
    const body = created.json() as { id: number; comicId: number; volume: number; image: { key: string } };
    expect(body).toMatchObject({ comicId: comic.id, volume: 1, width: 40, height: 60 });
    await uploadWith(t, uploader, "/api/comics/arts", [art], { comicId: String(comic.id), volume: "2" });
    const list = await call(t, uploader, "GET", `/api/comics/arts/${comic.id}`);
    expect(list.statusCode).toBe(200);
    const items = list.json() as { comicId: number; volume: number }[];
    expect(items.map((i) => [i.comicId, i.volume])).toEqual([
      [comic.id, 1],
      [comic.id, 2],
    ]);
    const removed = await call(t, uploader, "DELETE", `/api/comics/arts/${body.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await t.storage.exists(body.image.key)).toBe(false);
    expect((await call(t, uploader, "GET", `/api/comics/arts/${comic.id}`)).json()).toHaveLength(1);
    expect(await auditActions(comic.id)).toEqual(["create", "add_art", "add_art", "delete_art"]);
  });

  it("validates the fields (422 naming them), refuses another team (404) and signed-out calls (401)", async () => {
    const comic = await createComic(t, owner, teamA);
    const art = { field: "file", filename: "v.png", contentType: "image/png", bytes: await png(20, 20) };
    const noVolume = await uploadWith(t, owner, "/api/comics/arts", [art], {
      comicId: String(comic.id),
      volume: "-1",
    });
    expect(noVolume.statusCode).toBe(422);
    expect(noVolume.json().errors[0]).toBe("Tập: Giá trị phải lớn hơn hoặc bằng 0");
    const noFile = await uploadWith(t, owner, "/api/comics/arts", [], {
      comicId: String(comic.id),
      volume: "1",
    });
    expect(noFile.statusCode).toBe(422);
    // "Tệp là bắt buộc" / "File is required" once the teams catalogue is registered.
    expect(noFile.json().errors[0]).toMatch(/^(file|Tệp)/);
    const noComic = await uploadWith(t, owner, "/api/comics/arts", [art], { volume: "1" });
    expect(noComic.statusCode).toBe(422);
    expect(noComic.json().errors[0]).toMatch(/^(Truyện|Vui lòng chọn truyện)/);

    const foreignPost = await uploadWith(t, outsider, "/api/comics/arts", [art], {
      comicId: String(comic.id),
      volume: "1",
    });
    expect(foreignPost.statusCode).toBe(404);
    const mine = await uploadWith(t, owner, "/api/comics/arts", [art], {
      comicId: String(comic.id),
      volume: "3",
    });
    const artId = (mine.json() as { id: number }).id;
    expect((await call(t, outsider, "GET", `/api/comics/arts/${comic.id}`)).statusCode).toBe(404);
    expect((await call(t, outsider, "DELETE", `/api/comics/arts/${artId}`)).statusCode).toBe(404);
    expect((await call(t, null, "GET", `/api/comics/arts/${comic.id}`)).statusCode).toBe(401);
    expect((await call(t, null, "DELETE", `/api/comics/arts/${artId}`)).statusCode).toBe(401);
    expect(
      (await uploadWith(t, null, "/api/comics/arts", [art], { comicId: String(comic.id), volume: "1" }))
        .statusCode,
    ).toBe(401);
    expect((await call(t, owner, "GET", `/api/comics/arts/${comic.id}`)).json()).toHaveLength(1);
  });
});
