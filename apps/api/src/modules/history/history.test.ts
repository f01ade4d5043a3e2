/**
 * A comic's History reads as a short story with names (docs/requests.md, "History"). The journey: a
 * chapter created, 3 pages uploaded (three requests, as the dashboard sends them), published;
 * another team asks for upload permission and gets it; another comic is merged in at a request.
 * Each user action is one entry, and each entry carries its record's name (and the other team or
 * comic).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { chapterKit } from "../../../test/fixtures/chapters";
import { createComic } from "../../../test/fixtures/comics";

let t: TestApp;
let owner: TestUser;
let ownerB: TestUser;
let admin: TestUser;
let teamA: number;
let teamB: number;
let comicId: number;
const kit = chapterKit(() => ({ t, comicId }));

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Mai" });
  ownerB = await createUser(t, { name: "Bình" });
  admin = await createUser(t, { name: "Quản Trị", admin: true });
  teamA = await createTeam(t, owner, [], "Nhóm Mây");
  teamB = await createTeam(t, ownerB, [], "Nhóm Gió");
  comicId = (await createComic(t, owner, teamA, { title: "Hoa Nở" })).id;
});
afterAll(() => t?.close());

type Entry = {
  entity: string;
  action: string;
  actor: { name: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  subject: {
    title: string | null;
    chapter: { name: string; order: number; hideOrder: boolean } | null;
    request: { type: string; teamName: string } | null;
  };
};

describe("a comic's History", () => {
  it("upload 3 pages, publish, a permission request, a merge: one entry per action, each named", async () => {
    const chapter = await kit.newChapter(owner, { order: 3, name: "Kéo thả", publishAt: null });
    for (let i = 0; i < 3; i++) await kit.addPages(owner, chapter.id, 1);
    const saved = await kit.getChapter(owner, chapter.id);
    const published = await kit.put(owner, saved, {
      version: (saved as unknown as { version: number }).version,
      publish: true,
      publishAt: null,
      pages: saved.pages.map((p) => ({ id: p.id })),
    });
    expect(published.statusCode).toBe(200);

    const asked = await call(t, ownerB, "POST", `/api/comics/permission/${comicId}`, {
      payload: { teamId: teamB, reason: "Dịch tiếp" },
    });
    expect(asked.statusCode).toBe(201);
    const permission = asked.json().request.id as number;
    expect(
      (await call(t, owner, "POST", `/api/requests/${permission}/approve`, { payload: {} })).statusCode,
    ).toBe(200);

    const other = await createComic(t, owner, teamA, { title: "Mưa Hạ" });
    const merge = await call(t, owner, "POST", "/api/comics/mergeRequest", {
      payload: { comicId: other.id, targetComicId: comicId, teamId: teamA, reason: "Trùng" },
    });
    expect(merge.statusCode).toBe(201);
    const mergeId = merge.json().request.id as number;
    expect(
      (await call(t, admin, "POST", `/api/requests/${mergeId}/approve`, { payload: {} })).statusCode,
    ).toBe(200);

    const res = await call(t, owner, "GET", `/api/comics/${comicId}/history?limit=50`);
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as Entry[];
    expect(entries.map((e) => `${e.entity}.${e.action}`)).toEqual([
      "request.approve",
      "comic.merge_from",
      "request.create",
      "request.approve",
      "comic.grant_upload",
      "request.create",
      "chapter.publish",
      "chapter.upload_pages",
      "chapter.create",
      "comic.create",
    ]);
    const find = (key: string) => entries.find((e) => `${e.entity}.${e.action}` === key)!;

    // One upload of 3 pages; a publish with no "Status: Draft → Published" of its own.
    expect(find("chapter.upload_pages").after?.pages).toHaveLength(3);
    expect(find("chapter.publish").after).toMatchObject({ pageCount: 3 });
    expect(find("chapter.publish").after).not.toHaveProperty("status");
    // Names: the chapter by its label parts, the comic by its title, the requests by kind and team.
    expect(find("chapter.create").subject.chapter).toEqual({ name: "Kéo thả", order: 3, hideOrder: false });
    expect(find("comic.create").subject.title).toBe("Hoa Nở");
    expect(entries.filter((e) => e.entity === "request").map((e) => e.subject.request)).toEqual([
      { type: "merge", teamName: "Nhóm Mây" },
      { type: "merge", teamName: "Nhóm Mây" },
      { type: "permission", teamName: "Nhóm Gió" },
      { type: "permission", teamName: "Nhóm Gió" },
    ]);
    expect(find("comic.grant_upload").after).toMatchObject({ teamName: "Nhóm Gió" });
    expect(find("comic.merge_from").after).toMatchObject({
      comicTitle: "Mưa Hạ",
      targetComicTitle: "Hoa Nở",
    });
    expect(find("comic.merge_from").actor?.name).toBe("Quản Trị");
  });

  it("a real reorder or removal of saved pages is its own entry; a plain edit is an update", async () => {
    const chapter = await kit.newChapter(owner, { order: 4, publishAt: null });
    await kit.addPages(owner, chapter.id, 2);
    let c = await kit.getChapter(owner, chapter.id);
    const version = () => (c as unknown as { version: number }).version;
    expect(
      (await kit.put(owner, c, { version: version(), pages: c.pages.map((p) => ({ id: p.id })) })).statusCode,
    ).toBe(200);
    c = await kit.getChapter(owner, chapter.id);
    expect(
      (
        await kit.put(owner, c, {
          version: version(),
          pages: [...c.pages].reverse().map((p) => ({ id: p.id })),
        })
      ).statusCode,
    ).toBe(200);
    c = await kit.getChapter(owner, chapter.id);
    expect(
      (
        await kit.put(owner, c, {
          version: version(),
          name: "Tên mới",
          pages: c.pages.map((p) => ({ id: p.id })),
        })
      ).statusCode,
    ).toBe(200);
    expect(await kit.auditActions(chapter.id)).toEqual(["create", "upload_pages", "reorder_pages", "update"]);
  });
});
