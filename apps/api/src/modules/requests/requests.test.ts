/**
 * Requests: POST /api/comics/permission/:id, /comics/deleteRequest, /comics/mergeRequest, GET
 * /api/requests and the review (approve carries the request out). Success texts, duplicate
 * pending 409, validation, 401 and other teams. The lifecycle (every transition and every
 * forbidden one) is in requests.lifecycle.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";
import { comics } from "../../db/schema/comics";
import { requests } from "../../db/schema/requests";

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let teamA: number;
let teamB: number;
const en = { "x-custom-lang": "en" };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  other = await createUser(t);
  admin = await createUser(t, { admin: true });
  teamA = await createTeam(t, owner, [], "Nhóm Chủ");
  teamB = await createTeam(t, other, [], "Nhóm Xin Quyền");
});
afterAll(() => t?.close());

describe("POST /api/comics/permission/:id", () => {
  it("stores a pending request with team, user and reason, answers the success text, refuses a duplicate", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Xin Quyền" });
    const res = await call(t, other, "POST", `/api/comics/permission/${comic.id}`, {
      payload: { teamId: teamB, reason: "Chúng tôi dịch tiếp" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: "Đã gửi yêu cầu cấp quyền",
      request: {
        type: "permission",
        status: "pending",
        reason: "Chúng tôi dịch tiếp",
        team: { id: teamB },
        user: { id: other.id },
        comic: { id: comic.id, title: "Xin Quyền" },
      },
    });
    const dup = await call(t, other, "POST", `/api/comics/permission/${comic.id}`, {
      headers: en,
      payload: { teamId: teamB, reason: "Lần nữa" },
    });
    expect(dup.statusCode).toBe(409);
    // The comics catalogue is registered on the server: the message is English text, not the key.
    expect(dup.json().message).toBe("Your team already has a pending permission request for this comic");
    expect(dup.json().code).toBe("CONFLICT");
    // The all-comics list shows my request's status.
    const all = await call(
      t,
      other,
      "GET",
      `/api/comics?scope=all&search=${encodeURIComponent("Xin Quyền")}`,
    );
    expect(all.json().comics[0]).toMatchObject({
      canUpload: false,
      permissionRequest: { status: "pending" },
    });
  });

  it("refuses a team that may already upload (409), a team not mine (422), a missing comic (404), 401", async () => {
    const comic = await createComic(t, owner, teamA);
    const own = await call(t, owner, "POST", `/api/comics/permission/${comic.id}`, {
      payload: { teamId: teamA, reason: "x" },
    });
    expect(own.statusCode).toBe(409);
    const notMine = await call(t, other, "POST", `/api/comics/permission/${comic.id}`, {
      payload: { teamId: teamA, reason: "x" },
    });
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().errors[0]).not.toMatch(/teamId/);
    const noReason = await call(t, other, "POST", `/api/comics/permission/${comic.id}`, {
      headers: en,
      payload: { teamId: teamB },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toContain("Please enter a reason");
    expect(
      (
        await call(t, other, "POST", "/api/comics/permission/999999", {
          payload: { teamId: teamB, reason: "x" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, null, "POST", `/api/comics/permission/${comic.id}`, {
          payload: { teamId: teamB, reason: "x" },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("once approved by an admin, the team may upload and sees the comic", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Được Cấp" });
    const filed = await call(t, other, "POST", `/api/comics/permission/${comic.id}`, {
      payload: { teamId: teamB, reason: "Xin đăng" },
    });
    const id = filed.json().request.id as number;
    expect((await call(t, other, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(404);
    // The requesting team cannot approve its own request.
    expect((await call(t, other, "POST", `/api/requests/${id}/approve`)).statusCode).toBe(403);
    const approved = await call(t, admin, "POST", `/api/requests/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", reviewedBy: { id: admin.id } });
    const detail = await call(t, other, "GET", `/api/comics/${comic.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      can: { upload: true, edit: false },
      collaborators: [{ id: teamB, kind: "granted" }],
      requests: [{ id, type: "permission", status: "approved" }],
    });
    expect(
      (await call(t, admin, "POST", `/api/requests/${id}/reject`, { payload: { note: "Không" } })).statusCode,
    ).toBe(409);
  });
});

describe("POST /api/comics/deleteRequest", () => {
  it("stores a pending delete request, flags the comic, refuses a duplicate; approving deletes the comic", async () => {
    const comic = await createComic(t, owner, teamA, { title: "Xin Xóa" });
    const res = await call(t, owner, "POST", "/api/comics/deleteRequest", {
      payload: { comicId: comic.id, teamId: teamA, reason: "Trùng lặp" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: "Đã gửi yêu cầu xóa",
      request: { type: "delete", status: "pending", reason: "Trùng lặp", team: { id: teamA } },
    });
    const dup = await call(t, owner, "POST", "/api/comics/deleteRequest", {
      payload: { comicId: comic.id, teamId: teamA, reason: "Lần nữa" },
    });
    expect(dup.statusCode).toBe(409);
    const flagged = await call(t, owner, "GET", "/api/comics?status=delete-requested");
    expect(flagged.json().comics.map((c: { id: number }) => c.id)).toEqual([comic.id]);
    const id = res.json().request.id as number;
    expect((await call(t, admin, "POST", `/api/requests/${id}/approve`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(comics).where(eq(comics.id, comic.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it("requires a reason (422), refuses another team's comic (404) and signed-out calls (401)", async () => {
    const comic = await createComic(t, owner, teamA);
    const noReason = await call(t, owner, "POST", "/api/comics/deleteRequest", {
      headers: en,
      payload: { comicId: comic.id, teamId: teamA, reason: "  " },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toContain("Please enter a reason");
    const foreign = await call(t, other, "POST", "/api/comics/deleteRequest", {
      payload: { comicId: comic.id, teamId: teamB, reason: "x" },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(comic.title);
    expect(
      (
        await call(t, null, "POST", "/api/comics/deleteRequest", {
          payload: { comicId: comic.id, teamId: teamA, reason: "x" },
        })
      ).statusCode,
    ).toBe(401);
    expect(await t.database.db.select().from(requests).where(eq(requests.comicId, comic.id))).toEqual([]);
  });
});

describe("POST /api/comics/mergeRequest", () => {
  it("stores a pending merge request; approving merges the comic into the target", async () => {
    const source = await createComic(t, owner, teamA, { title: "Gộp Nguồn", genres: ["comedy"] });
    const target = await createComic(t, other, teamB, { title: "Gộp Đích" });
    const res = await call(t, owner, "POST", "/api/comics/mergeRequest", {
      payload: { comicId: source.id, targetComicId: target.id, teamId: teamA, reason: "Cùng một truyện" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: "Đã gửi yêu cầu gộp",
      request: { type: "merge", status: "pending", targetComic: { id: target.id, title: "Gộp Đích" } },
    });
    const detail = await call(t, owner, "GET", `/api/comics/${source.id}`);
    expect(detail.json()).toMatchObject({
      mergeRequested: true,
      mergeTarget: { id: target.id, title: "Gộp Đích" },
      requests: [{ type: "merge", status: "pending" }],
    });
    const listed = (
      await call(t, owner, "GET", "/api/comics?scope=all&status=merge-requested&limit=100")
    ).json().comics as { id: number; mergeTarget: unknown }[];
    expect(listed.find((c) => c.id === source.id)?.mergeTarget).toEqual({ id: target.id, title: "Gộp Đích" });
    expect((await call(t, other, "GET", `/api/comics/${target.id}`)).json().mergeTarget).toBeNull();
    const dup = await call(t, owner, "POST", "/api/comics/mergeRequest", {
      payload: { comicId: source.id, targetComicId: target.id, teamId: teamA, reason: "Lại" },
    });
    expect(dup.statusCode).toBe(409);

    const mine = await call(t, owner, "GET", "/api/requests?mine&type=merge");
    expect(mine.json()).toMatchObject({
      total: 1,
      requests: [{ id: res.json().request.id, status: "pending" }],
    });

    const id = res.json().request.id as number;
    const approved = await call(t, admin, "POST", `/api/requests/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe("approved");
    const [src] = await t.database.db.select().from(comics).where(eq(comics.id, source.id));
    expect(src?.mergedIntoId).toBe(target.id);
    const merged = await call(t, other, "GET", `/api/comics/${target.id}`);
    expect(merged.json().genres).toEqual(["comedy"]);
    expect(merged.json().mergeTarget).toBeNull();
  });

  it("refuses merging into itself, a missing target or comic, no reason (422) and signed-out calls (401)", async () => {
    const comic = await createComic(t, owner, teamA);
    const send = (payload: Record<string, unknown>, user: TestUser | null = owner) =>
      call(t, user, "POST", "/api/comics/mergeRequest", { headers: en, payload });
    const self = await send({ comicId: comic.id, targetComicId: comic.id, teamId: teamA, reason: "x" });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toContain("A comic cannot be merged into itself");
    const noTarget = await send({ comicId: comic.id, teamId: teamA, reason: "x" });
    expect(noTarget.statusCode).toBe(422);
    expect(noTarget.json().errors[0]).toBe("Please select a comic");
    const missingTarget = await send({
      comicId: comic.id,
      targetComicId: 999999,
      teamId: teamA,
      reason: "x",
    });
    expect(missingTarget.statusCode).toBe(422);
    const noReason = await send({ comicId: comic.id, targetComicId: 999999, teamId: teamA });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toContain("Please enter a reason");
    expect(
      (await send({ comicId: comic.id, targetComicId: 1, teamId: teamA, reason: "x" }, null)).statusCode,
    ).toBe(401);
  });
});

describe("GET /api/requests and the review routes", () => {
  it("lists only my teams' requests; scope=all is for admins", async () => {
    const comic = await createComic(t, owner, teamA);
    await call(t, other, "POST", `/api/comics/permission/${comic.id}`, {
      payload: { teamId: teamB, reason: "Xin đăng" },
    });
    const mine = (await call(t, owner, "GET", "/api/requests?type=permission")).json();
    expect(mine.requests.every((r: { team: { id: number } }) => r.team.id === teamA)).toBe(true);
    const theirs = (await call(t, other, "GET", `/api/requests?comicId=${comic.id}`)).json();
    expect(theirs.requests).toHaveLength(1);
    expect((await call(t, owner, "GET", "/api/requests?scope=all")).statusCode).toBe(403);
    const all = await call(t, admin, "GET", "/api/requests?scope=all&status=pending");
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThan(0);
    expect((await call(t, null, "GET", "/api/requests")).statusCode).toBe(401);
    expect((await call(t, owner, "GET", "/api/requests?status=done")).statusCode).toBe(422);
  });

  it("rejects a pending request (admins), 404 for an unknown one, 401 signed out", async () => {
    const comic = await createComic(t, owner, teamA);
    const filed = await call(t, other, "POST", `/api/comics/permission/${comic.id}`, {
      payload: { teamId: teamB, reason: "Xin đăng" },
    });
    const id = filed.json().request.id as number;
    expect(
      (await call(t, other, "POST", `/api/requests/${id}/reject`, { payload: { note: "Không" } })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, null, "POST", `/api/requests/${id}/reject`, { payload: { note: "Không" } })).statusCode,
    ).toBe(401);
    const rejected = await call(t, admin, "POST", `/api/requests/${id}/reject`, {
      payload: { note: "Không" },
    });
    expect(rejected.json()).toMatchObject({ status: "rejected" });
    expect((await call(t, other, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(404);
    expect((await call(t, admin, "POST", "/api/requests/999999/approve")).statusCode).toBe(404);
    // A rejected request no longer blocks a new one.
    const again = await call(t, other, "POST", `/api/comics/permission/${comic.id}`, {
      payload: { teamId: teamB, reason: "Xin lại" },
    });
    expect(again.statusCode).toBe(201);
  });
});
