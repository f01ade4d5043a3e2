/**
 * Collaborators across teams: the team directory lists every live team by name (not
 * only the caller's), paginated and searchable, and the comic's managers add any of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";

let t: TestApp;
let managerA: TestUser;
let ownerB: TestUser;
let teamA: number;
let teamB: number;
let gone: number;

type Directory = { teams: { id: number; name: string }[]; total: number; totalPages: number };

beforeAll(async () => {
  t = await createTestApp();
  const ownerA = await createUser(t);
  managerA = await createUser(t);
  ownerB = await createUser(t);
  teamA = await createTeam(t, ownerA, [{ user: managerA, role: "manager" }], "Danh Bạ Hoa Sen");
  teamB = await createTeam(t, ownerB, [], "Danh Bạ Hoa Cúc");
  await createTeam(t, ownerB, [], "Danh Bạ Hoa Lan");
  gone = await createTeam(t, ownerB, [], "Danh Bạ Hoa Mai");
  expect((await call(t, ownerB, "DELETE", `/api/teams/${gone}`)).statusCode).toBe(204);
});
afterAll(() => t?.close());

describe("GET /api/teams/directory", () => {
  it("lists every live team by name (not only mine), accent-insensitive, paginated, ids and names only", async () => {
    const res = await call(t, managerA, "GET", "/api/teams/directory?search=danh%20ba%20hoa&limit=2");
    expect(res.statusCode).toBe(200);
    const first = res.json() as Directory;
    expect(first).toMatchObject({ total: 3, totalPages: 2 });
    expect(first.teams.map((x) => x.name)).toEqual(["Danh Bạ Hoa Cúc", "Danh Bạ Hoa Lan"]);
    expect(Object.keys(first.teams[0]!).sort()).toEqual(["id", "name"]);
    const second = (
      await call(t, managerA, "GET", "/api/teams/directory?search=danh%20ba%20hoa&limit=2&page=2")
    ).json() as Directory;
    expect(second.teams.map((x) => x.name)).toEqual(["Danh Bạ Hoa Sen"]);
    // A deleted team is never offered.
    const all = [...first.teams, ...second.teams].map((x) => x.id);
    expect(all).not.toContain(gone);
  });

  it("is 401 signed out and a translated 422 for a bad page size", async () => {
    expect((await call(t, null, "GET", "/api/teams/directory")).statusCode).toBe(401);
    const bad = await call(t, managerA, "GET", "/api/teams/directory?limit=1000", {
      headers: { "x-custom-lang": "en" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toBe("Items per page: Invalid value");
  });

  it("lets the comic's manager add a team they are not in, found in the directory, as a collaborator", async () => {
    const comic = await createComic(t, managerA, teamA);
    const found = (
      await call(t, managerA, "GET", "/api/teams/directory?search=hoa%20cuc")
    ).json() as Directory;
    expect(found.teams.map((x) => x.id)).toEqual([teamB]);
    const added = await call(t, managerA, "POST", "/api/comics/collab", {
      payload: { comicId: comic.id, teamId: teamB, action: "add" },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().collaborators.map((x: { id: number }) => x.id)).toEqual([teamB]);
    // Team B now sees the comic and may upload a chapter credited to itself.
    const chapter = await call(t, ownerB, "POST", "/api/chapters", {
      payload: { comicId: comic.id, order: 1, teamId: teamB },
    });
    expect(chapter.statusCode, chapter.body).toBe(201);
    expect(chapter.json().team).toEqual({ id: teamB, name: "Danh Bạ Hoa Cúc" });
  });
});
