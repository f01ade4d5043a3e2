import { LANG_HEADER } from "@vt/shared/constants";
import { encodeKey } from "@vt/shared/scramble";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createUser, type TestUser } from "../../../test/fixtures/api";
import { type ChapterWorld, chapterWorld } from "../../../test/fixtures/chapters";
import { createComic } from "../../../test/fixtures/comics";
import { pageChecksKit } from "../../../test/fixtures/page-checks";
import { blankPage, comicPage, scrambledPage } from "../../../test/fixtures/pages";
import { runFingerprintPages } from "../../cli/admin";
import { fingerprintPages } from "../../jobs/pages-fingerprint.job";
import { FINGERPRINT_VERSION } from "../../lib/page-fingerprint";
import { findPagesSharingBands } from "./page-bands";

let t: TestApp;
let world: ChapterWorld;
let uploader: TestUser;
let outsider: TestUser;
let comicId: number;

beforeAll(async () => {
  t = await createTestApp();
  world = await chapterWorld(t);
  ({ uploader, outsider, comicId } = world);
});
afterAll(() => t?.close());

const { newChapter, uploadImages, uploadCreditPages, setCredit } = pageChecksKit(() => ({ t, comicId }));

const upload = (chapterId: number, pages: Buffer[], fields: Record<string, string> = {}) =>
  uploadImages(uploader, chapterId, pages, fields);

type Finding = {
  kind: string;
  pages: { id: number; position: number }[];
  chapter?: { id: number; order: number };
  matched?: number;
  total?: number;
  width?: number;
  medianWidth?: number;
  minWidth?: number;
};

async function checks(user: TestUser, chapterId: number) {
  const res = await call(t, user, "GET", `/api/chapters/${chapterId}/checks`);
  return {
    status: res.statusCode,
    body: res.json() as { pageCount: number; unchecked: number; findings: Finding[] },
  };
}

describe("GET /api/chapters/:chapterId/checks", () => {
  it("finds a repeated page, a blank page, a double-width page and a 400 px page; distinct pages pass", async () => {
    const c = await newChapter(uploader, { name: "Kiểm tra trang" });
    const [p1, p2, p4, p5] = await Promise.all([1, 2, 4, 5].map((s) => comicPage(1000 + s)));
    const double = await comicPage(1003, { width: 1600 });
    const small = await comicPage(1006, { width: 400, height: 600 });
    const ids = await upload(c.id, [p1!, p2!, p1!, await blankPage(), double, small, p4!, p5!]);
    // Page 4 again, scrambled: fingerprinted as its unscrambled picture, so the same page.
    const perm = [3, 7, 1, 9, 0, 5, 2, 8, 6, 4];
    ids.push(
      ...(await upload(c.id, [await scrambledPage(p4!, perm)], { keys: JSON.stringify([encodeKey(perm)]) })),
    );

    const { status, body } = await checks(uploader, c.id);
    expect(status).toBe(200);
    expect(body.pageCount).toBe(9);
    expect(body.unchecked).toBe(0);
    const at = (position: number) => ({ id: ids[position - 1], position });
    expect(body.findings).toEqual([
      { kind: "duplicate", pages: [at(1), at(3)] },
      { kind: "duplicate", pages: [at(7), at(9)] },
      { kind: "blank", pages: [at(4)] },
      { kind: "width", pages: [at(5)], width: 1600, medianWidth: 800 },
      { kind: "narrow", pages: [at(6)], width: 400, minWidth: 600 },
    ]);
  });

  it("says how many pages are already in another chapter of the comic, also re-encoded as JPEG", async () => {
    const originals = await Promise.all(
      [1, 2, 3, 4, 5].map((s) => comicPage(2000 + s, { style: s % 2 ? "text" : "shapes" })),
    );
    const ch12 = await newChapter(uploader, { name: "Chương 12" });
    await upload(ch12.id, originals);
    const ch13 = await newChapter(uploader, { name: "Chương 13" });
    const again = await Promise.all(originals.map((b) => sharp(b).jpeg({ quality: 75 }).toBuffer()));
    const fresh = await comicPage(2099);
    const ids = await upload(ch13.id, [...again, fresh]);

    const { body } = await checks(uploader, ch13.id);
    expect(body.findings).toEqual([
      {
        kind: "otherChapter",
        chapter: { id: ch12.id, order: ch12.order, name: "Chương 12" },
        pages: ids.slice(0, 5).map((id, i) => ({ id, position: i + 1 })),
        matched: 5,
        total: 6,
      },
    ]);
    // And the other way round: chapter 12's 5 pages are all in chapter 13.
    const back = await checks(uploader, ch12.id);
    expect(back.body.findings.map((f) => [f.kind, f.chapter?.id, f.matched, f.total])).toEqual([
      ["otherChapter", ch13.id, 5, 5],
    ]);
    // A chapter of another comic never matches.
    const otherComic = (await createComic(t, uploader, world.teamA)).id;
    const res = await call(t, uploader, "POST", "/api/chapters", {
      payload: { comicId: otherComic, order: 1 },
    });
    expect(res.statusCode).toBe(201);
    const foreign = (res.json() as { id: number }).id;
    await upload(foreign, originals.slice(0, 2));
    expect((await checks(uploader, foreign)).body.findings).toEqual([]);
  });

  it("is refused like the chapter itself: 404 for a user outside the comic's teams, 401 signed out", async () => {
    const c = await newChapter(uploader);
    expect((await checks(outsider, c.id)).status).toBe(404);
    expect((await call(t, null, "GET", `/api/chapters/${c.id}/checks`)).statusCode).toBe(401);
    expect((await checks(uploader, 99_999_999)).status).toBe(404);
  });

  it("keeps the lookup in step with the pages: a trashed and restored chapter, a deleted page, a merged comic", async () => {
    const [a, b, c] = await Promise.all([3101, 3102, 3103].map((n) => comicPage(n, { style: "text" })));
    const first = await newChapter(uploader, { name: "Một" });
    const [aId] = await upload(first.id, [a!, b!]);
    const second = await newChapter(uploader, { name: "Hai" });
    await upload(second.id, [a!, c!]);
    const found = async (chapterId: number) =>
      (await checks(uploader, chapterId)).body.findings.map((f) => [f.kind, f.chapter?.id, f.matched]);
    expect(await found(second.id)).toEqual([["otherChapter", first.id, 1]]);

    // The trash hides the chapter from the lookup; a restore brings it back.
    expect((await call(t, uploader, "DELETE", `/api/chapters/${first.id}`)).statusCode).toBe(200);
    expect(await found(second.id)).toEqual([]);
    const restored = await call(t, uploader, "POST", `/api/trash/chapter/${first.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(await found(second.id)).toEqual([["otherChapter", first.id, 1]]);

    // A page gone takes its bands with it.
    const bandsOf = async (pageId: number) =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from page_hash_bands where page_id = ${pageId}`,
        )
      ).rows[0]!.n;
    expect(await bandsOf(aId!)).toBe(4);
    await t.database.db.execute(sql`delete from chapter_pages where id = ${aId!}`);
    expect(await bandsOf(aId!)).toBe(0);
    expect(await found(second.id)).toEqual([]);

    // Another comic's chapter with page c: not compared until the comics are merged.
    const other = (await createComic(t, uploader, world.teamA)).id;
    const res = await call(t, uploader, "POST", "/api/chapters", { payload: { comicId: other, order: 1 } });
    const foreign = (res.json() as { id: number }).id;
    await upload(foreign, [c!]);
    expect(await found(foreign)).toEqual([]);
    const admin = await createUser(t, { admin: true });
    const merged = await call(t, admin, "POST", "/api/comics/merge", {
      payload: { comicId: comicId, targetComicId: other },
    });
    expect(merged.statusCode).toBe(200);
    expect(await found(foreign)).toEqual([["otherChapter", second.id, 1]]);
    // Later tests upload to the merged comic.
    comicId = other;
  });

  it("finds every stored page within the distance through any one band's flipped bit, none beyond it", async () => {
    // 7 bits apart with only one band within one bit (each of the 64 bits in turn), so each is found
    // by one of the 68 probes alone; 8 bits apart (2 in every band) is not the same page.
    const base = 0xc3a5f00f9e1b7d42n;
    const bit = (band: number, f: number) => 1n << BigInt(48 - 16 * band + f);
    const hex = (v: bigint) => v.toString(16).padStart(16, "0");
    const near: string[] = [hex(base)];
    const far: string[] = [];
    for (let band = 0; band < 4; band++) {
      let eight = base;
      for (let o = 0; o < 4; o++) eight ^= bit(o, band) ^ bit(o, band + 8);
      far.push(hex(eight));
      for (let f = 0; f < 16; f++) {
        let v = base ^ bit(band, f);
        for (let o = 0; o < 4; o++) if (o !== band) v ^= bit(o, (f + 3) % 16) ^ bit(o, (f + 9) % 16);
        near.push(hex(v));
      }
    }
    const stored = await newChapter(uploader, { name: "Băm" });
    await t.database.db.execute(sql`
      insert into chapter_pages (chapter_id, position, url, width, dhash, fingerprint_version, brightness_mean, brightness_std)
      select ${stored.id}, o, 'comics/x/' || o || '.jpg', 800, h, ${FINGERPRINT_VERSION}, 200, 40
        from unnest(${`{${[...near, ...far].join(",")}}`}::text[]) with ordinality as u(h, o)`);
    const found = await findPagesSharingBands(t.database.db, comicId, [hex(base)]);
    expect(found.map((p) => p.dhash).sort()).toEqual([...near].sort());
    expect(new Set(found.map((p) => p.chapterId))).toEqual(new Set([stored.id]));
    await t.database.db.execute(sql`delete from chapter_pages where chapter_id = ${stored.id}`);
  });

  it("finds the team's credit page among the chapter's pages while the team appends it, not when the chapter hides it", async () => {
    const credit = await comicPage(3201, { style: "panels" });
    const keys = await uploadCreditPages(world.owner, world.teamA, [credit]);
    await setCredit(world.owner, world.teamA, keys, true);

    const shown = await newChapter(uploader, { name: "Có ghi công" });
    const ids = await upload(shown.id, [
      await comicPage(3202),
      await sharp(credit).jpeg({ quality: 80 }).toBuffer(),
    ]);
    const { body } = await checks(uploader, shown.id);
    expect(body.findings.filter((f) => f.kind === "credit")).toEqual([
      { kind: "credit", pages: [{ id: ids[1], position: 2 }], team: { id: world.teamA, name: "Nhóm A" } },
    ]);

    const hidden = await newChapter(uploader, { name: "Ẩn ghi công", hideCredit: true });
    await upload(hidden.id, [credit]);
    expect((await checks(uploader, hidden.id)).body.findings.filter((f) => f.kind === "credit")).toEqual([]);
  });
});

describe("pages.fingerprint: pages stored before fingerprints", () => {
  it("fingerprints them as the upload would have (scrambled ones too), resumably, and the admin page shows the progress", async () => {
    const c = await newChapter(uploader, { name: "Cũ" });
    const plain = await comicPage(3301);
    const perm = [5, 2, 8, 0, 9, 1, 7, 3, 6, 4];
    await upload(c.id, [plain, await comicPage(3302, { style: "text" })]);
    await upload(c.id, [await scrambledPage(plain, perm)], { keys: JSON.stringify([encodeKey(perm)]) });
    const read = () =>
      t.database.db.execute<{
        id: number;
        dhash: string | null;
        brightness_std: number | null;
        fingerprint_version: number | null;
      }>(
        sql`select id, dhash, brightness_std, fingerprint_version from chapter_pages where chapter_id = ${c.id} order by id`,
      );
    const made = (await read()).rows;
    expect(made.every((p) => p.dhash !== null && p.fingerprint_version === FINGERPRINT_VERSION)).toBe(true);
    // As a release before fingerprints left them.
    await t.database.db.execute(
      sql`update chapter_pages set dhash = null, brightness_mean = null, brightness_std = null, fingerprint_version = null where chapter_id = ${c.id}`,
    );
    expect((await checks(uploader, c.id)).body.unchecked).toBe(3);
    const admin = await createUser(t, { admin: true });
    const status = async () => (await call(t, admin, "GET", "/api/admin/page-fingerprints")).json();
    const before = await status();
    expect(before.total - before.fingerprinted).toBeGreaterThanOrEqual(3);
    expect(before.running).toBe(false);
    expect((await call(t, uploader, "GET", "/api/admin/page-fingerprints")).statusCode).toBe(404);
    expect(before.waiting).toBe(false);
    // "Run now": admins only; this test app runs no job engine, so it is a translated 503.
    const run = (user: typeof admin, lang = "vi") =>
      call(t, user, "POST", "/api/admin/page-fingerprints/run", { headers: { [LANG_HEADER]: lang } });
    expect((await run(uploader)).statusCode).toBe(404);
    const none = await run(admin);
    expect(none.statusCode).toBe(503);
    expect(none.json().message).toBe("Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau");
    expect((await run(admin, "en")).json().message).toBe(
      "The service is temporarily unavailable, please try again later",
    );

    const log = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Parameters<
      typeof fingerprintPages
    >[0]["log"];
    const seen: number[] = [];
    const result = await fingerprintPages(
      { db: t.database.db, storage: t.storage, log },
      (p) => seen.push(p.done),
      2,
    );
    expect(result).toMatchObject({ failed: 0 });
    expect(result.made).toBe(result.total);
    expect(seen.at(-1)).toBe(result.total);
    expect((await read()).rows).toEqual(made);
    expect((await checks(uploader, c.id)).body).toMatchObject({
      unchecked: 0,
      findings: [{ kind: "duplicate", pages: [{ position: 1 }, { position: 3 }] }],
    });
    const after = await status();
    expect(after.fingerprinted).toBe(after.total);

    // The admin command: nothing left to do.
    const out: string[] = [];
    const code = await runFingerprintPages(
      t.database,
      { storage: t.storage },
      { out: (l) => out.push(l), err: (l) => out.push(l) },
    );
    expect(code).toBe(0);
    expect(out).toEqual(["Every stored page already has its fingerprint."]);
  });

  it("fingerprints the credit pages stored without a hash or with one of an older definition; the credit finding follows", async () => {
    const pages = [await comicPage(3501, { style: "panels" }), await comicPage(3502, { style: "photo" })];
    const keys = await uploadCreditPages(world.collabUser, world.teamC, pages);
    const read = async () =>
      (
        await t.database.db.execute<{
          page_hashes: Record<string, string>;
          page_hash_versions: Record<string, number>;
        }>(sql`select page_hashes, page_hash_versions from team_credit where team_id = ${world.teamC}`)
      ).rows[0]!;
    const made = await read();
    // The upload records each hash with the current definition's version.
    expect(made.page_hash_versions).toEqual(Object.fromEntries(keys.map((k) => [k, FINGERPRINT_VERSION])));
    expect(Object.keys(made.page_hashes).sort()).toEqual([...keys].sort());

    // As older releases left them: the first page without a hash, the second with an older one and no version.
    const older = (h: string) => (BigInt(`0x${h}`) ^ 0xffffn).toString(16).padStart(16, "0");
    await t.database.db.execute(
      sql`update team_credit set page_hashes = ${JSON.stringify({ [keys[1]!]: older(made.page_hashes[keys[1]!]!) })}::jsonb,
            page_hash_versions = '{}'::jsonb where team_id = ${world.teamC}`,
    );
    await setCredit(world.collabUser, world.teamC, keys, true);
    // Team C collaborates on the chapter, so its credit pages are appended to it.
    const c = await newChapter(uploader, { name: "Ghi công cũ", collaboratingTeamIds: [world.teamC] });
    await upload(c.id, [await comicPage(3503), pages[0]!, pages[1]!]);
    const credit = async () =>
      (await checks(uploader, c.id)).body.findings
        .filter((f) => f.kind === "credit")
        .map((f) => f.pages.map((p) => p.position));
    expect(await credit()).toEqual([]);

    const log = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Parameters<
      typeof fingerprintPages
    >[0]["log"];
    const result = await fingerprintPages({ db: t.database.db, storage: t.storage, log });
    expect(result).toMatchObject({ total: 2, made: 2, failed: 0 });
    expect(await read()).toEqual(made);
    expect(await credit()).toEqual([[2, 3]]);
    // Nothing left: a second run has nothing to do.
    expect(await fingerprintPages({ db: t.database.db, storage: t.storage, log })).toMatchObject({
      total: 0,
    });
  });

  it("makes again the fingerprints an older definition made; the findings kept with them stay kept", async () => {
    const recap = await comicPage(3401, { style: "photo" });
    const first = await newChapter(uploader, { name: "Định nghĩa cũ 1" });
    await upload(first.id, [recap, await comicPage(3402, { style: "screentone" })]);
    const c = await newChapter(uploader, { name: "Định nghĩa cũ 2" });
    const twice = await comicPage(3403, { style: "text" });
    const [recapPage, a, b] = await upload(c.id, [recap, twice, twice]);
    const keep = (kind: string, pageIds: number[]) =>
      call(t, uploader, "PUT", `/api/chapters/${c.id}/checks/kept`, {
        payload: { kind, pageIds, kept: true },
      });
    expect((await keep("otherChapter", [recapPage!])).statusCode).toBe(200);
    expect((await keep("duplicate", [a!, b!])).statusCode).toBe(200);
    const kinds = async () =>
      (await checks(uploader, c.id)).body.findings.map((f) => [f.kind, (f as { kept?: boolean }).kept]);
    expect(await kinds()).toEqual([
      ["duplicate", true],
      ["otherChapter", true],
    ]);

    // As a release of version 1 left them: each hash a bit away from today's, kept with that hash.
    const pages = sql`select id from chapter_pages where chapter_id in (${first.id}, ${c.id})`;
    const read = async () =>
      (
        await t.database.db.execute<{ id: number; dhash: string; fingerprint_version: number }>(
          sql`select id, dhash, fingerprint_version from chapter_pages where id in (${pages}) order by id`,
        )
      ).rows;
    const made = await read();
    const older = (h: string) => (BigInt(`0x${h}`) ^ 1n).toString(16).padStart(16, "0");
    for (const p of made) {
      await t.database.db.execute(
        sql`update chapter_pages set dhash = ${older(p.dhash)}, fingerprint_version = 1 where id = ${p.id}`,
      );
      await t.database.db.execute(
        sql`update page_check_keeps set dhash = ${older(p.dhash)} where comic_id = ${comicId} and dhash = ${p.dhash}`,
      );
    }
    expect(await kinds()).toEqual([
      ["duplicate", true],
      ["otherChapter", true],
    ]);

    const log = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Parameters<
      typeof fingerprintPages
    >[0]["log"];
    const result = await fingerprintPages({ db: t.database.db, storage: t.storage, log });
    expect(result).toMatchObject({ made: made.length, failed: 0 });
    expect(await read()).toEqual(made);
    // The keeps followed their pages' new hashes: still kept, nothing raised again.
    const keeps = (
      await t.database.db.execute<{ dhash: string }>(
        sql`select dhash from page_check_keeps where comic_id = ${comicId} order by dhash`,
      )
    ).rows.map((r) => r.dhash);
    const hashOf = new Map(made.map((p) => [p.id, p.dhash]));
    expect(keeps).toEqual([hashOf.get(recapPage!), hashOf.get(a!), hashOf.get(b!)].sort());
    expect(await kinds()).toEqual([
      ["duplicate", true],
      ["otherChapter", true],
    ]);
  });
});
