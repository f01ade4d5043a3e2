/**
 * The team a new chapter is credited to: a user in several teams that may upload picks
 * one (`teamId`); the API accepts only a team of the caller's that may upload to the comic and
 * answers a translated 422 otherwise. Without `teamId` the caller's only such team.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";

let t: TestApp;
let both: TestUser;
let single: TestUser;
let owningTeam: number;
let collabTeam: number;
let idleTeam: number;
let foreignTeam: number;
let comicId: number;
let order = 0;

const create = (user: TestUser, teamId?: number, lang = "vi") =>
  call(t, user, "POST", "/api/chapters", {
    payload: { comicId, order: ++order, ...(teamId === undefined ? {} : { teamId }) },
    headers: { "x-custom-lang": lang },
  });

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t);
  both = await createUser(t);
  single = await createUser(t);
  const stranger = await createUser(t);
  owningTeam = await createTeam(t, owner, [{ user: both, role: "uploader" }], "Nhóm Chủ Truyện");
  collabTeam = await createTeam(t, both, [{ user: single, role: "uploader" }], "Nhóm Cộng Tác Ghi Công");
  // `both` is in a third team that may not upload to the comic.
  idleTeam = await createTeam(t, both, [], "Nhóm Không Quyền");
  foreignTeam = await createTeam(t, stranger, [], "Nhóm Người Lạ");
  comicId = (await createComic(t, owner, owningTeam)).id;
  const collab = await call(t, owner, "POST", "/api/comics/collab", {
    payload: { comicId, teamId: collabTeam, action: "add" },
  });
  expect(collab.statusCode, collab.body).toBe(200);
});
afterAll(() => t?.close());

describe("POST /api/chapters: the credited team", () => {
  it("credits the team a member of several chooses, and the only team by default", async () => {
    const toCollab = await create(both, collabTeam);
    expect(toCollab.statusCode, toCollab.body).toBe(201);
    expect(toCollab.json().team).toEqual({ id: collabTeam, name: "Nhóm Cộng Tác Ghi Công" });
    const toOwner = await create(both, owningTeam);
    expect(toOwner.statusCode, toOwner.body).toBe(201);
    expect(toOwner.json().team.id).toBe(owningTeam);
    const byDefault = await create(single);
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    expect(byDefault.json().team.id).toBe(collabTeam);
  });

  it("refuses my team that may not upload to the comic: a translated 422, in both languages, nothing created", async () => {
    const before = (await call(t, both, "GET", `/api/chapters/comic/${comicId}`)).json().length;
    const vi = await create(both, idleTeam);
    expect(vi.statusCode).toBe(422);
    expect(vi.json().errors).toEqual(["Nhóm này không có quyền đăng truyện này"]);
    const en = await create(both, idleTeam, "en");
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual(["This team may not upload to this comic"]);
    expect((await call(t, both, "GET", `/api/chapters/comic/${comicId}`)).json().length).toBe(before);
  });

  it("refuses a team I am not in, even one that may upload (422), and an unknown team", async () => {
    const notMine = await create(single, owningTeam, "en");
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().errors).toEqual(["This team may not upload to this comic"]);
    expect((await create(single, foreignTeam)).statusCode).toBe(422);
    expect((await create(single, 999_999)).statusCode).toBe(422);
  });
});
