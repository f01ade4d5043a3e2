/**
 * /api/authors, /api/artists, /api/characters: list with counts, uploader and teams, create,
 * rename, request delete (approved by an admin), with validation, 401 and rights.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let teamA: number;
let teamB: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Người Tạo" });
  other = await createUser(t);
  admin = await createUser(t, { admin: true });
  teamA = await createTeam(t, owner, [], "Nhóm Tác Giả");
  teamB = await createTeam(t, other, [], "Nhóm Khác");
});
afterAll(() => t?.close());

describe.each([
  ["authors", "author"],
  ["artists", "artist"],
  ["characters", "character"],
])("/api/%s", (path, kind) => {
  it("creates, lists with counts and renames", async () => {
    const created = await call(t, owner, "POST", `/api/${path}`, { payload: { name: ` Trần ${kind} ` } });
    expect(created.statusCode).toBe(201);
    const person = created.json();
    expect(person).toMatchObject({
      kind,
      name: `Trần ${kind}`,
      comicCount: 0,
      coupleCount: 0,
      uploadedBy: { id: owner.id, name: "Người Tạo" },
      teams: [],
      canEdit: true,
    });
    const dup = await call(t, other, "POST", `/api/${path}`, {
      payload: { name: `trần ${kind.toUpperCase()}` },
    });
    expect(dup.statusCode).toBe(409);
    const list = await call(t, other, "GET", `/api/${path}?search=tran`);
    expect(list.json()).toMatchObject({
      total: 1,
      totalPages: 1,
      people: [{ id: person.id, canEdit: false }],
    });
    const renamed = await call(t, owner, "PUT", `/api/${path}/${person.id}`, {
      payload: { name: `Lê ${kind}` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe(`Lê ${kind}`);
    expect(
      (await call(t, other, "PUT", `/api/${path}/${person.id}`, { payload: { name: "Không" } })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, admin, "PUT", `/api/${path}/${person.id}`, { payload: { name: `Lê ${kind} 2` } }))
        .statusCode,
    ).toBe(200);
  });

  it("validates (422 naming the field), 401 signed out, 404 unknown, 403 without a team", async () => {
    const bad = await call(t, owner, "POST", `/api/${path}`, {
      headers: { "x-custom-lang": "en" },
      payload: { name: "  " },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(["Name is required"]);
    expect((await call(t, null, "GET", `/api/${path}`)).statusCode).toBe(401);
    expect((await call(t, null, "POST", `/api/${path}`, { payload: { name: "x" } })).statusCode).toBe(401);
    expect((await call(t, owner, "GET", `/api/${path}/999999`)).statusCode).toBe(404);
    expect((await call(t, owner, "PUT", `/api/${path}/999999`, { payload: { name: "x" } })).statusCode).toBe(
      404,
    );
    const loner = await createUser(t);
    expect((await call(t, loner, "POST", `/api/${path}`, { payload: { name: "Cô Đơn" } })).statusCode).toBe(
      403,
    );
  });

  it("requests delete with a reason (409 when pending); an admin's approval deletes it", async () => {
    const person = (
      await call(t, owner, "POST", `/api/${path}`, { payload: { name: `Xóa ${kind}` } })
    ).json();
    const noReason = await call(t, owner, "POST", `/api/${path}/${person.id}/deleteRequest`, {
      payload: { teamId: teamA },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors[0]).toMatch(/^reason: /);
    const notMine = await call(t, owner, "POST", `/api/${path}/${person.id}/deleteRequest`, {
      payload: { teamId: teamB, reason: "Sai" },
    });
    expect(notMine.statusCode).toBe(422);
    const res = await call(t, owner, "POST", `/api/${path}/${person.id}/deleteRequest`, {
      payload: { teamId: teamA, reason: "Trùng tên" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: "Đã gửi yêu cầu xóa",
      request: {
        type: "person-delete",
        status: "pending",
        person: { id: person.id, kind },
        reason: "Trùng tên",
      },
    });
    const dup = await call(t, owner, "POST", `/api/${path}/${person.id}/deleteRequest`, {
      payload: { teamId: teamA, reason: "Lại" },
    });
    expect(dup.statusCode).toBe(409);
    expect((await call(t, owner, "GET", `/api/${path}/${person.id}`)).json().deleteRequested).toBe(true);
    expect(
      (
        await call(t, null, "POST", `/api/${path}/${person.id}/deleteRequest`, {
          payload: { teamId: teamA, reason: "x" },
        })
      ).statusCode,
    ).toBe(401);
    const approved = await call(t, admin, "POST", `/api/requests/${res.json().request.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await call(t, owner, "GET", `/api/${path}/${person.id}`)).statusCode).toBe(404);
  });
});

it("counts comics and couples, and lists the teams working on each person", async () => {
  const hoa = (await call(t, owner, "POST", "/api/characters", { payload: { name: "Hoa Cặp" } })).json();
  const lan = (await call(t, owner, "POST", "/api/characters", { payload: { name: "Lan Cặp" } })).json();
  const comic = await createComic(t, owner, teamA, {
    authors: ["Tác Giả Đếm"],
    isDoujinshi: true,
    couples: [[hoa.id, lan.id]],
  });
  await createComic(t, owner, teamA, { authors: ["Tác Giả Đếm"] });
  await call(t, owner, "POST", "/api/comics/collab", {
    payload: { comicId: comic.id, teamId: teamB, action: "add" },
  });
  const author = (await call(t, other, "GET", "/api/authors?search=tac gia dem")).json().people[0];
  expect(author).toMatchObject({ comicCount: 2, coupleCount: 1, canEdit: true });
  expect(author.teams.map((x: { id: number }) => x.id).sort()).toEqual([teamA, teamB].sort());
  const character = (await call(t, other, "GET", `/api/characters/${hoa.id}`)).json();
  expect(character).toMatchObject({ coupleCount: 1, teams: [{ id: teamA }] });
});
