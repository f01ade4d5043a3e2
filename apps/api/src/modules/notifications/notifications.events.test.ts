/**
 * Issue 28: the notifications people expect. A chapter published at once is not "published on its
 * schedule"; a scheduled one is, once its time passes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { chapterKit } from "../../../test/fixtures/chapters";
import { createComic } from "../../../test/fixtures/comics";
import { notifyScheduledChapters } from "./notifications.service";

let t: TestApp;
let owner: TestUser;
let teamA: number;
let comicId: number;
const kit = chapterKit(() => ({ t, comicId }));

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Mai" });
  teamA = await createTeam(t, owner, [], "Nhóm Mây");
  comicId = (await createComic(t, owner, teamA, { title: "Hoa Nở" })).id;
});
afterAll(() => t?.close());

async function inbox(user: TestUser) {
  const res = await call(t, user, "GET", "/api/notifications?limit=50");
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: number; kind: string; read: boolean; data: Record<string, unknown> }[];
    unread: number;
  };
}

describe("chapter published on its schedule", () => {
  it("a chapter published at once from the editor is not told as scheduled; a scheduled one is, once", async () => {
    const now = await kit.newChapter(owner, { publishAt: null });
    await kit.addPages(owner, now.id, 1);
    const saved = await kit.getChapter(owner, now.id);
    const res = await kit.put(owner, saved, {
      version: (saved as unknown as { version: number }).version,
      publish: true,
      publishAt: null,
      pages: saved.pages.map((p) => ({ id: p.id })),
    });
    expect(res.statusCode).toBe(200);

    const at = Date.now() + 3_600_000;
    const later = await kit.newChapter(owner, { publishAt: null });
    await kit.addPages(owner, later.id, 1);
    const laterSaved = await kit.getChapter(owner, later.id);
    const scheduled = await kit.put(owner, laterSaved, {
      version: (laterSaved as unknown as { version: number }).version,
      publish: true,
      publishAt: at,
      pages: laterSaved.pages.map((p) => ({ id: p.id })),
    });
    expect(scheduled.statusCode).toBe(200);

    // The job runs now, and once the schedule has passed (twice: told once).
    await notifyScheduledChapters(t.database.db, new Date());
    await notifyScheduledChapters(t.database.db, new Date(at + 60_000));
    await notifyScheduledChapters(t.database.db, new Date(at + 120_000));
    const told = (await inbox(owner)).items.filter((n) => n.kind === "chapter_published");
    expect(told.map((n) => n.data.chapterId)).toEqual([later.id]);
  });
});
