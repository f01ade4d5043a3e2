/**
 * /api/comics: list, create, read, update, delete, covers, volume art and collaborators — success,
 * validation (422 naming the field), signed out (401) and another team (404/403, no data).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";
import { auditLog } from "../../db/schema/audit";

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let uploader: TestUser;
let outsider: TestUser;
let teamA: number;
let teamB: number;

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
  teamB = await createTeam(t, outsider, [], "Nhóm Bên Kia");
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

describe("POST /api/comics/collab", () => {
  it("lets the owning team's managers add and remove a collaborating team, which may then upload", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Cộng Tác" });
    const add = await call(t, manager, "POST", "/api/comics/collab", {
      payload: { comicId: comic.id, teamId: teamB, action: "add" },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ collaborators: [{ id: teamB, kind: "collab" }] });
    const seen = await call(t, outsider, "GET", `/api/comics/${comic.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().can).toMatchObject({ upload: true, edit: false, manageCollab: false });
    const listed = await call(t, outsider, "GET", "/api/comics?limit=100");
    expect((listed.json() as { comics: { id: number }[] }).comics.map((c) => c.id)).toContain(comic.id);
    const again = await call(t, manager, "POST", "/api/comics/collab", {
      payload: { comicId: comic.id, teamId: teamB, action: "add" },
    });
    expect(again.statusCode).toBe(409);
    const remove = await call(t, owner, "POST", "/api/comics/collab", {
      payload: { comicId: comic.id, teamId: teamB, action: "remove" },
    });
    expect(remove.statusCode).toBe(200);
    expect(remove.json().collaborators).toEqual([]);
    expect((await call(t, outsider, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(404);
    expect(await auditActions(comic.id)).toEqual(["create", "add_collaborator", "remove_collaborator"]);
  });

  it("refuses uploaders (403), other teams (404), bad payloads (422) and signed-out calls (401)", async () => {
    const comic = await createComic(t, owner, teamA);
    const payload = { comicId: comic.id, teamId: teamB, action: "add" };
    expect((await call(t, uploader, "POST", "/api/comics/collab", { payload })).statusCode).toBe(403);
    expect((await call(t, outsider, "POST", "/api/comics/collab", { payload })).statusCode).toBe(404);
    const bad = await call(t, owner, "POST", "/api/comics/collab", {
      payload: { ...payload, action: "steal" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toBe("Thao tác: Giá trị không hợp lệ");
    const ownTeam = await call(t, owner, "POST", "/api/comics/collab", {
      payload: { ...payload, teamId: teamA },
    });
    expect(ownTeam.statusCode).toBe(409);
    expect((await call(t, null, "POST", "/api/comics/collab", { payload })).statusCode).toBe(401);
  });
});
