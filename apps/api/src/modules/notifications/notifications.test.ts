/**
 * The notification centre: who is told of a request to review, of a decision, of an invitation and
 * of a chapter published on its schedule; reading, marking read (one/all, never someone else's);
 * mail through the outbox per kind unless turned off; the jobs that mail and notify; the comic and
 * chapter History tabs; the trash purge job.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";
import { outbox } from "../../../test/identity";
import { comics } from "../../db/schema/comics";
import { notifications } from "../../db/schema/notifications";
import { chaptersNotifyPublished } from "../../jobs/chapters-notify-published.job";
import type { JobContext } from "../../jobs/engine";
import { notificationsMail } from "../../jobs/notifications-mail.job";
import { JOBS } from "../../jobs/registry";
import { trashPurge } from "../../jobs/trash-purge.job";

let t: TestApp;
let ownerA: TestUser;
let managerA: TestUser;
let uploaderA: TestUser;
let ownerB: TestUser;
let admin: TestUser;
let stranger: TestUser;
let teamA: number;
let teamB: number;
const en = { "x-custom-lang": "en" };
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as never;
let ctx: JobContext;

beforeAll(async () => {
  t = await createTestApp();
  ownerA = await createUser(t);
  managerA = await createUser(t);
  uploaderA = await createUser(t);
  ownerB = await createUser(t);
  admin = await createUser(t, { admin: true });
  stranger = await createUser(t);
  teamA = await createTeam(t, ownerA, [
    { user: managerA, role: "manager" },
    { user: uploaderA, role: "uploader" },
  ]);
  teamB = await createTeam(t, ownerB);
  await createTeam(t, stranger);
  ctx = { db: t.database.db, database: t.database, storage: t.storage, config: t.config, log: silent };
});
afterAll(() => t?.close());

const post = (user: TestUser | null, url: string, payload?: unknown) =>
  call(t, user, "POST", url, payload === undefined ? { headers: en } : { headers: en, payload });
const get = (user: TestUser | null, url: string) => call(t, user, "GET", url, { headers: en });

async function inbox(user: TestUser) {
  const res = await get(user, "/api/notifications?limit=50");
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: number; kind: string; read: boolean; data: Record<string, unknown> }[];
    unread: number;
    total: number;
  };
}

async function permission(comicId: number) {
  const res = await post(ownerB, `/api/comics/permission/${comicId}`, { teamId: teamB, reason: "Xin đăng" });
  expect(res.statusCode).toBe(201);
  return res.json().request.id as number;
}

describe("notifications of requests", () => {
  it("a permission request tells the owning team's owner and managers, not its uploaders nor the filer", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const id = await permission(comic.id);
    for (const reviewer of [ownerA, managerA]) {
      const mine = (await inbox(reviewer)).items.find((n) => n.data.requestId === id);
      expect(mine).toMatchObject({
        kind: "request_to_review",
        read: false,
        data: { comicId: comic.id, teamName: expect.any(String), requestType: "permission" },
      });
    }
    expect((await inbox(uploaderA)).items.some((n) => n.data.requestId === id)).toBe(false);
    expect((await inbox(ownerB)).items.some((n) => n.data.requestId === id)).toBe(false);
    expect((await inbox(admin)).items.some((n) => n.data.requestId === id)).toBe(false);
  });

  it("a delete request tells the admins; approving it tells the filer (not the admin)", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const res = await post(uploaderA, "/api/comics/deleteRequest", {
      comicId: comic.id,
      teamId: teamA,
      reason: "Trùng",
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().request.id as number;
    expect((await inbox(admin)).items.find((n) => n.data.requestId === id)?.kind).toBe("request_to_review");
    expect((await inbox(ownerA)).items.some((n) => n.data.requestId === id)).toBe(false);

    expect((await post(admin, `/api/requests/${id}/approve`, {})).statusCode).toBe(200);
    const told = (await inbox(uploaderA)).items.find((n) => n.data.requestId === id);
    expect(told).toMatchObject({ kind: "request_decided", data: { status: "approved" } });
    expect((await inbox(admin)).items.filter((n) => n.data.requestId === id)).toHaveLength(1);
  });

  it("a rejection tells the filer with the reviewer's note; a cancel tells nobody", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const id = await permission(comic.id);
    expect((await post(managerA, `/api/requests/${id}/reject`, { note: "Chưa được" })).statusCode).toBe(200);
    expect((await inbox(ownerB)).items.find((n) => n.data.requestId === id)).toMatchObject({
      kind: "request_decided",
      data: { status: "rejected", note: "Chưa được" },
    });

    const other = await createComic(t, ownerA, teamA);
    const cancelled = await permission(other.id);
    const before = (await inbox(ownerB)).total;
    expect((await post(ownerB, `/api/requests/${cancelled}/cancel`)).statusCode).toBe(200);
    expect((await inbox(ownerB)).total).toBe(before);
  });
});

describe("reading and marking read", () => {
  it("marks one read, then all; the unread count follows; nobody marks someone else's", async () => {
    const comic = await createComic(t, ownerA, teamA);
    await permission(comic.id);
    const start = await inbox(managerA);
    expect(start.unread).toBeGreaterThan(0);
    const first = start.items.find((n) => !n.read)!;

    expect((await post(stranger, `/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await post(null, `/api/notifications/${first.id}/read`)).statusCode).toBe(401);
    expect((await post(managerA, "/api/notifications/abc/read")).statusCode).toBe(422);
    expect((await post(managerA, "/api/notifications/999999/read")).statusCode).toBe(404);
    expect((await inbox(managerA)).unread).toBe(start.unread);

    const one = await post(managerA, `/api/notifications/${first.id}/read`);
    expect(one.json()).toEqual({ updated: 1 });
    expect((await post(managerA, `/api/notifications/${first.id}/read`)).json()).toEqual({ updated: 0 });
    expect((await inbox(managerA)).unread).toBe(start.unread - 1);

    const unreadOnly = await get(managerA, "/api/notifications?unread=1");
    expect(unreadOnly.json().items.every((n: { read: boolean }) => !n.read)).toBe(true);
    expect((await get(managerA, "/api/notifications?unread=maybe")).statusCode).toBe(422);
    expect((await get(managerA, "/api/notifications?limit=500")).statusCode).toBe(422);

    const all = await post(managerA, "/api/notifications/read-all");
    expect(all.json()).toEqual({ updated: start.unread - 1 });
    expect((await inbox(managerA)).unread).toBe(0);
    // ownerA's were not touched.
    expect((await inbox(ownerA)).unread).toBeGreaterThan(0);
    expect((await get(null, "/api/notifications")).statusCode).toBe(401);
  });
});

describe("mail per kind, with opt-out", () => {
  it("mails a request to review through the outbox, once; not after the user turns that kind off", async () => {
    const reviewer = await createUser(t);
    const filer = await createUser(t);
    const ownTeam = await createTeam(t, reviewer);
    const filerTeam = await createTeam(t, filer);
    const comic = await createComic(t, reviewer, ownTeam);
    await notificationsMail.run({}, ctx);

    const res = await post(filer, `/api/comics/permission/${comic.id}`, {
      teamId: filerTeam,
      reason: "Cho em đăng",
    });
    expect(res.statusCode).toBe(201);
    const sent = await notificationsMail.run({}, ctx);
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const mails = await outbox(t, reviewer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Cho em đăng");
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/requests?tab=review`);
    await notificationsMail.run({}, ctx);
    expect(await outbox(t, reviewer.email)).toHaveLength(1);

    const defaults = await get(reviewer, "/api/notifications/settings");
    expect(defaults.json()).toEqual({
      mail: {
        request_to_review: true,
        request_decided: true,
        invitation: true,
        chapter_published: true,
        request_superseded: true,
        comic_deleted: true,
        comic_restored: true,
        comic_merged: true,
        webhook_paused: true,
      },
    });
    const bad = await call(t, reviewer, "PUT", "/api/notifications/settings", {
      headers: en,
      payload: { mail: { request_to_review: "no" } },
    });
    expect(bad.statusCode).toBe(422);
    const off = await call(t, reviewer, "PUT", "/api/notifications/settings", {
      headers: en,
      payload: {
        mail: {
          request_to_review: false,
          request_decided: true,
          invitation: true,
          chapter_published: true,
          webhook_paused: true,
        },
      },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().mail.request_to_review).toBe(false);

    const second = await createComic(t, reviewer, ownTeam);
    expect(
      (await post(filer, `/api/comics/permission/${second.id}`, { teamId: filerTeam, reason: "Lần hai" }))
        .statusCode,
    ).toBe(201);
    await notificationsMail.run({}, ctx);
    expect(await outbox(t, reviewer.email)).toHaveLength(1);
    // The in-app notification is still there.
    expect((await inbox(reviewer)).items.filter((n) => n.kind === "request_to_review")).toHaveLength(2);

    // The decision mail reaches the filer.
    const decided = (await inbox(reviewer)).items[0]!.data.requestId as number;
    expect((await post(reviewer, `/api/requests/${decided}/approve`, {})).statusCode).toBe(200);
    await notificationsMail.run({}, ctx);
    const filerMails = await outbox(t, filer.email);
    expect(filerMails.at(-1)!.text).toContain("approved the request");
  });

  it("an invitation to an existing account notifies in the app; its mail obeys the opt-out", async () => {
    const invitee = await createUser(t);
    const res = await post(ownerA, `/api/teams/${teamA}/invitations`, {
      email: invitee.email,
      role: "uploader",
    });
    expect(res.statusCode).toBe(201);
    expect((await inbox(invitee)).items[0]).toMatchObject({ kind: "invitation", data: { teamId: teamA } });
    expect(await outbox(t, invitee.email)).toHaveLength(1);
    await notificationsMail.run({}, ctx);
    expect(await outbox(t, invitee.email)).toHaveLength(1);

    const quiet = await createUser(t);
    await call(t, quiet, "PUT", "/api/notifications/settings", {
      payload: {
        mail: {
          request_to_review: true,
          request_decided: true,
          invitation: false,
          chapter_published: true,
          webhook_paused: true,
        },
      },
    });
    expect(
      (await post(ownerA, `/api/teams/${teamA}/invitations`, { email: quiet.email, role: "uploader" }))
        .statusCode,
    ).toBe(201);
    expect((await inbox(quiet)).items[0]?.kind).toBe("invitation");
    expect(await outbox(t, quiet.email)).toHaveLength(0);
  });
});

describe("chapters.notify-published", () => {
  it("tells the uploader once when a scheduled chapter goes live, not for a plain publish", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const insert = async (order: number, publishedAt: string, updatedAt: string) => {
      const scheduled = publishedAt > updatedAt;
      const rows = await t.database.db.execute<{ id: number }>(sql`
        insert into chapters (comic_id, team_id, order_num, name, status, publish_at, published_at, publish_scheduled, created_by, updated_at)
        values (${comic.id}, ${teamA}, ${order}, 'Hẹn giờ', 'published', ${publishedAt}::timestamptz,
          ${publishedAt}::timestamptz, ${scheduled}, ${uploaderA.id}, ${updatedAt}::timestamptz)
        returning id`);
      return Number(rows.rows[0]!.id);
    };
    const now = Date.now();
    const scheduled = await insert(
      1,
      new Date(now - 60_000).toISOString(),
      new Date(now - 3_600_000).toISOString(),
    );
    const future = await insert(
      2,
      new Date(now + 3_600_000).toISOString(),
      new Date(now - 3_600_000).toISOString(),
    );
    const plain = await insert(
      3,
      new Date(now - 3_600_000).toISOString(),
      new Date(now - 60_000).toISOString(),
    );

    await chaptersNotifyPublished.run({}, ctx);
    await chaptersNotifyPublished.run({}, ctx);
    const mine = (await inbox(uploaderA)).items.filter((n) => n.kind === "chapter_published");
    const ids = mine.map((n) => n.data.chapterId);
    expect(ids.filter((id) => id === scheduled)).toHaveLength(1);
    expect(ids).not.toContain(future);
    expect(ids).not.toContain(plain);
    expect(mine.find((n) => n.data.chapterId === scheduled)?.data).toMatchObject({
      comicId: comic.id,
      chapterOrder: 1,
    });
  });
});

describe("GET /api/comics/:id/history and /api/chapters/:id/history", () => {
  it("shows the comic's changes and its requests to its teams and admins; 404 to others", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const patch = await call(t, ownerA, "PATCH", `/api/comics/${comic.id}`, {
      headers: en,
      payload: { title: "Tên mới của truyện", version: 1 },
    });
    const id = await permission(comic.id);
    expect((await post(ownerA, `/api/requests/${id}/approve`, {})).statusCode).toBe(200);

    const res = await get(ownerA, `/api/comics/${comic.id}/history`);
    expect(res.statusCode).toBe(200);
    const actions = res
      .json()
      .entries.map((e: { entity: string; action: string }) => `${e.entity}.${e.action}`);
    expect(actions).toEqual(
      expect.arrayContaining(["comic.create", "request.create", "request.approve", "comic.grant_upload"]),
    );
    if (patch.statusCode === 200) {
      const update = res.json().entries.find((e: { action: string }) => e.action === "update");
      expect(update.before.title).toBe(comic.title);
      expect(update.after.title).toBe("Tên mới của truyện");
    }
    // The granted team now works on the comic and sees its history too; an admin does; nobody else.
    expect((await get(ownerB, `/api/comics/${comic.id}/history`)).statusCode).toBe(200);
    expect((await get(admin, `/api/comics/${comic.id}/history`)).statusCode).toBe(200);
    expect((await get(stranger, `/api/comics/${comic.id}/history`)).statusCode).toBe(404);
    expect((await get(null, `/api/comics/${comic.id}/history`)).statusCode).toBe(401);
    expect((await get(ownerA, "/api/comics/0/history")).statusCode).toBe(422);
    expect((await get(ownerA, `/api/comics/${comic.id}/history?limit=1000`)).statusCode).toBe(422);
  });

  it("shows a request's rows only to those who may see the request (GET /api/requests/:id)", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const reason = "Lý do riêng của nhóm B";
    const filed = await post(ownerB, `/api/comics/permission/${comic.id}`, { teamId: teamB, reason });
    expect(filed.statusCode).toBe(201);
    const id = filed.json().request.id as number;
    const requestRows = (body: string) =>
      (JSON.parse(body) as { entries: { entity: string; entityId: number }[] }).entries.filter(
        (e) => e.entity === "request" && e.entityId === id,
      );
    // Team A's uploader may not review a permission request: 404 on it, and no trace in History.
    expect((await get(uploaderA, `/api/requests/${id}`)).statusCode).toBe(404);
    const hidden = await get(uploaderA, `/api/comics/${comic.id}/history`);
    expect(hidden.statusCode).toBe(200);
    expect(requestRows(hidden.body)).toEqual([]);
    expect(hidden.body).not.toContain(reason);
    expect(hidden.body).not.toContain(ownerB.name);
    // Its reviewers (team A's owner and managers) and admins see both the request and its rows.
    for (const reviewer of [ownerA, managerA, admin]) {
      expect((await get(reviewer, `/api/requests/${id}`)).statusCode).toBe(200);
      const shown = await get(reviewer, `/api/comics/${comic.id}/history`);
      expect(requestRows(shown.body).map((e) => `${e.entity}.${e.entityId}`)).toEqual([`request.${id}`]);
    }
  });

  it("shows a chapter's changes to those who may work on its comic", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const created = await post(ownerA, "/api/chapters", { comicId: comic.id, order: 1 });
    expect(created.statusCode).toBe(201);
    const chapterId = created.json().id as number;
    const res = await get(managerA, `/api/chapters/${chapterId}/history`);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.map((e: { action: string }) => e.action)).toContain("create");
    expect((await get(stranger, `/api/chapters/${chapterId}/history`)).statusCode).toBe(404);
    expect((await get(ownerA, "/api/chapters/99999999/history")).statusCode).toBe(404);
  });
});

describe("trash.purge job", () => {
  it("is registered, and purges a comic in the trash for more than 30 days (not a recent one)", async () => {
    expect(JOBS.map((j) => j.name)).toEqual(
      expect.arrayContaining(["trash.purge", "notifications.mail", "chapters.notify-published"]),
    );
    expect(trashPurge.cron).toBeTruthy();
    const old = await createComic(t, ownerA, teamA);
    const recent = await createComic(t, ownerA, teamA);
    await t.database.db
      .update(comics)
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 3_600_000), deletedBy: admin.id })
      .where(eq(comics.id, old.id));
    await t.database.db
      .update(comics)
      .set({ deletedAt: new Date(Date.now() - 24 * 3_600_000), deletedBy: admin.id })
      .where(eq(comics.id, recent.id));
    const result = await trashPurge.run({}, ctx);
    expect(result.comics).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ id: comics.id }).from(comics);
    expect(left.map((c) => c.id)).not.toContain(old.id);
    expect(left.map((c) => c.id)).toContain(recent.id);
    const restored = await post(admin, `/api/trash/comic/${recent.id}/restore`);
    expect(restored.statusCode).toBe(200);
  });
});

describe("notifications table", () => {
  it("keeps one row per addressee", async () => {
    const rows = await t.database.db.select().from(notifications);
    const keys = rows.map((r) => `${r.userId}:${r.kind}:${JSON.stringify(r.data)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
