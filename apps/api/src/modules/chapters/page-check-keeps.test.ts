import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, multipart, type TestUser, type UploadFile } from "../../../test/fixtures/api";
import { type ChapterWorld, chapterKit, chapterWorld } from "../../../test/fixtures/chapters";
import { blankPage, comicPage } from "../../../test/fixtures/pages";
import { pageCheckKeeps } from "../../db/schema/chapters";

/** Many uploads per test: generous, so a busy machine is not a failure (no timed assertion here). */
const SLOW = 180_000;

let t: TestApp;
let world: ChapterWorld;
let uploader: TestUser;
let comicId: number;

beforeAll(async () => {
  t = await createTestApp();
  world = await chapterWorld(t);
  ({ uploader, comicId } = world);
});
afterAll(() => t?.close());

const { newChapter, uploadPages } = chapterKit(() => ({ t, comicId }));

const files = (pages: Buffer[]): UploadFile[] =>
  pages.map((bytes, i) => ({ field: "files", filename: `${i + 1}.png`, bytes }));

async function upload(chapterId: number, pages: Buffer[]) {
  const res = await uploadPages(uploader, chapterId, files(pages));
  expect(res.statusCode).toBe(201);
  return (res.json() as { pages: { id: number }[] }).pages.map((p) => p.id);
}

type Finding = {
  kind: string;
  pages: { id: number }[];
  chapter?: { id: number };
  matched?: number;
  kept?: boolean;
};

async function findings(chapterId: number, user: TestUser = uploader): Promise<Finding[]> {
  const res = await call(t, user, "GET", `/api/chapters/${chapterId}/checks`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { findings: Finding[] }).findings;
}

const keep = (chapterId: number, body: Record<string, unknown>, user: TestUser | null = uploader) =>
  call(t, user, "PUT", `/api/chapters/${chapterId}/checks/kept`, { payload: body });

/** kind, other chapter, page ids, kept: what a test compares. */
const brief = (fs: Finding[]) =>
  fs.map((f) => [f.kind, f.chapter?.id ?? null, f.pages.map((p) => p.id), !!f.kept]);

const keepRows = () => t.database.db.select().from(pageCheckKeeps);

describe("PUT /api/chapters/:chapterId/checks/kept", () => {
  it(
    "keeps a recap page for the whole comic: every chapter leaves it out of 'already in chapter X', until undone",
    async () => {
      const recap = await comicPage(3001, { style: "panels" });
      const ch12 = await newChapter(uploader, { name: "Mười hai" });
      await upload(ch12.id, [recap, await comicPage(3002), await comicPage(3003, { style: "text" })]);
      const ch13 = await newChapter(uploader, { name: "Mười ba" });
      const [recap13] = await upload(ch13.id, [recap, await comicPage(3004), await comicPage(3005)]);
      expect(brief(await findings(ch13.id))).toEqual([["otherChapter", ch12.id, [recap13], false]]);

      const res = await keep(ch13.id, { kind: "otherChapter", pageIds: [recap13], kept: true });
      expect(res.statusCode).toBe(200);
      // The answer is the checks afresh, the kept finding marked; a reload says the same.
      expect(brief((res.json() as { findings: Finding[] }).findings)).toEqual([
        ["otherChapter", ch12.id, [recap13], true],
      ]);
      expect(brief(await findings(ch13.id))).toEqual([["otherChapter", ch12.id, [recap13], true]]);
      // Chapter 12 sees its copy kept too, and a new chapter 14 with the recap re-encoded as JPEG.
      expect((await findings(ch12.id)).every((f) => f.kept)).toBe(true);
      const ch14 = await newChapter(uploader, { name: "Mười bốn" });
      const [recap14, other14] = await upload(ch14.id, [
        await sharp(recap).jpeg({ quality: 80 }).toBuffer(),
        await comicPage(3006),
      ]);
      const f14 = await findings(ch14.id);
      expect(f14.length).toBe(2); // in chapters 12 and 13
      expect(f14.every((f) => f.kept && f.kind === "otherChapter" && f.pages[0]!.id === recap14)).toBe(true);
      // A page really copied from chapter 12 is still reported, next to the kept recap.
      const [copied] = await upload(ch14.id, [await comicPage(3002)]);
      expect(brief(await findings(ch14.id))).toContainEqual(["otherChapter", ch12.id, [copied], false]);
      expect(other14).toBeDefined();

      // Keeping twice stores one row; undoing from any chapter brings the finding back everywhere.
      expect((await keep(ch14.id, { kind: "otherChapter", pageIds: [recap14], kept: true })).statusCode).toBe(
        200,
      );
      expect((await keepRows()).filter((r) => r.comicId === comicId && r.pageId === null).length).toBe(1);
      expect(
        (await keep(ch14.id, { kind: "otherChapter", pageIds: [recap14], kept: false })).statusCode,
      ).toBe(200);
      // (chapter 13's recap is now in chapters 12 and 14.)
      expect(brief(await findings(ch13.id))).toEqual([
        ["otherChapter", ch12.id, [recap13], false],
        ["otherChapter", ch14.id, [recap13], false],
      ]);
    },
    SLOW,
  );

  it(
    "keeps a blank, a width or a duplicate finding for those pages of that chapter only, while the image stays",
    async () => {
      const c = await newChapter(uploader, { name: "Giữ trang" });
      const p1 = await comicPage(3101);
      const [a, b, blank, wide] = await upload(c.id, [
        p1,
        p1,
        await blankPage(),
        await comicPage(3102, { width: 1600 }),
        await comicPage(3103),
        await comicPage(3104),
      ]);
      for (const [kind, pageIds] of [
        ["duplicate", [a, b]],
        ["blank", [blank]],
        ["width", [wide]],
      ] as const) {
        expect((await keep(c.id, { kind, pageIds, kept: true })).statusCode).toBe(200);
      }
      expect(brief(await findings(c.id))).toEqual([
        ["duplicate", null, [a, b], true],
        ["blank", null, [blank], true],
        ["width", null, [wide], true],
      ]);
      // Another chapter's blank page is still reported.
      const other = await newChapter(uploader);
      const [blank2] = await upload(other.id, [await blankPage(), await comicPage(3105)]);
      expect(brief(await findings(other.id))).toEqual([["blank", null, [blank2], false]]);

      // Another wide picture for the kept double page: the keep was for the old image.
      const body = multipart(
        [{ field: "file", filename: "moi.png", bytes: await comicPage(3106, { width: 1600 }) }],
        { pageId: String(wide) },
      );
      const replaced = await call(t, uploader, "POST", `/api/chapters/${c.id}/page`, body);
      expect(replaced.statusCode).toBe(200);
      expect(brief(await findings(c.id))).toContainEqual(["width", null, [wide], false]);

      // Undo one; the others stay kept.
      expect((await keep(c.id, { kind: "blank", pageIds: [blank], kept: false })).statusCode).toBe(200);
      expect(brief(await findings(c.id))).toEqual([
        ["duplicate", null, [a, b], true],
        ["blank", null, [blank], false],
        ["width", null, [wide], false],
      ]);
    },
    SLOW,
  );

  it(
    "refuses a stranger (404), a page of another chapter, a page without a fingerprint and a bad kind (422): nothing stored",
    async () => {
      const c = await newChapter(uploader);
      const [page, blank] = await upload(c.id, [await comicPage(3201), await blankPage()]);
      const other = await newChapter(uploader);
      const [foreign] = await upload(other.id, [await comicPage(3202)]);
      const before = (await keepRows()).length;

      expect(
        (await keep(c.id, { kind: "blank", pageIds: [blank], kept: true }, world.outsider)).statusCode,
      ).toBe(404);
      expect((await keep(c.id, { kind: "blank", pageIds: [blank], kept: true }, null)).statusCode).toBe(401);
      const wrongPage = await keep(c.id, { kind: "blank", pageIds: [blank, foreign], kept: true });
      expect(wrongPage.statusCode).toBe(422);
      const unchecked = await keep(c.id, { kind: "otherChapter", pageIds: [blank], kept: true });
      expect(unchecked.statusCode).toBe(422);
      expect(unchecked.body).toContain("chưa được kiểm tra");
      expect((await keep(c.id, { kind: "recap", pageIds: [page], kept: true })).statusCode).toBe(422);
      expect((await keep(c.id, { kind: "blank", pageIds: [], kept: true })).statusCode).toBe(422);
      expect((await keep(99_999_999, { kind: "blank", pageIds: [page], kept: true })).statusCode).toBe(404);
      expect((await keepRows()).length).toBe(before);
      // The collaborating team may edit the comic's chapters, so it may keep too.
      expect(
        (await keep(c.id, { kind: "blank", pageIds: [blank], kept: true }, world.collabUser)).statusCode,
      ).toBe(200);
    },
    SLOW,
  );
});
