import { encodeKey } from "@vt/shared/scramble";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, type TestUser, type UploadFile } from "../../../test/fixtures/api";
import { type ChapterWorld, chapterKit, chapterWorld } from "../../../test/fixtures/chapters";
import { createComic } from "../../../test/fixtures/comics";
import { blankPage, comicPage } from "../../../test/fixtures/pages";

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

const { newChapter, uploadPages } = chapterKit(() => ({ t, comicId }));

const files = (pages: Buffer[]): UploadFile[] =>
  pages.map((bytes, i) => ({ field: "files", filename: `${i + 1}.png`, bytes }));

async function upload(chapterId: number, pages: Buffer[], fields: Record<string, string> = {}) {
  const res = await uploadPages(uploader, chapterId, files(pages), fields);
  expect(res.statusCode).toBe(201);
  return (res.json() as { pages: { id: number }[] }).pages.map((p) => p.id);
}

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
    const scrambled = await comicPage(1007);
    const ids = await upload(c.id, [p1!, p2!, p1!, await blankPage(), double, small, p4!, p5!]);
    const key = encodeKey([3, 7, 1, 9, 0, 5, 2, 8, 6, 4], "xY9_");
    await upload(c.id, [scrambled], { keys: JSON.stringify([key]) });

    const { status, body } = await checks(uploader, c.id);
    expect(status).toBe(200);
    expect(body.pageCount).toBe(9);
    expect(body.unchecked).toBe(1); // the scrambled page: no fingerprint yet
    const at = (position: number) => ({ id: ids[position - 1], position });
    expect(body.findings).toEqual([
      { kind: "duplicate", pages: [at(1), at(3)] },
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
});
