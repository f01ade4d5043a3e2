import { ZComicListResponse } from "@vt/shared/contracts/comics";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { addMember, call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";
import { comics } from "../../db/schema/comics";
import { iso } from "./comic-view";

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let uploader: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { SITE_URL: "https://vuontruyen.example", MATURE_SITE_URL: "https://18.example" },
  });
  owner = await createUser(t, { name: "Chủ Nhóm A" });
  manager = await createUser(t);
  uploader = await createUser(t);
  outsider = await createUser(t, { name: "Người Ngoài" });
  await createTeam(t, owner, [
    { user: manager, role: "manager" },
    { user: uploader, role: "uploader" },
  ]);
  await createTeam(t, outsider, [], "Nhóm Bên Kia");
});
afterAll(() => t?.close());

describe("GET /api/comics", () => {
  let listTeam: number;
  let lister: TestUser;
  beforeAll(async () => {
    lister = await createUser(t);
    listTeam = await createTeam(t, lister, [], "Nhóm Danh Sách");
    await createComic(t, lister, listTeam, { title: "Một", status: "ongoing", genres: ["action", "comedy"] });
    await createComic(t, lister, listTeam, { title: "Hai", status: "completed", genres: ["action"] });
    await createComic(t, lister, listTeam, { title: "Ba", status: "completed", isMature: true });
  });

  it("lists my teams' comics newest first with the list's fields", async () => {
    const res = await call(t, lister, "GET", "/api/comics");
    expect(res.statusCode).toBe(200);
    const body = res.json() as { comics: Record<string, unknown>[]; totalPages: number; total: number };
    expect(body.comics.map((c) => c.title)).toEqual(["Ba", "Hai", "Một"]);
    expect(body).toMatchObject({ totalPages: 1, total: 3 });
    expect(body.comics[0]).toMatchObject({
      status: "completed",
      viewCount: 0,
      saveCount: 0,
      isMature: true,
      team: { id: listTeam, name: "Nhóm Danh Sách" },
      canUpload: true,
    });
    expect(body.comics[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The route writes its answer without checking it (builtAnswerSerializerCompiler): it must be
    // the contract's answer, no field more or less.
    expect(ZComicListResponse.parse(body)).toEqual(body);
    expect(String(body.comics[0]!.thumbnail)).toMatch(/^comics\//);
  });

  it("filters by status, genre (all given) and mature flag, sorts and paginates", async () => {
    const titles = async (query: string) =>
      (
        (await call(t, lister, "GET", `/api/comics?${query}`)).json() as { comics: { title: string }[] }
      ).comics.map((c) => c.title);
    expect(await titles("status=completed")).toEqual(["Ba", "Hai"]);
    expect(await titles("status=all&sort=oldest")).toEqual(["Một", "Hai", "Ba"]);
    expect(await titles("genre=action")).toEqual(["Hai", "Một"]);
    expect(await titles("genre=action,comedy")).toEqual(["Một"]);
    expect(await titles("r18=false")).toEqual(["Hai", "Một"]);
    expect(await titles("allowR18=false")).toEqual(["Hai", "Một"]);
    const page2 = (await call(t, lister, "GET", "/api/comics?limit=2&page=2")).json();
    expect(page2).toMatchObject({ totalPages: 2, total: 3, comics: [{ title: "Một" }] });
  });

  it("lists every comic with scope=all, with canUpload and my permission request", async () => {
    const res = await call(t, outsider, "GET", "/api/comics?scope=all&search=Hai");
    const item = (res.json() as { comics: Record<string, unknown>[] }).comics.find((c) => c.title === "Hai");
    expect(item).toMatchObject({ canUpload: false, permissionRequest: null });
    const mine = await call(t, outsider, "GET", "/api/comics?search=Hai");
    expect((mine.json() as { comics: unknown[] }).comics).toEqual([]);
  });

  it("answers 422 naming the parameter and 401 signed out", async () => {
    const bad = await call(t, lister, "GET", "/api/comics?status=deleted&limit=1000");
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors.join(" ");
    expect(errors).toContain("Trạng thái: Giá trị không hợp lệ");
    expect(errors).toContain("Số mục mỗi trang: Giá trị phải nhỏ hơn hoặc bằng");
    expect((await call(t, null, "GET", "/api/comics")).statusCode).toBe(401);
  });

  it("a user without a team sees an empty list", async () => {
    const loner = await createUser(t);
    expect((await call(t, loner, "GET", "/api/comics")).json()).toEqual({
      comics: [],
      totalPages: 1,
      total: 0,
      totalIsEstimate: false,
    });
    await addMember(t, listTeam, loner, "uploader");
    expect((await call(t, loner, "GET", "/api/comics")).json().total).toBe(3);
  });

  it("counts my teams' comics once each: owned, collaborated on by two of my teams, owned and collaborated on", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const teamA = await createTeam(t, me, [], "Nhóm Đếm A");
    const teamB = await createTeam(t, me, [], "Nhóm Đếm B");
    const teamO = await createTeam(t, other, [], "Nhóm Đếm Ngoài");
    const collab = async (comicId: number, teamId: number, by: TestUser) =>
      expect(
        (await call(t, by, "POST", "/api/comics/collab", { payload: { comicId, teamId, action: "add" } }))
          .statusCode,
      ).toBe(200);
    const ownedA = await createComic(t, me, teamA, { title: "Của A" });
    await collab(ownedA.id, teamB, me);
    const ownedB = await createComic(t, me, teamB, { title: "Của B" });
    const shared = await createComic(t, other, teamO, { title: "Chung" });
    await collab(shared.id, teamA, other);
    await collab(shared.id, teamB, other);
    const gone = await createComic(t, other, teamO, { title: "Đã Xoá" });
    await collab(gone.id, teamA, other);
    await t.database.db.update(comics).set({ deletedAt: new Date() }).where(eq(comics.id, gone.id));
    await createComic(t, other, teamO, { title: "Không Liên Quan" });

    const body = (await call(t, me, "GET", "/api/comics?limit=100")).json() as {
      comics: { id: number }[];
      total: number;
    };
    expect(body.comics.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [ownedA.id, ownedB.id, shared.id].sort((a, b) => a - b),
    );
    expect(body.total).toBe(3);
    const searched = (await call(t, me, "GET", "/api/comics?search=chung")).json();
    expect(searched).toMatchObject({ total: 1, comics: [{ id: shared.id }] });
  });
});

describe("iso", () => {
  it("writes PostgreSQL's timestamps as Date.toISOString does", () => {
    for (const text of [
      "2026-11-29 04:05:06.123999+00",
      "2026-11-29 04:05:06+00",
      "2026-11-29 04:05:06.5+00",
      "2026-11-29 11:05:06.25+07",
      "2026-11-29T04:05:06.789Z",
    ]) {
      expect(iso(text)).toBe(new Date(text).toISOString());
    }
    expect(iso(new Date(0))).toBe("1970-01-01T00:00:00.000Z");
  });
});
