/**
 * POST /api/comics/merge: one transaction moving everything of the source into the target, counts
 * added, the source deleted, files untouched; a failure part-way changes nothing; concurrent merges
 * stay consistent (Promise.all: truly parallel on PostgreSQL, queued on PGlite).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, png, type TestUser } from "../../../test/fixtures/api";
import { createComic, uploadWith } from "../../../test/fixtures/comics";
import { comicArts, comicGenres, comicPeople, comics, comicTeams } from "../../db/schema/comics";
import { requests } from "../../db/schema/requests";

let t: TestApp;
let admin: TestUser;
let ownerA: TestUser;
let ownerB: TestUser;
let ownerC: TestUser;
let teamA: number;
let teamB: number;
let teamC: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  ownerA = await createUser(t);
  ownerB = await createUser(t);
  ownerC = await createUser(t);
  teamA = await createTeam(t, ownerA, [], "Nhóm Nguồn");
  teamB = await createTeam(t, ownerB, [], "Nhóm Đích");
  teamC = await createTeam(t, ownerC, [], "Nhóm Cộng Tác");
});
afterAll(() => t?.close());

async function addArts(user: TestUser, comicId: number, volumes: number[]) {
  for (const volume of volumes) {
    const res = await uploadWith(
      t,
      user,
      "/api/comics/arts",
      [{ field: "file", filename: "a.png", contentType: "image/png", bytes: await png(10, 10) }],
      { comicId: String(comicId), volume: String(volume) },
    );
    expect(res.statusCode).toBe(201);
  }
}

/** Chapters (rows only: their pages hang off the chapter id, which a merge does not change). */
async function addChapters(comicId: number, teamId: number, orders: number[]) {
  for (const order of orders) {
    await t.database.db.execute(
      sql`insert into chapters (comic_id, team_id, order_num) values (${comicId}, ${teamId}, ${order})`,
    );
  }
}

async function chaptersOf(ids: number[]) {
  const result = await t.database.db.execute<{ id: number; comic_id: number }>(
    sql`select id, comic_id from chapters where comic_id = any(${`{${ids.join(",")}}`}::int[]) order by id`,
  );
  return result.rows;
}

async function setCounts(comicId: number, viewCount: number, saveCount: number) {
  await t.database.db.update(comics).set({ viewCount, saveCount }).where(eq(comics.id, comicId));
}

/** Everything a merge may change, for before/after comparisons. */
async function snapshot(ids: number[]) {
  const db = t.database.db;
  const [rows, arts, people, genres, teams, reqs] = await Promise.all([
    db.select().from(comics).where(inArray(comics.id, ids)).orderBy(comics.id),
    db.select().from(comicArts).where(inArray(comicArts.comicId, ids)).orderBy(comicArts.id),
    db
      .select()
      .from(comicPeople)
      .where(inArray(comicPeople.comicId, ids))
      .orderBy(comicPeople.comicId, comicPeople.personId),
    db
      .select()
      .from(comicGenres)
      .where(inArray(comicGenres.comicId, ids))
      .orderBy(comicGenres.comicId, comicGenres.genre),
    db
      .select()
      .from(comicTeams)
      .where(inArray(comicTeams.comicId, ids))
      .orderBy(comicTeams.comicId, comicTeams.teamId),
    db.select().from(requests).where(inArray(requests.comicId, ids)).orderBy(requests.id),
  ]);
  return { rows, arts, people, genres, teams, reqs, chapters: await chaptersOf(ids) };
}

async function buildPair() {
  const source = await createComic(t, ownerA, teamA, {
    title: "Nguồn",
    authors: ["Chung", "Riêng Nguồn"],
    genres: ["action", "comedy"],
  });
  const target = await createComic(t, ownerB, teamB, {
    title: "Đích",
    authors: ["Chung"],
    genres: ["action"],
  });
  await addArts(ownerA, source.id, [1, 2]);
  await addArts(ownerB, target.id, [1]);
  await addChapters(source.id, teamA, [1, 2, 2.5]);
  await addChapters(target.id, teamB, [1]);
  await setCounts(source.id, 100, 7);
  await setCounts(target.id, 50, 3);
  await call(t, ownerA, "POST", "/api/comics/collab", {
    payload: { comicId: source.id, teamId: teamC, action: "add" },
  });
  return { source, target };
}

describe("POST /api/comics/merge", () => {
  it("moves arts, people, genres and teams into the target, supersedes the source's pending requests, adds counts and deletes the source", async () => {
    const { source, target } = await buildPair();
    const outsider = await createUser(t);
    const outsiderTeam = await createTeam(t, outsider);
    const permission = await call(t, outsider, "POST", `/api/comics/permission/${source.id}`, {
      payload: { teamId: outsiderTeam, reason: "Muốn đăng" },
    });
    expect(permission.statusCode).toBe(201);
    const before = await snapshot([source.id, target.id]);
    const sourceArtKeys = before.arts.filter((a) => a.comicId === source.id).map((a) => a.image);

    const res = await call(t, admin, "POST", "/api/comics/merge", {
      payload: { comicId: source.id, targetComicId: target.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Gộp truyện thành công",
      targetComicId: target.id,
      moved: { chapters: 3, arts: 2, people: 1, genres: 1, teams: 2, requests: 1 },
    });

    const after = await snapshot([source.id, target.id]);
    const [src, tgt] = [
      after.rows.find((r) => r.id === source.id)!,
      after.rows.find((r) => r.id === target.id)!,
    ];
    expect(src.deletedAt).toBeInstanceOf(Date);
    expect(src.mergedIntoId).toBe(target.id);
    expect(tgt.deletedAt).toBeNull();
    expect([tgt.viewCount, tgt.saveCount]).toEqual([150, 10]);
    expect(after.arts.map((a) => a.comicId)).toEqual([target.id, target.id, target.id]);
    expect(after.chapters.map((c) => c.id)).toEqual(before.chapters.map((c) => c.id));
    expect(after.chapters.every((c) => c.comic_id === target.id)).toBe(true);
    expect(after.arts.filter((a) => sourceArtKeys.includes(a.image))).toHaveLength(2);
    for (const key of sourceArtKeys) expect(await t.storage.exists(key)).toBe(true);
    expect(await t.storage.exists(source.thumbnail)).toBe(true);
    expect(after.people.every((p) => p.comicId === target.id)).toBe(true);
    expect(after.people).toHaveLength(2);
    expect(after.genres.map((g) => `${g.comicId}:${g.genre}`)).toEqual([
      `${target.id}:action`,
      `${target.id}:comedy`,
    ]);
    expect(after.teams.map((x) => [x.comicId, x.teamId]).sort()).toEqual(
      [
        [target.id, teamA],
        [target.id, teamC],
      ].sort(),
    );
    // The request stays on the comic it was filed about, settled (never moved onto the target).
    expect(after.reqs.map((r) => [r.comicId, r.status, r.reviewedBy])).toEqual([
      [source.id, "superseded", admin.id],
    ]);

    const detail = (await call(t, ownerB, "GET", `/api/comics/${target.id}`)).json();
    expect(detail.authors.map((a: { name: string }) => a.name).sort()).toEqual(["Chung", "Riêng Nguồn"]);
    expect((await call(t, ownerA, "GET", `/api/comics/${target.id}`)).statusCode).toBe(200);
    expect((await call(t, ownerA, "GET", `/api/comics/${source.id}`)).statusCode).toBe(404);
    const audit = await t.database.db.execute<{ action: string; entity_id: number }>(
      sql`select action, entity_id from audit_log where entity = 'comic' and action like 'merge%' and entity_id in (${source.id}, ${target.id}) order by id`,
    );
    expect(audit.rows.map((r) => [r.action, r.entity_id])).toEqual([
      ["merge_into", source.id],
      ["merge_from", target.id],
    ]);
  });

  it("refuses non-admins (403), itself (422 validation.mergeSelf), missing comics and signed-out calls", async () => {
    const { source, target } = await buildPair();
    const payload = { comicId: source.id, targetComicId: target.id };
    // A member who can see the source: 403; anyone else: 404 (the source does not exist for them).
    expect((await call(t, ownerA, "POST", "/api/comics/merge", { payload })).statusCode).toBe(403);
    expect((await call(t, ownerB, "POST", "/api/comics/merge", { payload })).statusCode).toBe(404);
    expect((await call(t, null, "POST", "/api/comics/merge", { payload })).statusCode).toBe(401);
    const self = await call(t, admin, "POST", "/api/comics/merge", {
      headers: { "x-custom-lang": "en" },
      payload: { comicId: source.id, targetComicId: source.id },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual(["A comic cannot be merged into itself"]);
    const noTarget = await call(t, admin, "POST", "/api/comics/merge", {
      payload: { ...payload, targetComicId: 999999 },
    });
    expect(noTarget.statusCode).toBe(422);
    expect(noTarget.json().errors).toEqual(["Không tìm thấy truyện đích"]);
    expect(
      (await call(t, admin, "POST", "/api/comics/merge", { payload: { ...payload, comicId: 999999 } }))
        .statusCode,
    ).toBe(404);
    const missing = await call(t, admin, "POST", "/api/comics/merge", { payload: { comicId: source.id } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual(["Vui lòng chọn truyện"]);
    const after = await snapshot([source.id, target.id]);
    expect(after.rows.every((r) => r.deletedAt === null)).toBe(true);
  });

  it("leaves both comics unchanged when it fails part-way", async () => {
    const { source, target } = await buildPair();
    const before = await snapshot([source.id, target.id]);
    // Injected failure: the very last statement (deleting the source) raises, after every move ran.
    await t.database.db.execute(
      sql.raw(`create or replace function vt_test_fail_merge() returns trigger language plpgsql as $$
        begin raise exception 'injected merge failure'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger vt_test_fail_merge before update on comics for each row
        when (new.merged_into_id is not null) execute function vt_test_fail_merge()`),
    );
    try {
      const res = await call(t, admin, "POST", "/api/comics/merge", {
        payload: { comicId: source.id, targetComicId: target.id },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain("injected");
    } finally {
      await t.database.db.execute(sql.raw("drop trigger vt_test_fail_merge on comics"));
    }
    expect(await snapshot([source.id, target.id])).toEqual(before);
    const retry = await call(t, admin, "POST", "/api/comics/merge", {
      payload: { comicId: source.id, targetComicId: target.id },
    });
    expect(retry.statusCode).toBe(200);
  });

  it("keeps concurrent merges consistent: nothing lost, nothing duplicated, nothing left on a deleted comic", async () => {
    const chain = [];
    for (let i = 0; i < 4; i++) {
      const comic = await createComic(t, ownerA, teamA, { title: `Chuỗi ${i}`, genres: ["action"] });
      await addArts(ownerA, comic.id, [i, i + 10]);
      await addChapters(comic.id, teamA, [1, 2, 3]);
      await setCounts(comic.id, 10 * (i + 1), i + 1);
      chain.push(comic.id);
    }
    const [a, b, c, d] = chain as [number, number, number, number];
    const merge = (comicId: number, targetComicId: number) =>
      call(t, admin, "POST", "/api/comics/merge", { payload: { comicId, targetComicId } });
    // Crossing and chained merges at once, including the same source twice and a cycle.
    const results = await Promise.all([merge(a, b), merge(b, c), merge(a, d), merge(c, a), merge(d, b)]);
    for (const r of results) expect([200, 404, 422]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);

    const after = await snapshot(chain);
    const live = after.rows.filter((r) => r.deletedAt === null);
    expect(live.length).toBeGreaterThanOrEqual(1);
    expect(live.length).toBe(4 - results.filter((r) => r.statusCode === 200).length);
    // Every art exists exactly once and sits on a live comic.
    expect(after.arts).toHaveLength(8);
    expect(new Set(after.arts.map((x) => x.id)).size).toBe(8);
    const liveIds = new Set(live.map((r) => r.id));
    expect(after.arts.every((x) => liveIds.has(x.comicId))).toBe(true);
    // Every chapter exists exactly once and sits on a live comic.
    expect(after.chapters).toHaveLength(12);
    expect(after.chapters.every((c) => liveIds.has(c.comic_id))).toBe(true);
    // Counts are conserved across the live comics.
    expect(live.reduce((s, r) => s + r.viewCount, 0)).toBe(10 + 20 + 30 + 40);
    expect(live.reduce((s, r) => s + r.saveCount, 0)).toBe(1 + 2 + 3 + 4);
    // Deleted comics point at a comic and keep no links.
    for (const row of after.rows.filter((r) => r.deletedAt !== null)) {
      expect(row.mergedIntoId).not.toBeNull();
      expect(after.genres.some((g) => g.comicId === row.id)).toBe(false);
    }
  });
});
