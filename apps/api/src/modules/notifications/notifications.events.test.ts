/**
 * The notifications people expect (docs/requests.md, "Notifications"). A chapter published at once
 * is not "published on its schedule"; a scheduled one is, once its time passes. The owning team
 * hears of its comic deleted (by an admin or at another team's request), restored and merged into
 * another; a team hears of its request superseded; acting on a request marks its notification read
 * for whoever acted; the mails name things in words, statuses in lower case.
 */

import type { TNotificationKind } from "@vt/shared/contracts/notifications";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { chapterKit } from "../../../test/fixtures/chapters";
import { createComic } from "../../../test/fixtures/comics";
import { notificationMail, notifyScheduledChapters } from "./notifications.service";

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let ownerB: TestUser;
let admin: TestUser;
let teamA: number;
let teamB: number;
let comicId: number;
const kit = chapterKit(() => ({ t, comicId }));

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: "Mai" });
  manager = await createUser(t, { name: "Lan" });
  ownerB = await createUser(t, { name: "Bình" });
  admin = await createUser(t, { name: "Quản Trị", admin: true });
  teamA = await createTeam(t, owner, [{ user: manager, role: "manager" }], "Nhóm Mây");
  teamB = await createTeam(t, ownerB, [], "Nhóm Gió");
  comicId = (await createComic(t, owner, teamA, { title: "Hoa Nở" })).id;
});

const en = { "x-custom-lang": "en" };
const post = (user: TestUser, url: string, payload: unknown = {}) =>
  call(t, user, "POST", url, { headers: en, payload });

async function requestPermission(comic: number): Promise<number> {
  const res = await post(ownerB, `/api/comics/permission/${comic}`, { teamId: teamB, reason: "Dịch tiếp" });
  expect(res.statusCode).toBe(201);
  return res.json().request.id as number;
}

/** A comic of team A that team B may upload to (B's permission request approved). */
async function sharedComic(title: string) {
  const comic = await createComic(t, owner, teamA, { title });
  const id = await requestPermission(comic.id);
  expect((await post(owner, `/api/requests/${id}/approve`)).statusCode).toBe(200);
  return comic;
}

const about = (items: { kind: string; data: Record<string, unknown> }[], kind: string, comic: number) =>
  items.filter((n) => n.kind === kind && n.data.comicId === comic);
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

describe("what changes what a team owns or asked for", () => {
  it("an admin deletes a comic: its team's owner and manager are told, B's pending request is superseded and B told", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Trăng Khuyết" });
    const pending = await requestPermission(comic.id);
    expect((await call(t, admin, "DELETE", `/api/comics/${comic.id}`)).statusCode).toBe(200);

    for (const user of [owner, manager]) {
      const told = about((await inbox(user)).items, "comic_deleted", comic.id);
      expect(told).toHaveLength(1);
      expect(told[0]!.data).toMatchObject({
        comicTitle: "Trăng Khuyết",
        teamName: "Nhóm Mây",
        actorName: "Quản Trị",
      });
    }
    expect(about((await inbox(admin)).items, "comic_deleted", comic.id)).toHaveLength(0);
    const superseded = (await inbox(ownerB)).items.filter(
      (n) => n.kind === "request_superseded" && n.data.requestId === pending,
    );
    expect(superseded).toHaveLength(1);
    expect(superseded[0]!.data).toMatchObject({
      cause: "delete",
      comicTitle: "Trăng Khuyết",
      teamName: "Nhóm Gió",
    });

    // Restored: the owning team is told again, with a link to the comic.
    expect((await post(admin, `/api/trash/comic/${comic.id}/restore`)).statusCode).toBe(200);
    const restored = about((await inbox(owner)).items, "comic_restored", comic.id);
    expect(restored).toHaveLength(1);
  });

  it("a delete at another team's request names that team; the filer hears the decision only", async () => {
    const comic = await sharedComic("Sương Sớm");
    const filed = await post(ownerB, "/api/comics/deleteRequest", {
      comicId: comic.id,
      teamId: teamB,
      reason: "Trùng",
    });
    expect(filed.statusCode).toBe(201);
    const id = filed.json().request.id as number;
    expect((await post(admin, `/api/requests/${id}/approve`)).statusCode).toBe(200);

    const told = about((await inbox(owner)).items, "comic_deleted", comic.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ requesterTeamName: "Nhóm Gió", teamName: "Nhóm Mây" });
    const filer = (await inbox(ownerB)).items;
    expect(about(filer, "comic_deleted", comic.id)).toHaveLength(0);
    expect(filer.some((n) => n.kind === "request_decided" && n.data.requestId === id)).toBe(true);
  });

  it("a direct merge by an admin tells the source's team, naming the target; pending requests about it are superseded", async () => {
    const source = await createComic(t, owner, teamA, { title: "Mưa Hạ" });
    const target = await createComic(t, ownerB, teamB, { title: "Mưa Hạ (bản đủ)" });
    const pending = await requestPermission(source.id);
    const res = await post(admin, "/api/comics/merge", { comicId: source.id, targetComicId: target.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().moved.requests).toBe(1);

    const told = about((await inbox(manager)).items, "comic_merged", source.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ targetComicId: target.id, targetComicTitle: "Mưa Hạ (bản đủ)" });
    const superseded = (await inbox(ownerB)).items.find(
      (n) => n.data.requestId === pending && n.kind === "request_superseded",
    );
    expect(superseded?.data).toMatchObject({ cause: "merge" });
  });
});

describe("acting on a request reads its notification", () => {
  it("approving or rejecting marks the actor's request notification read, not the other reviewer's", async () => {
    const first = await createComic(t, owner, teamA);
    const approved = await requestPermission(first.id);
    const second = await createComic(t, owner, teamA);
    const rejected = await requestPermission(second.id);
    const unread = async (user: TestUser, id: number) =>
      (await inbox(user)).items.filter((n) => n.data.requestId === id && !n.read).length;
    expect(await unread(owner, approved)).toBe(1);
    expect(await unread(manager, approved)).toBe(1);

    expect((await post(owner, `/api/requests/${approved}/approve`)).statusCode).toBe(200);
    expect(await unread(owner, approved)).toBe(0);
    expect(await unread(manager, approved)).toBe(1);
    expect((await post(manager, `/api/requests/${rejected}/reject`, { note: "Chưa" })).statusCode).toBe(200);
    expect(await unread(manager, rejected)).toBe(0);
    expect(await unread(owner, rejected)).toBe(1);
  });
});

describe("the mails in words", () => {
  const mail = (kind: TNotificationKind, data: Record<string, unknown>) =>
    notificationMail("https://studio.test", "a@b.test", kind, data);

  it("statuses and kinds in lower case, a merge named as in the glossary, chapters labelled with '-'", () => {
    const decided = mail("request_decided", {
      requestType: "merge",
      status: "approved",
      comicTitle: "Mưa Hạ",
      targetComicTitle: "Mưa Hạ (bản đủ)",
      teamName: "Nhóm Gió",
      actorName: "Quản Trị",
    });
    expect(decided.text).toContain(
      "Quản Trị đã duyệt yêu cầu gộp truyện “Mưa Hạ” vào “Mưa Hạ (bản đủ)” của Nhóm Gió.",
    );
    expect(decided.text).toContain(
      "Quản Trị approved the request of Nhóm Gió for a merge of “Mưa Hạ” into “Mưa Hạ (bản đủ)”.",
    );
    expect(decided.text).not.toMatch(/Đã duyệt|Approved|–/);

    const asked = mail("request_to_review", {
      requestType: "permission",
      comicTitle: "Hoa Nở",
      teamName: "Nhóm Gió",
      actorName: "Bình",
      note: "Dịch tiếp",
    });
    expect(asked.text).toContain("Bình (Nhóm Gió) xin quyền đăng truyện “Hoa Nở”. Lý do: Dịch tiếp");
    expect(asked.text).toContain(
      "Bình (Nhóm Gió) asks for upload permission for “Hoa Nở”. Reason: Dịch tiếp",
    );
    expect(asked.text).not.toMatch(/a “Upload permission” request/);

    const published = mail("chapter_published", {
      chapterOrder: 3,
      chapterName: "Kéo thả",
      comicTitle: "Hoa Nở",
      comicId: 1,
      chapterId: 9,
    });
    expect(published.text).toContain("Chương 3 - Kéo thả của truyện “Hoa Nở” đã được đăng theo lịch.");
    expect(published.text).toContain("Chapter 3 - Kéo thả of “Hoa Nở” was published on its schedule.");
    expect(published.text).not.toMatch(/–|—/);

    const merged = mail("comic_merged", {
      comicId: 4,
      comicTitle: "Mưa Hạ",
      targetComicId: 7,
      targetComicTitle: "Mưa",
      teamName: "Nhóm Mây",
      actorName: "Quản Trị",
    });
    expect(merged.text).toContain("Quản Trị đã gộp truyện “Mưa Hạ” của Nhóm Mây vào “Mưa”.");
    expect(merged.text).toContain("https://studio.test/comics/7");
  });
});
