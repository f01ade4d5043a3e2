/**
 * GET /api/comics/:comicId counts the comic's chapters: all of them (drafts included) and the ones
 * readers see now (published, not hidden, publish time come).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, multipart, png, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";

let t: TestApp;
let uploader: TestUser;
let comicId: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t);
  uploader = await createUser(t);
  const team = await createTeam(t, owner, [{ user: uploader, role: "uploader" }]);
  comicId = (await createComic(t, uploader, team)).id;
});
afterAll(() => t?.close());

async function newChapter(order: number): Promise<{ id: number; name: string; volume: number | null }> {
  const res = await call(t, uploader, "POST", "/api/chapters", { payload: { comicId, order } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function publishWithOnePage(
  chapter: { id: number; name: string; volume: number | null },
  order: number,
) {
  const body = multipart([
    { field: "files", filename: "1.png", contentType: "image/png", bytes: await png(20, 30) },
  ]);
  const uploaded = await call(t, uploader, "POST", `/api/chapters/${chapter.id}/pages`, body);
  expect(uploaded.statusCode).toBe(201);
  const [page] = (uploaded.json() as { pages: { id: number }[] }).pages;
  const res = await call(t, uploader, "PUT", `/api/chapters/${chapter.id}`, {
    payload: { ...chapter, order, hidden: false, pages: [{ id: page!.id }], publish: true },
  });
  expect(res.statusCode).toBe(200);
}

describe("GET /api/comics/:comicId chapter counts", () => {
  it("counts every chapter and the ones readers see now", async () => {
    await publishWithOnePage(await newChapter(1), 1);
    await publishWithOnePage(await newChapter(2), 2);
    await newChapter(3);
    const res = await call(t, uploader, "GET", `/api/comics/${comicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ chapterCount: 3, visibleChapterCount: 2 });
  });
});
