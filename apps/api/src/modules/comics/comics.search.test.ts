/**
 * Accent-insensitive search (Vietnamese) on comic titles, alternative names and people's names:
 * fixtures with and without diacritics, including 'đ', and the trigram index behind it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  const team = await createTeam(t, user);
  await createComic(t, user, team, { title: "Thanh Gươm Diệt Quỷ", anotherName: "Kimetsu no Yaiba" });
  await createComic(t, user, team, { title: "Đảo Hải Tặc", anotherName: "One Piece" });
  await createComic(t, user, team, {
    title: "Dấu Ấn Rồng Thiêng",
    anotherName: "Dragon Quest: Dai no Daibouken",
  });
  await createComic(t, user, team, { title: "100% Ngọt Ngào", anotherName: "Đường Mật" });
  for (const name of ["Nguyễn Nhật Ánh", "Đặng Thái Sơn", "Oda Eiichiro"]) {
    await call(t, user, "POST", "/api/authors", { payload: { name } });
  }
});
afterAll(() => t?.close());

async function titles(query: string): Promise<string[]> {
  const res = await call(t, user, "GET", `/api/comics?sort=oldest&${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { comics: { title: string }[] }).comics.map((c) => c.title);
}

const q = (search: string, extra = "") => `search=${encodeURIComponent(search)}${extra}`;

describe("GET /api/comics?search", () => {
  it.each([
    ["thanh guom", ["Thanh Gươm Diệt Quỷ"]],
    ["THANH GƯƠM", ["Thanh Gươm Diệt Quỷ"]],
    ["gươm diệt", ["Thanh Gươm Diệt Quỷ"]],
    ["dao hai tac", ["Đảo Hải Tặc"]],
    ["đảo hải", ["Đảo Hải Tặc"]],
    ["Đao", ["Đảo Hải Tặc"]],
    ["dau an", ["Dấu Ấn Rồng Thiêng"]],
    ["đấu ấn", ["Dấu Ấn Rồng Thiêng"]],
    ["rong thieng", ["Dấu Ấn Rồng Thiêng"]],
    ["ngot ngao", ["100% Ngọt Ngào"]],
  ])("'%s' finds %j", async (search, expected) => {
    expect(await titles(q(search))).toEqual(expected);
  });

  it("'d' matches both 'd' and 'đ'", async () => {
    expect(await titles(q("d", "&searchBy=title"))).toEqual([
      "Thanh Gươm Diệt Quỷ",
      "Đảo Hải Tặc",
      "Dấu Ấn Rồng Thiêng",
    ]);
  });

  it("searches alternative names, and only the fields of searchBy", async () => {
    expect(await titles(q("yaiba"))).toEqual(["Thanh Gươm Diệt Quỷ"]);
    expect(await titles(q("yaiba", "&searchBy=title"))).toEqual([]);
    expect(await titles(q("yaiba", "&searchBy=anotherNames"))).toEqual(["Thanh Gươm Diệt Quỷ"]);
    expect(await titles(q("duong mat", "&searchBy=title,anotherNames"))).toEqual(["100% Ngọt Ngào"]);
  });

  it("treats LIKE wildcards in the term literally", async () => {
    expect(await titles(q("100%"))).toEqual(["100% Ngọt Ngào"]);
    expect(await titles(q("%"))).toEqual(["100% Ngọt Ngào"]);
    expect(await titles(q("_"))).toEqual([]);
  });

  it("serves the search from the trigram indexes", async () => {
    // Enough rows for the planner to prefer an index; rolled back afterwards.
    let plan = "";
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into comics (team_id, title, another_name)
          select (select min(id) from teams), 'Truyện số ' || g, 'Tên khác ' || g from generate_series(1, 3000) g`);
        await tx.execute(sql`analyze comics`);
        // The question is whether the index CAN serve the predicate, not what a small table costs.
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute<Record<string, string>>(
          sql`explain select id from comics c where c.deleted_at is null and (c.title_search like '%' || vt_search_text('thanh guom') || '%' or c.another_name_search like '%' || vt_search_text('thanh guom') || '%')`,
        );
        plan = result.rows.map((r) => Object.values(r)[0]).join("\n");
        throw new Error("rollback");
      })
      .catch((error: Error) => {
        if (error.message !== "rollback") throw error;
      });
    expect(plan).toContain("comics_title_search_trgm_idx");
    expect(plan).toContain("comics_another_name_search_trgm_idx");
  });
});

describe("GET /api/authors?search", () => {
  it.each([
    ["nguyen nhat anh", ["Nguyễn Nhật Ánh"]],
    ["dang thai", ["Đặng Thái Sơn"]],
    ["ĐẶNG", ["Đặng Thái Sơn"]],
    ["oda", ["Oda Eiichiro"]],
  ])("'%s' finds %j", async (search, expected) => {
    const res = await call(t, user, "GET", `/api/authors?search=${encodeURIComponent(search)}`);
    expect((res.json() as { people: { name: string }[] }).people.map((p) => p.name)).toEqual(expected);
  });
});
