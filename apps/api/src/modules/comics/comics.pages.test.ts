/**
 * Deep pages of GET /api/comics (keyset anchors under `page`, ./list-anchors.ts) and `scope=mine`
 * through the team indexes: every page, asked in any order and again, holds exactly the rows of the
 * plain ordered list, ties on the upload date included; a write answered by the app drops the anchors.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";

let t: TestApp;
let me: TestUser;
let mine: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t);
  const stranger = await createUser(t);
  mine = await createTeam(t, me);
  other = await createTeam(t, stranger);
  // 23 comics: mine and another team's, three of those shared with mine, several on the same date.
  await t.database.db.execute(sql`
    insert into comics (team_id, title, another_name, status, created_at)
    select case when g % 3 = 0 then ${other}::int else ${mine}::int end, 'Truyện ' || g, '', 'ongoing',
      timestamp '2025-01-01' + make_interval(hours => g / 3)
    from generate_series(1, 23) g`);
  await t.database.db.execute(sql`
    insert into comic_teams (comic_id, team_id, kind)
    select id, ${mine}::int, 'collab' from comics where team_id = ${other}::int and title in ('Truyện 3', 'Truyện 9', 'Truyện 21')`);
});
afterAll(() => t?.close());

const titles = async (query: string) =>
  ((await call(t, me, "GET", `/api/comics?${query}`)).json() as { comics: { title: string }[] }).comics.map(
    (c) => c.title,
  );

describe("GET /api/comics pages", () => {
  for (const scope of ["all", "mine"]) {
    for (const sort of ["newest", "oldest"]) {
      it(`scope=${scope}, sort=${sort}: pages asked in any order and again match the whole list`, async () => {
        const whole = await titles(`scope=${scope}&sort=${sort}&limit=100`);
        expect(whole.length).toBe(scope === "all" ? 23 : 19);
        const pages = Math.ceil(whole.length / 3);
        for (const page of [4, 4, 2, 5, 7, 3, 5, 1, pages, 6, 6]) {
          expect(await titles(`scope=${scope}&sort=${sort}&limit=3&page=${page}`)).toEqual(
            whole.slice((page - 1) * 3, page * 3),
          );
        }
      });
    }
  }

  it("a write answered by the app drops the anchors: pages then show the new row", async () => {
    expect(await titles("scope=all&limit=3&page=4")).toHaveLength(3);
    await t.database.db.execute(sql`
      insert into comics (team_id, title, another_name, status, created_at)
      values (${mine}::int, 'Truyện mới', '', 'ongoing', timestamp '2030-01-01')`);
    expect((await call(t, me, "POST", "/api/teams", { payload: { name: "Nhóm Khác" } })).statusCode).toBe(
      201,
    );
    const whole = await titles("scope=all&limit=100");
    expect(whole[0]).toBe("Truyện mới");
    expect(await titles("scope=all&limit=3&page=4")).toEqual(whole.slice(9, 12));
  });
});
