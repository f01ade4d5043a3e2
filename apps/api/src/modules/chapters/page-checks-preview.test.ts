/**
 * `POST /api/comics/:comicId/page-checks`: the checks of chapters that are not uploaded yet, from
 * fingerprints computed by the caller (here with sharp, as `npm run upload --dry-run` does), against
 * the comic's stored pages and each other; who may call it; the caps.
 */

import { LANG_HEADER } from "@vt/shared/constants";
import {
  PAGE_CHECKS_MAX_CHAPTERS,
  PAGE_CHECKS_MAX_TOTAL_PAGES,
  type TPageChecksResponse,
  type TProposedPage,
} from "@vt/shared/contracts/page-checks";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, type TestUser } from "../../../test/fixtures/api";
import { type ChapterWorld, chapterWorld } from "../../../test/fixtures/chapters";
import { createComic } from "../../../test/fixtures/comics";
import { pageChecksKit } from "../../../test/fixtures/page-checks";
import { blankPage, comicPage } from "../../../test/fixtures/pages";
import { fingerprintImage } from "../../lib/page-fingerprint";

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

const { newChapter, uploadPages, uploadImages, uploadCreditPages, setCredit } = pageChecksKit(() => ({
  t,
  comicId,
}));

async function proposed(bytes: Buffer, name: string): Promise<TProposedPage> {
  const meta = await sharp(bytes).metadata();
  const fp = await fingerprintImage(bytes);
  return {
    name,
    width: meta.width!,
    height: meta.height!,
    dhash: fp.dhash,
    brightnessMean: fp.mean,
    brightnessStd: fp.std,
  };
}

const pagesOf = (list: Buffer[]) => Promise.all(list.map((b, i) => proposed(b, `${i + 1}.png`)));

function check(user: TestUser | null, id: number, payload: unknown, headers: Record<string, string> = {}) {
  return call(t, user, "POST", `/api/comics/${id}/page-checks`, { payload, headers });
}

describe("POST /api/comics/:comicId/page-checks", () => {
  it("finds pages already in a stored chapter, in another proposed chapter, duplicates, blank and misfit widths", async () => {
    const originals = await Promise.all([1, 2, 3, 4].map((s) => comicPage(7000 + s, { style: "text" })));
    const ch12 = await newChapter(uploader, { name: "Chương 12" });
    await uploadImages(uploader, ch12.id, originals);

    // Chapter 13 of the import: chapter 12's pages again (re-encoded) and one new page.
    const again = await Promise.all(originals.map((b) => sharp(b).jpeg({ quality: 80 }).toBuffer()));
    const fresh = await Promise.all([1, 2, 3].map((s) => comicPage(7100 + s)));
    // Chapter 14: a page twice, a blank page, a double spread, a small page.
    const ch14 = [
      fresh[1]!,
      fresh[1]!,
      await blankPage(),
      await comicPage(7200, { width: 1600 }),
      await comicPage(7201, { width: 400, height: 600 }),
      fresh[2]!,
    ];
    const body = {
      chapters: [
        { label: "Chương 13", order: 13, pages: await pagesOf([...again, fresh[0]!]) },
        {
          label: "Chương 14",
          order: 14,
          pages: [...(await pagesOf(ch14)), { ...(await proposed(fresh[2]!, "x.png")), dhash: null }],
        },
        // Chapter 15: chapter 14's two new pages (the same folder twice, in part).
        {
          label: "Chương 15",
          order: 15,
          pages: await pagesOf([fresh[1]!, fresh[2]!, await comicPage(7300)]),
        },
      ],
    };
    const res = await check(uploader, comicId, body);
    expect(res.statusCode).toBe(200);
    const out = res.json() as TPageChecksResponse;
    const at = (...positions: number[]) => positions.map((p) => ({ id: p, position: p }));
    expect(out.chapters[0]).toEqual({
      index: 0,
      pageCount: 5,
      unchecked: 0,
      findings: [
        {
          kind: "otherChapter",
          chapter: { id: ch12.id, order: ch12.order, name: "Chương 12" },
          pages: at(1, 2, 3, 4),
          matched: 4,
          total: 5,
        },
      ],
    });
    expect(out.chapters[1]).toEqual({
      index: 1,
      pageCount: 7,
      unchecked: 1,
      findings: [
        { kind: "duplicate", pages: at(1, 2) },
        {
          kind: "otherChapter",
          proposed: { index: 2, label: "Chương 15" },
          pages: at(1, 2, 6),
          matched: 3,
          total: 5,
        },
        { kind: "blank", pages: at(3) },
        { kind: "width", pages: at(4), width: 1600, medianWidth: 800 },
        { kind: "narrow", pages: at(5), width: 400, minWidth: 600 },
      ],
    });
    expect(out.chapters[2]!.findings).toEqual([
      {
        kind: "otherChapter",
        proposed: { index: 1, label: "Chương 14" },
        pages: at(1, 2),
        matched: 2,
        total: 3,
      },
    ]);
  });

  it("marks a picture kept for the whole comic as kept, as the chapter checks do: it is no open finding", async () => {
    const recap = await comicPage(7600, { style: "panels" });
    const copied = await comicPage(7601);
    const ch20 = await newChapter(uploader, { name: "Chương 20" });
    const [recapId] = await uploadImages(uploader, ch20.id, [recap, copied]);
    const kept = await call(t, uploader, "PUT", `/api/chapters/${ch20.id}/checks/kept`, {
      payload: { kind: "otherChapter", pageIds: [recapId], kept: true },
    });
    expect(kept.statusCode).toBe(200);

    // Chapter 21 of an import: the recap re-encoded, chapter 20's other page, a new page.
    const pages = await pagesOf([
      await sharp(recap).jpeg({ quality: 80 }).toBuffer(),
      copied,
      await comicPage(7602),
    ]);
    const out = (
      await check(uploader, comicId, { chapters: [{ label: "Chương 21", order: 21, pages }] })
    ).json() as TPageChecksResponse;
    const chapter = { id: ch20.id, order: ch20.order, name: "Chương 20" };
    expect(out.chapters[0]!.findings).toEqual([
      { kind: "otherChapter", chapter, pages: [{ id: 2, position: 2 }], matched: 1, total: 3 },
      { kind: "otherChapter", chapter, pages: [{ id: 1, position: 1 }], matched: 1, total: 3, kept: true },
    ]);
    // The open findings, what the preview counts as problems, leave the recap out.
    const open = out.chapters[0]!.findings.filter((f) => !f.kept);
    expect(open.flatMap((f) => f.pages.map((p) => p.position))).toEqual([2]);
  });

  it("finds the team's credit page in a proposed chapter while the team appends its credit pages, not when it does not", async () => {
    const credit = await comicPage(7700, { style: "panels" });
    const keys = await uploadCreditPages(world.owner, world.teamA, [credit]);
    const body = {
      chapters: [
        {
          label: "Chương 30",
          order: 30,
          pages: await pagesOf([await comicPage(7701), await sharp(credit).jpeg({ quality: 80 }).toBuffer()]),
        },
      ],
    };
    const findings = async () =>
      ((await check(uploader, comicId, body)).json() as TPageChecksResponse).chapters[0]!.findings;

    await setCredit(world.owner, world.teamA, keys, true);
    expect(await findings()).toEqual([
      { kind: "credit", pages: [{ id: 2, position: 2 }], team: { id: world.teamA, name: "Nhóm A" } },
    ]);
    await setCredit(world.owner, world.teamA, keys, false);
    expect(await findings()).toEqual([]);
  });

  it("never compares with another comic's pages; the collaborating team may check, others get 404, signed out 401", async () => {
    const page = await comicPage(7400);
    const otherComic = (await createComic(t, uploader, world.teamA)).id;
    const res = await call(t, uploader, "POST", "/api/chapters", {
      payload: { comicId: otherComic, order: 1 },
    });
    const chapterId = (res.json() as { id: number }).id;
    expect(
      (await uploadPages(uploader, chapterId, [{ field: "files", filename: "1.png", bytes: page }]))
        .statusCode,
    ).toBe(201);
    const body = { chapters: [{ label: "1", order: 1, pages: await pagesOf([page]) }] };
    const mine = await check(uploader, comicId, body);
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as TPageChecksResponse).chapters[0]!.findings).toEqual([]);
    // The same page is found in the comic that holds it.
    const there = (await check(uploader, otherComic, body)).json() as TPageChecksResponse;
    expect(there.chapters[0]!.findings.map((f) => [f.kind, f.chapter?.id])).toEqual([
      ["otherChapter", chapterId],
    ]);

    expect((await check(world.collabUser, comicId, body)).statusCode).toBe(200);
    expect((await check(outsider, comicId, body)).statusCode).toBe(404);
    expect((await check(outsider, otherComic, body)).statusCode).toBe(404);
    expect((await check(null, comicId, body)).statusCode).toBe(401);
    expect((await check(uploader, 99_999_999, body)).statusCode).toBe(404);
  });

  it("answers with a read token; a token of another team gets 404", async () => {
    const made = await call(t, uploader, "POST", "/api/tokens", {
      payload: { name: "xem", teamId: world.teamA, scope: "read" },
    });
    expect(made.statusCode).toBe(201);
    const outsiderTeam = await createTeam(t, outsider, [], "Nhóm Ngoài 2");
    const other = await call(t, outsider, "POST", "/api/tokens", {
      payload: { name: "ngoài", teamId: outsiderTeam, scope: "upload" },
    });
    expect(other.statusCode).toBe(201);
    const body = { chapters: [{ label: "1", order: 1, pages: await pagesOf([await comicPage(7500)]) }] };
    const bearer = (secret: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/comics/${comicId}/page-checks`,
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
    expect((await bearer(made.json().secret)).statusCode).toBe(200);
    expect((await bearer(other.json().secret)).statusCode).toBe(404);
  });

  it("refuses too many chapters, too many pages and a malformed hash with a translated 422, before reading anything", async () => {
    const page = {
      name: "1.jpg",
      width: 800,
      height: 1200,
      dhash: "0123456789abcdef",
      brightnessMean: 200,
      brightnessStd: 40,
    };
    const chapter = (n: number) => ({
      label: "x",
      order: null,
      pages: Array.from({ length: n }, () => page),
    });
    const tooMany = await check(uploader, comicId, {
      chapters: Array.from({ length: PAGE_CHECKS_MAX_CHAPTERS + 1 }, () => chapter(1)),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.body).toContain(`${PAGE_CHECKS_MAX_CHAPTERS}`);

    const pages = await check(
      uploader,
      comicId,
      { chapters: Array.from({ length: PAGE_CHECKS_MAX_TOTAL_PAGES / 1000 + 1 }, () => chapter(1000)) },
      { [LANG_HEADER]: "en" },
    );
    expect(pages.statusCode).toBe(422);
    expect(pages.body).toContain(`At most ${PAGE_CHECKS_MAX_TOTAL_PAGES} pages can be checked at once`);

    const vi = await check(uploader, comicId, {
      chapters: Array.from({ length: PAGE_CHECKS_MAX_TOTAL_PAGES / 1000 + 1 }, () => chapter(1000)),
    });
    expect(vi.body).toContain(`Tối đa ${PAGE_CHECKS_MAX_TOTAL_PAGES} trang mỗi lần kiểm tra`);

    const bad = await check(uploader, comicId, {
      chapters: [{ ...chapter(1), pages: [{ ...page, dhash: "xyz" }] }],
    });
    expect(bad.statusCode).toBe(422);
    expect((await check(uploader, comicId, { chapters: [] })).statusCode).toBe(422);
  });
});
